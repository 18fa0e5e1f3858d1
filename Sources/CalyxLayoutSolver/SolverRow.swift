/// The solver's internal unknowns: the caller's variables, and the slack, error and dummy symbols it adds.
struct Symbol: Hashable, Comparable {
    enum Kind { case invalid, external, slack, error, dummy }
    let id: Int
    let kind: Kind
    static let invalid = Symbol(id: 0, kind: .invalid)
    static func < (l: Symbol, r: Symbol) -> Bool { l.id < r.id }
    /// Whether the simplex may pivot on it.
    var isPivotable: Bool { kind == .slack || kind == .error }
}

/// One row of the tableau: `basic = constant + Σ coefficient·symbol`.
struct SolverRow {
    var cells: [Symbol: Double] = [:]
    var constant: Double

    init(constant: Double = 0) { self.constant = constant }

    static let epsilon = 1e-8
    static func nearZero(_ v: Double) -> Bool { abs(v) < epsilon }

    func coefficient(for symbol: Symbol) -> Double { cells[symbol] ?? 0 }

    mutating func insert(_ symbol: Symbol, _ coefficient: Double = 1) {
        let sum = (cells[symbol] ?? 0) + coefficient
        if SolverRow.nearZero(sum) { cells[symbol] = nil } else { cells[symbol] = sum }
    }

    /// Adds `row` times `coefficient`.
    mutating func insert(_ row: SolverRow, _ coefficient: Double = 1) {
        constant += row.constant * coefficient
        for (symbol, value) in row.cells { insert(symbol, value * coefficient) }
    }

    mutating func remove(_ symbol: Symbol) { cells[symbol] = nil }

    mutating func reverseSign() {
        constant = -constant
        for key in cells.keys { cells[key] = -cells[key]! }
    }

    /// Rewrites the row (which equals 0 with `symbol` in it) as `symbol = …`.
    mutating func solve(for symbol: Symbol) {
        let factor = -1 / cells[symbol]!
        cells[symbol] = nil
        constant *= factor
        for key in cells.keys { cells[key]! *= factor }
    }

    /// Rewrites `lhs = row` as `rhs = …`.
    mutating func solve(for lhs: Symbol, _ rhs: Symbol) {
        insert(lhs, -1)
        solve(for: rhs)
    }

    /// Replaces `symbol` with `row`'s definition of it.
    mutating func substitute(_ symbol: Symbol, with row: SolverRow) {
        guard let coefficient = cells.removeValue(forKey: symbol) else { return }
        insert(row, coefficient)
    }

    /// The lowest-numbered symbol matching `condition` (ties broken the same way every run).
    func firstSymbol(where condition: (Symbol, Double) -> Bool) -> Symbol? {
        var best: Symbol?
        for (symbol, value) in cells where condition(symbol, value) {
            if best == nil || symbol < best! { best = symbol }
        }
        return best
    }
}
