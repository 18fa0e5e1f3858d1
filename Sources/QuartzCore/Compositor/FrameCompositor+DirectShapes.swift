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
              currentTint?.isWhite ?? true else { return false }
        // A path (or colour, or line) an animation changed since the last frame — a raster of it would be drawn
        // again, and likely again next frame — or a fill of some size turned or zoomed since the last frame, by
        // an animation or placed anew (as a scrubbed player's layers are): resampling its raster costs more than
        // filling it. Content that holds from one frame to the next (a hold keyframe) keeps its raster, copied
        // whole; sliding a raster along is cheap (its rows are read in order); a small one costs less than
        // setting up a fill. (The placement is noted as a raster's is, so a layer that comes to rest gets its
        // raster in the frame's pixels.)
        let m = toPixel.affine
        var shown = Hasher()
        combineContent(of: layer, node: node, animated: animated, into: &shown)
        let content = shown.finalize()
        var redrawn = false
        if animated.contains(.raster) {
            redrawn = rasters.shownContent.updateValue(content, forKey: node.id).map { $0 != content } ?? false
        }
        if !redrawn {
            guard let last = rasters.placements[node.id]?.affine,
                  last.a != m.a || last.b != m.b || last.c != m.c || last.d != m.d else { return false }
        }
        let facts = contentFacts(of: layer, node: node, animated: animated, includeBorder: false)
        let box = facts.extent.applying(m)
        guard redrawn || box.width * box.height >= DirectShapeDrawing.smallestTurnedFill,
              let drawing = DirectShapeDrawing(shape, toPixel: m, alpha: alpha) else { return false }
        guard facts.drawsOwnContent else { return true }   // nothing to draw, and nothing to raster either
        rasters.placements[node.id] = toPixel
        var h = Hasher()
        h.combine(content); h.combine(toPixel); h.combine(alpha)
        let time = frameTime
        list.append(Entry(key: node.id, appearance: h.finalize(), box: box.insetBy(dx: -2, dy: -2), operation: .paint { ctx in
            ctx.concatenate(m)
            LayerPainter(context: ctx, mediaTime: time).paintOwnContent(of: drawing.layer, alpha: CGFloat(alpha), clips: false)
        }))
        return true
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
    /// The least area (pixels of its box on screen) a turned or zoomed shape must cover to be drawn rather than
    /// resampled: below it, setting the fill up costs more than resampling (measured on the Lottie benchmark's
    /// files: a 2,600-pixel arrow turning was a few microseconds slower drawn, a 12,000-pixel ball faster).
    static let smallestTurnedFill: CGFloat = 8_192

    init?(_ shape: CAShapeLayer, toPixel m: CGAffineTransform, alpha: Double) {
        guard let path = shape.path, path.elements.count <= Self.maximumElements else { return nil }
        let fills = shape.fillColor.map { $0.alpha > 0 } ?? false
        let strokes = (shape.strokeColor.map { $0.alpha > 0 } ?? false) && shape.lineWidth > 0 && shape.strokeEnd > shape.strokeStart
        if strokes {
            guard shape.lineDashPattern?.isEmpty ?? true else { return nil }
            guard let scale = m.roundPenScale, shape.lineWidth * scale >= 1 else { return nil }
        }
        guard !(fills && strokes) || alpha >= 1 else { return nil }
        layer = shape
    }
}
