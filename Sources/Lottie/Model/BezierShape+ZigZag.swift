import Foundation
import CoreGraphics

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
        // The path's segments by arc length (CoreGraphics' measure, which trims and dashes read too).
        let measure = PathMeasure(measuredPath())
        let segments = measure.entries.filter { $0.length > 1e-9 }
        guard !segments.isEmpty else { return self }

        var points: [(point: CGPoint, direction: CGPoint, before: Double, after: Double)] = []
        func vertex(_ k: Int) {
            let incoming = k > 0 ? segments[k - 1] : closed ? segments.last : nil
            let outgoing = k < segments.count ? segments[k] : nil
            let directions = [incoming?.segment.tangent(at: 1), outgoing?.segment.tangent(at: 0)].compactMap { $0 }
            let sum = directions.reduce(CGPoint.zero, +)
            let mean = sum.length > 1e-12 ? sum * (1 / sum.length) : directions[0]
            let at = outgoing?.segment.start ?? incoming!.segment.end
            points.append((at, mean, incoming.map { $0.length / Double(ridgeCount + 1) } ?? 0,
                           outgoing.map { $0.length / Double(ridgeCount + 1) } ?? 0))
        }
        for (k, entry) in segments.enumerated() {
            vertex(k)
            let piece = entry.length / Double(ridgeCount + 1)
            for j in stride(from: 1, through: ridgeCount, by: 1) {
                guard points.count < Self.zigZagPointLimit else { break }
                let t = measure.parameter(in: entry, atDistance: piece * Double(j))
                points.append((entry.segment.point(at: t), entry.segment.tangent(at: t), piece, piece))
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

    /// The shape as a path whose segments with no handles are lines, so the measure cuts them exactly (a cubic's
    /// parameter does not run evenly along a straight line).
    private func measuredPath() -> CGPath {
        let path = CGMutablePath()
        path.move(to: vertices[0])
        for k in 0..<(closed ? vertices.count : vertices.count - 1) {
            let next = (k + 1) % vertices.count
            if outTangents[k] == .zero && inTangents[next] == .zero {
                path.addLine(to: vertices[next])
            } else {
                path.addCurve(to: vertices[next], control1: vertices[k] + outTangents[k], control2: vertices[next] + inTangents[next])
            }
        }
        return path
    }
}
