/// Composites a presentation tree into a bitmap, frame after frame (issue 4's compositor, first slice).
///
/// Each layer's own content — background, `contents`, shape, gradient or text, and its border when it has no
/// sublayers — is rasterized once into a cached image keyed by everything that affects those pixels (so a layer
/// that only moves, turns or fades is never redrawn), then blitted with the layer's accumulated 2-D transform
/// and opacity: pixman for whole-pixel translations, our span compositor otherwise. Blits are recorded into a
/// display list and executed in horizontal bands across all cores. Subtrees that need what this slice does not composite yet — masks, shadows, group
/// opacity, clipping, 3-D transforms, replicators and emitters — are drawn by the snapshot painter
/// (`render(in:)`'s) straight into the frame at their place.
package final class FrameCompositor {
    private struct CachedContent { let signature: Int; let image: PixelBuffer; let scale: CGFloat }
    /// One recorded blit of the display list.
    private struct Blit: Sendable { let image: PixelBuffer; let toPixel: CGAffineTransform; let opacity: Double }
    /// The frame's pixels, shared by the band threads: each writes only its own rows.
    private struct BandTarget: @unchecked Sendable { let pixels: UnsafeMutableRawPointer }
    private var cache: [ObjectIdentifier: CachedContent] = [:]
    private var pending: [Blit] = []
    /// How many times layer content has been rasterized (for tests: a layer that only moves is drawn once).
    package private(set) var rasterizations = 0
    /// Threads the frame is split across, as horizontal bands (default: every core).
    package var threads = ProcessInfo.processInfo.activeProcessorCount

    package init() {}

    /// Draws `tree` at media time `t` into `context`, whose current CTM maps the root's bounds space to the
    /// bitmap. Falls back to the snapshot painter when the bitmap is not in the canonical layout.
    package func composite(_ tree: RenderTree, atMediaTime t: CFTimeInterval, into context: CGContext) {
        guard let root = tree.root else { return }
        guard context.usesCanonicalPixels else { root.frameTree(parentTime: t).render(in: context); return }
        var seen = Set<ObjectIdentifier>()
        let bounds = root.frameLayer(parentTime: t).layer.bounds
        let rootTransform = CGAffineTransform(translationX: -bounds.minX, y: -bounds.minY).concatenating(context.userToPixelTransform)
        draw(root, parentTime: t, isRoot: true, layerToPixel: rootTransform, alpha: 1, into: context, seen: &seen)
        flush(into: context)
        // Forget layers that have left the tree.
        cache = cache.filter { seen.contains($0.key) }
    }

    private func draw(_ node: RenderTree.Node, parentTime: CFTimeInterval, isRoot: Bool, layerToPixel m: CGAffineTransform,
                      alpha: Double, into ctx: CGContext, seen: inout Set<ObjectIdentifier>) {
        let (layer, localTime, animated) = node.frameLayer(parentTime: parentTime)
        guard !layer.isHidden, layer.opacity > 0, layer.opacity.isFinite else { return }
        let alpha = alpha * Double(layer.opacity)
        if needsSnapshotPainter(layer) {
            drawWithPainter(node.frameTree(parentTime: parentTime), isRoot: isRoot, layerToPixel: m, alpha: alpha, into: ctx)
            return
        }
        seen.insert(node.id)
        let hasSublayers = !node.children.isEmpty
        if !(layer is CATransformLayer),
           let content = content(of: layer, node: node, animatedKeys: animated, includeBorder: !hasSublayers, layerToPixel: m) {
            let toPixel = CGAffineTransform(scaleX: 1 / content.scale, y: 1 / content.scale)
                .concatenating(CGAffineTransform(translationX: layer.bounds.minX, y: layer.bounds.minY))
                .concatenating(m)
            pending.append(Blit(image: content.image, toPixel: toPixel, opacity: alpha))
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
        // Children in zPosition order (stable), each placed from this layer's space.
        let children = node.children.map { $0.frameLayer(parentTime: localTime).layer }
        let ordered = children.indices.sorted { (children[$0].zPosition, $0) < (children[$1].zPosition, $1) }
        for i in ordered {
            let child = children[i]
            let childToParent = CGAffineTransform(translationX: -child.bounds.minX, y: -child.bounds.minY)
                .concatenating(CATransform3DGetAffineTransform(child.frameTransform))
            draw(node.children[i], parentTime: localTime, isRoot: false, layerToPixel: childToParent.concatenating(childSpace),
                 alpha: alpha, into: ctx, seen: &seen)
        }
        if layer.borderWidth > 0, let color = layer.borderColor, !(layer is CATransformLayer) {
            // The border lies above the sublayers.
            flush(into: ctx)
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

    /// Executes the recorded blits in order, in horizontal bands across `threads` threads (bands are
    /// independent: each runs every blit, clipped to its rows).
    private func flush(into ctx: CGContext) {
        guard !pending.isEmpty else { return }
        let blits = pending
        pending.removeAll(keepingCapacity: true)
        let width = ctx.width, height = ctx.height
        ctx.withCanonicalPixels { pixels, stride in
            let bands = max(1, min(threads * 4, height / 16))
            let bandHeight = (height + bands - 1) / bands
            let target = BandTarget(pixels: pixels)
            let run: @Sendable (Int) -> Void = { band in
                let pixels = target.pixels
                let rows = (band * bandHeight)..<min(height, (band + 1) * bandHeight)
                for blit in blits {
                    let m = blit.toPixel
                    if m.a == 1 && m.b == 0 && m.c == 0 && m.d == 1 && m.tx == m.tx.rounded() && m.ty == m.ty.rounded() {
                        PixmanBlit.composite(source: blit.image, into: pixels, bytesPerRow: stride, width: width, height: height,
                                             sourceToTarget: m, opacity: blit.opacity, rows: rows)
                    } else {
                        SpanCompositor.composite(source: blit.image, into: pixels, bytesPerRow: stride, width: width, height: height,
                                                 sourceToTarget: m, opacity: blit.opacity, rows: rows)
                    }
                }
            }
            if threads > 1 { DispatchQueue.concurrentPerform(iterations: bands, execute: run) } else { (0..<bands).forEach(run) }
        }
    }

    private func drawWithPainter(_ layer: CALayer, isRoot: Bool, layerToPixel m: CGAffineTransform, alpha: Double, into ctx: CGContext) {
        flush(into: ctx)  // what lies below must be in the bitmap before the painter draws over it
        if isRoot {
            withLayerSpace(m, of: ctx) { LayerPainter(context: ctx).paint(layer, inheritedAlpha: 1, isRoot: true) }
            return
        }
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

    /// The layer's rasterized content at the scale it appears at, from the cache or drawn now. Unless an
    /// animation changes a content key this frame, the node's revision identifies the content.
    private func content(of layer: CALayer, node: RenderTree.Node, animatedKeys: Set<String>, includeBorder: Bool,
                         layerToPixel m: CGAffineTransform) -> CachedContent? {
        let key = node.id
        guard layer.bounds.width > 0, layer.bounds.height > 0 else { return nil }
        // Raster at the on-screen scale (rounded up to a power of two, so small zooms reuse the raster).
        let onScreen = max((m.a * m.a + m.b * m.b).squareRoot(), (m.c * m.c + m.d * m.d).squareRoot(), 1 / 64)
        let scale = pow(2, (log2(onScreen)).rounded(.up))
        var hasher = Hasher()
        hasher.combine(scale)
        hasher.combine(includeBorder)
        if animatedKeys.isDisjoint(with: ContentSignature.contentKeys(of: layer)) {
            hasher.combine(ObjectIdentifier(type(of: layer)))
            hasher.combine(node.revision)
        } else {
            ContentSignature.combine(layer, into: &hasher)
        }
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

    /// The keys whose animation changes a layer's content: CALayer's content keys and every key a subclass adds.
    static func contentKeys(of layer: CALayer) -> Set<String> {
        let table = type(of: layer).propertyTable
        return Set(layerKeys).union(table.ordered.map(\.name).filter { CALayer.layerProperties[$0] == nil })
    }

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
