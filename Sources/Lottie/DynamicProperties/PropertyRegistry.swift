import Foundation
import QuartzCore

/// Where each property of the file ended up in the built layer tree, by its keypath (layer, group and item
/// names, then the property's name, as lottie-ios names them), so value providers can replace it.
final class PropertyRegistry {
    /// What a property is, which says which layer keys it drives and how a provider's value converts.
    enum Kind {
        case fillColor, strokeColor, opacity, strokeWidth, position, anchorPoint, scale, rotation, gradient
    }

    struct Binding {
        let path: [String]
        let layer: CALayer
        let kind: Kind
        /// The file's value at a frame of the root composition, as lottie-ios's types say it (`LottieColor`,
        /// `LottieVector1D`, `LottieVector3D`, `[LottieColor]`).
        let original: (Double) -> Any
    }

    private(set) var bindings: [Binding] = []
    /// The layers Lottie layers and shape groups became, by keypath (not the copies of parents' transforms).
    private(set) var layers: [(path: [String], layer: CALayer)] = []

    func registerLayer(_ path: [String], _ layer: CALayer) { layers.append((path, layer)) }

    /// Layers that stand in for what the tree leaves out (a shape group whose items went into the layer it is in,
    /// a fill's or stroke's opacity drawn by another's layer): their properties and paths are registered on them,
    /// but changing them shows nothing. (Held, so that their identifiers stay theirs.)
    private var standIns: [ObjectIdentifier: CALayer] = [:]

    func markStandIn(_ layer: CALayer) { standIns[ObjectIdentifier(layer)] = layer }

    /// A new stand-in layer (for a property of an item drawn by another item's layer).
    func standIn() -> CALayer {
        let layer = CALayer()
        markStandIn(layer)
        return layer
    }

    /// Whether `keypath` names something left out of the tree, or one of its properties: the tree must be built
    /// with every group, fill and stroke a layer before it is changed or looked up.
    func reachesStandIn(_ keypath: AnimationKeypath) -> Bool {
        guard !standIns.isEmpty else { return false }
        return layers.contains { standIns[ObjectIdentifier($0.layer)] != nil && keypath.matches($0.path) }
            || bindings.contains { standIns[ObjectIdentifier($0.layer)] != nil && keypath.matches($0.path) }
    }

    /// The composition's own layers (not precompositions' inside them), with their names.
    var topLevelLayers: [(name: String, layer: CALayer)] { layers.filter { $0.path.count == 1 }.map { ($0.path[0], $0.layer) } }

    /// The layers `keypath` names, in the order built.
    func layers(for keypath: AnimationKeypath) -> [CALayer] { layers.filter { keypath.matches($0.path) }.map(\.layer) }

    func register(_ path: [String], _ kind: Kind, on layer: CALayer, original: @escaping (Double) -> Any) {
        bindings.append(Binding(path: path, layer: layer, kind: kind, original: original))
    }

    /// The first property `keypath` names.
    func binding(for keypath: AnimationKeypath) -> Binding? { bindings.first { keypath.matches($0.path) } }

    /// The value a provider gives at `frame`, as its own type (what `getValue(for:atFrame:)` answers).
    static func providedValue(_ provider: AnyValueProvider, atFrame frame: Double, for kind: Kind) -> Any? {
        guard accepts(kind, provider.valueType), let source = provider as? FrameValueSource else { return nil }
        let value = source.value(atFrame: CGFloat(frame))
        // (A gradient provider gives its colours with their locations; lottie-ios answers the colours.)
        if let (colors, _) = value as? ([LottieColor], [Double]) { return colors }
        return value
    }

    /// Every property's keypath, each once, in the order built.
    var keypaths: [String] {
        var seen = Set<String>()
        return bindings.map { $0.path.joined(separator: ".") }.filter { seen.insert($0).inserted }
    }

