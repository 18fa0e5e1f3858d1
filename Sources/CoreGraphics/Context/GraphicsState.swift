@_implementationOnly import CCairo

/// The part of a context's graphics state Calyx keeps itself; Cairo keeps the CTM, clip path, line style,
/// antialiasing and dash, and `cairo_save`/`cairo_restore` move both together.
struct GraphicsState {
    var fillColor = RGBA(r: 0, g: 0, b: 0, a: 1)
    var strokeColor = RGBA(r: 0, g: 0, b: 0, a: 1)
    var alpha: CGFloat = 1
    var blendMode = CGBlendMode.normal
    var interpolationQuality = CGInterpolationQuality.default
    var shadow: Shadow?
    /// Intersection of every `clip(to:mask:)` so far, in device space.
    var clipMask: MaskSurface?
    /// Whether a clip path or rectangle narrows drawing (Cairo holds the clip itself), other than `pixelClip`.
    var isClipped = false
    /// The clip when it is only rectangles on whole device pixels (Cairo holds it too): fills by coverage can
    /// honour it by narrowing their box, so they need not fall back to Cairo under it.
    var pixelClip: WholePixelRect?
    /// The clip when it is only one axis-kept rectangle, not on whole pixels, in device space (Cairo holds it too,
    /// and `isClipped` is set): a directly painted gradient covers its edge pixels by their share of it.
    var deviceClipRect: CGRect?
    var textDrawingMode = CGTextDrawingMode.fill
    var fontSize: CGFloat = 12
    /// Font rendering wishes (`setShouldSmoothFonts` and the subpixel settings), each also gated by the
    /// context's `allows…` switch.
    var fontRendering = FontRendering()
    /// Set while the CTM is singular (a scale by zero): Cairo cannot hold such a matrix, so Cairo keeps the last
    /// usable one and nothing is drawn until a restore brings a usable CTM back, as on Apple's.
    var singularCTM: CGAffineTransform?

    struct FontRendering: Equatable {
        var smooths = true
        var subpixelPositions = true
        var subpixelQuantizes = true
    }

    struct Shadow {
        var offset: CGSize
        var blur: CGFloat
        var color: RGBA
    }
}

/// A device-sized 8-bit alpha surface used as a clip mask.
final class MaskSurface {
    let surface: OpaquePointer
    init(surface: OpaquePointer) { self.surface = surface }
    deinit { cairo_surface_destroy(surface) }
}

extension CGContext {
    /// Pushes a copy of the graphics state.
    public func saveGState() {
        cairo_save(cr)
        stateStack.append(state)
    }

    /// Pops the graphics state; unbalanced calls are ignored.
    public func restoreGState() {
        guard let saved = stateStack.popLast() else { return }
        cairo_restore(cr)
        state = saved
    }

