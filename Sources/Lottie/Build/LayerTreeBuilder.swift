import Foundation
import QuartzCore

/// Builds the Core Animation layer tree of a Lottie composition: one layer per Lottie layer (inside layers that
/// repeat its parents' transforms, as parenting moves but does not fade), shape groups as layers with their
/// transforms, and one `CAShapeLayer` per fill or stroke (less those `keepsEveryLayer` says are left out). Every
/// animation is added once, here; playing the file only moves the tree's time.
struct LayerTreeBuilder {
    let model: AnimationModel
    let timeline: AnimationTimeline
    /// Where each property ended up, for value providers.
    let registry = PropertyRegistry()
    /// The images image layers show, by asset id, with how each fills its layer.
    let images: [String: (image: CGImage, gravity: CALayerContentsGravity)]
    /// What text layers show, and in which fonts.
    let textProvider: AnimationKeypathTextProvider
    let fontProvider: AnimationFontProvider
    /// Whether every shape group, fill and stroke becomes a layer of its own. Otherwise (each layer costs every
    /// frame it is drawn) a group whose transform never moves anything — most groups: After Effects gives each
    /// one — adds its items to the layer it is in, and a stroke drawn just in front of a fill of the same paths,
    /// both fully opaque, is drawn by the fill's layer (a shape layer strokes over its fill). What they leave out
    /// stays registered, on stand-in layers, for the keypath queries.
    var keepsEveryLayer = false

    /// A builder for `model` whose image layers show what `imageProvider` answers (embedded images are decoded
    /// whatever it answers; without a provider only they show), and whose text layers show what `textProvider`
    /// answers in the fonts `fontProvider` answers.
    init(model: AnimationModel, imageProvider: AnimationImageProvider? = nil,
         textProvider: AnimationKeypathTextProvider = DefaultTextProvider(), fontProvider: AnimationFontProvider = DefaultFontProvider()) {
        self.model = model
        self.textProvider = textProvider
        self.fontProvider = fontProvider
        var images: [String: (image: CGImage, gravity: CALayerContentsGravity)] = [:]
        for (id, asset) in model.images {
            let image = imageProvider?.imageForAsset(asset: asset) ?? asset.embeddedData.flatMap(decodeImage)
            if let image { images[id] = (image, imageProvider?.contentsGravity(for: asset) ?? .resize) }
        }
        self.images = images
        timeline = AnimationTimeline(firstFrame: model.inPoint, lastFrame: model.outPoint, frameRate: model.frameRate)
    }

