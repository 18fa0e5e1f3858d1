/// One drawable piece of a path — a line or a cubic Bézier (quadratics are raised to cubics, exactly) — and
/// the Bézier mathematics every path algorithm shares: evaluation, derivative, splitting, extrema, flattening
/// and arc length.
package enum Segment: Hashable, Sendable {
    case line(CGPoint, CGPoint)
    case cubic(CGPoint, CGPoint, CGPoint, CGPoint)

    /// A quadratic from `p0` through control `c` to `p1`, as the equivalent cubic.
    package static func quad(_ p0: CGPoint, _ c: CGPoint, _ p1: CGPoint) -> Segment {
        .cubic(p0, p0 + (c - p0) * (2.0 / 3.0), p1 + (c - p1) * (2.0 / 3.0), p1)
    }

    package var start: CGPoint { switch self { case .line(let a, _), .cubic(let a, _, _, _): return a } }
    package var end: CGPoint { switch self { case .line(_, let b), .cubic(_, _, _, let b): return b } }

    /// The point at parameter `t` ∈ [0, 1].
    package func point(at t: CGFloat) -> CGPoint {
        switch self {
        case .line(let a, let b): return a + (b - a) * t
        case .cubic(let p0, let p1, let p2, let p3):
            let u = 1 - t
            return p0 * (u * u * u) + p1 * (3 * u * u * t) + p2 * (3 * u * t * t) + p3 * (t * t * t)
        }
    }

    /// The derivative at `t`.
    package func derivative(at t: CGFloat) -> CGPoint {
        switch self {
        case .line(let a, let b): return b - a
        case .cubic(let p0, let p1, let p2, let p3):
            let u = 1 - t
            return (p1 - p0) * (3 * u * u) + (p2 - p1) * (6 * u * t) + (p3 - p2) * (3 * t * t)
        }
    }

    /// The unit tangent direction at `t`, falling back to the chord (or +x) where the derivative vanishes.
    package func tangent(at t: CGFloat) -> CGPoint {
        var d = derivative(at: t)
        if d.length < 1e-12 {
            // A cusp or coincident control points: look a little inside the segment, then at the chord.
            d = derivative(at: t < 0.5 ? t + 1e-3 : t - 1e-3)
            if d.length < 1e-12 { d = end - start }
        }
        let l = d.length
        return l > 0 ? d * (1 / l) : CGPoint(x: 1, y: 0)
    }

    /// The part of the segment between parameters `t0` and `t1` (0 ≤ t0 ≤ t1 ≤ 1).
    package func subsegment(from t0: CGFloat, to t1: CGFloat) -> Segment {
        switch self {
        case .line: return .line(point(at: t0), point(at: t1))
        case .cubic:
            let right = t0 > 0 ? split(at: t0).1 : self
            guard t1 < 1 else { return right }
            let local = t0 < 1 ? (t1 - t0) / (1 - t0) : 0
            return right.split(at: local).0
        }
    }

    /// De Casteljau split at `t`.
    package func split(at t: CGFloat) -> (Segment, Segment) {
        switch self {
        case .line(let a, let b):
            let m = a + (b - a) * t
            return (.line(a, m), .line(m, b))
        case .cubic(let p0, let p1, let p2, let p3):
            let p01 = lerp(p0, p1, t), p12 = lerp(p1, p2, t), p23 = lerp(p2, p3, t)
            let p012 = lerp(p01, p12, t), p123 = lerp(p12, p23, t), m = lerp(p012, p123, t)
            return (.cubic(p0, p01, p012, m), .cubic(m, p123, p23, p3))
        }
    }

    /// Parameters in (0, 1) where x or y has a local extremum (roots of the derivative's components).
    package var extremaParameters: [CGFloat] {
        guard case .cubic(let p0, let p1, let p2, let p3) = self else { return [] }
        var ts: [CGFloat] = []
        Self.forEachExtremum(p0.x, p1.x, p2.x, p3.x) { ts.append($0) }
        Self.forEachExtremum(p0.y, p1.y, p2.y, p3.y) { ts.append($0) }
        return ts
    }

    /// The tight bounding box (end points plus interior extrema).
    package var bounds: CGRect {
        var points = [start, end]
        points += extremaParameters.map(point(at:))
        return CGRect.enclosing(points)
    }

    /// How many chords of equal parameter steps approximate the segment within `tolerance` (Wang's formula);
    /// the chords end at parameters i / n. (A count, not an array of parameters: a stroke drawn every frame
    /// flattens every segment.)
    package func flatteningPieces(tolerance: CGFloat) -> Int {
        guard case .cubic(let p0, let p1, let p2, let p3) = self else { return 1 }
        if Self.cubicIsStraight(p0, p1, p2, p3, tolerance: tolerance) { return 1 }
        let dd = max((p0 - p1 * 2 + p2).length, (p1 - p2 * 2 + p3).length)
        let raw = (0.75 * dd / max(tolerance, 1e-9)).squareRoot().rounded(.up)
        return raw.isFinite ? Int(min(max(raw, 1), 4096)) : 1
    }

    /// Whether the cubic from `p0` to `p3` lies within `tolerance` of its chord: both control points within
    /// `tolerance` of the chord's line and between its ends (the curve stays inside their hull). A straight side
    /// written as a cubic — as After Effects writes a rectangle's, with its controls at its ends — has second
    /// differences as large as the side itself, and Wang's formula alone would cut it into a dozen or more chords.
    @inline(__always) package static func cubicIsStraight(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint,
                                                          tolerance: CGFloat) -> Bool {
        let d = p3 - p0, squared = d.x * d.x + d.y * d.y
        guard squared > 0, squared.isFinite else { return false }
        let a = p1 - p0, b = p2 - p0
        // (Distances from the line scaled by the chord's length, and projections by its square: no root.)
        let reach = tolerance * squared.squareRoot()
        guard abs(d.x * a.y - d.y * a.x) <= reach, abs(d.x * b.y - d.y * b.x) <= reach else { return false }
        let alongA = d.x * a.x + d.y * a.y, alongB = d.x * b.x + d.y * b.y
        return alongA >= 0 && alongA <= squared && alongB >= 0 && alongB <= squared
    }

    /// Arc length between parameters `t0` and `t1`: 8-point Gauss–Legendre quadrature of |B'(t)|, exact for lines.
    package func length(from t0: CGFloat = 0, to t1: CGFloat = 1) -> CGFloat {
        switch self {
        case .line(let a, let b): return (b - a).length * (t1 - t0)
        case .cubic:
            let half = (t1 - t0) / 2, mid = (t1 + t0) / 2
            var sum: CGFloat = 0
            for (x, w) in gaussLegendre8 { sum += w * derivative(at: mid + half * x).length }
            return sum * half
        }
    }
}

