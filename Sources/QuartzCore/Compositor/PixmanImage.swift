@_implementationOnly import CPixman

/// Composites premultiplied BGRA images with pixman: the per-layer blit of the frame compositor.
enum PixmanBlit {
    /// Draws `source` (pixels, rows top first) into `target` with `sourceToTarget` (row-vector affine: source pixel
    /// coordinates to target pixel coordinates), multiplied by `opacity`, with source-over (or, `replacing`,
    /// instead of what was there). Pure integer translations sample nearest (pixman's fast path); anything else
    /// samples bilinearly, which also softens the transformed edges by one pixel.
    static func composite(source: PixelBuffer, into target: UnsafeMutableRawPointer, bytesPerRow: Int, width: Int, height: Int,
                          sourceToTarget m: CGAffineTransform, opacity: Double, rows: Range<Int>? = nil, columns: Range<Int>? = nil,
                          replacing: Bool = false) {
        composite(source: source, into: target, bytesPerRow: bytesPerRow, width: width, height: height,
                  sourceToTarget: Homography(m), opacity: opacity, rows: rows, columns: columns, replacing: replacing)
    }

    /// The same with a projective map (pixman divides by w per pixel on its general path).
    static func composite(source: PixelBuffer, into target: UnsafeMutableRawPointer, bytesPerRow: Int, width: Int, height: Int,
                          sourceToTarget h: Homography, opacity: Double, rows: Range<Int>? = nil, columns: Range<Int>? = nil,
                          replacing: Bool = false) {
        guard opacity > 0, let inverse = h.inverted,
              let quad = h.quad(CGRect(x: 0, y: 0, width: source.width, height: source.height)) else { return }
        // A whole-pixel translation takes pixman's fast path; anything else its general (transformed) path.
        let offset = h.wholePixelOffset
        guard let dst = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(width), Int32(height),
                                                 target.assumingMemoryBound(to: UInt32.self), Int32(bytesPerRow)),
              let src = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(source.width), Int32(source.height),
                                                 source.bytes.assumingMemoryBound(to: UInt32.self), Int32(source.bytesPerRow))
        else { return }
        defer { pixman_image_unref(dst); pixman_image_unref(src) }
        // pixman maps destination pixel centres to source coordinates (column vectors).
        // pixman's matrices are column-vector: the transpose of ours.
        var f = pixman_f_transform()
        let i = inverse.m
        f.m = ((i.0, i.3, i.6), (i.1, i.4, i.7), (i.2, i.5, i.8))
        var fixed = pixman_transform()
        guard pixman_transform_from_pixman_f_transform(&fixed, &f) != 0 else { return }
        if offset == nil {
            pixman_image_set_transform(src, &fixed)
            pixman_image_set_filter(src, PIXMAN_FILTER_BILINEAR, nil, 0)
        }
        pixman_image_set_repeat(src, PIXMAN_REPEAT_NONE)
        var mask: OpaquePointer?
        if opacity < 1 {
            var color = pixman_color_t(red: 0, green: 0, blue: 0, alpha: UInt16((min(opacity, 1) * 65535).rounded()))
            mask = pixman_image_create_solid_fill(&color)
        }
        defer { if let mask { pixman_image_unref(mask) } }
        // The affected rectangle: the transformed source bounds, clipped to the target. A whole-pixel translation
        // covers the source's pixels exactly: a pixel more around them (what a resampled blit's edges reach) asks
        // pixman for samples outside the source, which sends it from its copying fast paths to its general one.
        let band = rows ?? 0..<height, span = columns ?? 0..<width
        let reach = offset.map { CGRect(x: $0.x, y: $0.y, width: source.width, height: source.height) }
            ?? CGRect.enclosing(quad).insetBy(dx: -1, dy: -1)
        let box = reach.intersection(CGRect(x: span.lowerBound, y: band.lowerBound, width: span.count, height: band.count))
        guard !box.isNull, !box.isEmpty else { return }
        let x = Int(box.minX.rounded(.down)), y = Int(box.minY.rounded(.down))
        let w = Int(box.maxX.rounded(.up)) - x, h = Int(box.maxY.rounded(.up)) - y
        let op = replacing ? PIXMAN_OP_SRC : PIXMAN_OP_OVER
        if let offset {
            pixman_image_composite32(op, src, mask, dst, Int32(x - offset.x), Int32(y - offset.y), 0, 0,
                                     Int32(x), Int32(y), Int32(w), Int32(h))
        } else {
            pixman_image_composite32(op, src, mask, dst, Int32(x), Int32(y), 0, 0, Int32(x), Int32(y), Int32(w), Int32(h))
        }
    }
}

extension PixmanBlit {
    /// Blends `band` (premultiplied BGRA, `rows.count` rows of the frame's width, the first being row
    /// `rows.lowerBound`) into the same pixels of `target` with `mode`'s PDF formula (pixman's blend operators,
    /// the ones Cairo and so `CGBlendMode` use), within `columns`.
    static func blend(band: UnsafeMutableRawPointer, into target: UnsafeMutableRawPointer, bytesPerRow: Int, width: Int,
                      height: Int, rows: Range<Int>, columns: Range<Int>, mode: CGBlendMode) {
        guard let dst = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(width), Int32(height),
                                                 target.assumingMemoryBound(to: UInt32.self), Int32(bytesPerRow)),
              let src = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(width), Int32(rows.count),
                                                 band.assumingMemoryBound(to: UInt32.self), Int32(bytesPerRow))
        else { return }
        defer { pixman_image_unref(dst); pixman_image_unref(src) }
        pixman_image_composite32(operation(for: mode), src, nil, dst, Int32(columns.lowerBound), 0, 0, 0,
                                 Int32(columns.lowerBound), Int32(rows.lowerBound), Int32(columns.count), Int32(rows.count))
    }

    private static func operation(for mode: CGBlendMode) -> pixman_op_t {
        switch mode {
        case .multiply: return PIXMAN_OP_MULTIPLY
        case .screen: return PIXMAN_OP_SCREEN
        case .overlay: return PIXMAN_OP_OVERLAY
        case .darken: return PIXMAN_OP_DARKEN
        case .lighten: return PIXMAN_OP_LIGHTEN
        case .colorDodge: return PIXMAN_OP_COLOR_DODGE
        case .colorBurn: return PIXMAN_OP_COLOR_BURN
        case .hardLight: return PIXMAN_OP_HARD_LIGHT
        case .softLight: return PIXMAN_OP_SOFT_LIGHT
        case .difference: return PIXMAN_OP_DIFFERENCE
        case .exclusion: return PIXMAN_OP_EXCLUSION
        case .hue: return PIXMAN_OP_HSL_HUE
        case .saturation: return PIXMAN_OP_HSL_SATURATION
        case .color: return PIXMAN_OP_HSL_COLOR
        case .luminosity: return PIXMAN_OP_HSL_LUMINOSITY
        case .plusLighter: return PIXMAN_OP_ADD
        default: return PIXMAN_OP_OVER
        }
    }
}
