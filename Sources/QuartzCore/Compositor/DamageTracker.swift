import CoreGraphics

/// Finds a frame's damage: each run of a layer's entries is summed into one appearance and one box, and compared
/// with the last list's, in order. Only what appeared, disappeared, looks different or changed its place in the
/// drawing order is redrawn, at its old and new places.
///
/// The damage is kept as a few rectangles as well as their bounds: two small shapes moving in opposite corners
/// damage two small boxes, not the whole frame between them, so the frame is cleared and composited there only.
struct DamageTracker {
    /// A run of entries of one layer: their appearances combined, and their boxes' union.
    private struct Summary {
        let key: ObjectIdentifier
        var appearance: Int
        var box: CGRect
    }
    /// The last list settled, and this one, as runs of entries of one layer in list order.
    private var previous: [Summary] = [], current: [Summary] = []
    /// The last settled damage as separate whole-pixel rectangles inside the frame (their union is what
    /// `settle` answered).
    private(set) var pieces: [CGRect] = []

    /// The pixels of `frame` that `list` draws differently from the last list settled: what appeared,
    /// disappeared or changed appearance, at its old and new places (painted entries always), plus `extra`.
    /// Remembers this list's appearances for the next time.
    mutating func settle(_ list: [FrameCompositor.Entry], frame: CGRect, adding extra: CGRect = .null) -> CGRect {
        current.removeAll(keepingCapacity: true)
        pieces.removeAll(keepingCapacity: true)
        for entry in list {
            if case .paint = entry.operation { addPiece(entry.box, frame: frame) }
            if let last = current.last, last.key == entry.key {
                current[current.count - 1].appearance = last.appearance &* 31 &+ entry.appearance
                current[current.count - 1].box = last.box.union(entry.box)
            } else {
                current.append(Summary(key: entry.key, appearance: entry.appearance, box: entry.box))
            }
        }
        // Runs the two lists begin and end with alike (nearly every frame: all of them) are compared in place, with
        // no lookup: a run unchanged draws the same pixels. Between them, layers were added, removed or reordered.
        let n = current.count, m = previous.count
        var head = 0
        while head < n, head < m, current[head].key == previous[head].key { head += 1 }
        var tail = 0
        while tail < n - head, tail < m - head, current[n - 1 - tail].key == previous[m - 1 - tail].key { tail += 1 }
        for i in 0..<head { addChange(current[i], previous[i], frame: frame) }
        for k in 0..<tail { addChange(current[n - 1 - k], previous[m - 1 - k], frame: frame) }
        if head + tail < max(n, m) { addChangedMiddle(current[head..<(n - tail)], previous[head..<(m - tail)], frame: frame) }
        swap(&previous, &current)
        addPiece(extra, frame: frame)
        pieces = Self.coalesce(pieces)
        return pieces.reduce(CGRect.null) { $0.union($1) }
    }

    /// A run of this list and the same layer's run in the last: where it is and was when it looks different.
    private mutating func addChange(_ now: Summary, _ before: Summary, frame: CGRect) {
        guard now.appearance != before.appearance else { return }
        addPiece(now.box, frame: frame)
        addPiece(before.box, frame: frame)
    }

    /// The damage where the lists differ: what was added or removed, where it is or was; the layers in both,
    /// where their appearance changed — or all of them, where and as they were and are, when their order changed
    /// (a layer moved in front of another changes the pixels where they overlap, though neither looks different).
    private mutating func addChangedMiddle(_ now: ArraySlice<Summary>, _ before: ArraySlice<Summary>, frame: CGRect) {
        let nowKeys = Set(now.map(\.key)), beforeKeys = Set(before.map(\.key))
        for run in now where !beforeKeys.contains(run.key) { addPiece(run.box, frame: frame) }
        for run in before where !nowKeys.contains(run.key) { addPiece(run.box, frame: frame) }
        let keptNow = now.filter { beforeKeys.contains($0.key) }, keptBefore = before.filter { nowKeys.contains($0.key) }
        if keptNow.map(\.key) == keptBefore.map(\.key) {
            for (a, b) in zip(keptNow, keptBefore) { addChange(a, b, frame: frame) }
        } else {
            for run in keptNow { addPiece(run.box, frame: frame) }
            for run in keptBefore { addPiece(run.box, frame: frame) }
        }
    }

