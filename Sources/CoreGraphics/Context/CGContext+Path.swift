@_implementationOnly import CCairo

extension CGContext {
    // MARK: Building the current path (points are mapped by the CTM as they are added, as in CoreGraphics).

    /// Discards the current path.
    public func beginPath() {
        // (The context's own path never leaves it — `path` answers a copy — so it is emptied in place.)
        if !devicePath.removeAllKeepingCapacity() { devicePath = CGMutablePath() }
    }
    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint) { devicePath.move(to: point, transform: cairoTransform) }
    /// Adds a straight line from the current point to `point`.
    public func addLine(to point: CGPoint) { devicePath.addLine(to: point, transform: cairoTransform) }
    /// Adds a quadratic Bézier curve to `end` bent toward `control`.
    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        devicePath.addQuadCurve(to: end, control: control, transform: cairoTransform)
    }
    /// Adds a cubic Bézier curve to `end` with two control points.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        devicePath.addCurve(to: end, control1: control1, control2: control2, transform: cairoTransform)
    }
    /// Closes the current subpath with a line back to its start.
    public func closePath() { devicePath.closeSubpath() }
    /// Adds a rectangle as a closed subpath.
    public func addRect(_ rect: CGRect) { devicePath.addRect(rect, transform: cairoTransform) }
    /// Adds each rectangle as a closed subpath.
    public func addRects(_ rects: [CGRect]) { devicePath.addRects(rects, transform: cairoTransform) }
    /// Adds the ellipse that fits `rect` as a closed subpath.
    public func addEllipse(in rect: CGRect) { devicePath.addEllipse(in: rect, transform: cairoTransform) }
    /// Adds a subpath of straight lines through `points`.
    public func addLines(between points: [CGPoint]) { devicePath.addLines(between: points, transform: cairoTransform) }
    /// Adds `path`'s subpaths, mapped by the current transform.
    public func addPath(_ path: CGPath) { devicePath.addPath(path, transform: cairoTransform) }
    /// Adds an arc of a circle, joined to the current point by a line.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        devicePath.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
                          clockwise: clockwise, transform: cairoTransform)
    }
    /// Adds an arc of `radius` tangent to the lines from the current point to `tangent1End` and on to `tangent2End`.
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat) {
        devicePath.addArc(tangent1End: tangent1End, tangent2End: tangent2End, radius: radius, transform: cairoTransform)
    }

    /// Whether the current path is empty.
    public var isPathEmpty: Bool { devicePath.isEmpty }
    /// The current point in user space.
    public var currentPointOfPath: CGPoint { devicePath.currentPoint.applying(cairoTransform.inverted()) }
    /// The current path in user space, or nil if empty.
    public var path: CGPath? {
        isPathEmpty ? nil : devicePath.copy(using: [cairoTransform.inverted()])
    }
    /// The tight bounding box of the current path in user space.
    public var boundingBoxOfPath: CGRect { path?.boundingBoxOfPath ?? .null }

    /// Whether `point` (user space) would be painted by drawing the current path in `mode`.
    public func pathContains(_ point: CGPoint, mode: CGPathDrawingMode) -> Bool {
        let p = point.applying(cairoTransform)
        switch mode {
        case .fill: return devicePath.contains(p, using: .winding)
        case .eoFill: return devicePath.contains(p, using: .evenOdd)
        case .stroke: return strokedDevicePath().contains(p)
        case .fillStroke: return devicePath.contains(p) || strokedDevicePath().contains(p)
        case .eoFillStroke: return devicePath.contains(p, using: .evenOdd) || strokedDevicePath().contains(p)
        }
    }

    /// Replaces the current path with the outline of its stroke under the current line style.
    public func replacePathWithStrokedPath() {
        devicePath = strokedDevicePath().mutableCopy()!
    }

    private func strokedDevicePath() -> CGPath {
        // Stroke in user space (where the line width lives), then map back to device space.
        let toUser = cairoTransform.inverted()
        guard let user = devicePath.copy(using: [toUser]) else { return CGPath() }
        let outline = user.copy(strokingWithWidth: cairo_get_line_width(cr), lineCap: lineCap, lineJoin: lineJoin,
                                miterLimit: cairo_get_miter_limit(cr))
        return outline.copy(using: [cairoTransform]) ?? CGPath()
    }

    // MARK: Painting

    /// Appends the current (device-space) path to Cairo's, with Cairo's matrix kept for line widths.
    private func loadPath(into target: OpaquePointer, forStroking: Bool) {
        cairo_save(target)
        cairo_identity_matrix(target)
        cairo_new_path(target)
        cairoAppend(devicePath, to: target, forStroking: forStroking)
        cairo_restore(target)  // restores the matrix; the path survives restore in Cairo
    }

    /// Fills the current path with the fill colour and clears it.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        drawPath(using: rule == .winding ? .fill : .eoFill)
    }

    /// Strokes the current path with the stroke colour and line style, and clears it.
    public func strokePath() { drawPath(using: .stroke) }

    /// Paints the current path as `mode` says (fill then stroke for the combined modes), then clears it.
    public func drawPath(using mode: CGPathDrawingMode) {
        defer { beginPath() }
        guard !devicePath.isEmpty else { return }
        let fillRule: cairo_fill_rule_t? = switch mode {
        case .fill, .fillStroke: CAIRO_FILL_RULE_WINDING
        case .eoFill, .eoFillStroke: CAIRO_FILL_RULE_EVEN_ODD
        case .stroke: nil
        }
        let strokes = mode == .stroke || mode == .fillStroke || mode == .eoFillStroke
        // A plain solid fill or stroke is drawn by exact area coverage, faster than Cairo's rasterizer (CGContext+Coverage).
        if !strokes, fillWithCoverage(evenOdd: mode == .eoFill) { return }
        if mode == .stroke, strokeWithCoverage() { return }
        // A path too far out for Cairo is cut differently for filling and for stroking (see CairoCoordinateGuard).
        let reloadsForStroke = fillRule != nil && strokes && !CairoCoordinateGuard.fits(devicePath)
        paint { target in
            loadPath(into: target, forStroking: fillRule == nil)
            if let fillRule {
                cairo_set_fill_rule(target, fillRule)
                cairoSetColor(target, state.fillColor, alpha: state.alpha)
                cairo_fill_preserve(target)
            }
            if reloadsForStroke { loadPath(into: target, forStroking: true) }
            if strokes {
                cairoSetColor(target, state.strokeColor, alpha: state.alpha)
                cairo_stroke_preserve(target)
            }
            cairo_new_path(target)
        }
    }

    /// Fills a rectangle with the fill colour (replacing the current path).
    public func fill(_ rect: CGRect) { beginPath(); addRect(rect); fillPath() }
    /// Fills rectangles with the fill colour (replacing the current path).
    public func fill(_ rects: [CGRect]) { beginPath(); addRects(rects); fillPath() }
    /// Fills the ellipse that fits `rect` (replacing the current path).
    public func fillEllipse(in rect: CGRect) { beginPath(); addEllipse(in: rect); fillPath() }
    /// Strokes a rectangle's outline (replacing the current path).
    public func stroke(_ rect: CGRect) { beginPath(); addRect(rect); strokePath() }
    /// Strokes a rectangle's outline at `width`, leaving the line width as it was.
    public func stroke(_ rect: CGRect, width: CGFloat) {
        saveGState(); setLineWidth(width); stroke(rect); restoreGState()
    }
    /// Strokes the outline of the ellipse that fits `rect`.
    public func strokeEllipse(in rect: CGRect) { beginPath(); addEllipse(in: rect); strokePath() }

    /// Strokes separate segments: points 0–1, 2–3, … (an odd last point is ignored).
    public func strokeLineSegments(between points: [CGPoint]) {
        beginPath()
        for i in stride(from: 0, to: points.count - 1, by: 2) { move(to: points[i]); addLine(to: points[i + 1]) }
        strokePath()
    }

    /// Paints `rect` transparent (ignores blend mode, alpha and shadow, like Apple's `clear`).
    public func clear(_ rect: CGRect) {
        guard state.singularCTM == nil else { return }
        cairo_save(cr)
        cairo_new_path(cr)
        let path = CGMutablePath(); path.addRect(rect, transform: cairoTransform)
        cairo_identity_matrix(cr)
        cairoAppend(path, to: cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        cairo_fill(cr)
        cairo_restore(cr)
        didDraw()
    }
}
