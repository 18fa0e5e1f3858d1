import Foundation
import CoreGraphics

/// A star or polygon (`sr`): centre, outer (and, for a star, inner) radius and roundness, rotation in degrees,
/// number of points; it starts at the top and runs clockwise (counterclockwise for direction 3).
struct PolystarModel: Sendable {
    var isStar: Bool
    var position: AnimatedValue<Numbers>
    var points: AnimatedValue<Numbers>
    var rotation: AnimatedValue<Numbers>
    var outerRadius: AnimatedValue<Numbers>
    var outerRoundness: AnimatedValue<Numbers>
    var innerRadius: AnimatedValue<Numbers>
    var innerRoundness: AnimatedValue<Numbers>
    var counterclockwise: Bool

    init(_ f: JSONFields) throws {
        isStar = (f.int("sy") ?? 1) != 2
        position = try f.animated("p", default: [0, 0]); points = try f.animated("pt", default: [5]); rotation = try f.animated("r", default: [0])
        outerRadius = try f.animated("or", default: [0]); outerRoundness = try f.animated("os", default: [0])
        innerRadius = try f.animated("ir", default: [0]); innerRoundness = try f.animated("is", default: [0])
        counterclockwise = f.int("d") == 3
    }

    var isAnimated: Bool {
        [position, points, rotation, outerRadius, outerRoundness, innerRadius, innerRoundness].contains { $0.isAnimated }
    }

    /// How many points a polystar may have (a hostile count must not build millions of vertices).
    static let maximumPoints = 1_000

    /// The outline at `frame`: vertices at the radii, alternating outer and inner for a star; roundness bends
    /// each vertex's tangents across the radius, a quarter of the arc between vertices long at 100 %.
    func shape(atFrame frame: Double) -> BezierShape {
        let count = points.value(atFrame: frame)[0]
        let n = count.isFinite ? Int(min(max(count.rounded(.down), 0), Double(Self.maximumPoints))) : 0
        guard n > 0 else { return BezierShape(closed: true, vertices: [], inTangents: [], outTangents: []) }
        let centre = position.value(atFrame: frame)
        let vertexCount = isStar ? 2 * n : n
        let step = 2 * Double.pi / Double(vertexCount) * (counterclockwise ? -1 : 1)
        var angle = -Double.pi / 2 + rotation.value(atFrame: frame)[0] * .pi / 180
        let outer = (outerRadius.value(atFrame: frame)[0], outerRoundness.value(atFrame: frame)[0] / 100)
        let inner = (innerRadius.value(atFrame: frame)[0], innerRoundness.value(atFrame: frame)[0] / 100)
        var vertices: [CGPoint] = [], ins: [CGPoint] = [], outs: [CGPoint] = []
        for k in 0..<vertexCount {
            let (radius, roundness) = (!isStar || k % 2 == 0) ? outer : inner
            // The tangent runs along the circle through the vertex; its length is the roundness share of a quarter
            // of the arc between neighbouring vertices (of that circle).
            let handle = roundness * 2 * Double.pi * radius / Double(vertexCount * (isStar ? 2 : 4)) * (counterclockwise ? -1 : 1)
            let (cx, cy) = (cos(angle), sin(angle))
            vertices.append(CGPoint(x: centre[0] + radius * cx, y: centre[1] + radius * cy))
            // Clockwise travel on screen (y down) moves along (−sin, cos).
            ins.append(CGPoint(x: handle * cy, y: -handle * cx))
            outs.append(CGPoint(x: -handle * cy, y: handle * cx))
            angle += step
        }
        return BezierShape(closed: true, vertices: vertices, inTangents: ins, outTangents: outs)
    }
}

/// A repeater (`rp`): how many copies, the first copy's offset in steps, whether later copies go below (mode 2),
/// and the step — a transform with start and end opacity across the copies.
struct RepeaterModel: Sendable {
    var copies: AnimatedValue<Numbers>
    var offset: AnimatedValue<Numbers>
    var stacksBelow: Bool
    var anchor: AnimatedValue<Numbers>
    var position: AnimatedValue<Numbers>
    var scale: AnimatedValue<Numbers>
    var rotation: AnimatedValue<Numbers>
    var startOpacity: AnimatedValue<Numbers>
    var endOpacity: AnimatedValue<Numbers>

    init(_ f: JSONFields) throws {
        copies = try f.animated("c", default: [1])
        offset = try f.animated("o", default: [0])
        stacksBelow = f.int("m") == 2
        let t: JSONFields? = if case .object(let step)? = f.object["tr"] { JSONFields(object: step, trail: f.child("tr")) } else { nil }
        func value(_ key: String, _ fallback: [Double]) throws -> AnimatedValue<Numbers> {
            try t?.animated(key, default: fallback) ?? .fixed(Numbers(fallback))
        }
        anchor = try value("a", [0, 0]); position = try value("p", [0, 0]); scale = try value("s", [100, 100])
        rotation = try value("r", [0]); startOpacity = try value("so", [100]); endOpacity = try value("eo", [100])
    }

