/// `CAReplicatorLayer` instances in the snapshot painter, as the compositor draws them (semantics §9.5):
/// instance k placed by the instance transform applied k times, faded by its alpha, its colours multiplied by
/// its tint, and — for a presentation tree drawn by `render(in:)` — its sublayers shown k × `instanceDelay`
/// earlier in the replicator's time.
extension LayerPainter {
    func paintInstances(of replicator: CAReplicatorLayer, sublayers: [CALayer], alpha: CGFloat) {
        let ctx = context
        for (k, instance) in FrameCompositor.instances(of: replicator).enumerated() where instance.alpha > 0 {
            let shown = k > 0 && instance.delay != 0 ? delayed(sublayers, of: replicator, by: instance.delay) : sublayers
            let instanceAlpha = alpha * CGFloat(instance.alpha)
            ctx.saveGState()
            ctx.concatenate(instance.transform.twoDimensionalPart)
            if instance.tint.isWhite || !paintTinted(shown, tint: instance.tint, alpha: instanceAlpha) {
                for child in shown { paint(child, inheritedAlpha: instanceAlpha, isRoot: false) }
            }
            ctx.restoreGState()
        }
    }

    /// The sublayers as they appear `delay` seconds earlier in the replicator's local time: presentation copies
    /// made again from their models. A model tree (drawn without its animations) and any tree this painter may
    /// not take back to the model are drawn as they are.
    private func delayed(_ sublayers: [CALayer], of replicator: CAReplicatorLayer, by delay: Double) -> [CALayer] {
        guard readsModel, replicator.isPresentationCopy, let model = replicator.modelSource as? CAReplicatorLayer else {
            return sublayers
        }
        let local = model.localTime(forMediaTime: mediaTime) - delay
        let earlier = model.convertTime(local, to: nil)
        return sublayers.map { child in
            guard child.isPresentationCopy, let source = child.modelSource else { return child }
            return source.presentation(atMediaTime: earlier) ?? child
        }
    }

    /// Draws `sublayers` through an offscreen image whose colours are multiplied by `tint`, in device pixels
    /// where the instance lands; false when there is nothing to draw there or no image could be made.
    private func paintTinted(_ sublayers: [CALayer], tint: InstanceTint, alpha: CGFloat) -> Bool {
        let ctx = context
        let toDevice = ctx.ctm
        var extent = CGRect.null
        for child in sublayers where !child.isHidden {
            let placement = LayerGeometry.placement(of: child).twoDimensionalPart
            extent = extent.union(LayerExtent.pixels(of: child, layerToPixel: placement.concatenating(toDevice)))
        }
        // (Hostile geometry reaches here as huge or NaN extents; Foundation traps on `integral` of those.)
        let device = LayerGeometry.finite(extent).intersection(CGRect(x: 0, y: 0, width: ctx.width, height: ctx.height)).integral
        guard !device.isNull, device.width >= 1, device.height >= 1,
              let offscreen = CGContext.canonicalBitmap(width: Int(device.width), height: Int(device.height))
        else { return false }
        offscreen.translateBy(x: -device.minX, y: -device.minY)
        offscreen.concatenate(toDevice)
        let painter = LayerPainter(context: offscreen, mediaTime: mediaTime, readsModel: readsModel, rootMirrored: rootMirrored,
                                    particleBudget: particleBudget)
        for child in sublayers { painter.paint(child, inheritedAlpha: alpha, isRoot: false) }
        guard let drawn = offscreen.makeImage(),
              let tinted = drawn.pixels.multiplyingColour(r: tint.r, g: tint.g, b: tint.b) else { return false }
        ctx.saveGState()
        ctx.concatenate(toDevice.inverted())
        ctx.setAlpha(1)
        ctx.draw(CGImage(pixels: tinted, isOpaque: false), in: device)
        ctx.restoreGState()
        return true
    }
}
