import Foundation

/// Backdrop filters: a layer with `backgroundFilters` replaces what lies behind it, inside its rounded bounds,
/// by that content filtered (blurred, then colour-adjusted), before its own content draws over it.
///
/// The display list records a backdrop entry at the layer's place in drawing order. Its result depends on every
/// entry drawn before it near it, so its appearance is the signature of those entries, worked out once the list is
/// complete. While the signature stays the same (what is behind did not change), the filtered pixels are kept and
/// copied back; when it changes, the damage grows to the whole sampled area, so those pixels are redrawn fresh
/// before the entry reads them. Entries above the backdrop (a card moving over a blur) never cost a new blur.
///
/// Backdrops inside groups (masks, clipping, shadows, group opacity, rasterization) are drawn without their
/// filters, as `render(in:)` draws every backdrop: the group's picture is made apart from what is behind it.
extension FrameCompositor {
    /// One backdrop in a frame: where it is, what it does, and (once the list is complete) the signature of what is
    /// behind it.
    final class BackdropJob: @unchecked Sendable {
        let recipe: BackdropRecipe
        /// The layer's bounds, corner radius and space-to-pixel map: the region filtered.
        let bounds: CGRect, cornerRadius: CGFloat, toPixel: Homography
        /// The blur's standard deviation in pixels.
        let sigma: Double
        /// The pixels the result covers, and the pixels the blur reads (three deviations further out).
        let box: CGRect, sampleBox: CGRect
        var signature = 0

        init(recipe: BackdropRecipe, bounds: CGRect, cornerRadius: CGFloat, toPixel: Homography, box: CGRect) {
            self.recipe = recipe; self.bounds = bounds; self.cornerRadius = cornerRadius; self.toPixel = toPixel
            sigma = recipe.blurRadius * Double(LayerGeometry.onScreenScale(of: bounds, under: toPixel))
            self.box = box
            let spread = CGFloat((3 * sigma).rounded(.up))
            sampleBox = box.insetBy(dx: -spread, dy: -spread)
        }
    }

    /// The filtered pixels of one backdrop, kept while what is behind it does not change.
    struct BackdropResult {
        let signature: Int
        let origin: (x: Int, y: Int)
        let pixels: PixelBuffer
    }

    /// Records `layer`'s backdrop, if its `backgroundFilters` do anything.
    func recordBackdrop(of layer: CALayer, node: RenderTree.Node, layerToPixel m: Homography) {
        guard let recipe = BackdropRecipe(layer), layer.bounds.width > 0, layer.bounds.height > 0,
              let quad = m.quad(layer.bounds) else { return }
        let box = CGRect.enclosing(quad).insetBy(dx: -1, dy: -1).integral
        let job = BackdropJob(recipe: recipe, bounds: layer.bounds, cornerRadius: max(0, layer.cornerRadius), toPixel: m, box: box)
        guard job.sigma.isFinite else { return }
        list.append(Entry(key: node.id, appearance: 0, box: box, operation: .backdrop(job)))
    }

    /// Once the list is complete: each backdrop's signature (what is drawn before it within its reach), as its
    /// appearance; answers the areas that must be redrawn because their backdrop has to be filtered again.
    func settleBackdrops(frame: CGRect) -> CGRect {
        var refilter = CGRect.null
        for index in list.indices {
            guard case .backdrop(let job) = list[index].operation else { continue }
            let reach = job.sampleBox.intersection(frame)
            var h = Hasher()
            h.combine(job.recipe); h.combine(job.toPixel); h.combine(job.bounds); h.combine(job.cornerRadius)
            for below in list[..<index] where below.box.intersects(reach) {
                if case .paint = below.operation { h.combine(backdropFrameCounter) }  // painted parts change every frame
                h.combine(below.key); h.combine(below.appearance); h.combine(below.box)
            }
            job.signature = h.finalize()
            list[index] = Entry(key: list[index].key, appearance: job.signature, box: list[index].box, operation: .backdrop(job))
            if backdropResults[list[index].key]?.signature != job.signature { refilter = refilter.union(reach) }
        }
        backdropFrameCounter &+= 1
        return refilter
    }

