/// A subpath as segments: what measuring, flattening, stroking and dashing walk.
package struct Subpath: Sendable {
    package var start: CGPoint
    package var segments: [Segment]
    package var isClosed: Bool
}

extension CGPath {
    /// The path's subpaths. A close adds the closing line when the last point differs from the start; a move
    /// alone makes a subpath with no segments (it still matters for caps of zero-length strokes). Paths hold
    /// finite points only (the builder refuses others); a segment without a subpath is skipped all the same.
    package var subpaths: [Subpath] {
        var result: [Subpath] = []
        var current: Subpath?
        func finish() { if let c = current { result.append(c) }; current = nil }
        // (Each subpath's segments get room up front for the elements up to the next move, and a closing line:
        // a stroke drawn every frame splits its path anew each time, and growing the arrays cost an allocation
        // per doubling.)
        func elementsBeforeNextMove(after index: Int) -> Int {
            var count = 0
            for e in elements[(index + 1)...] { if case .move = e { break }; count += 1 }
            return count
        }
        for (index, e) in elements.enumerated() {
            guard e.isFinite else { continue }
            if case .move(let p) = e {
                finish()
                var subpath = Subpath(start: p, segments: [], isClosed: false)
                subpath.segments.reserveCapacity(elementsBeforeNextMove(after: index) + 1)
                current = subpath
                continue
            }
            guard let from = current.map({ $0.segments.last?.end ?? $0.start }) else { continue }
            switch e {
            case .move: continue
            case .line(let p): current?.segments.append(.line(from, p))
            case .quad(let c, let p): current?.segments.append(.quad(from, c, p))
            case .cubic(let c1, let c2, let p): current?.segments.append(.cubic(from, c1, c2, p))
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

    /// Each subpath as a path of its own (split at every move), in order.
    package var subpathPaths: [CGPath] {
        var result: [CGPath] = []
        var current: [PathElement] = []
        for e in elements {
            if case .move = e, !current.isEmpty { result.append(CGPath(elements: current)); current = [] }
            current.append(e)
        }
        if !current.isEmpty { result.append(CGPath(elements: current)) }
        return result
    }

    /// Each subpath as a polyline within `tolerance`; closed polylines do not repeat their first point.
    package func polylines(tolerance: CGFloat) -> [(points: [CGPoint], closed: Bool)] {
        subpaths.map { ($0.polyline(tolerance: tolerance), $0.isClosed) }
    }
}

extension Subpath {
    /// The subpath as a polyline within `tolerance`; a closed one does not repeat its first point.
    package func polyline(tolerance: CGFloat) -> [CGPoint] {
        var pts = [start]
        // (Counted first, into scratch space on the stack: a stroke drawn every frame would otherwise grow the
        // array a power of two at a time.)
        withUnsafeTemporaryAllocation(of: Int.self, capacity: segments.count) { pieces in
            var total = 1
            for (i, s) in segments.enumerated() {
                pieces[i] = s.flatteningPieces(tolerance: tolerance)
                total += pieces[i]
            }
            pts.reserveCapacity(total)
            for (s, n) in zip(segments, pieces) {
                for i in 1...n { pts.append(s.point(at: CGFloat(i) / CGFloat(n))) }
            }
        }
        if isClosed, pts.count > 1, pts.last == pts.first { pts.removeLast() }
        return pts
    }
}
