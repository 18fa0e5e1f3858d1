import Foundation

/// Draws a frame's batches of blits into the bitmap: the display list's executor. The rows to redraw are cut
/// into horizontal bands run across the cores, each band running every blit clipped to its rows; each blit goes
/// to pixman for whole-pixel translations and to the span compositor otherwise, under its clip state.
final class BandExecutor {
    /// Threads the frame is split across (default: every core).
    var threads = ProcessInfo.processInfo.activeProcessorCount
    /// Blits everything with pixman (its general path when transformed): the benchmark's baseline.
    var usesPixmanForEveryBlit = false

    /// One blit of a frame's batch.
    struct Blit {
        let image: PixelBuffer
        let toPixel: Homography
        let opacity: Double
        let clip: PixelClip?
        /// How it combines with the frame: source-over, added (`plusL`, an emitter's `additive` render mode), or
        /// a blend mode of the layer's `compositingFilter`.
        var blend: LayerBlendMode
        /// Whether the kernels add it instead of laying it over.
        var additive: Bool { blend == .plusLighter }
        /// Replaces the pixels under it (an opaque cover: see FrameCompositor+Occlusion.swift).
        var replaces = false
        /// The clips and masks it is drawn under.
        var clipState: ClipState? = nil
    }

    /// Blits in horizontal bands across `threads` threads (each band runs every blit, clipped to its rows).
    func run(_ blits: [Blit], into ctx: CGContext, rows: Range<Int>, columns: Range<Int>) {
        guard !blits.isEmpty else { return }
        let width = ctx.width, height = ctx.height
        ctx.withCanonicalPixels { pixels, stride in
            // Every band sets each blit up again, so one band per thread plus one more each for balance; one
            // thread draws the frame in one band (more bands only add set-up on one core).
            let bands = max(1, min(threads > 1 ? threads * 2 : 1, rows.count / 16))
            let bandHeight = (rows.count + bands - 1) / bands
            let target = BandTarget(pixels: pixels)
            let work = BlitList(items: blits)
            let pixmanOnly = usesPixmanForEveryBlit
            let runBand: @Sendable (Int) -> Void = { band in
                let lower = rows.lowerBound + band * bandHeight
                let band = lower..<min(rows.upperBound, lower + bandHeight)
                guard !band.isEmpty else { return }
                for blit in work.items {
                    guard let clip = blit.clip else {
                        Self.draw(blit, into: target.pixels, bytesPerRow: stride, width: width, height: height, rows: band,
                                  columns: columns, pixmanOnly: pixmanOnly)
                        continue
                    }
                    // A split piece: row by row, within the columns its half-planes allow.
                    for y in band {
                        let inside = clip.columns(ofRow: y, within: columns)
                        guard !inside.isEmpty else { continue }
                        Self.draw(blit, into: target.pixels, bytesPerRow: stride, width: width, height: height, rows: y..<y + 1,
                                  columns: inside, pixmanOnly: false)
                    }
                }
            }
            if threads > 1 && bands > 1 { DispatchQueue.concurrentPerform(iterations: bands, execute: runBand) } else { (0..<bands).forEach(runBand) }
        }
    }

    /// One blit within `rows` and `columns`, under its clip state: a clip rectangle narrows the rows and columns
    /// (its partly covered edge pixels drawn at their coverage), masks multiply along each row.
    private static func draw(_ blit: Blit, into target: UnsafeMutableRawPointer, bytesPerRow: Int, width: Int, height: Int,
                             rows: Range<Int>, columns: Range<Int>, pixmanOnly: Bool) {
        if case .blended(let mode) = blit.blend {
            drawBlended(blit, mode: mode, into: target, bytesPerRow: bytesPerRow, width: width, height: height, rows: rows,
                        columns: columns, pixmanOnly: pixmanOnly)
            return
        }
        guard let state = blit.clipState else {
            drawUnclipped(blit, into: target, bytesPerRow: bytesPerRow, width: width, height: height, rows: rows,
                          columns: columns, pixmanOnly: pixmanOnly)
            return
        }
        for piece in ClipPieces(state.rect, rows: rows, columns: columns) {
            let part = Blit(image: blit.image, toPixel: blit.toPixel, opacity: blit.opacity * piece.coverage, clip: blit.clip,
                        blend: blit.blend)
            if state.masks.isEmpty {
                drawUnclipped(part, into: target, bytesPerRow: bytesPerRow, width: width, height: height, rows: piece.rows,
                              columns: piece.columns, pixmanOnly: pixmanOnly)
            } else {
                SpanCompositor.compositeMasked(source: part.image, into: target, bytesPerRow: bytesPerRow, sourceToTarget: part.toPixel,
                                               opacity: part.opacity, masks: state.masks, rows: piece.rows, columns: piece.columns,
                                               additive: part.additive)
            }
        }
    }

