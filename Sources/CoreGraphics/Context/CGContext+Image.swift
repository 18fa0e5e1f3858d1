@_implementationOnly import CCairo

extension CGContext {
    /// Draws `image` scaled to fill `rect` (user space), upright: its top row at `rect.maxY`, as CoreGraphics
    /// draws images in a y-up space. With `byTiling`, the image repeats at that size across the whole clip.
    public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool = false) {
        let r = rect.standardized
        guard r.width > 0, r.height > 0, [r.minX, r.minY, r.width, r.height].allSatisfy(\.isFinite) else { return }
        let source = cairoSurface(reading: image.pixels)
        defer { cairo_surface_destroy(source) }
        let placement = imagePlacement(for: image, in: r)
        let filter = image.shouldInterpolate || state.interpolationQuality != .default
            ? state.interpolationQuality.cairoFilter : CAIRO_FILTER_NEAREST
        paint { target in
            var current = cairo_matrix_t()
            cairo_get_matrix(target, &current)
            guard placement.concatenating(CGAffineTransform(current)).isUsableByCairo else { return }
            cairo_save(target)
            if !byTiling { clip(target, toUserShape: CGPath(rect: r, transform: nil)) }
            cairo_transform(target, [cairo_matrix_t(placement)])
            cairo_set_source_surface(target, source, 0, 0)
            let pattern = cairo_get_source(target)
            cairo_pattern_set_filter(pattern, filter)
            // Tiles repeat across the clip; a single image pads so scaled edges stay crisp instead of fading.
            cairo_pattern_set_extend(pattern, byTiling ? CAIRO_EXTEND_REPEAT : CAIRO_EXTEND_PAD)
            cairo_paint_with_alpha(target, Double(state.alpha))
            cairo_restore(target)
        }
    }

    /// Maps the image's pixel grid (y down) onto `rect` in user space (y up).
    func imagePlacement(for image: CGImage, in rect: CGRect) -> CGAffineTransform {
        CGAffineTransform(a: rect.width / CGFloat(image.width), b: 0, c: 0, d: -rect.height / CGFloat(image.height),
                          tx: rect.minX, ty: rect.maxY)
    }
}