/// 8-point Gauss–Legendre nodes and weights on [−1, 1] (Abramowitz & Stegun, table 25.4).
private let gaussLegendre8: [(CGFloat, CGFloat)] = [
    (-0.9602898564975363, 0.1012285362903763), (-0.7966664774136267, 0.2223810344533745),
    (-0.5255324099163290, 0.3137066458778873), (-0.1834346424956498, 0.3626837833783620),
    (0.1834346424956498, 0.3626837833783620), (0.5255324099163290, 0.3137066458778873),
    (0.7966664774136267, 0.2223810344533745), (0.9602898564975363, 0.1012285362903763),
]

extension Segment {
    /// Calls `body` with each parameter in (0, 1) where a cubic coordinate with control values `a0`…`a3` has a
    /// local extremum (a root of its derivative), without an array.
    @inline(__always) static func forEachExtremum(_ a0: CGFloat, _ a1: CGFloat, _ a2: CGFloat, _ a3: CGFloat,
                                                  _ body: (CGFloat) -> Void) {
        // d/dt = 3[(a1-a0)(1-t)^2 + 2(a2-a1)(1-t)t + (a3-a2)t^2] = 3(A t^2 + B t + C)
        let c = a1 - a0, b = 2 * (a2 - a1 - c), a = a3 - 3 * a2 + 3 * a1 - a0
        forEachQuadraticRoot(a: a, b: b, c: c) { t in if t > 0 && t < 1 { body(t) } }
    }

    /// Calls `body` with each real root of a·t² + b·t + c (a linear equation when a ≈ 0), without an array.
    @inline(__always) static func forEachQuadraticRoot(a: CGFloat, b: CGFloat, c: CGFloat, _ body: (CGFloat) -> Void) {
        if abs(a) < 1e-12 {
            if abs(b) >= 1e-12 { body(-c / b) }
            return
        }
        let disc = b * b - 4 * a * c
        guard disc >= 0 else { return }
        let s = disc.squareRoot()
        body((-b + s) / (2 * a)); body((-b - s) / (2 * a))
    }
}

/// Real roots of a·t² + b·t + c (a linear equation when a ≈ 0).
package func quadraticRoots(a: CGFloat, b: CGFloat, c: CGFloat) -> [CGFloat] {
    var roots: [CGFloat] = []
    Segment.forEachQuadraticRoot(a: a, b: b, c: c) { roots.append($0) }
    return roots
}

@inline(__always) package func lerp(_ a: CGPoint, _ b: CGPoint, _ t: CGFloat) -> CGPoint { a + (b - a) * t }

// Small vector arithmetic on points, internal to Calyx.
extension CGPoint {
    @inline(__always) package static func + (l: CGPoint, r: CGPoint) -> CGPoint { CGPoint(x: l.x + r.x, y: l.y + r.y) }
    @inline(__always) package static func - (l: CGPoint, r: CGPoint) -> CGPoint { CGPoint(x: l.x - r.x, y: l.y - r.y) }
    @inline(__always) package static func * (l: CGPoint, s: CGFloat) -> CGPoint { CGPoint(x: l.x * s, y: l.y * s) }
    @inline(__always) package var length: CGFloat { (x * x + y * y).squareRoot() }
    @inline(__always) package func dot(_ o: CGPoint) -> CGFloat { x * o.x + y * o.y }
    @inline(__always) package func cross(_ o: CGPoint) -> CGFloat { x * o.y - y * o.x }
    /// The vector turned 90° toward increasing angle.
    @inline(__always) package var leftNormal: CGPoint { CGPoint(x: -y, y: x) }
    /// The vector scaled to length 1; +x for the zero vector (which has no direction).
    package var unit: CGPoint { let l = length; return l > 0 ? self * (1 / l) : CGPoint(x: 1, y: 0) }
    package var isFinite: Bool { x.isFinite && y.isFinite }
}

extension CGRect {
    /// The smallest rectangle containing `points`; `.null` when empty.
    package static func enclosing(_ points: [CGPoint]) -> CGRect {
        guard let first = points.first else { return .null }
        var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
        for p in points.dropFirst() {
            minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