    /// How many copies a repeater may draw.
    static let maximumCopies = 256

    /// The copy count at `frame` (rounded, within 0…256).
    func copyCount(atFrame frame: Double) -> Int {
        let c = copies.value(atFrame: frame)[0]
        return c.isFinite ? Int(min(max(c.rounded(), 0), Double(Self.maximumCopies))) : 0
    }

    /// The step at `frame` scaled by `steps` (positions and rotation times `steps`, scale to that power), about
    /// the anchor: where copy `steps` is placed.
    func step(atFrame frame: Double, times steps: Double = 1) -> CGAffineTransform {
        let a = anchor.value(atFrame: frame), p = position.value(atFrame: frame), s = scale.value(atFrame: frame)
        let r = rotation.value(atFrame: frame)[0] * .pi / 180
        func power(_ v: Double) -> Double { let x = pow(v / 100, steps); return x.isFinite ? x : 1 }
        return CGAffineTransform(translationX: -a[0], y: -a[1])
            .concatenating(CGAffineTransform(scaleX: power(s[0]), y: power(s[1])))
            .concatenating(CGAffineTransform(rotationAngle: r * steps))
            .concatenating(CGAffineTransform(translationX: a[0] + p[0] * steps, y: a[1] + p[1] * steps))
    }
}

extension BezierShape {
    /// The shape with its sharp corners (vertices whose tangents are both zero, not the ends of an open path)
    /// cut back by up to `radius` along each edge and joined by a quarter-circle-like curve.
    func roundingCorners(radius: Double) -> BezierShape {
        guard radius > 0, radius.isFinite, vertices.count > 2 else { return self }
        let n = vertices.count
        var v: [CGPoint] = [], ins: [CGPoint] = [], outs: [CGPoint] = []
        let kappa = BezierShape.quarterCircleHandle
        for k in 0..<n {
            let sharp = inTangents[k] == .zero && outTangents[k] == .zero
            let isEnd = !closed && (k == 0 || k == n - 1)
            guard sharp, !isEnd else {
                v.append(vertices[k]); ins.append(inTangents[k]); outs.append(outTangents[k]); continue
            }
            let here = vertices[k], before = vertices[(k + n - 1) % n], after = vertices[(k + 1) % n]
            let d1 = hypot(before.x - here.x, before.y - here.y), d2 = hypot(after.x - here.x, after.y - here.y)
            let cut = min(radius, d1 / 2, d2 / 2)
            guard cut > 0 else { v.append(here); ins.append(.zero); outs.append(.zero); continue }
            let a = CGPoint(x: here.x + (before.x - here.x) / d1 * cut, y: here.y + (before.y - here.y) / d1 * cut)
            let b = CGPoint(x: here.x + (after.x - here.x) / d2 * cut, y: here.y + (after.y - here.y) / d2 * cut)
            v.append(a); ins.append(.zero)
            outs.append(CGPoint(x: (here.x - a.x) * kappa, y: (here.y - a.y) * kappa))
            v.append(b); ins.append(CGPoint(x: (here.x - b.x) * kappa, y: (here.y - b.y) * kappa)); outs.append(.zero)
        }
        return BezierShape(closed: closed, vertices: v, inTangents: ins, outTangents: outs)
    }

    /// Pucker and bloat: each vertex moves toward the centre of the vertices' box by `amount` (a fraction;
    /// negative moves it away) and its tangents' control points move the other way. (The box's centre, not the
    /// vertices' mean: After Effects' renders of a puckered and a bloated pentagon, whose two differ by 2.3
    /// points, sit where the box's centre puts them.)
    func puckeredOrBloated(by amount: Double) -> BezierShape {
        guard amount != 0, amount.isFinite, !vertices.isEmpty else { return self }
        let xs = vertices.map(\.x), ys = vertices.map(\.y)
        guard let left = xs.min(), let right = xs.max(), let top = ys.min(), let bottom = ys.max() else { return self }
        let centre = CGPoint(x: (left + right) / 2, y: (top + bottom) / 2)
        func toward(_ p: CGPoint, _ t: Double) -> CGPoint { CGPoint(x: p.x + (centre.x - p.x) * t, y: p.y + (centre.y - p.y) * t) }
        var v: [CGPoint] = [], ins: [CGPoint] = [], outs: [CGPoint] = []
        for k in vertices.indices {
            let vertex = toward(vertices[k], amount)
            let inPoint = toward(CGPoint(x: vertices[k].x + inTangents[k].x, y: vertices[k].y + inTangents[k].y), -amount)
            let outPoint = toward(CGPoint(x: vertices[k].x + outTangents[k].x, y: vertices[k].y + outTangents[k].y), -amount)
            v.append(vertex)
            ins.append(CGPoint(x: inPoint.x - vertex.x, y: inPoint.y - vertex.y))
            outs.append(CGPoint(x: outPoint.x - vertex.x, y: outPoint.y - vertex.y))
        }
        return BezierShape(closed: closed, vertices: v, inTangents: ins, outTangents: outs)
    }
}
