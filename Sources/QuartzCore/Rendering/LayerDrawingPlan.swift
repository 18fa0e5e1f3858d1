/// What one layer draws and how it is composited, decided in one place for both renderers: `render(in:)`
/// (``LayerPainter``, through `CGContext`) and the compositor (``FrameCompositor``, through cached rasters).
/// Each renderer asks the plan rather than testing the layer's properties itself, so the two cannot drift apart
/// on what forms a group, what casts a shadow, or where the border goes.
///
/// A `CATransformLayer` draws nothing of its own and ignores everything that needs its subtree flattened into
/// one picture (Apple's class reference lists them: background, contents, border, filters, mask, clipping,
/// shadow; its opacity applies to each sublayer separately), so its plan turns all of those off.
///
/// A plan is a handful of flags read from one layer's current state (a model layer, a presentation copy or a
/// render-tree frame layer); it holds no references and costs no allocation.
struct LayerDrawingPlan {
    /// Whether anything of the layer or its subtree is drawn (not hidden, opacity above zero and finite).
    let isVisible: Bool
    /// Whether the layer draws anything of its own (background, contents, border, shadow). A
    /// `CATransformLayer` does not: it only places its sublayers in a shared 3-D space.
    let drawsOwnContent: Bool
    /// Whether the layer's silhouette — its own content and its sublayers — casts a shadow.
    let castsShadow: Bool
    /// Whether opacity below 1 fades the layer and its sublayers as one picture (group opacity, or a rasterized
    /// layer, which is one picture whatever `allowsGroupOpacity` says), not each sublayer on its own. A transform
    /// layer's opacity fades each of its sublayers separately: it has no picture to fade.
    let fadesAsGroup: Bool
    /// Whether sublayers and contents are clipped to the rounded bounds.
    let clipsToBounds: Bool
    /// Whether the mask applies (a transform layer ignores it, as it ignores everything flattened).
    let appliesMask: Bool
    /// Whether a border is stroked (above the sublayers).
    let drawsBorder: Bool
    /// The standard deviation, in points, of a Gaussian blur in the layer's `filters` (0: none).
    let contentBlurRadius: Double
    /// Whether `shouldRasterize` makes the subtree one cached picture at `rasterizationScale`.
    let rasterizes: Bool
    /// How the layer's picture combines with what is behind it (its `compositingFilter`; normal for a transform
    /// layer, which has no picture).
    let blendMode: LayerBlendMode
    /// Whether a blend mode applies to a subtree: the sublayers are drawn into one picture first, which is then
    /// blended (Core Animation blends the layer's flattened picture, not each sublayer on its own).
    let blendsSubtree: Bool
    /// Whether the compositor recolours the layer's flattened picture (``PictureRecolor``).
    let recolors: Bool
    /// Whether `backgroundFilters` filter what lies behind the layer (the compositor draws them; `render(in:)`
    /// does not, as on Apple).
    let filtersBackdrop: Bool

    /// The plan of a layer in a layer tree (a model layer, or a copy whose sublayers and mask are set).
    init(_ layer: CALayer) {
        self.init(layer, hasSublayers: !layer.sublayerStorage.isEmpty, hasMask: layer.maskStorage != nil)
    }

    /// The plan of a layer whose sublayers and mask are held elsewhere (a render-tree node's children).
    init(_ layer: CALayer, hasSublayers: Bool, hasMask: Bool) {
        let ownContent = layer.compositorKind.drawsItself
        let opacity = layer.opacity
        isVisible = !layer.isHidden && opacity > 0 && opacity.isFinite
        drawsOwnContent = ownContent
        castsShadow = Self.castsShadow(layer)
        fadesAsGroup = ownContent && opacity < 1 && (layer.allowsGroupOpacity || layer.shouldRasterize)
            && hasSublayers
        clipsToBounds = ownContent && layer.masksToBounds
        appliesMask = ownContent && hasMask
        drawsBorder = ownContent && layer.borderWidth > 0 && layer.borderColor != nil
        contentBlurRadius = ownContent ? BackdropRecipe.contentBlurRadius(of: layer) : 0
        rasterizes = ownContent && layer.shouldRasterize
        filtersBackdrop = ownContent && layer.backgroundFilters != nil
        blendMode = ownContent ? LayerBlendMode(of: layer) : .normal
        blendsSubtree = !blendMode.isNormal && hasSublayers
        recolors = ownContent && layer.pictureRecolor != nil
    }

    /// Whether `layer` casts a shadow (the one decision asked of whole subtrees, so it stands alone too).
    static func castsShadow(_ layer: CALayer) -> Bool {
        layer.shadowOpacity > 0 && layer.shadowColor != nil && layer.compositorKind.drawsItself
    }

    /// Whether the subtree must be drawn into one picture before it is laid over what is behind it: for a
    /// shadow of the whole silhouette, for group opacity, and for a blend mode (the picture is blended, not each
    /// thing drawn in it). `CGContext` clips and masks without one.
    var paintsAsTransparencyLayer: Bool { castsShadow || fadesAsGroup || !blendMode.isNormal }

    /// Whether the compositor draws the subtree as one cached group picture, blitted at the layer's opacity
    /// under its placement: shadows, group opacity, a blend mode over sublayers, and rasterizing and a blur of the
    /// picture, which act on the finished subtree. Clipping and masks do not need one: they are state of the
    /// display list's entries (FrameCompositor+Clips.swift, +Masks.swift); nor does a blend mode of a layer with
    /// no sublayers, whose content blit blends itself.
    var compositesAsGroup: Bool {
        castsShadow || fadesAsGroup || blendsSubtree || rasterizes || contentBlurRadius > 0 || recolors
    }
}

/// A layer's border as a value: centred on the bounds inset by half its width, following the rounded corners.
/// One stroke for every renderer — `render(in:)`, a content raster, and the border the compositor lays over a
/// layer's sublayers (which captures this value, not the layer, for drawing later in the frame).
struct LayerBorder: Hashable {
    let width: CGFloat
    let color: CGColor
    let path: CGPath

    /// Nil when the layer strokes no border (no width or no colour, or a transform layer).
    init?(of layer: CALayer) {
        guard layer.compositorKind.drawsItself, layer.borderWidth > 0, let color = layer.borderColor else { return nil }
        width = layer.borderWidth
        self.color = color
        path = LayerShape.roundedBounds(of: layer, inset: layer.borderWidth / 2)
    }

    func stroke(in context: CGContext, alpha: CGFloat) {
        context.setAlpha(alpha)
        context.setStrokeColor(color)
        context.setLineWidth(width)
        context.addPath(path)
        context.strokePath()
    }
}
