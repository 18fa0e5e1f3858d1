@_implementationOnly import CCairo

extension CGContext {
    /// Runs a text-drawing body (CoreText's) as one drawing operation. The body gets a Cairo context whose user
    /// space has its origin at `position` (user space), is mapped by the text matrix, and is flipped so y grows
    /// downward — the orientation Pango lays glyphs out in — so text stands upright in CoreGraphics' y-up space.
    /// Global alpha, shadow, mask clips and blend mode apply as for any drawing.
    package func drawText(at position: CGPoint, _ body: (OpaquePointer) -> Void) {
        guard position.isFinite, textMatrix.isUsableByCairo else { return }
        paint { target in
            var current = cairo_matrix_t()
            cairo_get_matrix(target, &current)
            let placement = textMatrix.concatenating(CGAffineTransform(translationX: position.x, y: position.y))
                .concatenating(CGAffineTransform(current))
            guard placement.isUsableByCairo else { return }
            cairo_save(target)
            cairo_translate(target, position.x, position.y)
            cairo_transform(target, [cairo_matrix_t(textMatrix)])
            cairo_scale(target, 1, -1)
            if state.alpha < 1 {
                cairo_push_group(target)
                body(target)
                cairo_pop_group_to_source(target)
                cairo_paint_with_alpha(target, Double(state.alpha))
            } else {
                body(target)
            }
            cairo_restore(target)
        }
    }
}

/// Font rendering settings, as Apple's `CGContext` keeps them: each `should…` wish is part of the graphics state
/// and takes effect only while the context's matching `allows…` switch is on (all on by default for bitmap
/// contexts). Glyphs here are always placed at fractional positions and smoothed in grey by Cairo, so these
/// settings are kept and reported but do not change the pixels; antialiasing (`setShouldAntialias`) does.
extension CGContext {
    /// Asks for smoothed glyphs (kept in the graphics state; applies while `setAllowsFontSmoothing(true)`).
    public func setShouldSmoothFonts(_ shouldSmoothFonts: Bool) { state.fontRendering.smooths = shouldSmoothFonts }
    /// Allows or forbids font smoothing, whatever the graphics state asks.
    public func setAllowsFontSmoothing(_ allowsFontSmoothing: Bool) { fontPermissions.smooths = allowsFontSmoothing }
    /// Asks for glyphs at fractional positions (kept in the graphics state).
    public func setShouldSubpixelPositionFonts(_ shouldSubpixelPositionFonts: Bool) {
        state.fontRendering.subpixelPositions = shouldSubpixelPositionFonts
    }
    /// Allows or forbids fractional glyph positions, whatever the graphics state asks.
    public func setAllowsFontSubpixelPositioning(_ allowsFontSubpixelPositioning: Bool) {
        fontPermissions.subpixelPositions = allowsFontSubpixelPositioning
    }
    /// Asks for fractional positions rounded to a few steps (kept in the graphics state).
    public func setShouldSubpixelQuantizeFonts(_ shouldSubpixelQuantizeFonts: Bool) {
        state.fontRendering.subpixelQuantizes = shouldSubpixelQuantizeFonts
    }
    /// Allows or forbids quantized glyph positions, whatever the graphics state asks.
    public func setAllowsFontSubpixelQuantization(_ allowsFontSubpixelQuantization: Bool) {
        fontPermissions.subpixelQuantizes = allowsFontSubpixelQuantization
    }

    /// The font rendering in effect: each wish that its switch allows.
    package var effectiveFontRendering: (smooths: Bool, subpixelPositions: Bool, subpixelQuantizes: Bool) {
        (state.fontRendering.smooths && fontPermissions.smooths,
         state.fontRendering.subpixelPositions && fontPermissions.subpixelPositions,
         state.fontRendering.subpixelQuantizes && fontPermissions.subpixelQuantizes)
    }
}
