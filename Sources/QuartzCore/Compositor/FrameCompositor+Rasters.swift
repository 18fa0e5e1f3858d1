extension FrameCompositor {
    /// Whether `rect` at `scale` stays within `maximumRasterPixels` (what group images check before drawing).
    static func fitsRasterBudget(_ rect: CGRect, scale: CGFloat) -> Bool {
        rect.width * rect.height * scale * scale <= maximumRasterPixels
    }

    /// A canonical bitmap covering `rect` (the layer's space) at `scale` pixels per point, its user space the
    /// layer's own: rows top first, y down, `rect`'s corner at the top left. Nil when empty, larger than
    /// `maximumRasterSide` pixels a side or `maximumRasterPixels` in all (every raster the compositor makes
    /// comes from here, so none exceeds 32 MiB).
    static func rasterContext(covering rect: CGRect, scale: CGFloat) -> CGContext? {
        guard let width = CalyxLimits.pixels(rect.width, scale: scale), let height = CalyxLimits.pixels(rect.height, scale: scale),
              CGFloat(width) <= maximumRasterSide, CGFloat(height) <= maximumRasterSide,
              CGFloat(width) * CGFloat(height) <= maximumRasterPixels,
              let ctx = CGContext.canonicalBitmap(width: width, height: height)
        else { return nil }
        ctx.translateBy(x: 0, y: CGFloat(height))
        ctx.scaleBy(x: scale, y: -scale)
        ctx.translateBy(x: -rect.minX, y: -rect.minY)
        return ctx
    }
}
