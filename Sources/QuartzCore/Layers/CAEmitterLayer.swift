/// Emitter shapes.
public struct CAEmitterLayerEmitterShape: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let point = Self(rawValue: "point"), line = Self(rawValue: "line"), rectangle = Self(rawValue: "rectangle")
    public static let cuboid = Self(rawValue: "cuboid"), circle = Self(rawValue: "circle"), sphere = Self(rawValue: "sphere")
}

/// Where on the shape particles are born.
public struct CAEmitterLayerEmitterMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let points = Self(rawValue: "points"), outline = Self(rawValue: "outline")
    public static let surface = Self(rawValue: "surface"), volume = Self(rawValue: "volume")
}

/// How particles are ordered and blended.
public struct CAEmitterLayerRenderMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let unordered = Self(rawValue: "unordered"), oldestFirst = Self(rawValue: "oldestFirst")
    public static let oldestLast = Self(rawValue: "oldestLast"), backToFront = Self(rawValue: "backToFront")
    public static let additive = Self(rawValue: "additive")
}

/// A particle system: cells emitted from a shape, affected by the layer's timing (semantics §9.6). The
/// layer's birthRate, lifetime, velocity, scale and spin multiply every cell's.
open class CAEmitterLayer: CALayer, @unchecked Sendable {
    open var emitterCells: [CAEmitterCell]? { didSet { didChangeUncompared("emitterCells", oldValue) } }
    open var birthRate: Float = 1 { didSet { guard admits("birthRate", birthRate) else { birthRate = oldValue; return }; didChange("birthRate", oldValue, birthRate) } }
    open var lifetime: Float = 1 { didSet { guard admits("lifetime", lifetime) else { lifetime = oldValue; return }; didChange("lifetime", oldValue, lifetime) } }
    open var emitterPosition = CGPoint.zero { didSet { guard admits("emitterPosition", emitterPosition) else { emitterPosition = oldValue; return }; didChange("emitterPosition", oldValue, emitterPosition) } }
    open var emitterZPosition: CGFloat = 0 { didSet { guard admits("emitterZPosition", emitterZPosition) else { emitterZPosition = oldValue; return }; didChange("emitterZPosition", oldValue, emitterZPosition) } }
    open var emitterSize = CGSize.zero { didSet { guard admits("emitterSize", emitterSize) else { emitterSize = oldValue; return }; didChange("emitterSize", oldValue, emitterSize) } }
    open var emitterDepth: CGFloat = 0 { didSet { guard admits("emitterDepth", emitterDepth) else { emitterDepth = oldValue; return }; didChange("emitterDepth", oldValue, emitterDepth) } }
    open var emitterShape = CAEmitterLayerEmitterShape.point { didSet { didChange("emitterShape", oldValue, emitterShape) } }
    open var emitterMode = CAEmitterLayerEmitterMode.volume { didSet { didChange("emitterMode", oldValue, emitterMode) } }
    open var renderMode = CAEmitterLayerRenderMode.unordered { didSet { didChange("renderMode", oldValue, renderMode) } }
    open var preservesDepth = false { didSet { didChange("preservesDepth", oldValue, preservesDepth) } }
    open var velocity: Float = 1 { didSet { guard admits("velocity", velocity) else { velocity = oldValue; return }; didChange("velocity", oldValue, velocity) } }
    open var scale: Float = 1 { didSet { guard admits("scale", scale) else { scale = oldValue; return }; didChange("scale", oldValue, scale) } }
    open var spin: Float = 1 { didSet { guard admits("spin", spin) else { spin = oldValue; return }; didChange("spin", oldValue, spin) } }
    open var seed: UInt32 = 0 { didSet { didChange("seed", oldValue, seed) } }

    public override init() { super.init() }
    /// A copy's cells are copies too: the copy a commit hands the renderers must not change when the model's
    /// cells do (a render thread may be drawing it), and animations write into a presentation copy's own cells.
    public required init(layer: Any) {
        super.init(layer: layer)
        emitterCells = emitterCells?.map { $0.deepCopy() }
    }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// (Particles are drawn over the layer's own raster each frame: none of these keys changes that raster.)
    static let emitterProperties = CALayer.layerProperties.adding([
        .make("emitterCells", \CAEmitterLayer.emitterCells, { $0.emitterCells = $1 }, .discrete, role: .compositing, implicit: false, { v in v == nil ? .some(nil) : (v as? [CAEmitterCell]).map { .some($0) } }),
        .make("birthRate", \CAEmitterLayer.birthRate, { $0.birthRate = $1 }, .number, role: .compositing, Convert.float),
        .make("lifetime", \CAEmitterLayer.lifetime, { $0.lifetime = $1 }, .number, role: .compositing, Convert.float),
        .make("emitterPosition", \CAEmitterLayer.emitterPosition, { $0.emitterPosition = $1 }, .point, role: .compositing, Convert.point),
        .make("emitterZPosition", \CAEmitterLayer.emitterZPosition, { $0.emitterZPosition = $1 }, .number, role: .compositing, Convert.cgFloat),
        .make("emitterSize", \CAEmitterLayer.emitterSize, { $0.emitterSize = $1 }, .size, role: .compositing, Convert.size),
        .make("emitterDepth", \CAEmitterLayer.emitterDepth, { $0.emitterDepth = $1 }, .number, role: .compositing, Convert.cgFloat),
        .make("emitterShape", \CAEmitterLayer.emitterShape, { $0.emitterShape = $1 }, .discrete, role: .compositing, implicit: false, animatable: false, Convert.string),
        .make("emitterMode", \CAEmitterLayer.emitterMode, { $0.emitterMode = $1 }, .discrete, role: .compositing, implicit: false, animatable: false, Convert.string),
        .make("renderMode", \CAEmitterLayer.renderMode, { $0.renderMode = $1 }, .discrete, role: .compositing, implicit: false, animatable: false, Convert.string),
        .make("preservesDepth", \CAEmitterLayer.preservesDepth, { $0.preservesDepth = $1 }, .discrete, role: .compositing, implicit: false, animatable: false, Convert.bool),
        .make("velocity", \CAEmitterLayer.velocity, { $0.velocity = $1 }, .number, role: .compositing, Convert.float),
        .make("scale", \CAEmitterLayer.scale, { $0.scale = $1 }, .number, role: .compositing, Convert.float),
        .make("spin", \CAEmitterLayer.spin, { $0.spin = $1 }, .number, role: .compositing, Convert.float),
        .make("seed", \CAEmitterLayer.seed, { $0.seed = $1 }, .number, role: .compositing, implicit: false, animatable: false, { anyToDouble($0).flatMap { UInt32(exactly: $0.rounded(.down)) } }),
    ])
    package override class var propertyTable: PropertyTable { emitterProperties }
}
