extension CALayer {
    /// `render(in:)`'s default: the receiver at the context's origin (its own position and transform ignored,
    /// its bounds origin applied), then its subtree, in the context's user space. Like Apple's, this does not
    /// implement the whole composition model: transforms apply by their 2-D part, `shadowPath` is ignored (the
    /// silhouette casts the shadow), and layers that were never displayed draw what their properties say.
    func renderImplementation(in ctx: CGContext) {
        // render(in:) draws the tree as it is now, on the thread that owns it: the one place drawing reads the
        // clock, and the one place it may go back to the model (a replicator's delayed instances).
        LayerPainter(context: ctx, mediaTime: CACurrentMediaTime(), readsModel: true).paint(self, inheritedAlpha: 1, isRoot: true)
    }
}

/// Draws a layer tree into a `CGContext`, one layer at a time (semantics §10, steps 1–8).
struct LayerPainter {
    let context: CGContext
    /// The media time drawn (particles are a function of it): the frame's time, never the wall clock's.
    let mediaTime: CFTimeInterval
    /// Whether the context's user space is mirrored where painting began (a single-sided layer whose 2-D
    /// placement mirrors it relative to that faces away).
    let rootMirrored: Bool
    /// Whether presentation copies may be evaluated again from their model layers (only `render(in:)`, on the
    /// model's thread; never a renderer's thread).
    let readsModel: Bool
    /// Particle births the whole painting may examine (shared by every emitter it draws, replicas included).
    final class ParticleBudget { var left = ParticleSystem.maximumWorkPerFrame }
    let particleBudget: ParticleBudget

    init(context: CGContext, mediaTime: CFTimeInterval, readsModel: Bool = false, rootMirrored: Bool? = nil,
         particleBudget: ParticleBudget = ParticleBudget()) {
        self.context = context
        self.particleBudget = particleBudget
        self.mediaTime = mediaTime
        self.readsModel = readsModel
        let m = context.ctm
        self.rootMirrored = rootMirrored ?? (m.a * m.d - m.b * m.c < 0)
    }

