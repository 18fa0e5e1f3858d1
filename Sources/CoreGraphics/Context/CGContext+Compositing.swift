@_implementationOnly import CCairo

extension CGContext {
    /// Runs one drawing operation. `body` draws with Cairo using the context's current matrix, line style and
    /// clip, with colours already multiplied by the global alpha. Without a shadow or mask clip it draws in
    /// place with the blend mode; otherwise it draws into a device-sized layer that is then composited:
    /// shadow (blurred layer alpha, tinted, offset), then the layer, through the mask.
    func paint(_ body: (OpaquePointer) -> Void) {
        guard state.singularCTM == nil else { drawingOperations &+= 1; return }  // a collapsed user space covers no pixels
        defer { didDraw() }
        if state.shadow == nil && state.clipMask == nil {
            cairo_set_operator(cr, state.blendMode.cairoOperator)
            body(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
            return
        }
        let layer = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        defer { cairo_surface_destroy(layer) }
        let lcr = cairo_create(layer)!
        copyDrawingState(to: lcr)
        body(lcr)
        cairo_destroy(lcr)
        cairo_surface_flush(layer)

        cairo_save(cr)
        cairo_identity_matrix(cr)
        if state.clipMask != nil { cairo_push_group(cr) } else { cairo_set_operator(cr, state.blendMode.cairoOperator) }
        if let shadow = state.shadow, let blurred = shadowMask(of: layer, blur: shadow.blur) {
            cairoSetColor(cr, shadow.color)
            cairo_mask_surface(cr, blurred, shadow.offset.width, -shadow.offset.height)
            cairo_surface_destroy(blurred)
        }
        cairo_set_source_surface(cr, layer, 0, 0)
        cairo_paint(cr)
        if let mask = state.clipMask {
            cairo_pop_group_to_source(cr)
            cairo_set_operator(cr, state.blendMode.cairoOperator)
            cairo_mask_surface(cr, mask.surface, 0, 0)
        }
        cairo_restore(cr)
    }

    /// Copies what a drawing body needs from the main Cairo context onto a layer's: matrix, line style,
    /// dash, antialiasing, tolerance. (The clip is applied when the layer is composited.)
    private func copyDrawingState(to lcr: OpaquePointer) {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        cairo_set_matrix(lcr, &m)
        cairo_set_line_width(lcr, cairo_get_line_width(cr))
        cairo_set_line_cap(lcr, cairo_get_line_cap(cr))
        cairo_set_line_join(lcr, cairo_get_line_join(cr))
        cairo_set_miter_limit(lcr, cairo_get_miter_limit(cr))
        cairo_set_antialias(lcr, cairo_get_antialias(cr))
        cairo_set_tolerance(lcr, cairo_get_tolerance(cr))
        let count = Int(cairo_get_dash_count(cr))
        if count > 0 {
            var dashes = [Double](repeating: 0, count: count)
            var offset = 0.0
            cairo_get_dash(cr, &dashes, &offset)
            cairo_set_dash(lcr, dashes, Int32(count), offset)
        }
    }

    /// The layer's alpha blurred with σ = blur / 2, as an A8 surface (caller destroys it).
    private func shadowMask(of layer: OpaquePointer, blur: CGFloat) -> OpaquePointer? {
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_A8, Int32(width)))
        guard let src = cairo_image_surface_get_data(layer) else { return nil }
        let srcStride = Int(cairo_image_surface_get_stride(layer))
        var plane = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height { for x in 0..<width { plane[y * width + x] = src[y * srcStride + x * 4 + 3] } }
        BoxBlur.blur(&plane, width: width, height: height, sigma: Double(blur) / 2)
        let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height))!
        cairo_surface_flush(mask)
        let dst = cairo_image_surface_get_data(mask)!
        for y in 0..<height { for x in 0..<width { dst[y * stride + x] = plane[y * width + x] } }
        cairo_surface_mark_dirty(mask)
        return mask
    }
}