    /// Sets the colour fills paint with.
    public func setFillColor(_ color: CGColor) { state.fillColor = color.rgba }
    /// Sets the fill colour space; the fill colour becomes its initial colour (opaque black), as Apple's does.
    public func setFillColorSpace(_ space: CGColorSpace) { state.fillColor = RGBA(r: 0, g: 0, b: 0, a: 1) }
    /// Sets the stroke colour space; the stroke colour becomes opaque black.
    public func setStrokeColorSpace(_ space: CGColorSpace) { state.strokeColor = RGBA(r: 0, g: 0, b: 0, a: 1) }
    /// Accepted and ignored: every colour Calyx draws is in the sRGB family, so there is no gamut to map.
    public func setRenderingIntent(_ intent: CGColorRenderingIntent) {}
    /// Sets the colour strokes paint with.
    public func setStrokeColor(_ color: CGColor) { state.strokeColor = color.rgba }
    /// Sets the fill colour from sRGB components (0…1).
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.fillColor = RGBA(r: red, g: green, b: blue, a: alpha)
    }
    /// Sets the stroke colour from sRGB components (0…1).
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.strokeColor = RGBA(r: red, g: green, b: blue, a: alpha)
    }
    /// Sets the fill colour to a gray.
    public func setFillColor(gray: CGFloat, alpha: CGFloat) { state.fillColor = RGBA(r: gray, g: gray, b: gray, a: alpha) }
    /// Sets the stroke colour to a gray.
    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) { state.strokeColor = RGBA(r: gray, g: gray, b: gray, a: alpha) }
    /// The older name of `setFillColor(gray:alpha:)`.
    public func setGrayFillColor(_ gray: CGFloat, alpha: CGFloat) { setFillColor(gray: gray, alpha: alpha) }
    /// The older name of `setStrokeColor(gray:alpha:)`.
    public func setGrayStrokeColor(_ gray: CGFloat, alpha: CGFloat) { setStrokeColor(gray: gray, alpha: alpha) }
    /// The older name of `setFillColor(red:green:blue:alpha:)`.
    public func setRGBFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) { setFillColor(red: red, green: green, blue: blue, alpha: alpha) }
    /// The older name of `setStrokeColor(red:green:blue:alpha:)`.
    public func setRGBStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) { setStrokeColor(red: red, green: green, blue: blue, alpha: alpha) }

    /// Global alpha multiplied into everything drawn, clamped to [0, 1].
    public func setAlpha(_ alpha: CGFloat) { state.alpha = clampUnit(alpha) }
    /// Sets how later drawing combines with what is already there.
    public func setBlendMode(_ mode: CGBlendMode) { state.blendMode = mode }

    /// Line width in user space at stroke time; negative or non-finite values are ignored.
    public func setLineWidth(_ width: CGFloat) { if width >= 0, width.isFinite { cairo_set_line_width(cr, width) } }
    /// Sets how the ends of open strokes are drawn.
    public func setLineCap(_ cap: CGLineCap) {
        cairo_set_line_cap(cr, [CAIRO_LINE_CAP_BUTT, CAIRO_LINE_CAP_ROUND, CAIRO_LINE_CAP_SQUARE][Int(cap.rawValue)])
    }
    /// How the ends of open strokes are drawn now (kept in Cairo's state).
    var lineCap: CGLineCap {
        switch cairo_get_line_cap(cr) { case CAIRO_LINE_CAP_ROUND: .round; case CAIRO_LINE_CAP_SQUARE: .square; default: .butt }
    }
    /// How stroke segments meet now (kept in Cairo's state).
    var lineJoin: CGLineJoin {
        switch cairo_get_line_join(cr) { case CAIRO_LINE_JOIN_ROUND: .round; case CAIRO_LINE_JOIN_BEVEL: .bevel; default: .miter }
    }
    /// Sets how stroke segments meet.
    public func setLineJoin(_ join: CGLineJoin) {
        cairo_set_line_join(cr, [CAIRO_LINE_JOIN_MITER, CAIRO_LINE_JOIN_ROUND, CAIRO_LINE_JOIN_BEVEL][Int(join.rawValue)])
    }
    /// Sets how long a miter join may get, as a multiple of the line width, before it is beveled (at least 1).
    public func setMiterLimit(_ limit: CGFloat) { if limit.isFinite { cairo_set_miter_limit(cr, max(limit, 1)) } }

    /// Dash pattern: `lengths` alternate on and off, starting `phase` in. An empty array (or one with a negative,
    /// non-finite, or all-zero lengths) turns dashing off.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        let valid = !lengths.isEmpty && lengths.allSatisfy { $0 >= 0 && $0.isFinite } && lengths.contains { $0 > 0 }
        let values = valid ? lengths.map(Double.init) : []
        cairo_set_dash(cr, values, Int32(values.count), valid && phase.isFinite ? phase : 0)
    }

    /// Curve flattening tolerance in device pixels (Cairo's tolerance; clamped to ≥ 0.01).
    public func setFlatness(_ flatness: CGFloat) { if flatness.isFinite { cairo_set_tolerance(cr, max(flatness, 0.01)) } }

    /// Turns antialiasing of edges on or off.
    public func setShouldAntialias(_ on: Bool) { cairo_set_antialias(cr, on ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE) }
    /// Allows or forbids antialiasing (Calyx treats it as `setShouldAntialias(_:)`).
    public func setAllowsAntialiasing(_ on: Bool) { setShouldAntialias(on) }

    /// How scaled images are sampled.
    public var interpolationQuality: CGInterpolationQuality {
        get { state.interpolationQuality }
        set { state.interpolationQuality = newValue }
    }

    /// A shadow under everything drawn: `offset` in base space (not affected by the CTM, y up), `blur` the
    /// Gaussian's diameter-like size (σ = blur / 2, as CSS), `color` nil for none.
    public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor?) {
        guard let color, color.alpha > 0, offset.width.isFinite, offset.height.isFinite, blur.isFinite else {
            state.shadow = nil; return
        }
        state.shadow = .init(offset: offset, blur: max(blur, 0), color: color.rgba)
    }

    /// A shadow in black at one-third alpha, Apple's default colour.
    public func setShadow(offset: CGSize, blur: CGFloat) {
        setShadow(offset: offset, blur: blur, color: CGColor(gray: 0, alpha: 1.0 / 3.0))
    }

    /// Sets whether text is filled, stroked, both, or added to the clip.
    public func setTextDrawingMode(_ mode: CGTextDrawingMode) { state.textDrawingMode = mode }
    /// Sets the size text is drawn at, in user-space units.
    public func setFontSize(_ size: CGFloat) { state.fontSize = size }

    /// The fill colour in effect (for text drawn "from the context").
    package var currentFillColor: RGBA { state.fillColor }
    package var currentStrokeColor: RGBA { state.strokeColor }
    package var currentTextDrawingMode: CGTextDrawingMode { state.textDrawingMode }
}

/// A rectangle of whole device pixels, columns x0..<x1 and rows y0..<y1.
struct WholePixelRect: Equatable {
    var x0, y0, x1, y1: Int

    func intersection(_ other: WholePixelRect) -> WholePixelRect {
        WholePixelRect(x0: max(x0, other.x0), y0: max(y0, other.y0), x1: min(x1, other.x1), y1: min(y1, other.y1))
    }

    /// The device rectangle `rect` covers when its corners lie on whole pixels (within a millionth of a pixel:
    /// float noise, not an edge) and within ±2^30; nil otherwise.
    init?(exactly rect: CGRect) {
        let r = rect.standardized
        func whole(_ v: CGFloat) -> Int? {
            let n = v.rounded()
            guard abs(v - n) <= 1e-6, abs(n) <= 1_073_741_824 else { return nil }
            return Int(n)
        }
        guard let x0 = whole(r.minX), let y0 = whole(r.minY), let x1 = whole(r.maxX), let y1 = whole(r.maxY) else { return nil }
        self.init(x0: x0, y0: y0, x1: x1, y1: y1)
    }

    init(x0: Int, y0: Int, x1: Int, y1: Int) { self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1 }
}