    /// Paints `layer` and its subtree; `sublayers`, when given, stands for the layer's sublayers already
    /// composited (a compositor group's three-dimensional subtree).
    func paint(_ layer: CALayer, inheritedAlpha: CGFloat, isRoot: Bool, sublayers: CompositedSublayers? = nil) {
        let plan = LayerDrawingPlan(layer)
        guard plan.isVisible else { return }
        let ctx = context
        ctx.saveGState()
        defer { ctx.restoreGState() }
        if !isRoot { ctx.concatenate(layer.frameTransform.twoDimensionalPart) }
        // A single-sided layer seen from behind (its placement mirrors it, as a half turn about y does) is hidden.
        if !layer.isDoubleSided {
            let m = ctx.ctm
            if (m.a * m.d - m.b * m.c < 0) != rootMirrored { return }
        }
        ctx.translateBy(x: -layer.bounds.minX, y: -layer.bounds.minY)
        // A geometry-flipped layer's space runs the other way up within its bounds (its content and sublayers).
        if let flip = layer.geometryFlip { ctx.concatenate(flip) }

        var alpha = inheritedAlpha * CGFloat(layer.opacity)
        let grouped = plan.paintsAsTransparencyLayer
        if grouped {
            ctx.setAlpha(alpha)
            // (The mode in force when the transparency layer begins is the one it is composited with.)
            ctx.setBlendMode(plan.blendMode.contextBlendMode)
            if plan.castsShadow, let color = layer.shadowColor {
                // Shadow offsets live in base space with y up; layers on iOS have y down (Calyx's default).
                let flip: CGFloat = CALayerRootIsFlipped ? -1 : 1
                ctx.setShadow(offset: CGSize(width: layer.shadowOffset.width, height: layer.shadowOffset.height * flip),
                              blur: 2 * layer.shadowRadius,
                              color: color.copy(alpha: color.alpha * CGFloat(layer.shadowOpacity)))
            }
            ctx.beginTransparencyLayer(auxiliaryInfo: nil)
            alpha = 1
        }
        if plan.appliesMask, let mask = layer.mask {
            // The mask is drawn only where the layer can show: a layer far larger than the context (lottie-ios pads
            // its gradient layers by 10,000 points) would otherwise need a bitmap past every limit.
            let visible = layer.bounds.intersection(ctx.boundingBoxOfClipPath.insetBy(dx: -1, dy: -1))
            if let maskImage = LayerPainter.image(of: mask, in: layer, covering: visible, at: mediaTime) {
                // The image's first row is the area's top in the layer's y-down space; a mask image is placed
                // with its first row at the rect's maximum y, so the placement is turned over the rect's middle.
                let turn = CALayerRootIsFlipped
                    ? CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: visible.minY + visible.maxY) : .identity
                ctx.concatenate(turn)
                ctx.clip(to: visible, mask: maskImage)
                ctx.concatenate(turn.inverted())
            } else if visible.isNull || visible.isEmpty {
                ctx.clip(to: .zero)
            }
        }
        if plan.drawsOwnContent { paintOwnContent(of: layer, alpha: alpha, clips: plan.clipsToBounds) }
        if sublayers == nil, let emitter = layer as? CAEmitterLayer {
            // (In a compositor group the composited image holds the particles.)
            paintParticles(of: emitter, at: emitter.localTime(forMediaTime: mediaTime), alpha: alpha)
        }
        if let sublayers {
            ctx.saveGState()
            if plan.clipsToBounds { ctx.addPath(LayerShape.roundedBounds(of: layer)); ctx.clip() }
            draw(sublayers, alpha: alpha)
            ctx.restoreGState()
        } else {
            paintSublayers(of: layer, alpha: alpha, clips: plan.clipsToBounds)
        }
        LayerBorder(of: layer)?.stroke(in: ctx, alpha: alpha)
        if grouped { ctx.endTransparencyLayer() }
    }

    /// Background, contents, and the subclass's content, clipped to the rounded bounds when `clips` (the
    /// plan's `clipsToBounds`). A transform layer has none (its plan says so; callers do not ask).
    func paintOwnContent(of layer: CALayer, alpha: CGFloat, clips: Bool) {
        let ctx = context
        ctx.setAlpha(alpha)
        if let background = layer.backgroundColor {
            ctx.setFillColor(background)
            ctx.addPath(LayerShape.roundedBounds(of: layer))
            ctx.fillPath()
        }
        ctx.saveGState()
        if clips { ctx.addPath(LayerShape.roundedBounds(of: layer)); ctx.clip() }
        // (A layer whose picture depends on time, a video's, shows the one for the time being drawn.)
        let timed = layer.hasTimedContents ? (layer as? CALayerTimedContents)?.timedContents(atMediaTime: mediaTime) : nil
        if let image = timed ?? LayerPainter.contentsImage(layer.contents) { ContentsPainter(context: ctx).draw(image, of: layer) }
        switch layer {
        case let shape as CAShapeLayer: ShapePainter(context: ctx).draw(shape)
        case let gradient as CAGradientLayer: GradientPainter(context: ctx).draw(gradient)
        case let text as CATextLayer: TextPainter(context: ctx).draw(text)
        default: break
        }
        ctx.restoreGState()
    }

    /// Sublayers back to front, stably sorted by zPosition, under the sublayerTransform (about the anchor point,
    /// Q27), clipped when `masksToBounds`.
    func paintSublayers(of layer: CALayer, alpha: CGFloat, clips: Bool) {
        guard !layer.sublayerStorage.isEmpty else { return }
        let ctx = context
        ctx.saveGState()
        defer { ctx.restoreGState() }
        if clips { ctx.addPath(LayerShape.roundedBounds(of: layer)); ctx.clip() }
        if !CATransform3DIsIdentity(layer.sublayerTransform) {
            let pivot = CGPoint(x: layer.bounds.minX + layer.anchorPoint.x * layer.bounds.width,
                                y: layer.bounds.minY + layer.anchorPoint.y * layer.bounds.height)
            ctx.translateBy(x: pivot.x, y: pivot.y)
            ctx.concatenate(layer.sublayerTransform.twoDimensionalPart)
            ctx.translateBy(x: -pivot.x, y: -pivot.y)
        }
        let sublayers = layer.sublayerStorage
        let ordered = LayerGeometry.drawingOrder(of: sublayers.map(\.zPosition)).map { sublayers[$0] }
        guard let replicator = layer as? CAReplicatorLayer else {
            for child in ordered { paint(child, inheritedAlpha: alpha, isRoot: false) }
            return
        }
        paintInstances(of: replicator, sublayers: ordered, alpha: alpha)
    }

    /// `contents` as an image (a `CGImage`, or anything else Calyx does not draw).
    static func contentsImage(_ contents: Any?) -> CGImage? { contents.flatMap { $0 as? CGImage } }

    /// A layer rendered on its own into an image of `area` of `host`'s bounds (for masks): the mask's geometry is
    /// in the host's space.
    static func image(of mask: CALayer, in host: CALayer, covering area: CGRect, at mediaTime: CFTimeInterval) -> CGImage? {
        guard !area.isNull, !area.isEmpty else { return nil }
        let size = area.size
        let scale = max(host.contentsScale, 1)
        guard let width = CalyxLimits.pixels(size.width, scale: scale), let height = CalyxLimits.pixels(size.height, scale: scale),
              let ctx = CGContext.canonicalBitmap(width: width, height: height)
        else { return nil }
        // The image's rows run top to bottom, as the host's y-down space does when flipped.
        if CALayerRootIsFlipped { ctx.translateBy(x: 0, y: CGFloat(ctx.height)); ctx.scaleBy(x: scale, y: -scale) } else { ctx.scaleBy(x: scale, y: scale) }
        ctx.translateBy(x: -area.minX, y: -area.minY)
        ctx.concatenate(mask.frameTransform.twoDimensionalPart)
        ctx.translateBy(x: -mask.bounds.minX, y: -mask.bounds.minY)
        LayerPainter(context: ctx, mediaTime: mediaTime).paint(mask, inheritedAlpha: 1, isRoot: true)
        return ctx.makeImage()
    }
}

