/// Layers whose subtree must be composited as one image — `shouldRasterize`, masks, `masksToBounds`, shadows,
/// group opacity — are painted by the snapshot painter into an offscreen image of the
/// subtree's extent in the layer's own space (three-dimensional sublayers composited by a nested compositor,
/// FrameCompositor+GroupSublayers.swift), then blitted like content: by the layer's homography (so they stay
/// exact under 3-D transforms) at the layer's opacity (so group opacity fades the composite, not each
/// sublayer). The image is cached while nothing in the subtree changes, so a static or merely moving group
/// costs one blit a frame and no damage of its own.
extension FrameCompositor {
    /// Records the group; false when it cannot be done this way (too large), so the caller paints it directly.
    func recordGroup(_ node: RenderTree.Node, frame: RenderTree.Node.Frame, layerToPixel m: Homography, alpha: Double) -> Bool {
        let layer = frame.layer
        // The layer's own animations of where it is and how opaque move the image, not what is in it.
        let redrawn = !frame.animated.onlyPlaces || node.snapshot.compositorKind == .emitter
            || node.children.contains(where: Self.changesOverTime) || (node.mask.map(Self.changesOverTime) ?? false)
        // The subtree at this time is built only when it must be drawn: a cached group needs none of it.
        let tree: CALayer? = redrawn ? node.frameTree(frame) : nil
        // CGContext shadows are measured in device pixels, so a subtree that casts one is drawn at one pixel per
        // point and scaled by the blit (the shadow then scales with the layer, as on screen).
        let onScreen = max(LayerGeometry.onScreenScale(of: layer.bounds, under: m), 1 / 64)
        let castsShadow = tree.map(Self.castsShadow) ?? Self.castsShadow(node)
        // `shouldRasterize` fixes the scale at `rasterizationScale`, as on Apple (magnified, the raster softens).
        var scale = layer.shouldRasterize ? Self.validRasterizationScale(layer.rasterizationScale)
            : castsShadow ? 1 : LayerGeometry.powerOfTwo(atLeast: onScreen)

        // A blur in `filters` blurs the group's picture, which spreads three deviations past its extent.
        let blur = LayerDrawingPlan(layer).contentBlurRadius
        if blur > 0, !layer.shouldRasterize { scale = Self.blurredPictureScale(scale, blur: blur) }
        let recolor = layer.pictureRecolor
        var hasher = Hasher()
        hasher.combine(scale); hasher.combine(blur); hasher.combine(recolor)
        if redrawn { hasher.combine(frame.localTime) } else { Self.combineRevisions(node, into: &hasher) }
        // Tiles arrive between frames, and between the passes of one offline frame: a group showing a tiled layer
        // is drawn afresh each pass.
        if Self.showsTiledLayer(node) { hasher.combine(preparePasses) }
        let signature = hasher.finalize()
        let image: PixelBuffer, origin: CGPoint
        if let cached = rasters.content[node.id], cached.signature == signature {
            (image, origin) = (cached.image, cached.origin)
        } else {
            let subtree = tree ?? node.frameTree(frame)
            var extent = LayerExtent.pixels(of: subtree, layerToPixel: .identity)
            if blur > 0 { extent = extent.insetBy(dx: -3 * blur, dy: -3 * blur) }
            guard !extent.isNull, extent.width > 0, extent.height > 0,
                  [extent.minX, extent.minY, extent.width, extent.height].allSatisfy(\.isFinite) else { return true }
            // A group image is bounded like a content raster; larger groups are painted straight into the frame.
            guard extent.width * scale <= 8192, extent.height * scale <= 8192,
                  Self.fitsRasterBudget(extent, scale: scale) else { return false }
            // Three-dimensional sublayers are composited here, in 3-D; the painter adds the group's effects.
            // So are replicators' instances and emitters' particles, which only the compositor draws.
            let sublayers = Self.needsCompositorInside(subtree)
                ? compositeSublayers(of: node, frame: frame, extent: &extent, scale: scale) : nil
            // (Compositing the sublayers can widen the extent: check the bound again.)
            guard Self.fitsRasterBudget(extent, scale: scale) else { return false }
            guard let raster = Self.rasterizeGroup(subtree, extent: extent, scale: scale, at: frameTime, sublayers: sublayers) else { return true }
            // (Recoloured before the blur, as an effect listed first in After Effects acts first.)
            recolor?.apply(to: raster.bytes.assumingMemoryBound(to: UInt8.self), width: raster.width, height: raster.height,
                           bytesPerRow: raster.bytesPerRow)
            if blur > 0 {
                GaussianBlur.blur(raster.bytes.assumingMemoryBound(to: UInt8.self), width: raster.width, height: raster.height,
                                  bytesPerRow: raster.bytesPerRow, sigma: blur * Double(scale))
            }
            rasterizations += 1
            rasters.content[node.id] = CachedContent(signature: signature, image: raster, scale: scale, origin: extent.origin)
            (image, origin) = (raster, extent.origin)
        }
        let toPixel = Homography(CGAffineTransform(scaleX: 1 / scale, y: 1 / scale)
            .concatenating(CGAffineTransform(translationX: origin.x, y: origin.y)))
            .concatenating(m)
        guard let quad = toPixel.quad(CGRect(x: -1, y: -1, width: image.width + 2, height: image.height + 2)) else { return true }
        var h = Hasher()
        let blend = LayerBlendMode(of: frame.layer)
        h.combine(signature); h.combine(toPixel); h.combine(alpha); h.combine(currentTint); h.combine(blend)
        list.append(Entry(key: node.id, appearance: h.finalize(), box: CGRect.enclosing(quad).insetBy(dx: -1, dy: -1),
                          operation: .blit(image: tinted(image), toPixel: toPixel, opacity: alpha, blend: blend)))
        return true
    }

