/// An incremental Cassowary solver: linear equalities and inequalities, required or of a strength, solved by
/// the simplex method over a tableau kept between calls (Badros, Borning and Stuckey, "The Cassowary Linear
/// Arithmetic Constraint Solving Algorithm", ACM TOCHI 8(4), 2001).
///
/// Required constraints hold exactly or are refused (`addConstraint` throws); the others leave an error term
/// weighted by their strength in the objective, which the solver minimises. Ties go to the symbol created
/// first, so the same constraints give the same answer on every run.
public final class LayoutSolver {
    public enum Failure: Error, Equatable {
        /// A required constraint contradicts the required ones already added.
        case unsatisfiable
        case duplicate
        case unknown
        /// The objective is unbounded (cannot happen with the constraints Calyx makes; reported, not trapped).
        case unbounded
        /// The constraint has an infinite or NaN constant or coefficient.
        case nonFinite
    }

    private struct Tag { var marker = Symbol.invalid, other = Symbol.invalid }

    private var constraints: [LayoutConstraint: Tag] = [:]
    /// The tableau's rows by their basic symbol's number (nil: that symbol is not basic), and every symbol by number.
    private var rowTable: [SolverRow?] = [nil]
    private var symbolTable: [Symbol] = [.invalid]
    private var symbols: [LayoutVariable: Symbol] = [:]
    private var objective = SolverRow()
    private var artificial: SolverRow?
    private var nextID = 0

    public init() {}

    public func hasConstraint(_ constraint: LayoutConstraint) -> Bool { constraints[constraint] != nil }

    public func addConstraint(_ constraint: LayoutConstraint) throws {
        guard constraints[constraint] == nil else { throw Failure.duplicate }
        // Non-finite numbers would spread NaN through the tableau: such a constraint is refused.
        guard constraint.expression.constant.isFinite, constraint.expression.terms.allSatisfy({ $0.coefficient.isFinite })
        else { throw Failure.nonFinite }
        var tag = Tag()
        var row = makeRow(for: constraint, tag: &tag)
        var subject = chooseSubject(row, tag)
        if subject.kind == .invalid && row.cells.allSatisfy({ $0.symbol.kind == .dummy }) {
            guard SolverRow.nearZero(row.constant) else { undoObjective(tag, constraint); throw Failure.unsatisfiable }
            subject = tag.marker
        }
        if subject.kind == .invalid {
            guard try addWithArtificialVariable(row) else {
                // Take the failed row back out before reporting it.
                constraints[constraint] = tag
                try? removeConstraint(constraint)
                throw Failure.unsatisfiable
            }
        } else {
            row.solve(for: subject)
            substitute(subject, with: row)
            rowTable[subject.id] = row
        }
        constraints[constraint] = tag
        try optimize(objectiveRow: nil)
    }

    public func removeConstraint(_ constraint: LayoutConstraint) throws {
        guard let tag = constraints.removeValue(forKey: constraint) else { throw Failure.unknown }
        undoObjective(tag, constraint)
        if takeRow(tag.marker) == nil {
            guard let leaving = leavingRowForMarker(tag.marker), var row = takeRow(leaving) else { return }
            row.solve(for: leaving, tag.marker)
            substitute(tag.marker, with: row)
        }
        try optimize(objectiveRow: nil)
    }

    /// Writes every variable's value.
    public func updateVariables() {
        for (variable, symbol) in symbols {
            let value = rowTable[symbol.id]?.constant ?? 0
            variable.value = value == 0 ? 0 : value   // (no negative zero)
        }
    }

    // MARK: The tableau

    private func newSymbol(_ kind: Symbol.Kind) -> Symbol {
        nextID += 1
        let symbol = Symbol(id: nextID, kind: kind)
        symbolTable.append(symbol)
        rowTable.append(nil)
        return symbol
    }

    /// Removes and returns the row whose basic symbol is `symbol`.
    private func takeRow(_ symbol: Symbol) -> SolverRow? {
        guard symbol.id > 0, symbol.id < rowTable.count, let row = rowTable[symbol.id] else { return nil }
        rowTable[symbol.id] = nil
        return row
    }

    private func symbol(for variable: LayoutVariable) -> Symbol {
        if let s = symbols[variable] { return s }
        let s = newSymbol(.external)
        symbols[variable] = s
        return s
    }

