/// Our compositor for rotated and scaled layers: for each destination row, the span the transformed source
/// covers is solved exactly (no wasted bounding-box corners), source coordinates are stepped incrementally
/// along it, sampled bilinearly (transparent outside the source, which antialiases the edges over one texel),
/// multiplied by the opacity and blended source-over — all in 8.8 fixed-point integer arithmetic on
/// premultiplied BGRA. (pixman's general transformed path does the same work per bounding-box pixel.)
enum SpanCompositor {
    // Pixels are packed BGRA; arithmetic works on two 8-bit channels at once in the 0x00FF00FF lanes of an Int,
    // each lane kept below 16 bits so the lanes never carry into each other.

    /// a + (b − a)·f/256 on both lanes (f in 0…256).
    @inline(__always) static func lerpLanes(_ a: Int, _ b: Int, _ f: Int) -> Int { ((a * (256 - f) + b * f) >> 8) & 0x00FF_00FF }

    /// Bilinear interpolation of four packed pixels with 8-bit fractions.
    @inline(__always) static func bilinear(_ p00: UInt32, _ p10: UInt32, _ p01: UInt32, _ p11: UInt32, _ fu: Int, _ fv: Int) -> UInt32 {
        let m = 0x00FF_00FF
        let rb = lerpLanes(lerpLanes(Int(p00) & m, Int(p10) & m, fu), lerpLanes(Int(p01) & m, Int(p11) & m, fu), fv)
        let ag = lerpLanes(lerpLanes(Int(p00 >> 8) & m, Int(p10 >> 8) & m, fu), lerpLanes(Int(p01 >> 8) & m, Int(p11 >> 8) & m, fu), fv)
        return UInt32(truncatingIfNeeded: rb | (ag << 8))
    }

    /// Every channel × f/256 (f in 0…256).
    @inline(__always) static func scale(_ p: UInt32, _ f: Int) -> UInt32 {
        let m = 0x00FF_00FF
        // (Swift's >> binds tighter than *: the products are parenthesised.)
        let rb = (((Int(p) & m) * f) >> 8) & m, ag = (((Int(p >> 8) & m) * f) >> 8) & m
        return UInt32(truncatingIfNeeded: rb | (ag << 8))
    }

    /// Every channel × k/255, rounded (k in 0…255): the destination's share in source-over.
    @inline(__always) static func scale255(_ p: UInt32, _ k: Int) -> UInt32 {
        let m = 0x00FF_00FF
        func lanes(_ x: Int) -> Int { let t = x * k + 0x0080_0080; return ((t + ((t >> 8) & m)) >> 8) & m }
        return UInt32(truncatingIfNeeded: lanes(Int(p) & m) | (lanes(Int(p >> 8) & m) << 8))
    }

    /// The bilinear sample at 16.16 fixed-point texel coordinates (texel centres at whole numbers); texels
    /// outside the source are transparent.
    @inline(__always)
    static func sample(_ src: UnsafeMutablePointer<UInt32>, _ srcStride: Int, _ sW: Int, _ sH: Int, _ u: Int, _ v: Int) -> UInt32 {
        let iu = u >> 16, iv = v >> 16
        let fu = (u >> 8) & 0xFF, fv = (v >> 8) & 0xFF
        if iu >= 0 && iv >= 0 && iu < sW - 1 && iv < sH - 1 {
            // Interior: all four texels inside the source, read from two rows directly.
            let top = src + iv * srcStride + iu, bottom = top + srcStride
            return bilinear(top[0], top[1], bottom[0], bottom[1], fu, fv)
        }
        guard iu >= -1 && iv >= -1 && iu < sW && iv < sH else { return 0 }
        @inline(__always) func texel(_ tx: Int, _ ty: Int) -> UInt32 {
            tx >= 0 && ty >= 0 && tx < sW && ty < sH ? src[ty * srcStride + tx] : 0
        }
        return bilinear(texel(iu, iv), texel(iu + 1, iv), texel(iu, iv + 1), texel(iu + 1, iv + 1), fu, fv)
    }

    /// Source-over of `s` scaled by `alpha`/256 onto the pixel at `destination`.
    @inline(__always)
    static func blend(_ sample: UInt32, _ alpha: Int, into destination: UnsafeMutablePointer<UInt32>) {
        guard sample != 0 else { return }
        let s = alpha < 256 ? scale(sample, alpha) : sample
        let sa = s >> 24
        destination.pointee = sa == 255 ? s : s &+ scale255(destination.pointee, 255 - Int(sa))
    }

