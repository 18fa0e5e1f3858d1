import CalyxLayoutSolver
import Testing

/// The Cassowary solver on systems whose answers follow by hand: required equalities and inequalities hold
/// exactly, weaker constraints give way in order of strength, contradictions are refused, and removal restores
/// what held before.
@Suite struct LayoutSolverTests {
    func v(_ name: String) -> LayoutVariable { LayoutVariable(name) }
    func e(_ x: LayoutVariable) -> LinearExpression { LinearExpression(x) }
    func c(_ k: Double) -> LinearExpression { LinearExpression(constant: k) }

    @Test func requiredEqualitiesSolveExactly() throws {
        let x = v("x"), y = v("y")
        let solver = LayoutSolver()
        try solver.addConstraint(LayoutConstraint(e(x) + e(y), .equal, c(20)))
        try solver.addConstraint(LayoutConstraint(e(x) - e(y), .equal, c(4)))
        solver.updateVariables()
        #expect(x.value == 12 && y.value == 8)
    }

    /// A box 100 wide inside 0…300, asked to be centred (strong) and to start at 250 (weak): the centre wins
    /// (left 100); the required right edge caps a stronger wish for left 250 at 200.
    @Test func strengthsGiveWayInOrder() throws {
        let left = v("left"), width = v("width")
        let solver = LayoutSolver()
        try solver.addConstraint(LayoutConstraint(e(width), .equal, c(100)))
        try solver.addConstraint(LayoutConstraint(e(left), .greaterThanOrEqual, c(0)))
        try solver.addConstraint(LayoutConstraint(e(left) + e(width), .lessThanOrEqual, c(300)))
        let centred = LayoutConstraint(e(left) + e(width) * 0.5, .equal, c(150), strength: LayoutStrength.strong)
        let far = LayoutConstraint(e(left), .equal, c(250), strength: LayoutStrength.weak)
        try solver.addConstraint(centred)
        try solver.addConstraint(far)
        solver.updateVariables()
        #expect(left.value == 100)
        try solver.removeConstraint(centred)
        solver.updateVariables()
        #expect(left.value == 200, "the weak wish, capped by the required edge")
        try solver.removeConstraint(far)
        try solver.addConstraint(centred)
        solver.updateVariables()
        #expect(left.value == 100)
    }

    @Test func contradictionsAreRefusedAndLeaveTheRestSolved() throws {
        let x = v("x")
        let solver = LayoutSolver()
        try solver.addConstraint(LayoutConstraint(e(x), .equal, c(10)))
        #expect(throws: LayoutSolver.Failure.unsatisfiable) { try solver.addConstraint(LayoutConstraint(e(x), .equal, c(20))) }
        #expect(throws: LayoutSolver.Failure.unsatisfiable) { try solver.addConstraint(LayoutConstraint(e(x), .greaterThanOrEqual, c(11))) }
        solver.updateVariables()
        #expect(x.value == 10)
        let y = v("y")
        try solver.addConstraint(LayoutConstraint(e(y), .lessThanOrEqual, e(x) * 2))
        try solver.addConstraint(LayoutConstraint(e(y), .equal, c(1000), strength: LayoutStrength.medium))
        solver.updateVariables()
        #expect(y.value == 20)
    }

    /// Three boxes in a row with 8-point gaps in 0…300, equal widths (required): each (300 − 16)/3 wide.
    @Test func aRowOfEqualBoxes() throws {
        let lefts = (0..<3).map { v("left\($0)") }, widths = (0..<3).map { v("width\($0)") }
        let solver = LayoutSolver()
        try solver.addConstraint(LayoutConstraint(e(lefts[0]), .equal, c(0)))
        for i in 1..<3 {
            try solver.addConstraint(LayoutConstraint(e(lefts[i]), .equal, e(lefts[i - 1]) + e(widths[i - 1]) + c(8)))
            try solver.addConstraint(LayoutConstraint(e(widths[i]), .equal, e(widths[0])))
        }
        try solver.addConstraint(LayoutConstraint(e(lefts[2]) + e(widths[2]), .equal, c(300)))
        solver.updateVariables()
        #expect(abs(widths[0].value - 284.0 / 3) < 1e-9 && abs(lefts[2].value - (2 * 284.0 / 3 + 16)) < 1e-9)
    }

    /// Hostile numbers: non-finite constraints are refused; huge ones (whose ratios overflow) still solve
    /// without trapping (the random programs' crash: a tie at an infinite ratio with no row chosen yet).
    @Test func hostileNumbersNeitherTrapNorPoison() throws {
        let x = v("x"), y = v("y")
        let solver = LayoutSolver()
        #expect(throws: LayoutSolver.Failure.nonFinite) { try solver.addConstraint(LayoutConstraint(e(x), .equal, c(.infinity))) }
        #expect(throws: LayoutSolver.Failure.nonFinite) { try solver.addConstraint(LayoutConstraint(e(x) * .nan, .equal, c(1))) }
        try solver.addConstraint(LayoutConstraint(e(y), .greaterThanOrEqual, e(x) * 1e-300, strength: LayoutStrength.strong))
        try? solver.addConstraint(LayoutConstraint(e(x), .greaterThanOrEqual, c(1.7e308)))
        try? solver.addConstraint(LayoutConstraint(e(y) * 1e-300, .lessThanOrEqual, c(-1.7e308), strength: LayoutStrength.medium))
        try? solver.addConstraint(LayoutConstraint(e(x) + e(y), .equal, c(1e308), strength: LayoutStrength.weak))
        solver.updateVariables()
        #expect(x.value >= 1.7e308)
    }
}
