@_implementationOnly import CCairo

extension CGContext {
    /// Intersects the clip with the current path (non-zero rule) and clears the path.
    public func clip(using rule: CGPathFillRule = .winding) {
        clipToDevicePath(cr, rule: rule == .winding ? CAIRO_FILL_RULE_WINDING : CAIRO_FILL_RULE_EVEN_ODD) {
            cairoAppend(devicePath, to: cr)
        }
        beginPath()
    }

    /// Intersects `target`'s clip with the device-space path `addPath` puts into it, filled by `rule`.
    private func clipToDevicePath(_ target: OpaquePointer, rule: cairo_fill_rule_t, _ addPath: () -> Void) {
        cairo_save(target); cairo_identity_matrix(target); cairo_new_path(target)
        addPath()
        cairo_restore(target)
        cairo_set_fill_rule(target, rule)
        cairo_clip(target)
        if target == cr { state.isClipped = true; state.deviceClipRect = nil }
    }

    /// Intersects `target`'s clip with `shape` (in user space) without touching the context's current path: the
    /// shape goes to Cairo in device space, within the range Cairo can hold.
    func clip(_ target: OpaquePointer, toUserShape shape: CGPath, rule: cairo_fill_rule_t = CAIRO_FILL_RULE_WINDING) {
        let device = CGMutablePath()
        device.addPath(shape, transform: cairoTransform)
        clipToDevicePath(target, rule: rule) { cairoAppend(device, to: target) }
    }

    /// Intersects the clip with `rect` (user space); the current path is kept.
    public func clip(to rect: CGRect) { clip(to: [rect]) }

    /// Intersects the clip with the union of `rects`; the current path is kept.
    public func clip(to rects: [CGRect]) {
        // One rectangle landing on whole device pixels, with no other clip before it, is also kept as a pixel
        // rectangle, which coverage fills honour (a compositor clipping to its damage keeps the fast fills).
        let wasClipped = state.isClipped
        let m = cairoTransform
        let device = rects.count == 1 && state.singularCTM == nil && m.b == 0 && m.c == 0 ? rects[0].applying(m) : nil
        let wholePixels = device.flatMap(WholePixelRect.init(exactly:))
        if let device, CairoCoordinateGuard.fits(device) {
            // One rectangle kept square by the transform goes to Cairo as that rectangle, with no path built for
            // it (the compositor clips to its damage around every drawing).
            let box = device.standardized
            clipToDevicePath(cr, rule: CAIRO_FILL_RULE_WINDING) { cairo_rectangle(cr, box.minX, box.minY, box.width, box.height) }
        } else {
            let saved = devicePath
            devicePath = CGMutablePath()
            addRects(rects)
            clip(using: .winding)
            devicePath = saved
        }
        if !wasClipped, let wholePixels {
            state.isClipped = false
            state.pixelClip = state.pixelClip.map { $0.intersection(wholePixels) } ?? wholePixels
        } else if !wasClipped, state.pixelClip == nil, let device, CairoCoordinateGuard.fits(device) {
            state.deviceClipRect = device.standardized
        }
    }

    /// Intersects the clip with `rect` and masks later drawing by `mask` drawn into `rect`: an image with alpha
    /// masks by its alpha; an opaque (or gray) image by its luminance, white painting and black hiding.
    public func clip(to rect: CGRect, mask: CGImage) {
        let newMask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height))!
        let mcr = cairo_create(newMask)!
        // Draw the mask image (as alpha) into device space exactly as draw(_:in:) would place it.
        let alphaSource = maskAlphaSurface(of: mask)
        // A placement Cairo cannot take (the mask squashed to nothing, or blown past overflow) leaves the new mask
        // empty: everything is clipped out.
        let placement = imagePlacement(for: mask, in: rect).concatenating(cairoTransform)
        if placement.isUsableByCairo {
            cairo_set_matrix(mcr, [cairo_matrix_t(placement)])
            cairo_set_source_surface(mcr, alphaSource, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(mcr), state.interpolationQuality.cairoFilter)
            cairo_rectangle(mcr, 0, 0, Double(mask.width), Double(mask.height))
            cairo_fill(mcr)
        }
        if let previous = state.clipMask {
            cairo_identity_matrix(mcr)
            cairo_set_operator(mcr, CAIRO_OPERATOR_DEST_IN)
            cairo_set_source_surface(mcr, previous.surface, 0, 0)
            cairo_paint(mcr)
        }
        cairo_destroy(mcr)
        cairo_surface_destroy(alphaSource)
        state.clipMask = MaskSurface(surface: newMask)
        clip(to: rect)
    }

    /// Resets the clip to the whole bitmap and drops mask clips.
    public func resetClip() {
        cairo_reset_clip(cr)
        state.clipMask = nil
        state.isClipped = false
        state.pixelClip = nil
        state.deviceClipRect = nil
    }

    /// The clip's bounding box in user space.
    public var boundingBoxOfClipPath: CGRect {
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        return CGRect(x: x1, y: y1, width: x2 - x1, height: y2 - y1).standardized
    }

    /// An A8 surface of the image's mask value per pixel (alpha, or luminance for opaque images).
    private func maskAlphaSurface(of image: CGImage) -> OpaquePointer {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(image.width), Int32(image.height))!
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let dst = cairo_image_surface_get_data(surface)!
        let src = image.pixels.bytes.assumingMemoryBound(to: UInt8.self)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = src + y * image.pixels.bytesPerRow + x * 4
                dst[y * stride + x] = image.isOpaque ? luma(r: p[2], g: p[1], b: p[0]) : p[3]
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }
}

/// Rec. 709 luma of 8-bit sRGB-encoded components (in the encoded domain, as masks use it).
@inline(__always) func luma(r: UInt8, g: UInt8, b: UInt8) -> UInt8 {
    let weighted: Int = 2126 * Int(r) + 7152 * Int(g) + 722 * Int(b)
    return UInt8((weighted + 5000) / 10000)
}
