import CoreGraphics

/// Shape layers drawn straight into the frame.
///
/// A layer whose content is kept as a raster while an animation moves, turns or zooms it is resampled every
/// frame (bilinearly, over every pixel it covers); one whose path an animation changes is rasterized into a
/// picture of its own every frame, which is then cleared, filled and copied. For a shape layer with a solid fill
/// and a plain stroke, filling its path by exact area coverage straight into the frame costs a fraction of either
/// (the coverage rasterizer fills whole runs of a row at once), draws the edges exactly where they are (no raster
/// grid, no resampling blur) and keeps no picture. Layers standing still keep their raster: copying it is
/// cheaper than drawing the path again.
extension FrameCompositor {
    /// Records `layer`'s own content (a shape layer's fill and stroke) as drawn into the frame under `toPixel`,
    /// when that is both cheaper than a raster and the same picture; false, having recorded nothing, otherwise.
    func recordDirectShape(of layer: CALayer, node: RenderTree.Node, plan: LayerDrawingPlan, animated: AnimatedRoles,
                           layerToPixel toPixel: Homography, alpha: Double) -> Bool {
        guard !insideClipOrMask, toPixel.isAffine, let shape = layer as? CAShapeLayer, Self.drawsOnlyItsShape(shape, plan: plan),
              currentTint?.isWhite ?? true, let blendMode = Self.directBlendMode(inheritedBlend) else { return false }
        // A path (or colour, or line) an animation changed since the last frame — a raster of it would be drawn
        // again, and likely again next frame — or a fill of some size turned, zoomed or slid off the pixel grid
        // since the last frame, by an animation or placed anew (as a scrubbed player's layers are): resampling its
        // raster costs more than filling it (the bilinear kernel gathers four texels for every pixel of the box;
        // the fill works along its edges and lays whole runs between them). Content that holds from one frame to
        // the next (a hold keyframe) keeps its raster, copied whole, as does one slid by whole pixels; a small one
        // costs less than setting up a fill. (The placement is noted as a raster's is, so a layer that comes to
        // rest gets its raster in the frame's pixels.) Under a blend mode inherited from a layer above
        // (FrameCompositor+BlendedPicture.swift) the shape is filled by that mode.
        let m = toPixel.affine
        var shown = Hasher()
        combineContent(of: layer, node: node, animated: animated, into: &shown)
        let content = shown.finalize()
        var redrawn = false
        if animated.contains(.raster) {
            redrawn = rasters.shownContent.updateValue(content, forKey: node.id).map { $0 != content } ?? false
        }
        if !redrawn {
            guard let last = rasters.placements[node.id]?.affine, Self.movedOffItsGrid(from: last, to: m) else { return false }
        }
        let facts = contentFacts(of: layer, node: node, animated: animated, includeBorder: false)
        let box = facts.extent.applying(m)
        guard redrawn || box.width * box.height >= DirectShapeDrawing.smallestMovedFill,
              let drawing = DirectShapeDrawing(shape, toPixel: m, alpha: alpha, blended: blendMode != .normal) else { return false }
        guard facts.drawsOwnContent else { return true }   // nothing to draw, and nothing to raster either
        rasters.placements[node.id] = toPixel
        var h = Hasher()
        h.combine(content); h.combine(toPixel); h.combine(alpha); h.combine(blendMode)
        if blendMode != .normal { blendedShapeEntry = list.count }
        // (Both closures hold only the one object: a closure holding one object needs no box of its own.)
        let painting = DirectShapePainting(drawing: drawing, toPixel: m, alpha: alpha, blendMode: blendMode, mediaTime: frameTime)
        list.append(Entry(key: node.id, appearance: h.finalize(), box: box.insetBy(dx: -2, dy: -2),
                          operation: .paint({ painting.paint(in: $0) }, direct: { painting.draw(in: $0, clip: $1) })))
        return true
    }

    /// The blend mode a shape drawn straight into the frame is filled by under `inherited`: normal, or a mode the
    /// coverage rasterizer lays itself (the separable ones without division); nil for the others, whose picture is
    /// blended from a raster.
    static func directBlendMode(_ inherited: LayerBlendMode) -> CGBlendMode? {
        switch inherited {
        case .normal: return .normal
        case .blended(let mode): return BandBlend.kernelMode(mode) != nil ? mode : nil
        case .plusLighter: return nil
        }
    }

    /// Whether a layer placed by `last` last frame and by `now` this frame is turned, zoomed or slid other than by
    /// whole pixels: its kept raster would be resampled (every pixel it covers filtered) where drawing its shape
    /// costs its edges and whole runs. A slide by whole pixels copies the raster.
    static func movedOffItsGrid(from last: CGAffineTransform, to now: CGAffineTransform) -> Bool {
        if last.a != now.a || last.b != now.b || last.c != now.c || last.d != now.d { return true }
        let dx = now.tx - last.tx, dy = now.ty - last.ty
        return dx != dx.rounded() || dy != dy.rounded()
    }

    /// Whether `layer`'s bounds clip (`masksToBounds`) is a rectangle with square corners on whole pixels under
    /// `own`: a clip that `CGContext`'s coverage fills honour by cutting their box, so shapes under it can still
    /// be drawn straight into the frame (a Lottie precomposition's clip at a whole scale, a view's bounds).
    static func boundsClipLiesOnWholePixels(of layer: CALayer, layerToPixel own: Homography) -> Bool {
        guard layer.cornerRadius <= 0 || layer.maskedCorners.isEmpty, own.isAffine else { return false }
        let a = own.affine
        guard (a.b == 0 && a.c == 0) || (a.a == 0 && a.d == 0) else { return false }
        let r = layer.bounds.applying(a).standardized
        return [r.minX, r.minY, r.maxX, r.maxY].allSatisfy { abs($0 - $0.rounded()) <= 1e-6 }
    }

