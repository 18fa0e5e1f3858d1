/// A picture whose alpha limits where an entry draws: a mask layer's picture, or the rounded or turned bounds of
/// a layer that clips, placed in the frame's pixels by `toPixel`. Its coverage at a pixel is the picture's alpha
/// there (sampled as blits sample, so its edges are antialiased) times `opacity`.
struct CoverageMask: Hashable {
    let image: PixelBuffer
    let toPixel: Homography
    let opacity: Double
    /// What identifies the picture's pixels (its raster's signature): two masks with the same signature and
    /// placement cover the same pixels.
    let signature: Int
    /// The pixels it may leave uncovered-by-zero: outside this box the coverage is 0.
    let box: CGRect

    init?(image: PixelBuffer, toPixel: Homography, opacity: Double, signature: Int) {
        guard let quad = toPixel.quad(CGRect(x: -1, y: -1, width: image.width + 2, height: image.height + 2)) else { return nil }
        self.image = image; self.toPixel = toPixel; self.opacity = opacity; self.signature = signature
        box = LayerGeometry.finite(CGRect.enclosing(quad))
    }

    static func == (l: CoverageMask, r: CoverageMask) -> Bool {
        l.signature == r.signature && l.toPixel == r.toPixel && l.opacity == r.opacity && l.image === r.image
    }

    func hash(into h: inout Hasher) { h.combine(signature); h.combine(toPixel); h.combine(opacity) }

    /// The same mask in a space moved by (`dx`, `dy`) pixels.
    func translated(dx: Double, dy: Double) -> CoverageMask? {
        CoverageMask(image: image, toPixel: toPixel.concatenating(Homography(CGAffineTransform(translationX: dx, y: dy))),
                     opacity: opacity, signature: signature)
    }
}

/// A clip for drawn (painted) entries: a path in a layer's space and the affine map from that space to pixels.
struct PaintClip: Hashable {
    let path: CGPath
    let toPixel: CGAffineTransform

    static func == (l: PaintClip, r: PaintClip) -> Bool { l.path == r.path && l.toPixel == r.toPixel }
    func hash(into h: inout Hasher) { h.combine(toPixel.a); h.combine(toPixel.b); h.combine(toPixel.tx); h.combine(toPixel.ty) }
}

/// What the layers above an entry leave of the frame for it: the display list's clip and mask state. Ancestors
/// that clip to their bounds (`masksToBounds`) and mask layers add to it; the compositor applies it as it draws
/// the entry, so content under a clip or mask keeps its raster when the clip or mask moves.
///
/// - `rect`: the intersection of the clips that are rectangles on screen (bounds with square corners under a map
///   that keeps them axis-aligned), in pixels; its edges cover partly covered pixels by their area.
/// - `masks`: pictures whose alpha multiplies the entry's (rounded or turned bounds, mask layers). A blit samples
///   each along its rows.
/// - `paths`: the same clips as paths, for entries drawn through `CGContext` (`masks` has the picture of each
///   clip that has a path; a mask layer's picture has none, and entries drawn through `CGContext` under one are
///   drawn into a surface first, FrameCompositor+Masks.swift).
struct ClipState: Hashable {
    var rect: CGRect?
    var masks: [CoverageMask] = []
    var paths: [PaintClip] = []

    /// The pixels an entry under this state may touch.
    var bounds: CGRect {
        var box = rect ?? CGRect.infinite
        for mask in masks { box = box.intersection(mask.box) }
        return box
    }

    /// This state inside another one (an outer clip applied to entries already clipped within).
    func within(_ outer: ClipState) -> ClipState {
        var combined = self
        if let r = outer.rect { combined.rect = combined.rect.map { $0.intersection(r) } ?? r }
        combined.masks += outer.masks
        combined.paths += outer.paths
        return combined
    }

    /// The same state in a space moved by (`dx`, `dy`) pixels; nil when a mask cannot be placed there.
    func translated(dx: Double, dy: Double) -> ClipState? {
        var moved = ClipState(rect: rect?.offsetBy(dx: dx, dy: dy), masks: [], paths: [])
        for mask in masks {
            guard let m = mask.translated(dx: dx, dy: dy) else { return nil }
            moved.masks.append(m)
        }
        moved.paths = paths.map { PaintClip(path: $0.path, toPixel: $0.toPixel.concatenating(CGAffineTransform(translationX: dx, y: dy))) }
        return moved
    }

    /// Clips `context` (whose user space is the frame's pixels) to the rectangle and paths.
    func clip(_ context: CGContext) {
        if let rect { context.clip(to: rect) }
        for clip in paths {
            var toPixel = clip.toPixel
            guard let path = clip.path.copy(using: &toPixel) else { continue }
            context.addPath(path)
            context.clip()
        }
    }
}

/// The rows and columns a clip rectangle (pixels) leaves of a region, in up to nine pieces: the whole pixels
/// inside it, and its partly covered edge rows, columns and corners, each with the share of its pixels' area
/// the rectangle covers. No rectangle leaves the region whole.
struct ClipPieces: Sequence {
    struct Piece { let rows: Range<Int>; let columns: Range<Int>; let coverage: Double }
    private var pieces: [Piece] = []

    init(_ rect: CGRect?, rows: Range<Int>, columns: Range<Int>) {
        guard let rect else {
            pieces = [Piece(rows: rows, columns: columns, coverage: 1)]
            return
        }
        guard !rect.isNull, !rect.isEmpty else { return }
        for (y, ys) in Self.segments(rect.minY, rect.maxY, within: rows) {
            for (x, xs) in Self.segments(rect.minX, rect.maxX, within: columns) {
                pieces.append(Piece(rows: y, columns: x, coverage: ys * xs))
            }
        }
    }

    func makeIterator() -> IndexingIterator<[Piece]> { pieces.makeIterator() }

    /// [low, high) split into whole pixels and partly covered ends, each with its coverage, within `range`.
    /// (Ends within a millionth of a pixel of a whole number count as whole: float noise is not an edge.)
    static func segments(_ low: Double, _ high: Double, within range: Range<Int>) -> [(Range<Int>, Double)] {
        func snapped(_ t: Double) -> Double {
            let clamped = Swift.min(Swift.max(t, -1e9), 1e9)
            let whole = clamped.rounded()
            return Swift.abs(clamped - whole) < 1e-6 ? whole : clamped
        }
        let lo = snapped(low), hi = snapped(high)
        guard lo < hi else { return [] }
        var result: [(Range<Int>, Double)] = []
        func add(_ from: Double, _ to: Double, _ coverage: Double) {
            let r = Int(from)..<Int(to)
            let kept = r.clamped(to: range)
            if !kept.isEmpty, coverage > 0 { result.append((kept, coverage)) }
        }
        let first = lo.rounded(.down), last = hi.rounded(.up)
        if last - first == 1 { add(first, last, hi - lo); return result }
        let innerLow = lo.rounded(.up), innerHigh = hi.rounded(.down)
        if lo < innerLow { add(first, innerLow, innerLow - lo) }
        if innerLow < innerHigh { add(innerLow, innerHigh, 1) }
        if innerHigh < hi { add(innerHigh, last, hi - innerHigh) }
        return result
    }
}
