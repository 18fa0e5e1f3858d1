/// A subpath as segments: what measuring, flattening, stroking and dashing walk.
package struct Subpath: Sendable {
    package var start: CGPoint
    package var segments: [Segment]
    package var isClosed: Bool
}

extension CGPath {
    /// The path's subpaths. A close adds the closing line when the last point differs from the start; a move
    /// alone makes a subpath with no segments (it still matters for caps of zero-length strokes). Elements with
    /// non-finite points are skipped.
    package var subpaths: [Subpath] {
        var result: [Subpath] = []
        var current: Subpath?
        func finish() { if let c = current { result.append(c) }; current = nil }
        for e in elements {
            if let p = e.endPoint, !p.isFinite { continue }
            switch e {
            case .move(let p):
                finish(); current = Subpath(start: p, segments: [], isClosed: false)
            case .line(let p):
                let from = current!.segments.last?.end ?? current!.start
                current!.segments.append(.line(from, p))
            case .quad(let c, let p):
                let from = current!.segments.last?.end ?? current!.start
                current!.segments.append(c.isFinite ? .quad(from, c, p) : .line(from, p))
            case .cubic(let c1, let c2, let p):
                let from = current!.segments.last?.end ?? current!.start
                current!.segments.append(c1.isFinite && c2.isFinite ? .cubic(from, c1, c2, p) : .line(from, p))
            case .close:
                guard var c = current else { continue }
                let last = c.segments.last?.end ?? c.start
                if last != c.start { c.segments.append(.line(last, c.start)) }
                c.isClosed = true
                current = c
                finish()
            }
        }
        finish()
        return result
    }

    /// Each subpath as a polyline within `tolerance`; closed polylines do not repeat their first point.
    package func polylines(tolerance: CGFloat) -> [(points: [CGPoint], closed: Bool)] {
        subpaths.map { sub in
            var pts = [sub.start]
            for s in sub.segments {
                for t in s.flatteningParameters(tolerance: tolerance).dropFirst() { pts.append(s.point(at: t)) }
            }
            if sub.isClosed, pts.count > 1, pts.last == pts.first { pts.removeLast() }
            return (pts, sub.isClosed)
        }
    }
}