    /// Draws a backdrop into the frame inside `clip`: the kept result when it is current, else filters the pixels
    /// drawn so far (the caller redrew all of the sampled area: see `settleBackdrops`).
    func executeBackdrop(_ job: BackdropJob, key: ObjectIdentifier, into context: CGContext, clip: CGRect) {
        let frame = CGRect(x: 0, y: 0, width: context.width, height: context.height)
        let box = job.box.intersection(frame)
        guard !box.isNull, !box.isEmpty else { return }
        if let kept = backdropResults[key], kept.signature == job.signature {
            copy(kept, into: context, clip: clip.intersection(box))
            return
        }
        guard let result = filterBackdrop(job, in: context, box: box, frame: frame) else { return }
        backdropFilterings += 1
        backdropResults[key] = result
        copy(result, into: context, clip: clip.intersection(box))
    }

    private func copy(_ result: BackdropResult, into context: CGContext, clip: CGRect) {
        guard !clip.isNull, !clip.isEmpty else { return }
        let (x0, y0) = (Int(clip.minX), Int(clip.minY)), (x1, y1) = (Int(clip.maxX), Int(clip.maxY))
        context.withCanonicalPixels { pixels, stride in
            for y in y0..<y1 {
                (pixels + y * stride + x0 * 4).copyMemory(
                    from: result.pixels.bytes + (y - result.origin.y) * result.pixels.bytesPerRow + (x0 - result.origin.x) * 4,
                    byteCount: (x1 - x0) * 4)
            }
        }
    }

    /// The frame's pixels in `box` after the backdrop: the sampled area blurred and adjusted, laid over what was
    /// there by the coverage of the layer's rounded bounds.
    ///
    /// A wide blur is made at a reduced resolution (half for σ of 12 pixels or more, a quarter from 24), as
    /// backdrop blurs are: the area is averaged down by k, blurred by what remains of σ once the averaging and the
    /// bilinear enlargement back are counted, and enlarged while it is laid over the frame. The result differs from
    /// the full-resolution blur by a few levels (the visual-effect tests hold it within 5 of the exact Gaussian) and
    /// costs about k² less.
    private func filterBackdrop(_ job: BackdropJob, in context: CGContext, box: CGRect, frame: CGRect) -> BackdropResult? {
        let sample = job.sampleBox.intersection(frame)
        let (sx, sy, sw, sh) = (Int(sample.minX), Int(sample.minY), Int(sample.width), Int(sample.height))
        let (bx, by, bw, bh) = (Int(box.minX), Int(box.minY), Int(box.width), Int(box.height))
        let k = job.sigma >= 24 ? 4 : job.sigma >= 12 ? 2 : 1
        let (lw, lh) = ((sw + k - 1) / k, (sh + k - 1) / k)
        guard let low = PixelBuffer(width: lw, height: lh), let out = PixelBuffer(width: bw, height: bh),
              let toLayer = job.toPixel.inverted else { return nil }
        context.withCanonicalPixels { pixels, stride in
            Self.reduce(pixels + sy * stride + sx * 4, width: sw, height: sh, bytesPerRow: stride, by: k, into: low)
            for y in 0..<bh {
                (out.bytes + y * out.bytesPerRow).copyMemory(from: pixels + (by + y) * stride + bx * 4, byteCount: bw * 4)
            }
        }
        // Variances add: the block average contributes (k² − 1)/12 and the bilinear enlargement about k²/6.
        let kk = Double(k * k)
        let lowSigma = (max(job.sigma * job.sigma - (kk - 1) / 12 - (k > 1 ? kk / 6 : 0), 0)).squareRoot() / Double(k)
        GaussianBlur.blur(low.bytes.assumingMemoryBound(to: UInt8.self), width: lw, height: lh, bytesPerRow: low.bytesPerRow,
                          sigma: lowSigma)
        let scale = Double(LayerGeometry.onScreenScale(of: job.bounds, under: job.toPixel))
        let shape = RoundedRectDistance(rect: job.bounds, radius: job.cornerRadius)
        let lowPixels = low.bytes.assumingMemoryBound(to: UInt8.self), lowStride = low.bytesPerRow
        for y in 0..<bh {
            let row = (out.bytes + y * out.bytesPerRow).assumingMemoryBound(to: UInt8.self)
            // The row's position in the reduced image (texel centres at half-integers), clamped to its edges.
            let v = min(max((Double(by + y - sy) + 0.5) / Double(k) - 0.5, 0), Double(lh - 1))
            let v0 = Int(v), v1 = min(v0 + 1, lh - 1), fv = v - Double(v0)
            for x in 0..<bw {
                // Coverage: the pixel centre's distance outside the shape, in pixels, through a one-pixel ramp.
                let p = toLayer.map(Double(bx + x) + 0.5, Double(by + y) + 0.5)
                guard p.w > 0 else { continue }
                let coverage = min(max(0.5 - shape.distance(p.x, p.y) * scale, 0), 1)
                guard coverage > 0 else { continue }
                let u = min(max((Double(bx + x - sx) + 0.5) / Double(k) - 0.5, 0), Double(lw - 1))
                let u0 = Int(u), u1 = min(u0 + 1, lw - 1), fu = u - Double(u0)
                @inline(__always) func texel(_ c: Int) -> Double {
                    let top = Double(lowPixels[v0 * lowStride + u0 * 4 + c]) * (1 - fu) + Double(lowPixels[v0 * lowStride + u1 * 4 + c]) * fu
                    let bottom = Double(lowPixels[v1 * lowStride + u0 * 4 + c]) * (1 - fu) + Double(lowPixels[v1 * lowStride + u1 * 4 + c]) * fu
                    return top * (1 - fv) + bottom * fv
                }
                var (b, g, r, a) = (texel(0), texel(1), texel(2), texel(3))
                job.recipe.adjust(&r, &g, &b, alpha: a)
                let o = row + x * 4
                if coverage >= 1 {
                    o[0] = UInt8(b.rounded()); o[1] = UInt8(g.rounded()); o[2] = UInt8(r.rounded()); o[3] = UInt8(a.rounded())
                    continue
                }
                let keep = 1 - coverage
                o[0] = UInt8((b * coverage + Double(o[0]) * keep).rounded())
                o[1] = UInt8((g * coverage + Double(o[1]) * keep).rounded())
                o[2] = UInt8((r * coverage + Double(o[2]) * keep).rounded())
                o[3] = UInt8((a * coverage + Double(o[3]) * keep).rounded())
            }
        }
        return BackdropResult(signature: job.signature, origin: (bx, by), pixels: out)
    }

