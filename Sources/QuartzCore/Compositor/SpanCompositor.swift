@_implementationOnly import CSpanKernels

/// Our compositor for rotated, scaled and projected layers: for each destination row, the span the transformed
/// source covers is solved exactly (no wasted bounding-box corners). The per-pixel loop along it is C
/// (CSpanKernels): source coordinates stepped incrementally, sampled bilinearly (transparent outside the source,
/// which antialiases the edges over one texel), multiplied by the opacity and blended source-over, on
/// premultiplied BGRA in 8.8 fixed point — four pixels at a time with SSE2, eight with AVX2 and sixteen with
/// AVX-512 where the processor has them. (pixman's general transformed path does the same work per bounding-box pixel.)
enum SpanCompositor {
    /// `x` rounded down (or up) to an Int, saturating far outside any bitmap instead of trapping on huge values.
    @inline(__always) static func pixel(_ x: Double, _ rule: FloatingPointRoundingRule) -> Int {
        Int(max(-1e9, min(1e9, x.isNaN ? 0 : x)).rounded(rule))
    }

    /// The kernels' vector paths, narrowest first. Every path computes the same bytes.
    enum KernelWidth: Int32, CaseIterable { case sse2 = 0, avx2 = 1, avx512 = 2 }

    /// The path the kernels take: the widest the processor has, within the limit tests may set.
    static var kernelWidth: KernelWidth { KernelWidth(rawValue: calyx_span_kernels_width()) ?? .sse2 }

    /// Caps the kernels' path on the calling thread (all of them by default; tests lower it to compare the paths' bytes).
    static func limitKernelWidth(to widest: KernelWidth) { calyx_span_kernels_limit_width(widest.rawValue) }

    /// The kernels' alpha argument: the opacity in 0…256, flagged to add instead of blending source-over.
    static func kernelAlpha(_ alpha: Int, additive: Bool) -> Int64 { Int64(alpha) | (additive ? CALYX_SPAN_ADD : 0) }

    /// The transparent texels around a source the wide kernels read into (rasters are drawn with it already).
    static let sourceMargin = 2

    /// The kernel's view of `source`. With AVX2 or AVX-512 the kernels read two texels past every edge instead of
    /// checking bounds, so they get a copy with that margin (made once per buffer and kept with it).
    static func kernelSource(_ source: PixelBuffer) -> calyx_span_source {
        let texels = kernelWidth != .sse2 ? source.withMargin(sourceMargin) : source
        return calyx_span_source(pixels: UnsafePointer(texels.bytes.assumingMemoryBound(to: UInt32.self)),
                                 stride: Int64(texels.bytesPerRow / 4), width: Int64(texels.width), height: Int64(texels.height),
                                 margin: Int64(texels.margin))
    }

    /// Composites `source` with a perspective map (`sourceToTarget` takes source pixels to target pixels): each
    /// row's span comes from intersecting it with the projected quad; the kernel divides by w exactly every few
    /// pixels (more often where w changes fast) and interpolates between.
    static func compositeProjective(source: PixelBuffer, into target: UnsafeMutableRawPointer, bytesPerRow: Int, width: Int,
                                    height: Int, sourceToTarget h: Homography, opacity: Double,
                                    rows: Range<Int>? = nil, columns: Range<Int>? = nil, additive: Bool = false) {
        guard opacity > 0, let inv = h.inverted,
              let quad = h.quad(CGRect(x: -1, y: -1, width: source.width + 2, height: source.height + 2)) else { return }
        let clipRows = rows ?? 0..<height, clipColumns = columns ?? 0..<width
        let ys = quad.map(\.y)
        let y0 = max(clipRows.lowerBound, pixel(ys.min()!, .down)), y1 = min(clipRows.upperBound, pixel(ys.max()!, .up))
        guard y0 < y1 else { return }
        let alpha = opacity > 0 ? Int((min(opacity, 1) * 256).rounded()) : 0  // NaN draws nothing
        let kernel = kernelSource(source)
        calyx_span_prefetch(kernel)
        let (i0, i1, i2, i3, i4, i5, i6, i7, i8) = inv.m
        for y in y0..<y1 {
            let cy = Double(y) + 0.5
            // Where the scanline crosses the quad's edges.
            var lo = Double.infinity, hi = -Double.infinity
            for k in 0..<4 {
                let p = quad[k], q = quad[(k + 1) % 4]
                guard (p.y - cy) * (q.y - cy) <= 0, p.y != q.y else { continue }
                let x = p.x + (cy - p.y) * (q.x - p.x) / (q.y - p.y)
                lo = min(lo, x); hi = max(hi, x)
            }
            guard lo <= hi else { continue }
            let x0 = max(clipColumns.lowerBound, pixel(lo, .down)), x1 = min(clipColumns.upperBound, pixel(hi, .up) + 1)
            guard x0 < x1 else { continue }
            let row = target.advanced(by: y * bytesPerRow).assumingMemoryBound(to: UInt32.self)
            let cx = Double(x0) + 0.5
            calyx_span_projective(row + x0, Int64(x1 - x0), kernel, cx * i0 + cy * i3 + i6, cx * i1 + cy * i4 + i7,
                                  cx * i2 + cy * i5 + i8, i0, i1, i2, kernelAlpha(alpha, additive: additive))
        }
    }

    /// Composites `source` into `target` rows `rows` (so frames can be split into bands across cores).
    static func composite(source: PixelBuffer, into target: UnsafeMutableRawPointer, bytesPerRow: Int, width: Int, height: Int,
                          sourceToTarget m: CGAffineTransform, opacity: Double, rows: Range<Int>? = nil, columns: Range<Int>? = nil,
                          additive: Bool = false) {
        let det = m.a * m.d - m.b * m.c
        guard opacity > 0, det != 0, det.isFinite else { return }
        let inv = m.inverted()
        let sw = Double(source.width), sh = Double(source.height)
        // Destination rows the quad touches (grown by a texel for the antialiased rim).
        let box = CGRect(x: -1, y: -1, width: sw + 2, height: sh + 2).applying(m)
        let clipRows = rows ?? 0..<height
        let y0 = max(clipRows.lowerBound, pixel(box.minY, .down)), y1 = min(clipRows.upperBound, pixel(box.maxY, .up))
        guard y0 < y1 else { return }
        let alpha = opacity > 0 ? Int((min(opacity, 1) * 256).rounded()) : 0  // NaN draws nothing
        let kernel = kernelSource(source)
        calyx_span_prefetch(kernel)
        let clipColumns = columns ?? 0..<width
        calyx_span_affine_rows(target.assumingMemoryBound(to: UInt8.self), Int64(bytesPerRow), Int64(y0), Int64(y1),
                               Int64(clipColumns.lowerBound), Int64(clipColumns.upperBound), kernel,
                               inv.a, inv.b, inv.c, inv.d, inv.tx, inv.ty, kernelAlpha(alpha, additive: additive))
    }
}