    /// Adds `box` grown to whole pixels (and one more, for antialiasing reaching past it) within `frame`.
    private mutating func addPiece(_ box: CGRect, frame: CGRect) {
        guard !box.isNull else { return }
        // (By hand: Foundation's insetBy, integral and intersection each standardize both rectangles again, for
        // every entry of every frame. The frame's corners are whole pixels.)
        let x0 = max((min(box.origin.x, box.origin.x + box.size.width) - 1).rounded(.down), frame.origin.x)
        let y0 = max((min(box.origin.y, box.origin.y + box.size.height) - 1).rounded(.down), frame.origin.y)
        let x1 = min((max(box.origin.x, box.origin.x + box.size.width) + 1).rounded(.up), frame.origin.x + frame.size.width)
        let y1 = min((max(box.origin.y, box.origin.y + box.size.height) + 1).rounded(.up), frame.origin.y + frame.size.height)
        if x1 > x0, y1 > y0 { pieces.append(CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)) }
    }

    /// Makes `rects` disjoint: each rectangle less the ones before it, cut into at most four rectangles each
    /// time (what lies above, below, left and right of the overlap). Whole-pixel rectangles stay whole-pixel.
    /// `scratch` is storage kept between calls, so that cutting allocates nothing once it has grown. (Nothing is
    /// touched when no two overlap, as most frames' pieces do not.)
    static func makeDisjoint(_ rects: inout [CGRect], scratch: inout DisjointScratch) {
        let overlapping = rects.indices.contains { i in rects[..<i].contains { $0.intersects(rects[i]) } }
        guard overlapping else { return }
        scratch.result.removeAll(keepingCapacity: true)
        for rect in rects {
            scratch.parts.removeAll(keepingCapacity: true)
            scratch.parts.append(rect)
            for earlier in scratch.result.indices where scratch.result[earlier].intersects(rect) {
                scratch.cut.removeAll(keepingCapacity: true)
                for part in scratch.parts { appendParts(of: part, outside: scratch.result[earlier], to: &scratch.cut) }
                swap(&scratch.parts, &scratch.cut)
            }
            scratch.result.append(contentsOf: scratch.parts)
        }
        swap(&rects, &scratch.result)
    }

    /// The same with storage of its own.
    static func makeDisjoint(_ rects: inout [CGRect]) {
        var scratch = DisjointScratch()
        makeDisjoint(&rects, scratch: &scratch)
    }

    /// Storage `makeDisjoint` works in.
    struct DisjointScratch {
        var result: [CGRect] = [], parts: [CGRect] = [], cut: [CGRect] = []
    }

    /// Appends `a` less `b`, as up to four rectangles, to `parts`.
    private static func appendParts(of a: CGRect, outside b: CGRect, to parts: inout [CGRect]) {
        let overlap = a.intersection(b)
        guard !overlap.isNull, overlap.width > 0, overlap.height > 0 else { parts.append(a); return }
        if overlap.minY > a.minY { parts.append(CGRect(x: a.minX, y: a.minY, width: a.width, height: overlap.minY - a.minY)) }
        if overlap.maxY < a.maxY { parts.append(CGRect(x: a.minX, y: overlap.maxY, width: a.width, height: a.maxY - overlap.maxY)) }
        if overlap.minX > a.minX { parts.append(CGRect(x: a.minX, y: overlap.minY, width: overlap.minX - a.minX, height: overlap.height)) }
        if overlap.maxX < a.maxX { parts.append(CGRect(x: overlap.maxX, y: overlap.minY, width: a.maxX - overlap.maxX, height: overlap.height)) }
    }

    /// The most rectangles a frame's damage is kept as; beyond it the closest are merged.
    static let maximumPieces = 8
    /// With more rectangles than this to start with, the damage is simply their bounds (merging them pairwise
    /// would cost more than it saves).
    static let maximumRectanglesToCoalesce = 24
    /// What a separate rectangle costs, in pixels' worth of work: another pass over the display list and the band
    /// threads, another setup of each blit (a 128 × 128 square; measured on the Lottie benchmark files).
    static let pieceOverhead: CGFloat = 16384

    /// Merges rectangles while drawing their bounds costs no more than drawing both (overlapping or nearly
    /// touching ones), then the cheapest pairs until at most `maximumPieces` remain. A shape drawn straight
    /// into the frame across several pieces costs nothing more (it is drawn once: FrameCompositor+Pieces.swift),
    /// so only the pieces' areas and their overhead count. The rectangles are finite, not null and of positive
    /// size (as pieces are).
    static func coalesce(_ rects: [CGRect]) -> [CGRect] {
        guard rects.count > 1 else { return rects }
        guard rects.count <= maximumRectanglesToCoalesce else { return [rects.reduce(CGRect.null) { $0.union($1) }] }
        // (Bounds and areas from the origins and sizes directly: Foundation's union standardizes and checks for
        // null on every call, and each round looks at every pair.)
        func area(_ r: CGRect) -> CGFloat { r.size.width * r.size.height }
        func bounds(_ a: CGRect, _ b: CGRect) -> CGRect {
            let x0 = min(a.origin.x, b.origin.x), y0 = min(a.origin.y, b.origin.y)
            let x1 = max(a.origin.x + a.size.width, b.origin.x + b.size.width)
            let y1 = max(a.origin.y + a.size.height, b.origin.y + b.size.height)
            return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }
        // A rectangle inside another adds nothing (a painted entry's box is damaged both as drawn and as changed):
        // dropped first, so the rounds below look at fewer pairs.
        var rects = rects
        var i = 0
        while i < rects.count {
            let r = rects[i]
            let inside = rects.indices.contains { j in
                j != i && rects[j].origin.x <= r.origin.x && rects[j].origin.y <= r.origin.y
                    && rects[j].origin.x + rects[j].size.width >= r.origin.x + r.size.width
                    && rects[j].origin.y + rects[j].size.height >= r.origin.y + r.size.height
                    && (rects[j] != r || j < i)
            }
            if inside { rects.remove(at: i) } else { i += 1 }
        }
        guard rects.count > 1 else { return rects }
        while rects.count > 1 {
            // The pair whose merging adds the least work: the union's area against both drawn alone.
            var best = (i: 0, j: 1, extra: CGFloat.infinity)
            for i in rects.indices {
                for j in (i + 1)..<rects.count {
                    let extra = area(bounds(rects[i], rects[j])) - area(rects[i]) - area(rects[j]) - pieceOverhead
                    if extra < best.extra { best = (i, j, extra) }
                }
            }
            guard best.extra <= 0 || rects.count > maximumPieces else { break }
            rects[best.i] = bounds(rects[best.i], rects[best.j])
            rects.remove(at: best.j)
        }
        return rects
    }
}