    private func makeRow(for constraint: LayoutConstraint, tag: inout Tag) -> SolverRow {
        var row = SolverRow(constant: constraint.expression.constant)
        // Terms in creation order, so symbols are numbered the same way every run.
        for term in constraint.expression.terms.sorted(by: { $0.variable.order < $1.variable.order })
        where !SolverRow.nearZero(term.coefficient) {
            let s = symbol(for: term.variable)
            if let basic = rowTable[s.id] { row.insert(basic, term.coefficient) } else { row.insert(s, term.coefficient) }
        }
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let coefficient: Double = constraint.relation == .lessThanOrEqual ? 1 : -1
            let slack = newSymbol(.slack)
            tag.marker = slack
            row.insert(slack, coefficient)
            if !constraint.isRequired {
                let error = newSymbol(.error)
                tag.other = error
                row.insert(error, -coefficient)
                objective.insert(error, constraint.strength)
            }
        case .equal:
            if constraint.isRequired {
                let dummy = newSymbol(.dummy)
                tag.marker = dummy
                row.insert(dummy)
            } else {
                let plus = newSymbol(.error), minus = newSymbol(.error)
                tag.marker = plus
                tag.other = minus
                row.insert(plus, -1)
                row.insert(minus, 1)
                objective.insert(plus, constraint.strength)
                objective.insert(minus, constraint.strength)
            }
        }
        if row.constant < 0 { row.reverseSign() }
        return row
    }

    private func undoObjective(_ tag: Tag, _ constraint: LayoutConstraint) {
        for symbol in [tag.marker, tag.other] where symbol.kind == .error {
            if let row = rowTable[symbol.id] { objective.insert(row, -constraint.strength) } else { objective.insert(symbol, -constraint.strength) }
        }
    }

    private func chooseSubject(_ row: SolverRow, _ tag: Tag) -> Symbol {
        if let external = row.firstSymbol(where: { s, _ in s.kind == .external }) { return external }
        for candidate in [tag.marker, tag.other] where candidate.isPivotable && row.coefficient(for: candidate) < 0 {
            return candidate
        }
        return .invalid
    }

    private func addWithArtificialVariable(_ row: SolverRow) throws -> Bool {
        let art = newSymbol(.slack)
        rowTable[art.id] = row
        artificial = row
        try optimize(objectiveRow: art)
        let success = SolverRow.nearZero(artificial!.constant)
        artificial = nil
        if var basic = takeRow(art) {
            if basic.isEmpty { return success }
            guard let entering = basic.firstSymbol(where: { s, _ in s.isPivotable }) else { return false }
            basic.solve(for: art, entering)
            substitute(entering, with: basic)
            rowTable[entering.id] = basic
        }
        for id in rowTable.indices where rowTable[id] != nil { rowTable[id]!.remove(art) }
        objective.remove(art)
        return success
    }

    private func substitute(_ symbol: Symbol, with row: SolverRow) {
        for id in rowTable.indices where rowTable[id] != nil { rowTable[id]!.substitute(symbol, with: row) }
        objective.substitute(symbol, with: row)
        artificial?.substitute(symbol, with: row)
    }

    /// Pivots until no objective coefficient is negative. `objectiveRow` set means the artificial objective.
    private func optimize(objectiveRow artificialSymbol: Symbol?) throws {
        var guardCount = 0
        while true {
            guardCount += 1
            if guardCount > 100_000 { throw Failure.unbounded }
            let goal = artificialSymbol == nil ? objective : artificial!
            guard let entering = goal.firstSymbol(where: { s, v in s.kind != .dummy && v < 0 }) else { return }
            // The row that limits the entering symbol most (the smallest ratio; ties to the lowest symbol).
            var leaving: Symbol?
            var best = Double.infinity
            for id in rowTable.indices where symbolTable[id].kind != .external {
                guard let row = rowTable[id] else { continue }
                let symbol = symbolTable[id]
                let coefficient = row.coefficient(for: entering)
                guard coefficient < 0 else { continue }
                let ratio = Self.orderable(-row.constant / coefficient)
                if leaving == nil || ratio < best || (ratio == best && symbol < leaving!) { best = ratio; leaving = symbol }
            }
            guard let leaving, var row = takeRow(leaving) else { throw Failure.unbounded }
            row.solve(for: leaving, entering)
            substitute(entering, with: row)
            rowTable[entering.id] = row
        }
    }

    /// A ratio that orders: NaN (from infinite constants) counts as infinitely large.
    private static func orderable(_ ratio: Double) -> Double { ratio.isNaN ? .infinity : ratio }

    /// The row to pivot a removed constraint's marker out of.
    private func leavingRowForMarker(_ marker: Symbol) -> Symbol? {
        var r1 = Double.infinity, r2 = Double.infinity
        var first: Symbol?, second: Symbol?, third: Symbol?
        for id in rowTable.indices {
            guard let row = rowTable[id] else { continue }
            let symbol = symbolTable[id]
            let c = row.coefficient(for: marker)
            guard c != 0 else { continue }
            if symbol.kind == .external {
                if third == nil || symbol < third! { third = symbol }
            } else if c < 0 {
                let r = Self.orderable(-row.constant / c)
                if first == nil || r < r1 || (r == r1 && symbol < first!) { r1 = r; first = symbol }
            } else {
                let r = Self.orderable(row.constant / c)
                if second == nil || r < r2 || (r == r2 && symbol < second!) { r2 = r; second = symbol }
            }
        }
        return first ?? second ?? third
    }
}
