/// Composites a presentation tree into a bitmap, frame after frame (issue 4's compositor, first slice).
///
/// Each layer's own content — background, `contents`, shape, gradient or text, and its border when it has no
/// sublayers — is rasterized once into a cached image keyed by everything that affects those pixels (so a layer
/// that only moves, turns or fades is never redrawn), then blitted with the layer's accumulated 2-D transform
/// and opacity by pixman. Subtrees that need what this slice does not composite yet — masks, shadows, group
/// opacity, clipping, 3-D transforms, replicators and emitters — are drawn by the snapshot painter
/// (`render(in:)`'s) straight into the frame at their place.
package final class FrameCompositor {
    private struct CachedContent { let signature: Int; let image: PixelBuffer; let scale: CGFloat }
    private var cache: [ObjectIdentifier: CachedContent] = [:]
    /// How many times layer content has been rasterized (for tests: a layer that only moves is drawn once).
    package private(set) var rasterizations = 0

    package init() {}

    /// Draws `root` (a presentation tree) into `context`, whose current CTM maps the root's bounds space to the
    /// bitmap. Falls back to the snapshot painter when the bitmap is not in the canonical layout.
    package func composite(_ root: CALayer, into context: CGContext) {
        guard context.usesCanonicalPixels else { root.render(in: context); return }
        var seen = Set<ObjectIdentifier>()
        let rootTransform = CGAffineTransform(translationX: -root.bounds.minX, y: -root.bounds.minY)
            .concatenating(context.userToPixelTransform)
        draw(root, layerToPixel: rootTransform, alpha: 1, into: context, seen: &seen)
        // Forget layers that have left the tree.
        cache = cache.filter { seen.contains($0.key) }
    }

    private func draw(_ layer: CALayer, layerToPixel m: CGAffineTransform, alpha: Double, into ctx: CGContext,
                      seen: inout Set<ObjectIdentifier>) {
        guard !layer.isHidden, layer.opacity > 0, layer.opacity.isFinite else { return }
        let alpha = alpha * Double(layer.opacity)
        if needsSnapshotPainter(layer) {
            drawWithPainter(layer, layerToPixel: m, alpha: alpha, into: ctx)
            return
        }
        let key = ObjectIdentifier(layer.model())
        seen.insert(key)
        let hasSublayers = !layer.sublayerStorage.isEmpty
        if !(layer is CATransformLayer), let content = content(of: layer, key: key, includeBorder: !hasSublayers, layerToPixel: m) {
            let toPixel = CGAffineTransform(scaleX: 1 / content.scale, y: 1 / content.scale)
                .concatenating(CGAffineTransform(translationX: layer.bounds.minX, y: layer.bounds.minY))
                .concatenating(m)
            ctx.withCanonicalPixels { pixels, stride in
                PixmanBlit.composite(source: content.image, into: pixels, bytesPerRow: stride, width: ctx.width, height: ctx.height,
                                     sourceToTarget: toPixel, opacity: alpha)
            }
        }
        guard hasSublayers else { return }
        var childSpace = m
        if !CATransform3DIsIdentity(layer.sublayerTransform) {
            let pivot = CGPoint(x: layer.bounds.minX + layer.anchorPoint.x * layer.bounds.width,
                                y: layer.bounds.minY + layer.anchorPoint.y * layer.bounds.height)
            childSpace = CGAffineTransform(translationX: -pivot.x, y: -pivot.y)
                .concatenating(CATransform3DGetAffineTransform(layer.sublayerTransform))
                .concatenating(CGAffineTransform(translationX: pivot.x, y: pivot.y))
                .concatenating(m)
        }
        let ordered = layer.sublayerStorage.enumerated().sorted { ($0.element.zPosition, $0.offset) < ($1.element.zPosition, $1.offset) }
        for (_, child) in ordered {
            let childToParent = CGAffineTransform(translationX: -child.bounds.minX, y: -child.bounds.minY)
                .concatenating(CATransform3DGetAffineTransform(child.frameTransform))
            draw(child, layerToPixel: childToParent.concatenating(childSpace), alpha: alpha, into: ctx, seen: &seen)
        }
        if layer.borderWidth > 0, let color = layer.borderColor, !(layer is CATransformLayer) {
            // The border lies above the sublayers.
            withLayerSpace(m, of: ctx) {
                ctx.setAlpha(CGFloat(alpha))
                ctx.setStrokeColor(color)
                ctx.setLineWidth(layer.borderWidth)
                ctx.addPath(LayerShape.roundedBounds(of: layer, inset: layer.borderWidth / 2))
                ctx.strokePath()
            }
        }
    }

    /// Whether a layer (and so its subtree) goes to the snapshot painter in this slice.
    private func needsSnapshotPainter(_ layer: CALayer) -> Bool {
        layer.mask != nil || layer.masksToBounds || (layer.shadowOpacity > 0 && layer.shadowColor != nil)
            || (layer.opacity < 1 && layer.allowsGroupOpacity && !layer.sublayerStorage.isEmpty)
            || !CATransform3DIsAffine(layer.transform) || !CATransform3DIsAffine(layer.sublayerTransform)
            || layer is CAReplicatorLayer || layer is CAEmitterLayer
    }

    private func drawWithPainter(_ layer: CALayer, layerToPixel m: CGAffineTransform, alpha: Double, into ctx: CGContext) {
        // The painter places the layer itself from its parent's space: undo this layer's own placement.
        let own = CGAffineTransform(translationX: -layer.bounds.minX, y: -layer.bounds.minY)
            .concatenating(CATransform3DGetAffineTransform(layer.frameTransform))
        guard let parentToPixel = invertible(own).map({ $0.concatenating(m) }) else { return }
        withLayerSpace(parentToPixel, of: ctx) {
            LayerPainter(context: ctx).paint(layer, inheritedAlpha: CGFloat(alpha / Double(layer.opacity)), isRoot: false)
        }
    }

    /// Runs `body` with the context's user space mapped to pixels by `space`.
    private func withLayerSpace(_ space: CGAffineTransform, of ctx: CGContext, _ body: () -> Void) {
        ctx.saveGState()
        ctx.concatenate(space.concatenating(ctx.userToPixelTransform.inverted()))
        body()
        ctx.restoreGState()
    }

    /// The layer's rasterized content at the scale it appears at, from the cache or drawn now.
    private func content(of layer: CALayer, key: ObjectIdentifier, includeBorder: Bool, layerToPixel m: CGAffineTransform) -> CachedContent? {
        guard layer.bounds.width > 0, layer.bounds.height > 0 else { return nil }
        // Raster at the on-screen scale (rounded up to a power of two, so small zooms reuse the raster).
        let onScreen = max((m.a * m.a + m.b * m.b).squareRoot(), (m.c * m.c + m.d * m.d).squareRoot(), 1 / 64)
        let scale = pow(2, (log2(onScreen)).rounded(.up))
        var hasher = Hasher()
        hasher.combine(scale)
        hasher.combine(includeBorder)
        ContentSignature.combine(layer, into: &hasher)
        let signature = hasher.finalize()
        if let cached = cache[key], cached.signature == signature { return cached }
        guard let raster = rasterize(layer, scale: scale, includeBorder: includeBorder) else { return nil }
        rasterizations += 1
        let entry = CachedContent(signature: signature, image: raster, scale: scale)
        cache[key] = entry
        return entry
    }

    private func rasterize(_ layer: CALayer, scale: CGFloat, includeBorder: Bool) -> PixelBuffer? {
        let width = Int((layer.bounds.width * scale).rounded(.up)), height = Int((layer.bounds.height * scale).rounded(.up))
        guard let ctx = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                  space: CGColorSpace(name: CGColorSpace.sRGB)!,
                                  bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        else { return nil }
        // Rows top first, y down, bounds origin at the corner: the layer's own space.
        ctx.translateBy(x: 0, y: CGFloat(height))
        ctx.scaleBy(x: scale, y: -scale)
        ctx.translateBy(x: -layer.bounds.minX, y: -layer.bounds.minY)
        let painter = LayerPainter(context: ctx)
        painter.paintOwnContent(of: layer, alpha: 1)
        if includeBorder, layer.borderWidth > 0, let color = layer.borderColor {
            ctx.setStrokeColor(color)
            ctx.setLineWidth(layer.borderWidth)
            ctx.addPath(LayerShape.roundedBounds(of: layer, inset: layer.borderWidth / 2))
            ctx.strokePath()
        }
        return ctx.makeImage()?.pixels
    }

    private func invertible(_ m: CGAffineTransform) -> CGAffineTransform? {
        let det = m.a * m.d - m.b * m.c
        return det != 0 && det.isFinite ? m.inverted() : nil
    }
}

