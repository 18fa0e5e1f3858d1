import CoreGraphics

extension FrameCompositor {
    /// What the execution step keeps from frame to frame so that drawing allocates nothing: the damage's disjoint
    /// pieces, each piece's opaque cover and batch of blits, and the pieces an entry reaches.
    struct PieceScratch {
        var pieces: [CGRect] = []
        var covers: [Int?] = []
        var batches: [[BandExecutor.Blit]] = []
        var reached: [Int] = []
        var disjoint = DamageTracker.DisjointScratch()
    }

    /// Clears and redraws `pieces` — disjoint rectangles of whole pixels inside the bitmap, the frame's damage —
    /// in one walk of the display list, so every pixel is drawn in the list's order. Each piece starts at its
    /// topmost opaque cover, if any, or on cleared pixels. Blits are batched per piece (each piece's band pass
    /// draws the part inside it). A shape drawn straight into the frame that lies wholly inside the damage is
    /// drawn once, across the pieces it reaches: drawn per piece, its path would be mapped, flattened, outlined
    /// and its edges accumulated again for each (and the damage would have to merge pieces to spare that,
    /// clearing and compositing pixels nothing changed). Other painted entries are drawn in each piece, clipped
    /// to it.
    func execute(into context: CGContext, pieces: [CGRect]) {
        var scratch = pieceScratch
        pieceScratch = PieceScratch()
        defer { pieceScratch = scratch }
        scratch.covers.removeAll(keepingCapacity: true)
        for piece in pieces { scratch.covers.append(opaqueCover(of: piece)) }
        let covers = scratch.covers
        let frame = CGRect(x: 0, y: 0, width: context.width, height: context.height)
        context.withCanonicalPixels { pixels, stride in
            for (piece, cover) in zip(pieces, covers) where cover == nil {
                let columns = Int(piece.minX)..<Int(piece.maxX)
                for y in Int(piece.minY)..<Int(piece.maxY) {
                    (pixels + y * stride + columns.lowerBound * 4).initializeMemory(as: UInt8.self, repeating: 0, count: columns.count * 4)
                }
            }
        }
        while scratch.batches.count < pieces.count { scratch.batches.append([]) }
        func flush(_ p: Int) {
            guard !scratch.batches[p].isEmpty else { return }
            let piece = pieces[p]
            bands.run(scratch.batches[p], into: context, rows: Int(piece.minY)..<Int(piece.maxY), columns: Int(piece.minX)..<Int(piece.maxX))
            scratch.batches[p].removeAll(keepingCapacity: true)
        }
        for index in list.indices {
            let box = list[index].box
            scratch.reached.removeAll(keepingCapacity: true)
            for p in pieces.indices where index >= (covers[p] ?? 0) && Self.overlaps(box, pieces[p]) { scratch.reached.append(p) }
            guard !scratch.reached.isEmpty else { continue }
            let reached = scratch.reached
            switch list[index].operation {
            case .blit(let image, let toPixel, let opacity, let pieceClip, let blend):
                for p in reached {
                    scratch.batches[p].append(BandExecutor.Blit(image: image, toPixel: toPixel, opacity: opacity, clip: pieceClip,
                                                                blend: blend, replaces: index == covers[p], clipState: list[index].clipState))
                }
            case .paint(let draw, let direct):
                for p in reached { flush(p) }
                if reached.count > 1, let direct, Self.lies(box, insideUnionOf: reached, of: pieces, within: frame),
                   let region = Self.directRegion(of: reached.dropFirst().reduce(pieces[reached[0]]) { $0.union(pieces[$1]) },
                                                  under: list[index].clipState) {
                    if region.isEmpty || direct(context, region) { continue }
                }
                for p in reached {
                    let clip = pieces[p]
                    if let direct, let region = Self.directRegion(of: clip, under: list[index].clipState) {
                        if region.isEmpty || direct(context, region) { continue }
                    }
                    context.saveGState()
                    context.concatenate(context.userToPixelTransform.inverted())  // user space = pixels
                    context.clip(to: clip)
                    list[index].clipState?.clip(context)
                    draw(context)
                    context.restoreGState()
                }
            case .backdrop(let job):
                for p in reached {
                    flush(p)
                    executeBackdrop(job, key: list[index].key, into: context, clip: pieces[p])
                }
            }
        }
        for p in pieces.indices { flush(p) }
    }

    /// Whether `a` and `b` share some area: `CGRect.intersects` for rectangles of sizes not below zero (entries'
    /// boxes and pieces) or null, without Foundation standardizing both on every call (asked of every entry and
    /// piece).
    @inline(__always) static func overlaps(_ a: CGRect, _ b: CGRect) -> Bool {
        a.origin.x < b.origin.x + b.size.width && b.origin.x < a.origin.x + a.size.width
            && a.origin.y < b.origin.y + b.size.height && b.origin.y < a.origin.y + a.size.height
    }

    /// Whether the part of `box` inside `frame` (the bitmap) lies within the pieces numbered `reached` (disjoint
    /// rectangles inside it): its area inside them is all of it. (A shape drawn straight into the frame touches
    /// no pixel outside its box.)
    static func lies(_ box: CGRect, insideUnionOf reached: [Int], of pieces: [CGRect], within frame: CGRect) -> Bool {
        let part = box.intersection(frame)
        guard !part.isNull, part.width > 0, part.height > 0 else { return false }
        var inside: CGFloat = 0
        for p in reached {
            let overlap = part.intersection(pieces[p])
            if !overlap.isNull { inside += overlap.width * overlap.height }
        }
        return inside >= part.width * part.height * (1 - 1e-9)
    }
}