    /// Applies `provider` to every property `keypath` names whose kind takes its value type: a fixed value
    /// replaces the property's animation, a block's values are sampled at every frame of the composition.
    /// Answers how many properties it changed.
    @discardableResult
    func apply(_ provider: AnyValueProvider, keypath: AnimationKeypath, timeline: AnimationTimeline) -> Int {
        guard let source = provider as? FrameValueSource else { return 0 }
        var changed = 0
        for binding in bindings where Self.accepts(binding.kind, provider.valueType) && keypath.matches(binding.path) {
            let keys = Self.layerKeys(of: binding.kind)
            for key in keys.all { binding.layer.removeAnimation(forKey: "lottie." + key) }
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            if source.isFixed {
                for (key, value) in Self.layerValues(binding.kind, source.value(atFrame: CGFloat(timeline.firstFrame))) {
                    binding.layer.setValue(value, forKeyPath: key)
                }
            } else {
                let frames = timeline.sampleFrames
                let samples = frames.map { Self.layerValues(binding.kind, source.value(atFrame: CGFloat($0))) }
                for (index, key) in keys.set.enumerated() {
                    binding.layer.add(timeline.sampled(key, samples.map { $0[index].1 }), forKey: "lottie." + key)
                }
                for (key, value) in samples.first ?? [] { binding.layer.setValue(value, forKeyPath: key) }
            }
            CATransaction.commit()
            changed += 1
        }
        return changed
    }

    static func accepts(_ kind: Kind, _ type: Any.Type) -> Bool {
        switch kind {
        case .fillColor, .strokeColor: type == LottieColor.self
        case .opacity, .strokeWidth, .rotation: type == LottieVector1D.self
        case .position, .anchorPoint, .scale: type == LottieVector3D.self
        case .gradient: type == [LottieColor].self
        }
    }

    /// The layer keys a kind sets (`set`, in the order `layerValues` answers them) and every key whose
    /// animation it replaces (`all`: a position may have been animated as separate x and y).
    private static func layerKeys(of kind: Kind) -> (set: [String], all: [String]) {
        switch kind {
        case .fillColor: (["fillColor"], ["fillColor"])
        case .strokeColor: (["strokeColor"], ["strokeColor"])
        case .opacity: (["opacity"], ["opacity"])
        case .strokeWidth: (["lineWidth"], ["lineWidth"])
        case .position: (["position"], ["position", "position.x", "position.y"])
        case .anchorPoint: (["bounds.origin"], ["bounds.origin"])
        case .scale: (["transform.scale.x", "transform.scale.y"], ["transform.scale.x", "transform.scale.y"])
        case .rotation: (["transform.rotation.z"], ["transform.rotation.z"])
        case .gradient: (["colors", "locations"], ["colors", "locations"])
        }
    }

    /// A provider's value as the layer values it sets, in the file's units converted to Core Animation's.
    private static func layerValues(_ kind: Kind, _ value: Any) -> [(String, Any)] {
        func finite(_ v: Double) -> Double { v.isFinite ? v : 0 }
        switch kind {
        case .fillColor, .strokeColor:
            let color = (value as? LottieColor)?.cgColorValue ?? CGColor(gray: 0, alpha: 1)
            return [(kind == .fillColor ? "fillColor" : "strokeColor", color)]
        case .opacity:
            return [("opacity", Float(min(max(finite((value as? LottieVector1D)?.value ?? 100) / 100, 0), 1)))]
        case .strokeWidth:
            return [("lineWidth", CGFloat(max(finite((value as? LottieVector1D)?.value ?? 0), 0)))]
        case .rotation:
            return [("transform.rotation.z", CGFloat(finite((value as? LottieVector1D)?.value ?? 0) * .pi / 180))]
        case .position, .anchorPoint:
            let v = value as? LottieVector3D
            let point = CGPoint(x: finite(v?.x ?? 0), y: finite(v?.y ?? 0))
            return [(kind == .position ? "position" : "bounds.origin", point)]
        case .scale:
            let v = value as? LottieVector3D
            return [("transform.scale.x", CGFloat(finite(v?.x ?? 100) / 100)), ("transform.scale.y", CGFloat(finite(v?.y ?? 100) / 100))]
        case .gradient:
            let (colors, given) = value as? ([LottieColor], [Double]) ?? ([], [])
            let locations = given.count == colors.count ? given
                : colors.indices.map { colors.count > 1 ? Double($0) / Double(colors.count - 1) : 0 }
            return [("colors", colors.map(\.cgColorValue)), ("locations", locations.map { NSNumber(value: finite($0)) })]
        }
    }
}
