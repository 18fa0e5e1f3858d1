/// The sublayers of a group (a layer with a mask, clipping, a shadow or group opacity) composited by a compositor
/// of their own when the subtree needs more than the snapshot painter does — perspective, turns out of the
/// screen plane, transform layers (which it would flatten to their 2-D parts), replicator instances and emitter
/// particles (which only the compositor draws). The painter then draws the group's own
/// content, this image in place of the sublayers, and applies the group's clip, mask, shadow and opacity as
/// before (Chromium's cc/ does the same with render surfaces).
struct CompositedSublayers {
    /// Rows top first, covering `rect`.
    let image: CGImage
    /// In the group layer's own space.
    let rect: CGRect
}

extension FrameCompositor {
    /// Whether the painter would lose something drawing `layer`'s sublayers (or its particles): a sublayer
    /// transform, or a descendant's transform, that is not a 2-D affine map, a transform layer, a replicator's
    /// instances or an emitter's particles.
    static func needsCompositorInside(_ layer: CALayer) -> Bool {
        // A descendant's own transform and kind count too; the layer's own transform is its blit's business.
        func descendantNeeds(_ l: CALayer) -> Bool {
            l.compositorKind == .transform || l.compositorKind == .tiled || !CATransform3DIsAffine(l.transform) || needsCompositorInside(l)
        }
        return layer.compositorKind.addsWhatOnlyTheCompositorDraws || !CATransform3DIsAffine(layer.sublayerTransform)
            || layer.sublayerStorage.contains(where: descendantNeeds)
    }

    /// Composites the sublayers of `node` (at `frame`) into an image of the group's `extent` (layer space) at
    /// `scale`, widening `extent` once when projected sublayers reach beyond it (the painter's extent measures
    /// 2-D parts only). Nil when nothing could be drawn.
    func compositeSublayers(of node: RenderTree.Node, frame: RenderTree.Node.Frame, extent: inout CGRect,
                            scale: CGFloat) -> CompositedSublayers? {
        let nested = groupCompositors[node.id] ?? FrameCompositor()
        groupCompositors[node.id] = nested
        nested.threads = threads
        nested.budget = budget
        nested.frameTime = frameTime
        nested.tilesAskedFor.removeAll()
        defer { tilesAskedFor += nested.tilesAskedFor }
        var seen = Set<ObjectIdentifier>()
        for attempt in 0..<2 {
            let toSurface = Homography(CGAffineTransform(translationX: -extent.minX, y: -extent.minY)
                .concatenating(CGAffineTransform(scaleX: scale, y: scale)))
            nested.list.removeAll(keepingCapacity: true)
            nested.frameSize = CGSize(width: extent.width * scale, height: extent.height * scale)
            seen.removeAll(keepingCapacity: true)
            if let emitter = frame.layer as? CAEmitterLayer {
                nested.recordParticles(of: emitter, node: node, localTime: frame.localTime, layerToPixel: toSurface, depth: nil, alpha: 1)
            }
            nested.recordSublayers(of: node, layer: frame.layer, localTime: frame.localTime, layerToPixel: toSurface,
                                   alpha: 1, seen: &seen)
            let reach = nested.list.reduce(CGRect.null) { $0.union($1.box) }
            let surface = CGRect(x: 0, y: 0, width: extent.width * scale, height: extent.height * scale)
            guard attempt == 0, !reach.isNull, !surface.contains(reach) else { break }
            let grown = extent.union(CGRect(x: extent.minX + reach.minX / scale, y: extent.minY + reach.minY / scale,
                                            width: reach.width / scale, height: reach.height / scale))
            guard grown.width * scale <= 8192, grown.height * scale <= 8192,
                  Self.fitsRasterBudget(grown, scale: scale) else { break }
            extent = grown
        }
        nested.prune(keeping: seen)
        guard let canvas = Self.rasterCanvas(covering: extent, scale: scale) else { return nil }
        nested.execute(into: canvas.context, region: CGRect(x: 0, y: 0, width: canvas.context.width, height: canvas.context.height))
        rasterizations += nested.rasterizations
        nested.rasterizations = 0
        // (A copy without the margin: painters draw it as a CGImage.)
        return canvas.finishImage().map { CompositedSublayers(image: $0, rect: extent) }
    }
}

extension LayerPainter {
    /// Draws composited sublayers in the layer's space (the painter's current space), upright: the image's top
    /// row at `rect.minY`, as the compositor's rasters are laid out.
    func draw(_ sublayers: CompositedSublayers, alpha: CGFloat) {
        let ctx = context
        ctx.saveGState()
        ctx.setAlpha(alpha)
        ctx.translateBy(x: 0, y: sublayers.rect.minY + sublayers.rect.maxY)
        ctx.scaleBy(x: 1, y: -1)
        ctx.draw(sublayers.image, in: sublayers.rect)
        ctx.restoreGState()
    }
}