    /// Averages `k` × `k` blocks of the pixels into `low` (blocks at the right and bottom edges average what they
    /// cover).
    private static func reduce(_ source: UnsafeMutableRawPointer, width: Int, height: Int, bytesPerRow: Int, by k: Int,
                               into low: PixelBuffer) {
        let src = source.assumingMemoryBound(to: UInt8.self)
        for ly in 0..<low.height {
            let dst = (low.bytes + ly * low.bytesPerRow).assumingMemoryBound(to: UInt8.self)
            let y0 = ly * k, y1 = min(y0 + k, height)
            for lx in 0..<low.width {
                let x0 = lx * k, x1 = min(x0 + k, width)
                var sum = (0, 0, 0, 0)
                for y in y0..<y1 {
                    let p = src + y * bytesPerRow
                    for x in x0..<x1 {
                        sum.0 += Int(p[x * 4]); sum.1 += Int(p[x * 4 + 1]); sum.2 += Int(p[x * 4 + 2]); sum.3 += Int(p[x * 4 + 3])
                    }
                }
                let n = (y1 - y0) * (x1 - x0), half = n / 2
                dst[lx * 4] = UInt8((sum.0 + half) / n); dst[lx * 4 + 1] = UInt8((sum.1 + half) / n)
                dst[lx * 4 + 2] = UInt8((sum.2 + half) / n); dst[lx * 4 + 3] = UInt8((sum.3 + half) / n)
            }
        }
    }
}

/// Signed distance from a point to a rounded rectangle (negative inside), in the rectangle's units.
struct RoundedRectDistance {
    let rect: CGRect
    let radius: Double

    init(rect: CGRect, radius: CGFloat) {
        self.rect = rect
        self.radius = min(Double(radius), Double(min(rect.width, rect.height)) / 2)
    }

    func distance(_ x: Double, _ y: Double) -> Double {
        let cx = Double(rect.midX), cy = Double(rect.midY)
        let hx = Double(rect.width) / 2 - radius, hy = Double(rect.height) / 2 - radius
        let qx = abs(x - cx) - hx, qy = abs(y - cy) - hy
        let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
        return outside + min(max(qx, qy), 0) - radius
    }
}