    /// A blit with a blend mode: drawn source-over (under its clips and masks) into a cleared scratch band, which
    /// pixman then blends into the frame with the mode's PDF formula — the formula needs the finished source
    /// pixel, which the span kernels only produce by laying it over something.
    private static func drawBlended(_ blit: Blit, mode: CGBlendMode, into target: UnsafeMutableRawPointer, bytesPerRow: Int,
                                    width: Int, height: Int, rows: Range<Int>, columns: Range<Int>, pixmanOnly: Bool) {
        // Every PDF blend mode leaves the frame as it was under a transparent source: only the pixels the picture
        // reaches are worked (a small shape's picture blended over the whole band cost the whole band).
        guard let quad = blit.toPixel.quad(CGRect(x: -1, y: -1, width: blit.image.width + 2, height: blit.image.height + 2)) else { return }
        let reach = CGRect.enclosing(quad)
        guard reach.isFiniteValue else { return }
        func within(_ range: Range<Int>, _ low: CGFloat, _ high: CGFloat) -> Range<Int> {
            let from = Int(min(max(low.rounded(.down), CGFloat(range.lowerBound)), CGFloat(range.upperBound)))
            let to = Int(min(max(high.rounded(.up), CGFloat(range.lowerBound)), CGFloat(range.upperBound)))
            return from..<max(from, to)
        }
        let rows = within(rows, reach.minY, reach.maxY), columns = within(columns, reach.minX, reach.maxX)
        guard !rows.isEmpty, !columns.isEmpty else { return }
        let byteCount = bytesPerRow * rows.count
        let scratch = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: 16)
        defer { scratch.deallocate() }
        for row in 0..<rows.count {
            (scratch + row * bytesPerRow + columns.lowerBound * 4).initializeMemory(as: UInt8.self, repeating: 0, count: columns.count * 4)
        }
        // The kernels address rows by their number in the frame: the band's first row is the scratch's first.
        let framed = scratch - rows.lowerBound * bytesPerRow
        var plain = blit
        plain.blend = .normal
        plain.replaces = false
        draw(plain, into: framed, bytesPerRow: bytesPerRow, width: width, height: height, rows: rows, columns: columns,
             pixmanOnly: pixmanOnly)
        BandBlend.blend(band: scratch, into: target, bytesPerRow: bytesPerRow, width: width, height: height,
                         rows: rows, columns: columns, mode: mode)
    }

    /// One blit within `rows` and `columns`: pixman for whole-pixel translations (and for everything when
    /// `pixmanOnly`), the span compositor otherwise.
    private static func drawUnclipped(_ blit: Blit, into target: UnsafeMutableRawPointer, bytesPerRow: Int, width: Int, height: Int,
                                      rows: Range<Int>, columns: Range<Int>, pixmanOnly: Bool) {
        let (image, h, opacity, additive) = (blit.image, blit.toPixel, blit.opacity, blit.additive)
        if (pixmanOnly && !additive) || blit.replaces {
            PixmanBlit.composite(source: image, into: target, bytesPerRow: bytesPerRow, width: width, height: height,
                                 sourceToTarget: h, opacity: opacity, rows: rows, columns: columns, replacing: blit.replaces)
            return
        }
        guard h.isAffine else {
            SpanCompositor.compositeProjective(source: image, into: target, bytesPerRow: bytesPerRow, width: width,
                                               height: height, sourceToTarget: h, opacity: opacity, rows: rows, columns: columns,
                                               additive: additive)
            return
        }
        if !additive && h.wholePixelOffset != nil {
            PixmanBlit.composite(source: image, into: target, bytesPerRow: bytesPerRow, width: width, height: height,
                                 sourceToTarget: h, opacity: opacity, rows: rows, columns: columns)
        } else {
            SpanCompositor.composite(source: image, into: target, bytesPerRow: bytesPerRow, width: width, height: height,
                                     sourceToTarget: h.affine, opacity: opacity, rows: rows, columns: columns, additive: additive)
        }
    }

    /// The frame's pixels, shared by the band threads: each writes only its own rows.
    private struct BandTarget: @unchecked Sendable { let pixels: UnsafeMutableRawPointer }
    /// Blits shared read-only by the band threads.
    private struct BlitList: @unchecked Sendable { let items: [Blit] }
}