    /// The deviation, in picture pixels, below which a blurred group's picture is not made coarser: a picture
    /// blurred by at least this many of its pixels is smooth enough that the blit's bilinear magnification adds
    /// no visible error (under one level in 255 for a step edge).
    static let blurredPictureDeviation: CGFloat = 4

    /// The scale of a group picture blurred by `blur` points: `scale`, or coarser so that the blur spans
    /// ``blurredPictureDeviation`` picture pixels — the blur's cost and the picture's memory grow with its pixels,
    /// and a wide blur at full resolution (an After Effects blur of 40 on a 4× picture) drew one frame in tens of
    /// milliseconds for detail the blur removes.
    static func blurredPictureScale(_ scale: CGFloat, blur: Double) -> CGFloat {
        guard blur.isFinite, blur > 0 else { return scale }
        return min(scale, max(blurredPictureDeviation / CGFloat(blur), 1 / 64))
    }

    /// The subtree painted at full opacity (the blit applies it) into an image covering `extent` (layer space);
    /// nil when it draws nothing or would be unreasonably large.
    static func rasterizeGroup(_ tree: CALayer, extent: CGRect, scale: CGFloat, at mediaTime: CFTimeInterval,
                               sublayers: CompositedSublayers? = nil) -> PixelBuffer? {
        guard LayerDrawingPlan(tree).isVisible, let canvas = rasterCanvas(covering: extent, scale: scale) else { return nil }
        let ctx = canvas.context
        // The painter places the layer's bounds corner at its origin itself; its own opacity is undone through
        // the inherited alpha rather than by editing the snapshot.
        ctx.translateBy(x: tree.bounds.minX, y: tree.bounds.minY)
        LayerPainter(context: ctx, mediaTime: mediaTime).paint(tree, inheritedAlpha: 1 / CGFloat(tree.opacity), isRoot: true, sublayers: sublayers)
        return canvas.finish()
    }

    /// `rasterizationScale` when usable; 1 for zero, negative or non-finite values.
    static func validRasterizationScale(_ s: CGFloat) -> CGFloat { s > 0 && s.isFinite ? min(s, 64) : 1 }

    /// Whether anything in the subtree casts a shadow.
    static func castsShadow(_ layer: CALayer) -> Bool {
        LayerDrawingPlan.castsShadow(layer) || layer.sublayerStorage.contains(where: castsShadow)
    }

    /// The same over the render tree's snapshots (for a subtree that is not animating).
    static func castsShadow(_ node: RenderTree.Node) -> Bool {
        LayerDrawingPlan.castsShadow(node.snapshot) || node.children.contains(where: castsShadow)
    }

    /// Whether the subtree looks different from frame to frame with no new revision: running animations or
    /// particles.
    static func showsTiledLayer(_ node: RenderTree.Node) -> Bool {
        node.snapshot.compositorKind == .tiled || node.children.contains(where: showsTiledLayer)
    }

    static func changesOverTime(_ node: RenderTree.Node) -> Bool {
        !node.snapshot.animationEntries.isEmpty || node.snapshot.compositorKind.changesBetweenCommits || node.snapshot.hasTimedContents
            || node.children.contains(where: changesOverTime) || (node.mask.map(changesOverTime) ?? false)
    }

    static func combineRevisions(_ node: RenderTree.Node, into hasher: inout Hasher) {
        hasher.combine(node.id); hasher.combine(node.revision)
        for child in node.children { combineRevisions(child, into: &hasher) }
        if let mask = node.mask { hasher.combine(1); combineRevisions(mask, into: &hasher) }
    }
}