/// What a layer's own pixels depend on: the content-affecting properties (not position, transform or
/// opacity, which the compositor applies).
enum ContentSignature {
    static let layerKeys = ["bounds", "backgroundColor", "cornerRadius", "contents", "contentsRect", "contentsCenter",
                            "contentsGravity", "contentsScale", "borderWidth", "borderColor", "magnificationFilter"]

    static func combine(_ layer: CALayer, into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(type(of: layer)))
        hasher.combine(layer.contentVersion)
        hasher.combine(layer.maskedCorners.rawValue)
        let table = type(of: layer).propertyTable
        for key in layerKeys { combine(table[key]?.read(layer), into: &hasher) }
        // Every key a subclass adds (shape path and stroke, gradient colours, text…) affects its content.
        for property in table.ordered where CALayer.layerProperties[property.name] == nil {
            combine(property.read(layer), into: &hasher)
        }
    }

    private static func combine(_ value: Any?, into hasher: inout Hasher) {
        switch value {
        case nil: hasher.combine(0)
        case let list as [Any]:
            hasher.combine(list.count)
            for element in list { combine(element, into: &hasher) }
        case let v as AnyHashable where !(v.base is NSObject) || v.base is NSNumber || v.base is NSString: hasher.combine(v)
        case let c as CGColor: hasher.combine(c.components ?? [])
        case let o as AnyObject: hasher.combine(ObjectIdentifier(o))
        default: hasher.combine(String(describing: value))
        }
    }
}
