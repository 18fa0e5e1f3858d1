/// The solver's internal unknowns: the caller's variables, and the slack, error and dummy symbols it adds.
/// Numbered densely from 1, so tables can be indexed by number.
struct Symbol: Equatable, Comparable {
    enum Kind { case invalid, external, slack, error, dummy }
    let id: Int
    let kind: Kind
    static let invalid = Symbol(id: 0, kind: .invalid)
    static func < (l: Symbol, r: Symbol) -> Bool { l.id < r.id }
    /// Whether the simplex may pivot on it.
    var isPivotable: Bool { kind == .slack || kind == .error }
}

/// One row of the tableau: `basic = constant + Σ coefficient·symbol`, its cells kept sorted by symbol number
/// (binary search to find one, a merge to add a row — no hashing, which dominated the solve when cells were a
/// dictionary).
struct SolverRow {
    struct Cell {
        var symbol: Symbol
        var value: Double
    }
    private(set) var cells: [Cell] = []
    var constant: Double

    init(constant: Double = 0) { self.constant = constant }

    static let epsilon = 1e-8
    static func nearZero(_ v: Double) -> Bool { abs(v) < epsilon }

    var isEmpty: Bool { cells.isEmpty }

    /// Where `symbol` is, or where it would go.
    private func position(of symbol: Symbol) -> (index: Int, found: Bool) {
        var lo = 0, hi = cells.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if cells[mid].symbol.id < symbol.id { lo = mid + 1 } else { hi = mid }
        }
        return (lo, lo < cells.count && cells[lo].symbol.id == symbol.id)
    }

    func coefficient(for symbol: Symbol) -> Double {
        let (i, found) = position(of: symbol)
        return found ? cells[i].value : 0
    }

    mutating func insert(_ symbol: Symbol, _ coefficient: Double = 1) {
        let (i, found) = position(of: symbol)
        if found {
            let sum = cells[i].value + coefficient
            if SolverRow.nearZero(sum) { cells.remove(at: i) } else { cells[i].value = sum }
        } else if !SolverRow.nearZero(coefficient) {
            cells.insert(Cell(symbol: symbol, value: coefficient), at: i)
        }
    }

    /// Adds `row` times `coefficient` (a merge of the two sorted rows).
    mutating func insert(_ row: SolverRow, _ coefficient: Double = 1) {
        constant += row.constant * coefficient
        guard !row.cells.isEmpty else { return }
        var merged: [Cell] = []
        merged.reserveCapacity(cells.count + row.cells.count)
        var i = 0, j = 0
        while i < cells.count || j < row.cells.count {
            if j == row.cells.count || (i < cells.count && cells[i].symbol.id < row.cells[j].symbol.id) {
                merged.append(cells[i]); i += 1
            } else if i == cells.count || row.cells[j].symbol.id < cells[i].symbol.id {
                let v = row.cells[j].value * coefficient
                if !SolverRow.nearZero(v) { merged.append(Cell(symbol: row.cells[j].symbol, value: v)) }
                j += 1
            } else {
                let v = cells[i].value + row.cells[j].value * coefficient
                if !SolverRow.nearZero(v) { merged.append(Cell(symbol: cells[i].symbol, value: v)) }
                i += 1; j += 1
            }
        }
        cells = merged
    }

    mutating func remove(_ symbol: Symbol) {
        let (i, found) = position(of: symbol)
        if found { cells.remove(at: i) }
    }

    mutating func reverseSign() {
        constant = -constant
        for i in cells.indices { cells[i].value = -cells[i].value }
    }

    /// Rewrites the row (which equals 0 with `symbol` in it) as `symbol = …`.
    mutating func solve(for symbol: Symbol) {
        let (index, found) = position(of: symbol)
        guard found else { return }
        let factor = -1 / cells[index].value
        cells.remove(at: index)
        constant *= factor
        for i in cells.indices { cells[i].value *= factor }
    }

    /// Rewrites `lhs = row` as `rhs = …`.
    mutating func solve(for lhs: Symbol, _ rhs: Symbol) {
        insert(lhs, -1)
        solve(for: rhs)
    }

    /// Replaces `symbol` with `row`'s definition of it.
    mutating func substitute(_ symbol: Symbol, with row: SolverRow) {
        let (i, found) = position(of: symbol)
        guard found else { return }
        let coefficient = cells[i].value
        cells.remove(at: i)
        insert(row, coefficient)
    }

    /// The lowest-numbered symbol matching `condition` (cells are in number order, so the first found).
    func firstSymbol(where condition: (Symbol, Double) -> Bool) -> Symbol? {
        cells.first { condition($0.symbol, $0.value) }?.symbol
    }
}
