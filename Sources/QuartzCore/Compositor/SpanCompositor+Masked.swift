@_implementationOnly import CSpanKernels

extension SpanCompositor {
    /// Where the horizontal line at `y` crosses a convex quad: its leftmost and rightmost crossings, or nil.
    static func scanlineSpan(of quad: [CGPoint], atY y: Double) -> (low: Double, high: Double)? {
        var low = Double.infinity, high = -Double.infinity
        for k in 0..<quad.count {
            let p = quad[k], q = quad[(k + 1) % quad.count]
            guard (p.y - y) * (q.y - y) <= 0, p.y != q.y else { continue }
            let x = p.x + (y - p.y) * (q.x - p.x) / (q.y - p.y)
            low = min(low, x); high = max(high, x)
        }
        return low <= high ? (low, high) : nil
    }

    /// A sampler of `image` placed by `toPixel` (inverted as `inverse`) at the row's pixel centre (`x`, `y`).
    private static func sampler(_ source: calyx_span_source, inverse: Homography, affine: Bool, x: Double, y: Double,
                                alpha: Int64) -> calyx_row_sampler {
        let (i0, i1, i2, i3, i4, i5, i6, i7, i8) = inverse.m
        if affine {
            return calyx_row_sampler(source: source, U: x * i0 + y * i3 + i6, V: x * i1 + y * i4 + i7, W: 1,
                                     dU: i0, dV: i1, dW: 0, alpha: alpha)
        }
        return calyx_row_sampler(source: source, U: x * i0 + y * i3 + i6, V: x * i1 + y * i4 + i7, W: x * i2 + y * i5 + i8,
                                 dU: i0, dV: i1, dW: i2, alpha: alpha)
    }

    /// Composites `source` placed by `sourceToTarget` at `opacity`, each pixel multiplied by the coverage of
    /// every mask in `masks`, into `rows` × `columns` of the target. Each row's span is where the source's quad
    /// and every mask's quad cross it; the kernel samples the source and the masks along it (CSpanKernels'
    /// `calyx_span_masked`).
    static func compositeMasked(source: PixelBuffer, into target: UnsafeMutableRawPointer, bytesPerRow: Int,
                                sourceToTarget h: Homography, opacity: Double, masks: [CoverageMask],
                                rows: Range<Int>, columns: Range<Int>, additive: Bool) {
        guard opacity > 0, !columns.isEmpty, let inverse = h.inverted,
              let quad = h.quad(CGRect(x: -1, y: -1, width: source.width + 2, height: source.height + 2)) else { return }
        var quads = [quad]
        var maskInverses: [Homography] = [], maskSources: [calyx_span_source] = [], maskAlphas: [Int64] = []
        for mask in masks {
            guard mask.opacity > 0, let q = mask.toPixel.quad(CGRect(x: -1, y: -1, width: mask.image.width + 2, height: mask.image.height + 2)),
                  let i = mask.toPixel.inverted else { return }
            quads.append(q); maskInverses.append(i)
            maskSources.append(kernelSource(mask.image))
            maskAlphas.append(Int64((min(mask.opacity, 1) * 256).rounded()))
        }
        let ys = quads.map { q in (q.map(\.y).min()!, q.map(\.y).max()!) }
        let top = ys.map(\.0).max()!, bottom = ys.map(\.1).min()!
        let y0 = max(rows.lowerBound, pixel(top, .down)), y1 = min(rows.upperBound, pixel(bottom, .up))
        guard y0 < y1 else { return }
        let alpha = kernelAlpha(Int((min(opacity, 1) * 256).rounded()), additive: additive)
        let kernel = kernelSource(source)
        let sourceAffine = h.isAffine
        let maskAffine = masks.map(\.toPixel.isAffine)
        let scratch = UnsafeMutablePointer<UInt32>.allocate(capacity: 2 * columns.count)
        defer { scratch.deallocate() }
        var samplers = [calyx_row_sampler](repeating: calyx_row_sampler(), count: masks.count)
        for y in y0..<y1 {
            let cy = Double(y) + 0.5
            var low = -Double.infinity, high = Double.infinity
            for q in quads {
                guard let span = scanlineSpan(of: q, atY: cy) else { low = .infinity; break }
                low = max(low, span.low); high = min(high, span.high)
            }
            guard low <= high else { continue }
            let x0 = max(columns.lowerBound, pixel(low, .down)), x1 = min(columns.upperBound, pixel(high, .up) + 1)
            guard x0 < x1 else { continue }
            let cx = Double(x0) + 0.5
            var picture = sampler(kernel, inverse: inverse, affine: sourceAffine, x: cx, y: cy, alpha: 256)
            for k in masks.indices {
                samplers[k] = sampler(maskSources[k], inverse: maskInverses[k], affine: maskAffine[k], x: cx, y: cy, alpha: maskAlphas[k])
            }
            let row = target.advanced(by: y * bytesPerRow).assumingMemoryBound(to: UInt32.self) + x0
            samplers.withUnsafeBufferPointer { masks in
                calyx_span_masked(row, Int64(x1 - x0), &picture, masks.baseAddress, Int64(masks.count), alpha, scratch)
            }
        }
    }
}
