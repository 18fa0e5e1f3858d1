@_implementationOnly import CCairo

/// A filled and stroked shape for ``CGContext/drawShapeByCoverage(_:toPixel:alpha:blendMode:clip:)``: its paths in
/// their own space, the fill's colour and rule, the stroke's colour and pen.
package struct CoverageShape {
    package struct Fill {
        package var colour: CGColor
        package var evenOdd: Bool
        package init(colour: CGColor, evenOdd: Bool) { self.colour = colour; self.evenOdd = evenOdd }
    }
    package struct Stroke {
        package var path: CGPath
        package var colour: CGColor
        package var lineWidth: CGFloat
        package var cap: CGLineCap
        package var join: CGLineJoin
        package var miterLimit: CGFloat
        package init(path: CGPath, colour: CGColor, lineWidth: CGFloat, cap: CGLineCap, join: CGLineJoin, miterLimit: CGFloat) {
            self.path = path; self.colour = colour; self.lineWidth = lineWidth; self.cap = cap; self.join = join
            self.miterLimit = miterLimit
        }
    }
    package var path: CGPath
    package var fill: Fill?
    package var stroke: Stroke?
    package init(path: CGPath, fill: Fill?, stroke: Stroke?) { self.path = path; self.fill = fill; self.stroke = stroke }
}

extension CGContext {
    /// Fills and then strokes `shape`, its paths mapped to the bitmap's pixels (device space, y down from the top
    /// row) by `toPixel`, by exact area coverage inside `clip` (whole pixels), at `alpha`, laid by `blendMode` —
    /// without the graphics state, so without saving, clipping and restoring it or copying the path into the
    /// context: what a compositor drawing a shape straight into its frame does many times a frame. Answers false,
    /// having drawn nothing, when the coverage rasterizer cannot draw all of it (the bitmap is not plain, a
    /// transparency layer is open, the mode is not one it lays, the stroke's pen is not round or thinner than a
    /// pixel, its outline overlaps itself, or the shape reaches too far).
    package func drawShapeByCoverage(_ shape: CoverageShape, toPixel m: CGAffineTransform, alpha: CGFloat, blendMode: CGBlendMode,
                                     clip: CGRect) -> Bool {
        guard isDirectlyBacked, transparencyLayers.isEmpty, let laying = CoverageLaying(blendMode),
              let pixels = WholePixelRect(exactly: clip) else { return false }
        let tolerance = cairo_get_tolerance(cr)
        // Everything that may refuse is worked out before anything is drawn.
        var fill: (colour: UInt32, box: PointBox)?
        if let f = shape.fill {
            guard let colour = Self.premultiplied(f.colour.rgba, alpha: alpha) else { return false }
            var box = PointBox()
            for element in shape.path.elements { box.addControlPoints(of: element.applying(m)) }
            guard !box.sawNonFinite else { return false }
            fill = (colour, box)
        }
        var stroke: (colour: UInt32, outline: StrokeOutline)?
        if let s = shape.stroke {
            guard let scale = m.roundPenScale, s.lineWidth * scale >= 1, (s.lineWidth * scale).isFinite,
                  let colour = Self.premultiplied(s.colour.rgba, alpha: alpha) else { return false }
            // (Outlined in the path's own space, to the flatness the scale gives there, and mapped: the outline of a
            // path turning on screen is then worked out once.)
            let pen = PathStrokeOutlineCache.Pen(halfWidth: s.lineWidth / 2, miterLimit: s.miterLimit,
                                                 tolerance: max(tolerance, 0.01) / scale, cap: s.cap, join: s.join)
            guard let outline = s.path.strokeOutline(pen: pen) else { return false }
            stroke = (colour, outline)
        }
        if let fill, let evenOdd = shape.fill?.evenOdd {
            guard cover(fill.box, colour: fill.colour, evenOdd: evenOdd, laying: laying, clip: pixels, addEdges: {
                $0.add(shape.path.elements, mapped: m)
            }) else { return false }
        }
        // (A stroke whose box is beyond the coverage limit, after a fill was drawn, goes nowhere rather than to Cairo:
        // its fill's box lies within the stroke's, so the fill was refused first.)
        if let stroke { _ = cover(stroke.outline, mapped: m, colour: stroke.colour, laying: laying, clip: pixels) }
        coverageShapesDrawn &+= 1
        return true
    }
}
