import Foundation
import CoreGraphics

/// A path as Lottie stores it: vertices with in and out tangents relative to each vertex, open or closed.
struct BezierShape: Sendable, KeyframeValue {
    var closed: Bool
    var vertices: [CGPoint]
    var inTangents: [CGPoint]
    var outTangents: [CGPoint]

    init(closed: Bool, vertices: [CGPoint], inTangents: [CGPoint], outTangents: [CGPoint]) {
        self.closed = closed; self.vertices = vertices; self.inTangents = inTangents; self.outTangents = outTangents
    }

    init(_ f: JSONFields) throws {
        func points(_ key: String) throws -> [CGPoint] {
            try (f.list(key) { try Numbers.read($0, trail: $1()) } ?? []).map { CGPoint(x: $0[0], y: $0[1]) }
        }
        closed = f.bool("c") ?? false
        vertices = try points("v")
        let ins = try points("i"), outs = try points("o")
        // Missing tangents are straight lines (zero offsets).
        inTangents = vertices.indices.map { ins.indices.contains($0) ? ins[$0] : .zero }
        outTangents = vertices.indices.map { outs.indices.contains($0) ? outs[$0] : .zero }
        guard vertices.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { throw LottieError.invalidFile("a path vertex is not finite") }
    }

    /// In a keyframe's `s` the shape is wrapped in a one-element array.
    static func read(_ value: JSONValue, trail: @autoclosure () -> CodingTrail?) throws -> BezierShape {
        guard case .array(let wrapped) = value else { return try BezierShape(JSONFields(value, trail: trail())) }
        guard let shape = wrapped.first else {
            throw DecodingError.valueNotFound(BezierShape.self, .init(codingPath: CodingTrail(trail(), index: 0).path,
                                                                       debugDescription: "Unkeyed container is at end."))
        }
        return try BezierShape(JSONFields(shape, trail: CodingTrail(trail(), index: 0)))
    }

    /// The path, each segment a cubic from a vertex (plus its out tangent) to the next (plus that one's in tangent).
    func path() -> CGMutablePath {
        let path = CGMutablePath()
        guard let first = vertices.first else { return path }
        path.move(to: first)
        let count = vertices.count
        for k in 0..<(closed ? count : count - 1) {
            let a = k, b = (k + 1) % count
            path.addCurve(to: vertices[b],
                          control1: CGPoint(x: vertices[a].x + outTangents[a].x, y: vertices[a].y + outTangents[a].y),
                          control2: CGPoint(x: vertices[b].x + inTangents[b].x, y: vertices[b].y + inTangents[b].y))
        }
        if closed { path.closeSubpath() }
        return path
    }

    /// The shape mapped by `t` (vertices by the whole map, tangents, which are offsets, by its linear part).
    func applying(_ t: CGAffineTransform) -> BezierShape {
        guard t != .identity else { return self }
        func linear(_ p: CGPoint) -> CGPoint { CGPoint(x: t.a * p.x + t.c * p.y, y: t.b * p.x + t.d * p.y) }
        return BezierShape(closed: closed, vertices: vertices.map { $0.applying(t) }, inTangents: inTangents.map(linear),
                           outTangents: outTangents.map(linear))
    }

    /// The shape between `self` and `other` at `t` (vertex by vertex; a different vertex count jumps at the end).
    func interpolated(to other: BezierShape, at t: Double) -> BezierShape {
        guard other.vertices.count == vertices.count else { return t < 1 ? self : other }
        func mix(_ a: [CGPoint], _ b: [CGPoint]) -> [CGPoint] {
            zip(a, b).map { CGPoint(x: $0.x + ($1.x - $0.x) * t, y: $0.y + ($1.y - $0.y) * t) }
        }
        return BezierShape(closed: closed, vertices: mix(vertices, other.vertices), inTangents: mix(inTangents, other.inTangents),
                           outTangents: mix(outTangents, other.outTangents))
    }
}

extension BezierShape {
    /// The cubic that best fits a quarter circle, as a fraction of the radius.
    static let quarterCircleHandle = 0.5519150244935105

    /// A rectangle as After Effects builds one: from the top right, clockwise, its corners rounded by `radius`
    /// (eight vertices then, each arc's handles on the arc's side). What pucker and bloat move.
    static func rectangle(_ rect: CGRect, radius: CGFloat) -> BezierShape {
        let (x0, y0, x1, y1) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        guard radius > 0 else {
            let corners = [CGPoint(x: x1, y: y0), CGPoint(x: x1, y: y1), CGPoint(x: x0, y: y1), CGPoint(x: x0, y: y0)]
            return BezierShape(closed: true, vertices: corners, inTangents: corners.map { _ in .zero }, outTangents: corners.map { _ in .zero })
        }
        let r = radius, h = radius * quarterCircleHandle
        let vertices = [CGPoint(x: x1, y: y0 + r), CGPoint(x: x1, y: y1 - r), CGPoint(x: x1 - r, y: y1), CGPoint(x: x0 + r, y: y1),
                        CGPoint(x: x0, y: y1 - r), CGPoint(x: x0, y: y0 + r), CGPoint(x: x0 + r, y: y0), CGPoint(x: x1 - r, y: y0)]
        let ins = [CGPoint(x: 0, y: -h), .zero, CGPoint(x: h, y: 0), .zero, CGPoint(x: 0, y: h), .zero, CGPoint(x: -h, y: 0), .zero]
        let outs = [.zero, CGPoint(x: 0, y: h), .zero, CGPoint(x: -h, y: 0), .zero, CGPoint(x: 0, y: -h), .zero, CGPoint(x: h, y: 0)]
        return BezierShape(closed: true, vertices: vertices, inTangents: ins, outTangents: outs)
    }

    /// The same closed shape drawn the other way round from the same first vertex (a path's direction decides
    /// where trims and dashes run).
    func reversed() -> BezierShape {
        guard vertices.count > 1 else { return self }
        let order = [0] + (1..<vertices.count).reversed()
        return BezierShape(closed: closed, vertices: order.map { vertices[$0] }, inTangents: order.map { outTangents[$0] },
                           outTangents: order.map { inTangents[$0] })
    }

    /// An ellipse as After Effects builds one: four vertices from twelve o'clock, clockwise on screen (or
    /// counterclockwise), each with handles a quarter circle's fit along the ellipse.
    static func ellipse(center c: CGPoint, radii r: CGSize, counterclockwise: Bool) -> BezierShape {
        let sign: CGFloat = counterclockwise ? -1 : 1
        let (rx, ry, k) = (r.width, r.height, quarterCircleHandle)
        let vertices = [CGPoint(x: c.x, y: c.y - ry), CGPoint(x: c.x + sign * rx, y: c.y), CGPoint(x: c.x, y: c.y + ry), CGPoint(x: c.x - sign * rx, y: c.y)]
        let outs = [CGPoint(x: sign * k * rx, y: 0), CGPoint(x: 0, y: k * ry), CGPoint(x: -sign * k * rx, y: 0), CGPoint(x: 0, y: -k * ry)]
        return BezierShape(closed: true, vertices: vertices, inTangents: outs.map { CGPoint(x: -$0.x, y: -$0.y) }, outTangents: outs)
    }
}
