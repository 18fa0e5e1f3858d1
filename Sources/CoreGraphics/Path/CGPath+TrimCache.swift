import Synchronization

/// What trimming an immutable path works out, kept with the path: its arc-length measure (integrating every curve
/// is most of a trim's cost) and the last trim asked for. A `CAShapeLayer` whose `strokeEnd` animates trims the
/// same path every frame, and the compositor asks for the trimmed path twice a frame (where its raster must
/// reach, then to draw it).
final class PathTrimCache: Sendable {
    private struct LastTrim { var start: CGFloat; var end: CGFloat; var path: CGPath }
    private struct State { var measure: PathMeasure?; var last: LastTrim? }
    private let state = Mutex(State())

    /// `path` between fractions `start` and `end` of its length (clamped), as `PathMeasure.trimmed`.
    func trimmed(_ path: CGPath, from start: CGFloat, to end: CGFloat) -> CGPath {
        if let last = state.withLock({ $0.last }), last.start == start, last.end == end { return last.path }
        let measure = state.withLock { $0.measure } ?? PathMeasure(path)
        let result = measure.trimmed(from: start, to: end)
        state.withLock { $0.measure = measure; $0.last = LastTrim(start: start, end: end, path: result) }
        return result
    }
}

extension CGPath {
    /// The path between fractions `start` and `end` of its length (each clamped to [0, 1]); empty when
    /// `end ≤ start`. This is `CAShapeLayer`'s `strokeStart`/`strokeEnd`. An immutable path keeps its measure
    /// and its last trim (a mutable one may change, and measures afresh).
    package func trimmed(from start: CGFloat, to end: CGFloat) -> CGPath {
        guard type(of: self) == CGPath.self else { return PathMeasure(self).trimmed(from: start, to: end) }
        let cache = trimCache.load() ?? trimCache.storeIfNil(PathTrimCache())
        return cache.trimmed(self, from: start, to: end)
    }
}
