extension FrameCompositor {
    /// Whether `rect` at `scale` stays within `maximumRasterPixels` (what group images check before drawing).
    static func fitsRasterBudget(_ rect: CGRect, scale: CGFloat) -> Bool {
        rect.width * rect.height * scale * scale <= maximumRasterPixels
    }

    /// A canonical bitmap covering `rect` (the layer's space) at `scale` pixels per point, its user space the
    /// layer's own: rows top first, y down, `rect`'s corner at the top left. Nil when empty, larger than
    /// `maximumRasterSide` pixels a side or `maximumRasterPixels` in all (every raster the compositor makes
    /// comes from here, so none exceeds 32 MiB).
    static func rasterCanvas(covering rect: CGRect, scale: CGFloat) -> RasterCanvas? {
        guard let width = CalyxLimits.pixels(rect.width, scale: scale), let height = CalyxLimits.pixels(rect.height, scale: scale),
              CGFloat(width) <= maximumRasterSide, CGFloat(height) <= maximumRasterSide,
              CGFloat(width) * CGFloat(height) <= maximumRasterPixels,
              let pixels = PixelBuffer(width: width, height: height, margin: SpanCompositor.sourceMargin),
              let ctx = CGContext.canonicalBitmap(drawingInto: pixels)
        else { return nil }
        ctx.translateBy(x: 0, y: CGFloat(height))
        ctx.scaleBy(x: scale, y: -scale)
        ctx.translateBy(x: -rect.minX, y: -rect.minY)
        return RasterCanvas(context: ctx, pixels: pixels)
    }
}

/// A raster being drawn: a context that draws straight into the texels the compositor will read, which carry
/// the margin the wide span kernels read into, so a raster is never copied after drawing (a shape that changes
/// every frame used to be copied twice more each frame: out of the context, then into a buffer with a margin).
struct RasterCanvas {
    let context: CGContext
    private let pixels: PixelBuffer

    init(context: CGContext, pixels: PixelBuffer) {
        self.context = context
        self.pixels = pixels
    }

    /// The drawn texels; draw nothing more with `context` after this.
    func finish() -> PixelBuffer {
        context.flush()
        return pixels
    }

    /// A copy of the drawn texels as an image (without the margin); draw nothing more after this.
    func finishImage() -> CGImage? {
        withExtendedLifetime(pixels) { context.makeImage() }
    }
}
