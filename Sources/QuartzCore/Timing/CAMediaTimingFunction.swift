/// A cubic Bézier easing curve from (0, 0) to (1, 1) with two control points.
///
/// Evaluation clamps its input to [0, 1] (Core Animation does; CSS extrapolates) and solves x(t) = input by
/// Newton's method from t = input to an x-tolerance of 1e-5, falling back to bisection — the solver that
/// reproduces Apple's measured values to within 5e-7 (semantics §2.2–2.3). Control-point x values outside
/// [0, 1] are stored as given and clamped when solving (Q4).
public final class CAMediaTimingFunction: Hashable, @unchecked Sendable, CustomStringConvertible {
    /// The control points, stored as `Float` like Apple's.
    let c1: (x: Float, y: Float)
    let c2: (x: Float, y: Float)
    /// The solver's polynomial coefficients, computed once.
    let curve: BezierCurve

    /// A cubic Bézier curve from (0, 0) to (1, 1) with these two control points.
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        c1 = (c1x, c1y); c2 = (c2x, c2y)
        curve = BezierCurve(c1x: Double(c1x), c1y: Double(c1y), c2x: Double(c2x), c2y: Double(c2y))
    }

    /// One of the named curves.
    public convenience init(name: CAMediaTimingFunctionName) {
        switch name {
        case .easeIn: self.init(controlPoints: 0.42, 0, 1, 1)
        case .easeOut: self.init(controlPoints: 0, 0, 0.58, 1)
        case .easeInEaseOut: self.init(controlPoints: 0.42, 0, 0.58, 1)
        case .default: self.init(controlPoints: 0.25, 0.1, 0.25, 1)
        default: self.init(controlPoints: 0, 0, 1, 1)
        }
    }

    /// Control point `index` (0…3) into `values`: (0, 0), c1, c2, (1, 1). Other indices leave it untouched.
    public func getControlPoint(at index: Int, values: UnsafeMutablePointer<Float>) {
        let points: [(Float, Float)] = [(0, 0), c1, c2, (1, 1)]
        guard points.indices.contains(index) else { return }
        values[0] = points[index].0; values[1] = points[index].1
    }

    /// The eased fraction for `x` (clamped to [0, 1]; NaN reads as 0).
    public func evaluate(_ x: Double) -> Double { curve.solve(x) }

    /// Apple's private name for ``evaluate(_:)``, used by tests written against it.
    public func _solve(forInput x: Float) -> Float { Float(evaluate(Double(x))) }

    package var isLinear: Bool { c1.x == c1.y && c2.x == c2.y }

    /// Whether two functions have the same control points.
    public static func == (l: CAMediaTimingFunction, r: CAMediaTimingFunction) -> Bool { l.c1 == r.c1 && l.c2 == r.c2 }
    /// Hashes the control points.
    public func hash(into h: inout Hasher) { h.combine(c1.x); h.combine(c1.y); h.combine(c2.x); h.combine(c2.y) }
    /// The control points.
    public var description: String { "CAMediaTimingFunction(\(c1.x), \(c1.y), \(c2.x), \(c2.y))" }
}

/// Names of the predefined timing functions.
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    /// The raw value.
    public let rawValue: String
    /// A value from its raw value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A value from its raw value.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// Even pace: (0, 0, 1, 1).
    public static let linear = CAMediaTimingFunctionName("linear")
    /// Slow start: (0.42, 0, 1, 1).
    public static let easeIn = CAMediaTimingFunctionName("easeIn")
    /// Slow end: (0, 0, 0.58, 1).
    public static let easeOut = CAMediaTimingFunctionName("easeOut")
    /// Slow at both ends: (0.42, 0, 0.58, 1).
    public static let easeInEaseOut = CAMediaTimingFunctionName("easeInEaseOut")
    /// The curve implicit animations use: (0.25, 0.1, 0.25, 1).
    public static let `default` = CAMediaTimingFunctionName("default")
}

// The names as Swift 3 code spells them (`CAMediaTimingFunction(name: kCAMediaTimingFunctionEaseIn)`), typed so
// that such code compiles; today's SDK spells them `CAMediaTimingFunctionName.easeIn` and so on.
/// The linear curve's old name.
@available(*, deprecated, renamed: "CAMediaTimingFunctionName.linear")
public let kCAMediaTimingFunctionLinear = CAMediaTimingFunctionName.linear
/// The ease-in curve's old name.
@available(*, deprecated, renamed: "CAMediaTimingFunctionName.easeIn")
public let kCAMediaTimingFunctionEaseIn = CAMediaTimingFunctionName.easeIn
/// The ease-out curve's old name.
@available(*, deprecated, renamed: "CAMediaTimingFunctionName.easeOut")
public let kCAMediaTimingFunctionEaseOut = CAMediaTimingFunctionName.easeOut
/// The ease-in-ease-out curve's old name.
@available(*, deprecated, renamed: "CAMediaTimingFunctionName.easeInEaseOut")
public let kCAMediaTimingFunctionEaseInEaseOut = CAMediaTimingFunctionName.easeInEaseOut
/// The default curve's old name.
@available(*, deprecated, renamed: "CAMediaTimingFunctionName.default")
public let kCAMediaTimingFunctionDefault = CAMediaTimingFunctionName.default

/// The polynomial form of a unit cubic Bézier: x(t) = ((ax·t + bx)·t + cx)·t, likewise y.
struct BezierCurve: Sendable {
    let ax, bx, cx, ay, by, cy: Double

    init(c1x: Double, c1y: Double, c2x: Double, c2y: Double) {
        let x1 = min(max(c1x, 0), 1), x2 = min(max(c2x, 0), 1)
        cx = 3 * x1; bx = 3 * (x2 - x1) - cx; ax = 1 - cx - bx
        cy = 3 * c1y; by = 3 * (c2y - c1y) - cy; ay = 1 - cy - by
    }

    @inline(__always) func x(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    @inline(__always) func y(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    @inline(__always) func dx(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    static let epsilon = 1e-5

    func solve(_ input: Double) -> Double {
        let x = input.isNaN ? 0 : min(max(input, 0), 1)
        if x == 0 || x == 1 { return y(x) }
        var t = x
        for _ in 0..<8 {
            let error = self.x(t) - x
            if abs(error) < Self.epsilon { return y(t) }
            let slope = dx(t)
            if abs(slope) < 1e-6 { break }
            t -= error / slope
        }
        // Bisection: x(t) is monotone for control x in [0, 1].
        var lo = 0.0, hi = 1.0
        t = x
        for _ in 0..<64 {
            let value = self.x(t)
            if abs(value - x) < Self.epsilon { break }
            if value < x { lo = t } else { hi = t }
            t = (lo + hi) / 2
        }
        return y(t)
    }
}