    /// Composites `source` with a perspective map (`sourceToTarget` takes source pixels to target pixels): each
    /// row's span comes from intersecting it with the projected quad, and each pixel divides by w once.
    static func compositeProjective(source: PixelBuffer, into target: UnsafeMutableRawPointer, bytesPerRow: Int, width: Int,
                                    height: Int, sourceToTarget h: Homography, opacity: Double,
                                    rows: Range<Int>? = nil, columns: Range<Int>? = nil) {
        guard opacity > 0, let inv = h.inverted,
              let quad = h.quad(CGRect(x: -1, y: -1, width: source.width + 2, height: source.height + 2)) else { return }
        let clipRows = rows ?? 0..<height, clipColumns = columns ?? 0..<width
        let ys = quad.map(\.y)
        let y0 = max(clipRows.lowerBound, Int(ys.min()!.rounded(.down))), y1 = min(clipRows.upperBound, Int(ys.max()!.rounded(.up)))
        guard y0 < y1 else { return }
        let alpha = Int((min(opacity, 1) * 256).rounded())
        let src = source.bytes.assumingMemoryBound(to: UInt32.self)
        let srcStride = source.bytesPerRow / 4, sW = source.width, sH = source.height
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
            let x0 = max(clipColumns.lowerBound, Int(lo.rounded(.down))), x1 = min(clipColumns.upperBound, Int(hi.rounded(.up)) + 1)
            guard x0 < x1 else { continue }
            let row = target.advanced(by: y * bytesPerRow).assumingMemoryBound(to: UInt32.self)
            let cx = Double(x0) + 0.5
            var U = cx * i0 + cy * i3 + i6, V = cx * i1 + cy * i4 + i7, W = cx * i2 + cy * i5 + i8
            for x in x0..<x1 {
                if W > 0 {
                    let r = 1 / W
                    let u = Int(((U * r - 0.5) * 65536).rounded(.down)), v = Int(((V * r - 0.5) * 65536).rounded(.down))
                    blend(sample(src, srcStride, sW, sH, u, v), alpha, into: row + x)
                }
                U += i0; V += i1; W += i2
            }
        }
    }

    /// Composites `source` into `target` rows `rows` (so frames can be split into bands across cores).
    static func composite(source: PixelBuffer, into target: UnsafeMutableRawPointer, bytesPerRow: Int, width: Int, height: Int,
                          sourceToTarget m: CGAffineTransform, opacity: Double, rows: Range<Int>? = nil, columns: Range<Int>? = nil) {
        let det = m.a * m.d - m.b * m.c
        guard opacity > 0, det != 0, det.isFinite else { return }
        let inv = m.inverted()
        let sw = Double(source.width), sh = Double(source.height)
        // Destination rows the quad touches (grown by a texel for the antialiased rim).
        let box = CGRect(x: -1, y: -1, width: sw + 2, height: sh + 2).applying(m)
        let clipRows = rows ?? 0..<height
        let y0 = max(clipRows.lowerBound, Int(box.minY.rounded(.down))), y1 = min(clipRows.upperBound, Int(box.maxY.rounded(.up)))
        guard y0 < y1 else { return }
        let alpha = Int((min(opacity, 1) * 256).rounded())
        let src = source.bytes.assumingMemoryBound(to: UInt32.self)
        let srcStride = source.bytesPerRow / 4
        let sW = source.width, sH = source.height
        // u(x, y) = inv.a·x + inv.c·y + inv.tx (row vectors), likewise v; at pixel centres, in texel units with
        // texel centres at i + 0.5, so sample coordinates are u − 0.5.
        let du = inv.a, dv = inv.b
        for y in y0..<y1 {
            let cy = Double(y) + 0.5
            let u0 = inv.c * cy + inv.tx - 0.5, v0 = inv.d * cy + inv.ty - 0.5
            // x where −1 < u(x) − … < w (the sample touches a texel): solve both axes, intersect.
            let clipColumns = columns ?? 0..<width
            var xLow = Double(clipColumns.lowerBound), xHigh = Double(clipColumns.upperBound)
            func clamp(_ start: Double, _ slope: Double, _ limit: Double) {
                // start + slope·(x + 0.5) ∈ (−1, limit)
                if abs(slope) < 1e-12 {
                    if !(start + slope * 0.5 > -1 && start + slope * 0.5 < limit) { xHigh = -1 }
                    return
                }
                let a = (-1 - start) / slope - 0.5, b = (limit - start) / slope - 0.5
                xLow = max(xLow, min(a, b)); xHigh = min(xHigh, max(a, b))
            }
            clamp(u0, du, Double(sW))
            clamp(v0, dv, Double(sH))
            let x0 = max(clipColumns.lowerBound, Int(xLow.rounded(.down))), x1 = min(clipColumns.upperBound, Int(xHigh.rounded(.up)) + 1)
            guard x0 < x1 else { continue }
            let row = target.advanced(by: y * bytesPerRow).assumingMemoryBound(to: UInt32.self)
            // Fixed point 16.16 stepping.
            var u = Int(((u0 + du * (Double(x0) + 0.5)) * 65536).rounded()), v = Int(((v0 + dv * (Double(x0) + 0.5)) * 65536).rounded())
            let stepU = Int((du * 65536).rounded()), stepV = Int((dv * 65536).rounded())
            var x = x0
            while x < x1 {
                blend(sample(src, srcStride, sW, sH, u, v), alpha, into: row + x)
                u += stepU; v += stepV; x += 1
            }
        }
    }
}
