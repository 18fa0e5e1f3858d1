@_implementationOnly import CCairo

extension CGContext {
    /// Runs a text-drawing body (CoreText's) as one drawing operation. The body gets a Cairo context whose user
    /// space has its origin at `position` (user space), is mapped by the text matrix, and is flipped so y grows
    /// downward — the orientation Pango lays glyphs out in — so text stands upright in CoreGraphics' y-up space.
    /// Global alpha, shadow, mask clips and blend mode apply as for any drawing.
    package func drawText(at position: CGPoint, _ body: (OpaquePointer) -> Void) {
        guard position.isFinite, textMatrix.isUsableByCairo else { return }
        paint { target in
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
