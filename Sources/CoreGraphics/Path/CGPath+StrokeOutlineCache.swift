import Synchronization

/// The stroke outline last worked out for an immutable path in the path's own space, and the pen it was worked out
/// for. A shape turning or sliding on screen strokes the same path under a new map every frame; under a map that
/// keeps the pen round (turns, flips and one scale), the outline of the mapped path is the mapped outline, worked
/// out with the tolerance divided by the scale — so while the pen and the scale hold, the outline is mapped, not
/// worked out again (outlining was a twentieth of such a frame).
final class PathStrokeOutlineCache: Sendable {
    /// A pen in the path's units, and the flatness it was outlined to.
    struct Pen: Equatable, Sendable {
        var halfWidth: CGFloat, miterLimit: CGFloat, tolerance: CGFloat
        var cap: CGLineCap, join: CGLineJoin

        /// Whether an outline worked out under this pen does for `wanted`: the same pen, flattened at least as
        /// finely but not needlessly finer. (A turning map's scale, and with it the tolerance asked for, moves in
        /// its last bits from frame to frame: asking for exact equality outlined the path again every frame.)
        func serves(_ wanted: Pen) -> Bool {
            halfWidth == wanted.halfWidth && miterLimit == wanted.miterLimit && cap == wanted.cap && join == wanted.join
                && tolerance <= wanted.tolerance && tolerance >= wanted.tolerance * 0.75
        }
    }
    private struct Last: Sendable { var pen: Pen; var outline: StrokeOutline? }
    private let last = Mutex<Last?>(nil)

    /// `path`'s outline under `pen`, from the cache or worked out now; nil when it overlaps itself along its edges.
    func outline(of path: CGPath, pen: Pen) -> StrokeOutline? {
        if let known = last.withLock({ $0 }), known.pen.serves(pen) { return known.outline }
        let outline = CGContext.strokeOutline(of: path, width: pen.halfWidth * 2, cap: pen.cap, join: pen.join,
                                              miterLimit: pen.miterLimit, tolerance: pen.tolerance)
        last.withLock { $0 = Last(pen: pen, outline: outline) }
        return outline
    }
}

extension CGPath {
    /// The path's stroke outline under `pen` in its own space (kept for an immutable path: a mutable one may
    /// change, and is outlined afresh); nil when it overlaps itself.
    func strokeOutline(pen: PathStrokeOutlineCache.Pen) -> StrokeOutline? {
        guard type(of: self) == CGPath.self else {
            return CGContext.strokeOutline(of: self, width: pen.halfWidth * 2, cap: pen.cap, join: pen.join,
                                           miterLimit: pen.miterLimit, tolerance: pen.tolerance)
        }
        let cache = strokeOutlineCache.load() ?? strokeOutlineCache.storeIfNil(PathStrokeOutlineCache())
        return cache.outline(of: self, pen: pen)
    }
}