    /// The composition's root layer, `w` × `h`, with its layers frontmost first as in the file.
    func build() -> CALayer {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: model.width, height: model.height)
        root.anchorPoint = .zero
        root.position = .zero
        addLayers(model.layers, composition: .root, path: [], size: CGSize(width: model.width, height: model.height), to: root, visiting: [])
        return root
    }

    /// How deep precompositions may nest.
    static let maximumNesting = 16

    /// Adds `layers` (of a composition `size` large whose frames show at root frames as `composition` says) to
    /// `container`.
    private func addLayers(_ layers: [LayerModel], composition: TimeMap, path: [String], size: CGSize, to container: CALayer,
                           visiting: [String]) {
        let byIndex = Dictionary(layers.compactMap { l in l.index.map { ($0, l) } }, uniquingKeysWith: { a, _ in a })
        for (position, layer) in layers.enumerated().reversed() where layer.kind != .null && !layer.hidden && !layer.isMatteSource {
            var node = self.node(for: layer, composition: composition, path: path, size: size, byIndex: byIndex, visiting: visiting)
            // The Set Matte effect cuts it by another layer of the composition as that layer is drawn (which
            // itself is still drawn as usual); naming no layer there, it does nothing (as in After Effects and
            // lottie-web).
            if let matte = layer.effects.first(where: { $0.enabled && $0.type == 28 }),
               let source = Self.setMatteSource(matte, in: byIndex, frame: composition.frame(atRootFrame: model.inPoint)) {
                let holder = Self.spaceLayer()
                holder.addSublayer(node)
                holder.mask = self.node(for: source, composition: composition, path: path, size: size, byIndex: byIndex, visiting: visiting)
                holder.maskReading = Self.setMatteReading(matte, frame: composition.frame(atRootFrame: model.inPoint))
                node = holder
            }
            // A track matte cuts the layer (with its parents' motion) by another layer, placed as it would be drawn.
            if let mode = layer.matteMode {
                let source = layer.matteParent.flatMap { byIndex[$0] } ?? (position > 0 ? layers[position - 1] : nil)
                let holder = Self.spaceLayer()
                holder.addSublayer(node)
                holder.mask = source.map { self.node(for: $0, composition: composition, path: path, size: size, byIndex: byIndex, visiting: visiting) }
                    ?? Self.spaceLayer()
                holder.maskReading = mode.reading
                node = holder
            }
            // A blend mode combines the finished layer (masked, matted, moved by its parents) with what is under it.
            node.compositingFilter = layer.blendFilterName
            container.addSublayer(node)
        }
    }

    /// `layer` drawn in its composition: its content under its transform and masks, inside copies of its parents'
    /// transforms, shown between its in and out points.
    private func node(for layer: LayerModel, composition: TimeMap, path: [String], size: CGSize, byIndex: [Int: LayerModel],
                      visiting: [String]) -> CALayer {
        let keypath = path + [layer.name ?? ""]
        // A layer's own keyframes (and in and out points) are in its composition's time: Bodymovin writes them
        // there, start time and stretch included, and lottie-web, ThorVG and lottie-ios read them so. The start
        // time and stretch place only a precomposition's content.
        let time = composition
        var node = makeLayer(for: layer, time: time, withOpacity: true, keypath: keypath)
        registry.registerLayer(keypath, node)
        addContent(of: layer, to: node, time: time, keypath: keypath, visiting: visiting)
        if !layer.masks.isEmpty {
            if let (mask, reading) = MaskBuilder(builder: self, time: time).mask(layer.masks, layerBox: box(of: layer, in: size)) {
                node.mask = mask
                node.maskReading = reading
            }
        }
        if !layer.effects.isEmpty { EffectBuilder(builder: self, time: time).apply(layer.effects, masks: layer.masks, to: node) }
        // Parents move the layer (not fade it): their transforms wrap it, nearest parent innermost.
        var seen: Set<Int> = []
        var parentIndex = layer.parent
        while let p = parentIndex, let parent = byIndex[p], seen.insert(p).inserted {
            let wrapper = makeLayer(for: parent, time: composition, withOpacity: false,
                                    keypath: path + [parent.name ?? ""])
            wrapper.addSublayer(node)
            node = wrapper
            parentIndex = parent.parent
        }
        if let visibility = timeline.visibility(inPoint: layer.inPoint, outPoint: layer.outPoint, composition: composition) {
            node.add(visibility, forKey: "lottie.visibility")
        }
        return node
    }

    /// The layer a Set Matte effect takes its matte from (control 0: the layer's index), if the composition has it.
    static func setMatteSource(_ effect: EffectModel, in byIndex: [Int: LayerModel], frame: Double) -> LayerModel? {
        let index = effect.control(0).value(atFrame: frame)[0]
        guard index.isFinite, let wanted = Int(exactly: index.rounded()) else { return nil }
        return byIndex[wanted]
    }

    /// How a Set Matte effect reads its matte: by luminance when control 1 ("use for matte") says 5, else by
    /// alpha (what lottie-web reads whatever it says), inverted when control 2 is set.
    static func setMatteReading(_ effect: EffectModel, frame: Double) -> MaskReading {
        let luminance = effect.control(1).value(atFrame: frame)[0] == 5, inverted = effect.control(2).value(atFrame: frame)[0] == 1
        switch (luminance, inverted) {
        case (false, false): return .alpha
        case (false, true): return .invertedAlpha
        case (true, false): return .luminance
        case (true, true): return .invertedLuminance
        }
    }

    /// The layer's own box in its space, which an inverted mask covers: a solid's or a precomposition's size,
    /// else its composition's (After Effects' shape layers are as large as their composition).
    private func box(of layer: LayerModel, in size: CGSize) -> CGRect {
        switch layer.kind {
        case .solid: return CGRect(origin: .zero, size: layer.solidSize)
        case .precomp where layer.precompSize.width > 0 && layer.precompSize.height > 0: return CGRect(origin: .zero, size: layer.precompSize)
        default:
            let whole = size.width > 0 && size.height > 0 ? size : CGSize(width: model.width, height: model.height)
            return CGRect(origin: .zero, size: whole)
        }
    }

    /// An empty layer whose space is its superlayer's (anchor and position at the origin, no size).
    static func spaceLayer() -> CALayer {
        let layer = CALayer()
        layer.anchorPoint = .zero
        layer.position = .zero
        return layer
    }

    /// A layer carrying `layer`'s transform, its keyframes shown at root frames as `time` says.
    private func makeLayer(for layer: LayerModel, time: TimeMap, withOpacity: Bool, keypath: [String]) -> CALayer {
        let node = CALayer()
        node.name = layer.name
        apply(layer.transform, to: node, time: time, withOpacity: withOpacity, autoOrient: layer.autoOrient,
              keypath: keypath + ["Transform"])
        return node
    }

    /// Sets `transform` on `node` and adds its animations: the anchor is the bounds' origin (so it lands on the
    /// position, and rotation and scale turn about it), rotation in degrees, scale and opacity in percent. A
    /// position that moves along curves, and a rotation that follows the motion (`autoOrient`), are sampled once
    /// a frame.
    func apply(_ transform: TransformModel, to node: CALayer, time: TimeMap, withOpacity: Bool, autoOrient: Bool = false,
               keypath: [String]) {
        func at(_ root: Double) -> Double { time.frame(atRootFrame: root) }
        registry.register(keypath + ["Position"], .position, on: node) { root in
            if let x = transform.positionX, let y = transform.positionY {
                return LottieVector3D(x: x.value(atFrame: at(root))[0], y: y.value(atFrame: at(root))[0], z: 0)
            }
            let p = transform.position.hasSpatialTangents ? transform.position.spatialValue(atFrame: at(root)).point
                : { let v = transform.position.value(atFrame: at(root)); return CGPoint(x: v[0], y: v[1]) }()
            return LottieVector3D(x: Double(p.x), y: Double(p.y), z: 0)
        }
        registry.register(keypath + ["Anchor Point"], .anchorPoint, on: node) { root in
            let a = transform.anchor.value(atFrame: at(root)); return LottieVector3D(x: a[0], y: a[1], z: 0)
        }
        registry.register(keypath + ["Scale"], .scale, on: node) { root in
            let s = transform.scale.value(atFrame: at(root)); return LottieVector3D(x: s[0], y: s[1], z: 100)
        }
        registry.register(keypath + ["Rotation"], .rotation, on: node) { root in LottieVector1D(transform.rotation.value(atFrame: at(root))[0]) }
        if withOpacity {
            registry.register(keypath + ["Opacity"], .opacity, on: node) { root in LottieVector1D(transform.opacity.value(atFrame: at(root))[0]) }
        }
        let frame = time.frame(atRootFrame: model.inPoint)
        let anchor = transform.anchor.value(atFrame: frame)
        node.anchorPoint = .zero
        node.bounds = CGRect(x: anchor[0], y: anchor[1], width: model.width, height: model.height)
        if let x = transform.positionX, let y = transform.positionY {
            node.position = CGPoint(x: x.value(atFrame: frame)[0], y: y.value(atFrame: frame)[0])
            add(timeline.animation("position.x", x, time: time) { $0[0] }, to: node)
            add(timeline.animation("position.y", y, time: time) { $0[0] }, to: node)
        } else if transform.position.hasSpatialTangents {
            node.position = transform.position.spatialValue(atFrame: frame).point
            add(timeline.sampled("position", timeline.sampleFrames.map { transform.position.spatialValue(atFrame: time.frame(atRootFrame: $0)).point }),
                to: node)
        } else {
            let p = transform.position.value(atFrame: frame)
            node.position = CGPoint(x: p[0], y: p[1])
            add(timeline.animation("position", transform.position, time: time) { CGPoint(x: $0[0], y: $0[1]) }, to: node)
        }
        add(timeline.animation("bounds.origin", transform.anchor, time: time) { CGPoint(x: $0[0], y: $0[1]) }, to: node)
        if transform.skews {
            applyLinearPart(of: transform, to: node, time: time, autoOrient: autoOrient)
        } else {
            applyScaleAndRotation(of: transform, to: node, time: time, autoOrient: autoOrient)
        }
        guard withOpacity else { return }
        node.opacity = Float(transform.opacity.value(atFrame: frame)[0] / 100)
        add(timeline.animation("opacity", transform.opacity, time: time) { $0[0] / 100 }, to: node)
    }

    /// The scale and rotation through the transform's key paths, animated as the file animates them.
    private func applyScaleAndRotation(of transform: TransformModel, to node: CALayer, time: TimeMap, autoOrient: Bool) {
        let frame = time.frame(atRootFrame: model.inPoint)
        let s = transform.scale.value(atFrame: frame), r = transform.rotation.value(atFrame: frame)[0]
        node.setValue(s[0] / 100, forKeyPath: "transform.scale.x")
        node.setValue(s[1] / 100, forKeyPath: "transform.scale.y")
        add(timeline.animation("transform.scale.x", transform.scale, time: time) { $0[0] / 100 }, to: node)
        add(timeline.animation("transform.scale.y", transform.scale, time: time) { $0[1] / 100 }, to: node)
        if autoOrient, transform.positionX == nil, transform.position.isAnimated {
            let angles = orientedRotations(transform, time: time)
            node.setValue(orientedRotation(transform, atFrame: frame, previous: angles.first), forKeyPath: "transform.rotation.z")
            add(timeline.sampled("transform.rotation.z", angles), to: node)
        } else {
            node.setValue(r * .pi / 180, forKeyPath: "transform.rotation.z")
            add(timeline.animation("transform.rotation.z", transform.rotation, time: time) { $0[0] * .pi / 180 }, to: node)
        }
    }

    /// A skewing transform's scale, skew and rotation as the layer's whole `transform` (Core Animation's key
    /// paths cannot shear), sampled once a frame when any of them moves.
    private func applyLinearPart(of transform: TransformModel, to node: CALayer, time: TimeMap, autoOrient: Bool) {
        let frame = time.frame(atRootFrame: model.inPoint)
        let orients = autoOrient && transform.positionX == nil && transform.position.isAnimated
        let turn = orients ? orientedRotation(transform, atFrame: frame, previous: nil) : nil
        node.transform = CATransform3DMakeAffineTransform(transform.linearPart(atFrame: frame, turn: turn))
        let moves = transform.scale.isAnimated || transform.rotation.isAnimated || transform.skew.isAnimated
            || transform.skewAxis.isAnimated || orients
        guard moves else { return }
        let turns = orients ? orientedRotations(transform, time: time) : nil
        let values = timeline.sampleFrames.enumerated().map { k, root in
            NSValue(caTransform3D: CATransform3DMakeAffineTransform(
                transform.linearPart(atFrame: time.frame(atRootFrame: root), turn: turns?[k])))
        }
        add(timeline.sampled("transform", values), to: node)
    }

    /// The rotation (radians) of an auto-oriented layer at each sampled frame: its own rotation plus the angle of
    /// its direction of travel, which holds while it does not move.
    private func orientedRotations(_ transform: TransformModel, time: TimeMap) -> [Double] {
        var previous: Double?
        return timeline.sampleFrames.map { f in
            let angle = orientedRotation(transform, atFrame: time.frame(atRootFrame: f), previous: previous)
            previous = angle
            return angle
        }
    }

    private func orientedRotation(_ transform: TransformModel, atFrame frame: Double, previous: Double?) -> Double {
        let own = transform.rotation.value(atFrame: frame)[0] * .pi / 180
        guard let d = transform.position.spatialValue(atFrame: frame).direction else { return previous ?? own }
        return own + atan2(d.dy, d.dx)
    }

    func add(_ animation: CAAnimation?, to layer: CALayer) {
        guard let animation, let keyPath = (animation as? CAPropertyAnimation)?.keyPath else { return }
        layer.add(animation, forKey: "lottie." + keyPath)
    }

    /// What a layer draws in its own space.
    private func addContent(of layer: LayerModel, to node: CALayer, time: TimeMap, keypath: [String], visiting: [String]) {
        switch layer.kind {
        case .shape:
            ShapeBuilder(builder: self, time: time, path: keypath).addItems(layer.shapes, to: node)
        case .solid:
            let solid = CALayer()
            solid.anchorPoint = .zero
            solid.position = .zero
            solid.bounds = CGRect(origin: .zero, size: layer.solidSize)
            solid.backgroundColor = Self.color(hex: layer.solidColor ?? "#000000")
            node.addSublayer(solid)
        case .precomp:
            // The precomposition's layers, in its own time (this layer's start later), clipped to its size. A
            // precomposition that contains itself, or nests too deep, draws nothing more.
            guard let id = layer.referenceID, let layers = model.precompositions[id], !visiting.contains(id),
                  visiting.count < Self.maximumNesting else { return }
            let clip = CALayer()
            clip.anchorPoint = .zero
            clip.position = .zero
            clip.bounds = CGRect(origin: .zero, size: layer.precompSize)
            clip.masksToBounds = layer.precompSize.width > 0 && layer.precompSize.height > 0
            // The content starts at the layer's start time and runs slowed by its stretch, or where a time remap (in
            // seconds, read at the composition's time) says.
            var content = time.nested(start: layer.startTime, stretch: layer.stretch)
            if let remap = layer.timeRemap {
                let rate = model.frameRate
                content = time.remapped { frame in remap.value(atFrame: frame)[0] * rate }
            }
            addLayers(layers, composition: content, path: keypath, size: layer.precompSize, to: clip, visiting: visiting + [id])
            node.addSublayer(clip)
        case .image:
            // The image at the asset's size from the layer's origin (nothing when it could not be had).
            guard let id = layer.referenceID, let asset = model.images[id], let image = images[id] else { return }
            let picture = Self.spaceLayer()
            picture.bounds = CGRect(x: 0, y: 0, width: asset.width, height: asset.height)
            picture.contents = image.image
            picture.contentsGravity = image.gravity
            node.addSublayer(picture)
        case .text:
            if let text = layer.text { TextBuilder(builder: self, time: time, keypath: keypath).addText(text, to: node) }
        case .null, .unknown:
            break
        }
    }

    /// A colour from `#rrggbb`.
    static func color(hex: String) -> CGColor {
        let digits = hex.hasPrefix("#") ? String(hex.dropFirst()) : hex
        guard digits.count == 6, let v = UInt32(digits, radix: 16) else { return CGColor(gray: 0, alpha: 1) }
        return CGColor(red: CGFloat((v >> 16) & 0xFF) / 255, green: CGFloat((v >> 8) & 0xFF) / 255, blue: CGFloat(v & 0xFF) / 255, alpha: 1)
    }
}

extension MatteMode {
    /// How the compositor reads the matte for this mode.
    var reading: MaskReading {
        switch self {
        case .alpha: .alpha
        case .alphaInverted: .invertedAlpha
        case .luminance: .luminance
        case .luminanceInverted: .invertedLuminance
        }
    }
}
