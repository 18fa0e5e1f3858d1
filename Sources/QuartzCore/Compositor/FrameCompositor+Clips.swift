/// Clipping to bounds (`masksToBounds`) as display-list state: the entries a clipping layer's sublayers record
/// carry its clip (ClipState.swift) instead of the layer becoming a group whose picture is repainted whenever
/// anything inside changes. Bounds that stay an axis-aligned rectangle on screen, with square corners, clip by
/// rows and columns (partly covered edge pixels by their area); rounded or turned bounds by a cached picture of
/// the rounded rectangle, sampled along each row like a mask. Chromium's compositor clips quads the same way.
extension FrameCompositor {
    /// A rounded-bounds picture, kept while the bounds, corners and scale are unchanged.
    struct ClipRaster { let signature: Int; let image: PixelBuffer; let scale: CGFloat }

    /// Applies `layer`'s clip (its bounds, rounded, mapped to pixels by `own`) to the entries from `start` on;
    /// false when one of them cannot take it (a backdrop, which reads what is behind it), so the caller draws
    /// the layer as a group instead.
    func applyBoundsClip(of layer: CALayer, node: RenderTree.Node, layerToPixel own: Homography, from start: Int) -> Bool {
        guard start < list.count else { return true }
        guard list[start...].allSatisfy({ if case .backdrop = $0.operation { false } else { true } }) else { return false }
        guard let state = boundsClip(of: layer, node: node, layerToPixel: own) else {
            list.removeSubrange(start...)   // nothing of the bounds is on screen
            return true
        }
        // A rectangle holding the whole frame cuts nothing the frame shows (a composition's bounds filling the
        // window, as a Lottie player's do).
        if state.masks.isEmpty, state.paths.isEmpty, let rect = state.rect,
           rect.contains(CGRect(origin: .zero, size: frameSize)) { return true }
        for i in start..<list.count { list[i] = list[i].under(state) }
        return true
    }

    /// The clip of `layer`'s rounded bounds under `own`; nil when nothing of them can be seen.
    private func boundsClip(of layer: CALayer, node: RenderTree.Node, layerToPixel own: Homography) -> ClipState? {
        let bounds = layer.bounds
        guard bounds.width > 0, bounds.height > 0, bounds.width.isFinite, bounds.height.isFinite else { return nil }
        let radius = min(layer.cornerRadius, min(bounds.width, bounds.height) / 2)
        let rounded = radius > 0 && !layer.maskedCorners.isEmpty
        if !rounded, own.isAffine {
            let a = own.affine
            if (a.b == 0 && a.c == 0) || (a.a == 0 && a.d == 0) {
                let rect = bounds.applying(a).standardized
                return rect.isEmpty ? nil : ClipState(rect: LayerGeometry.finite(rect))
            }
        }
        let onScreen = max(LayerGeometry.onScreenScale(of: bounds, under: own), 1 / 64)
        guard let raster = clipRaster(of: layer, node: node, onScreen: onScreen) else { return nil }
        let toPixel = Homography(CGAffineTransform(scaleX: 1 / raster.scale, y: 1 / raster.scale)
            .concatenating(CGAffineTransform(translationX: bounds.minX, y: bounds.minY)))
            .concatenating(own)
        guard let mask = CoverageMask(image: raster.image, toPixel: toPixel, opacity: 1, signature: raster.signature) else { return nil }
        return ClipState(rect: nil, masks: [mask], paths: [PaintClip(path: LayerShape.roundedBounds(of: layer), toPixel: own.affine)])
    }

    /// The picture of `layer`'s rounded bounds at about `onScreen` pixels per point (a power of two, within the
    /// raster budget), from the cache or drawn now.
    private func clipRaster(of layer: CALayer, node: RenderTree.Node, onScreen: CGFloat) -> ClipRaster? {
        let bounds = layer.bounds
        var scale = LayerGeometry.powerOfTwo(atLeast: onScreen)
        while scale > 1 / 64, !(Self.fitsRasterBudget(bounds, scale: scale)
                                  && max(bounds.width, bounds.height) * scale <= Self.maximumRasterSide) { scale /= 2 }
        var h = Hasher()
        h.combine(bounds.size.width); h.combine(bounds.size.height); h.combine(layer.cornerRadius)
        h.combine(layer.maskedCorners.rawValue); h.combine(layer.cornerCurve.rawValue); h.combine(scale)
        let signature = h.finalize()
        if let cached = rasters.clipPictures[node.id], cached.signature == signature { return cached }
        guard let canvas = Self.rasterCanvas(covering: bounds, scale: scale) else { return nil }
        let ctx = canvas.context
        ctx.setFillColor(CGColor(gray: 0, alpha: 1))
        ctx.addPath(LayerShape.roundedBounds(of: layer))
        ctx.fillPath()
        let image = canvas.finish()
        let raster = ClipRaster(signature: signature, image: image, scale: scale)
        rasters.clipPictures[node.id] = raster
        return raster
    }
}

extension FrameCompositor.Entry {
    /// The entry under `state` as well as its own clip: drawn only where both allow, its box narrowed to what
    /// the state leaves, its appearance changed with the state (a moved clip damages what it uncovers).
    func under(_ state: ClipState) -> FrameCompositor.Entry {
        let combined = clipState.map { $0.within(state) } ?? state
        var h = Hasher()
        h.combine(appearance); h.combine(state)
        return FrameCompositor.Entry(key: key, appearance: h.finalize(), box: box.intersection(combined.bounds),
                                     operation: operation, clipState: combined)
    }

    /// The entry drawn into a space moved by (`dx`, `dy`) pixels (a surface whose corner is at (−dx, −dy));
    /// nil for a backdrop, which reads the frame it is drawn in.
    func translated(dx: Double, dy: Double) -> FrameCompositor.Entry? {
        let shift = Homography(CGAffineTransform(translationX: dx, y: dy))
        var state: ClipState?
        if let clipState {
            guard let moved = clipState.translated(dx: dx, dy: dy) else { return nil }
            state = moved
        }
        let operation: FrameCompositor.Operation
        switch self.operation {
        case .blit(let image, let toPixel, let opacity, let clip, let blend):
            let lines = clip.map { PixelClip(lines: $0.lines.map { l in PixelClip.Line(a: l.a, b: l.b, c: l.c - l.a * dx - l.b * dy) }) }
            operation = .blit(image: image, toPixel: toPixel.concatenating(shift), opacity: opacity, clip: lines, blend: blend)
        case .paint(let draw, _):
            operation = .paint { ctx in
                ctx.translateBy(x: dx, y: dy)
                draw(ctx)
            }
        case .backdrop:
            return nil
        }
        return FrameCompositor.Entry(key: key, appearance: appearance, box: box.offsetBy(dx: dx, dy: dy), operation: operation,
                                     clipState: state)
    }
}
