import Foundation

extension BezierShape {
    /// The most points a zig-zag adds to one shape: a file asking for millions of ridges draws its first ones.
    static let zigZagPointLimit = 100_000

    /// After Effects' zig-zag: each segment is cut into `ridges + 1` pieces of equal length, and the vertices
    /// and the cut points, in order along the path, are moved across it by `amplitude`, alternately to the
    /// right and to the left of the direction of travel (the first vertex to the right: toward the centre
    /// of a shape drawn clockwise, as After Effects' renders show). A vertex moves across the mean of its two
    /// segments' directions. Corners (`smooth` false) join the points with straight lines; smooth points get
    /// handles along the path, half a piece long each way.
    func zigZagged(amplitude: Double, ridges: Double, smooth: Bool) -> BezierShape {
        guard amplitude.isFinite, ridges.isFinite, vertices.count > 1 else { return self }
        // (Kept within the sizes Lottie values are bounded to elsewhere: 100 000 points.)
        let amplitude = min(max(amplitude, -100_000), 100_000)
        let ridgeCount = Int(min(max(ridges.rounded(), 0), Double(Self.zigZagPointLimit)))
        let segments = (0..<(closed ? vertices.count : vertices.count - 1)).map(segment(from:))
            .filter { $0.length > 1e-9 }
        guard !segments.isEmpty else { return self }

        var points: [(point: CGPoint, direction: CGPoint, before: Double, after: Double)] = []
        func vertex(_ k: Int) {
            let incoming = k > 0 ? segments[k - 1] : closed ? segments.last : nil
            let outgoing = k < segments.count ? segments[k] : nil
            let directions = [incoming?.direction(at: 1), outgoing?.direction(at: 0)].compactMap { $0 }
            let mean = unit(CGPoint(x: directions.map(\.x).reduce(0, +), y: directions.map(\.y).reduce(0, +)))
                ?? directions[0]
            let at = outgoing?.p0 ?? incoming!.p3
            points.append((at, mean, incoming.map { $0.length / Double(ridgeCount + 1) } ?? 0,
                           outgoing.map { $0.length / Double(ridgeCount + 1) } ?? 0))
        }
        for (k, segment) in segments.enumerated() {
            vertex(k)
            let piece = segment.length / Double(ridgeCount + 1)
            for j in stride(from: 1, through: ridgeCount, by: 1) {
                guard points.count < Self.zigZagPointLimit else { break }
                let (point, direction) = segment.pointAndDirection(atLength: piece * Double(j))
                points.append((point, direction, piece, piece))
            }
        }
        if !closed { vertex(segments.count) }

        var v: [CGPoint] = [], ins: [CGPoint] = [], outs: [CGPoint] = []
        for (k, p) in points.enumerated() {
            // Right of travel in y-down coordinates is (−dy, dx); the first point goes that way.
            let side = k % 2 == 0 ? amplitude : -amplitude
            v.append(CGPoint(x: p.point.x - p.direction.y * side, y: p.point.y + p.direction.x * side))
            ins.append(smooth ? CGPoint(x: -p.direction.x * p.before / 2, y: -p.direction.y * p.before / 2) : .zero)
            outs.append(smooth ? CGPoint(x: p.direction.x * p.after / 2, y: p.direction.y * p.after / 2) : .zero)
        }
        return BezierShape(closed: closed, vertices: v, inTangents: ins, outTangents: outs)
    }

    /// The cubic from vertex `k` to the next one (the first, past the last).
    private func segment(from k: Int) -> CubicSegment {
        let next = (k + 1) % vertices.count
        let a = vertices[k], b = vertices[next]
        return CubicSegment(p0: a, p1: CGPoint(x: a.x + outTangents[k].x, y: a.y + outTangents[k].y),
                            p2: CGPoint(x: b.x + inTangents[next].x, y: b.y + inTangents[next].y), p3: b)
    }
}

/// One cubic Bézier segment with a table of its arc length, for cutting it into pieces of equal length.
private struct CubicSegment {
    let p0, p1, p2, p3: CGPoint
    /// Arc length at parameters 0, 1/n, 2/n, … 1 (the curve flattened to `n` chords).
    private let lengths: [Double]
    private static let chords = 64

    init(p0: CGPoint, p1: CGPoint, p2: CGPoint, p3: CGPoint) {
        (self.p0, self.p1, self.p2, self.p3) = (p0, p1, p2, p3)
        var lengths = [0.0], previous = p0
        for i in 1...Self.chords {
            let p = Self.point(p0, p1, p2, p3, at: Double(i) / Double(Self.chords))
            lengths.append(lengths[i - 1] + hypot(p.x - previous.x, p.y - previous.y))
            previous = p
        }
        self.lengths = lengths
    }

    var length: Double { lengths[Self.chords] }

    /// Whether both handles are zero: a straight line, whose parameter does not run evenly along it.
    private var isLine: Bool { p1 == p0 && p2 == p3 }

    /// The point at arc length `s` from the start, and the direction of travel there (exact on a line).
    func pointAndDirection(atLength s: Double) -> (CGPoint, CGPoint) {
        if isLine {
            let f = s / length
            return (CGPoint(x: p0.x + (p3.x - p0.x) * f, y: p0.y + (p3.y - p0.y) * f), direction(at: 0))
        }
        let t = parameter(atLength: s)
        return (Self.point(p0, p1, p2, p3, at: t), direction(at: t))
    }

    /// The parameter at arc length `s` from the start (read linearly between the table's entries).
    private func parameter(atLength s: Double) -> Double {
        guard let i = lengths.firstIndex(where: { $0 >= s }), i > 0 else { return s <= 0 ? 0 : 1 }
        let span = lengths[i] - lengths[i - 1]
        let within = span > 0 ? (s - lengths[i - 1]) / span : 0
        return (Double(i - 1) + within) / Double(Self.chords)
    }

    /// The unit direction of travel at `t` (at an end whose handle is zero, toward the next control point).
    func direction(at t: Double) -> CGPoint {
        let u = 1 - t
        let d = CGPoint(x: 3 * u * u * (p1.x - p0.x) + 6 * u * t * (p2.x - p1.x) + 3 * t * t * (p3.x - p2.x),
                        y: 3 * u * u * (p1.y - p0.y) + 6 * u * t * (p2.y - p1.y) + 3 * t * t * (p3.y - p2.y))
        if let direction = unit(d) { return direction }
        let fallback = t < 0.5 ? [p1, p2, p3].map { CGPoint(x: $0.x - p0.x, y: $0.y - p0.y) }
            : [p2, p1, p0].map { CGPoint(x: p3.x - $0.x, y: p3.y - $0.y) }
        return fallback.lazy.compactMap(unit).first ?? CGPoint(x: 1, y: 0)
    }

    private static func point(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, at t: Double) -> CGPoint {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return CGPoint(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }
}

/// `v` scaled to length 1; nil for a zero (or not finite) vector.
private func unit(_ v: CGPoint) -> CGPoint? {
    let length = hypot(v.x, v.y)
    guard length > 1e-12, length.isFinite else { return nil }
    return CGPoint(x: v.x / length, y: v.y / length)
}