/// Geometry shared by the painters.
enum LayerShape {
    /// The bounds rounded by `cornerRadius` on the `maskedCorners`, inset by `inset`.
    static func roundedBounds(of layer: CALayer, inset: CGFloat = 0) -> CGPath {
        let r = layer.bounds.insetBy(dx: inset, dy: inset)
        let radius = max(0, min(layer.cornerRadius - inset, min(r.width, r.height) / 2))
        guard radius > 0, r.width > 0, r.height > 0 else { return CGPath(rect: r, transform: nil) }
        let corners = layer.maskedCorners
        func rad(_ c: CACornerMask) -> CGFloat { corners.contains(c) ? radius : 0 }
        let p = CGMutablePath()
        let (minMin, maxMin) = (rad(.layerMinXMinYCorner), rad(.layerMaxXMinYCorner))
        let (maxMax, minMax) = (rad(.layerMaxXMaxYCorner), rad(.layerMinXMaxYCorner))
        p.move(to: CGPoint(x: r.minX + minMin, y: r.minY))
        p.addLine(to: CGPoint(x: r.maxX - maxMin, y: r.minY))
        if maxMin > 0 { p.addArc(tangent1End: CGPoint(x: r.maxX, y: r.minY), tangent2End: CGPoint(x: r.maxX, y: r.maxY), radius: maxMin) }
        p.addLine(to: CGPoint(x: r.maxX, y: r.maxY - maxMax))
        if maxMax > 0 { p.addArc(tangent1End: CGPoint(x: r.maxX, y: r.maxY), tangent2End: CGPoint(x: r.minX, y: r.maxY), radius: maxMax) }
        p.addLine(to: CGPoint(x: r.minX + minMax, y: r.maxY))
        if minMax > 0 { p.addArc(tangent1End: CGPoint(x: r.minX, y: r.maxY), tangent2End: CGPoint(x: r.minX, y: r.minY), radius: minMax) }
        p.addLine(to: CGPoint(x: r.minX, y: r.minY + minMin))
        if minMin > 0 { p.addArc(tangent1End: CGPoint(x: r.minX, y: r.minY), tangent2End: CGPoint(x: r.maxX, y: r.minY), radius: minMin) }
        p.closeSubpath()
        return p
    }
}