    /// Whether the layer draws its path and nothing else a raster would add: no contents, background or
    /// border, no shadow, filters, blur, recolouring or blend mode, no clip of its own content, no mask.
    private static func drawsOnlyItsShape(_ shape: CAShapeLayer, plan: LayerDrawingPlan) -> Bool {
        shape.contents == nil && shape.backgroundColor == nil && LayerBorder(of: shape) == nil && !plan.castsShadow
            && shape.filters == nil && plan.contentBlurRadius == 0 && !plan.recolors && !plan.rasterizes && !plan.clipsToBounds
            && !plan.appliesMask && plan.blendMode == .normal && !shape.hasTimedContents
    }
}

/// A shape layer whose fill and stroke the coverage rasterizer draws in the frame's pixels as a raster of it
/// would show them: its path is small enough to draw every frame, its stroke (if any) undashed and at least a
/// pixel wide under a map that scales x and y alike (a round pen), and fading it fades one drawing — a fill and a
/// stroke at part opacity would each be faded, the fill showing through the stroke, where Core Animation fades
/// the layer's picture as a whole.
struct DirectShapeDrawing {
    let layer: CAShapeLayer

    /// The most path elements drawn again every frame (beyond them, resampling a raster is cheaper).
    static let maximumElements = 2_048
    /// The least area (pixels of its box on screen) a turned, zoomed or sliding shape must cover to be drawn rather
    /// than resampled: below it, setting the fill up costs more than resampling. (Measured on the Lottie benchmark's
    /// files, counting instructions: squares of 45 × 45 pixels sliding cost a frame 40 % more resampled than drawn
    /// straight into it, now that drawing them takes neither Cairo's state nor a copy of the path.)
    static let smallestMovedFill: CGFloat = 1_024

    /// `blended`: the shape is laid by a blend mode, which blends a fill and a stroke each on its own (the layer's
    /// picture is blended as a whole), so it may draw only one of them.
    init?(_ shape: CAShapeLayer, toPixel m: CGAffineTransform, alpha: Double, blended: Bool = false) {
        guard let path = shape.path, path.elements.count <= Self.maximumElements else { return nil }
        let fills = shape.fillColor.map { $0.alpha > 0 } ?? false
        let strokes = (shape.strokeColor.map { $0.alpha > 0 } ?? false) && shape.lineWidth > 0 && shape.strokeEnd > shape.strokeStart
        if strokes {
            guard shape.lineDashPattern?.isEmpty ?? true else { return nil }
            guard let scale = m.roundPenScale, shape.lineWidth * scale >= 1 else { return nil }
        }
        guard !(fills && strokes) || (alpha >= 1 && !blended) else { return nil }
        layer = shape
        // What ShapePainter draws of it, as one value: the fill, then the stroke of the (trimmed) path.
        coverageShape = CoverageShape(
            path: path,
            fill: fills ? shape.fillColor.map { CoverageShape.Fill(colour: $0, evenOdd: shape.fillRule == .evenOdd) } : nil,
            stroke: strokes ? shape.strokeColor.map { colour in
                CoverageShape.Stroke(
                    path: shape.strokeStart <= 0 && shape.strokeEnd >= 1 ? path : path.trimmed(from: shape.strokeStart, to: shape.strokeEnd),
                    colour: colour, lineWidth: shape.lineWidth,
                    cap: shape.lineCap == .round ? .round : shape.lineCap == .square ? .square : .butt,
                    join: shape.lineJoin == .round ? .round : shape.lineJoin == .bevel ? .bevel : .miter,
                    miterLimit: shape.miterLimit)
            } : nil)
    }

    /// The shape as the coverage rasterizer draws it straight into the frame.
    let coverageShape: CoverageShape
}

/// How a shape drawn straight into the frame is drawn: by coverage into the frame's pixels (`draw(in:clip:)`), or
/// painted through the context when that cannot be done (`paint(in:)`).
final class DirectShapePainting {
    let drawing: DirectShapeDrawing
    let toPixel: CGAffineTransform
    let alpha: Double
    let blendMode: CGBlendMode
    let mediaTime: CFTimeInterval

    init(drawing: DirectShapeDrawing, toPixel: CGAffineTransform, alpha: Double, blendMode: CGBlendMode, mediaTime: CFTimeInterval) {
        self.drawing = drawing; self.toPixel = toPixel; self.alpha = alpha; self.blendMode = blendMode; self.mediaTime = mediaTime
    }

    /// Paints the layer's own content through `ctx` (user space: pixels).
    func paint(in ctx: CGContext) {
        ctx.concatenate(toPixel)
        ctx.setBlendMode(blendMode)
        LayerPainter(context: ctx, mediaTime: mediaTime).paintOwnContent(of: drawing.layer, alpha: CGFloat(alpha), clips: false)
    }

    /// Draws the shape by coverage inside `clip` (whole pixels); false, having drawn nothing, when it cannot.
    func draw(in ctx: CGContext, clip: CGRect) -> Bool {
        ctx.drawShapeByCoverage(drawing.coverageShape, toPixel: toPixel, alpha: CGFloat(alpha), blendMode: blendMode, clip: clip)
    }
}
