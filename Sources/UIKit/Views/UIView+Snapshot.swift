extension UIView {
    /// Draws the view and its subviews as they are seen now (their presentation values) into the current
    /// context, scaled so the view's bounds fill `rect`. With `afterScreenUpdates`, changes not yet committed are
    /// committed first so they show. False when there is no current context.
    ///
    /// It draws through `render(in:)`, so backdrop filters (a visual-effect view's blur) are not drawn, and
    /// transforms apply by their 2-D part.
    @discardableResult
    public func drawHierarchy(in rect: CGRect, afterScreenUpdates afterUpdates: Bool) -> Bool {
        guard let ctx = UIGraphicsGetCurrentContext(), bounds.width > 0, bounds.height > 0,
              [rect.minX, rect.minY, rect.width, rect.height].allSatisfy(\.isFinite) else { return false }
        if afterUpdates { CATransaction.flush() }
        ctx.saveGState()
        ctx.translateBy(x: rect.minX, y: rect.minY)
        ctx.scaleBy(x: rect.width / bounds.width, y: rect.height / bounds.height)
        ctx.translateBy(x: -bounds.minX, y: -bounds.minY)
        (layer.presentation() ?? layer).render(in: ctx)
        ctx.restoreGState()
        return true
    }

    /// A new view showing a picture of this one as it is seen now, at the screen's scale, with the same frame; it
    /// does not change when this view does. With `afterScreenUpdates`, uncommitted changes are committed first.
    /// Nil when the view is too large (or too small) to picture.
    public func snapshotView(afterScreenUpdates afterUpdates: Bool) -> UIView? {
        let format = UIGraphicsImageRendererFormat.default()
        guard bounds.width > 0, bounds.height > 0, bounds.width.isFinite, bounds.height.isFinite else { return nil }
        let picture = UIGraphicsImageRenderer(size: bounds.size, format: format).image { _ in
            drawHierarchy(in: CGRect(origin: .zero, size: bounds.size), afterScreenUpdates: afterUpdates)
        }
        guard let image = picture.cgImage else { return nil }
        let snapshot = UIView(frame: frame)
        snapshot.layer.contents = image
        snapshot.layer.contentsScale = format.scale
        return snapshot
    }
}
