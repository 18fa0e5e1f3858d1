/// Arc-length parameterisation of a path: its length, the point and tangent at a distance, and the pieces between
/// two distances. `strokeStart`/`strokeEnd`, dashing, paced keyframes and `rotationMode` all read lengths here.
///
/// Build it once per path and keep it: construction integrates every curve (16 Gauss–Legendre intervals each).
package struct PathMeasure: Sendable {
    /// A segment placed along the path.
    package struct Entry: Sendable {
        package var segment: Segment
        package var subpath: Int
        /// Distance from the path's start to this segment's start.
        package var offset: CGFloat
        package var length: CGFloat
        /// Cumulative length at t = i/16 (cubics only; 17 entries).
        var table: [CGFloat]
    }

    package private(set) var entries: [Entry] = []
    /// Each subpath's start point, closedness, and its range of distances along the whole path.
    package private(set) var subpaths: [(start: CGPoint, isClosed: Bool, offset: CGFloat, length: CGFloat)] = []
    /// The path's total length (all subpaths).
    package private(set) var length: CGFloat = 0

    private static let intervals = 16

    package init(_ path: CGPath) {
        for (k, sub) in path.subpaths.enumerated() {
            let subStart = length
            for s in sub.segments {
                var table: [CGFloat] = []
                var l: CGFloat
                if case .cubic = s {
                    table.reserveCapacity(Self.intervals + 1)
                    table.append(0)
                    var acc: CGFloat = 0
                    for i in 0..<Self.intervals {
                        acc += s.length(from: CGFloat(i) / CGFloat(Self.intervals), to: CGFloat(i + 1) / CGFloat(Self.intervals))
                        table.append(acc)
                    }
                    l = acc
                } else {
                    l = s.length()
                }
                if !l.isFinite { l = 0 }
                entries.append(Entry(segment: s, subpath: k, offset: length, length: l, table: table))
                length += l
            }
            subpaths.append((sub.start, sub.isClosed, subStart, length - subStart))
        }
    }

    /// The parameter on `entry` at `distance` from the entry's start (clamped to the entry).
    package func parameter(in entry: Entry, atDistance distance: CGFloat) -> CGFloat {
        guard entry.length > 0 else { return 0 }
        let d = min(max(distance, 0), entry.length)
        if case .line = entry.segment { return d / entry.length }
        // Find the table interval, interpolate, then polish with two Newton steps on the exact length.
        var lo = 0, hi = Self.intervals
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if entry.table[mid] <= d { lo = mid } else { hi = mid }
        }
        let span = entry.table[hi] - entry.table[lo]
        let t0 = CGFloat(lo) / CGFloat(Self.intervals)
        var t = t0 + (span > 0 ? (d - entry.table[lo]) / span : 0) / CGFloat(Self.intervals)
        for _ in 0..<2 {
            let speed = entry.segment.derivative(at: t).length
            guard speed > 1e-12 else { break }
            let error = entry.table[lo] + entry.segment.length(from: t0, to: t) - d
            t = min(max(t - error / speed, 0), 1)
        }
        return t
    }

    /// Index of the entry containing `distance` (the last one at the very end).
    private func entryIndex(atDistance distance: CGFloat) -> Int? {
        guard !entries.isEmpty else { return nil }
        var lo = 0, hi = entries.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if entries[mid].offset <= distance { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The point and unit tangent at `distance` along the path (clamped to [0, length]); `nil` for a path
    /// with no segments.
    package func position(atDistance distance: CGFloat) -> (point: CGPoint, tangent: CGPoint)? {
        let d = distance.isNaN ? 0 : min(max(distance, 0), length)
        guard let i = entryIndex(atDistance: d) else { return nil }
        let e = entries[i]
        let t = parameter(in: e, atDistance: d - e.offset)
        return (e.segment.point(at: t), e.segment.tangent(at: t))
    }

    /// The pieces of the path between distances `from` and `to`, grouped by subpath; a subpath wholly inside the
    /// range keeps its closedness.
    package func pieces(from: CGFloat, to: CGFloat) -> [(segments: [Segment], start: CGPoint, closed: Bool)] {
        guard to > from else { return [] }
        var result: [(segments: [Segment], start: CGPoint, closed: Bool)] = []
        var currentSubpath = -1
        for e in entries where e.offset + e.length >= from && e.offset <= to {
            let a = max(from - e.offset, 0), b = min(to - e.offset, e.length)
            if b < a || (b == a && e.length > 0) { continue }
            let piece: Segment
            if a <= 0 && b >= e.length {
                piece = e.segment
            } else {
                piece = e.segment.subsegment(from: parameter(in: e, atDistance: a), to: parameter(in: e, atDistance: b))
            }
            if e.subpath != currentSubpath {
                currentSubpath = e.subpath
                let sub = subpaths[e.subpath]
                let whole = from <= sub.offset && to >= sub.offset + sub.length
                result.append(([], piece.start, whole && sub.isClosed))
            }
            result[result.count - 1].segments.append(piece)
        }
        return result
    }

    /// The path between fractions `start` and `end` of its length (each clamped to [0, 1]); empty when
    /// `end ≤ start`. This is `CAShapeLayer`'s `strokeStart`/`strokeEnd`.
    package func trimmed(from start: CGFloat, to end: CGFloat) -> CGPath {
        let s = start.isNaN ? 0 : min(max(start, 0), 1), t = end.isNaN ? 1 : min(max(end, 0), 1)
        return CGPath.from(pieces: pieces(from: s * length, to: t * length))
    }
}

extension CGPath {
    /// Builds a path from runs of segments, each starting with a move.
    package static func from(pieces: [(segments: [Segment], start: CGPoint, closed: Bool)]) -> CGPath {
        let out = CGMutablePath()
        for piece in pieces {
            out.move(to: piece.start)
            for s in piece.segments {
                switch s {
                case .line(_, let b): out.addLine(to: b)
                case .cubic(_, let c1, let c2, let b): out.addCurve(to: b, control1: c1, control2: c2)
                }
            }
            if piece.closed { out.closeSubpath() }
        }
        return CGPath(elements: out.elements)
    }

    /// The path's total arc length (all subpaths, closing lines included).
    package var length: CGFloat { PathMeasure(self).length }

}
