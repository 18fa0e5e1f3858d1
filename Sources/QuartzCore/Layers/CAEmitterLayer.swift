/// Emitter shapes.
public struct CAEmitterLayerEmitterShape: RawRepresentable, Hashable, Sendable {
    /// The raw value.
    public let rawValue: String
    /// A value from its raw value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A single point at the emitter position.
    public static let point = Self(rawValue: "point")
    /// A line along the x axis, centred on the emitter position.
    public static let line = Self(rawValue: "line")
    /// A rectangle of the emitter size.
    public static let rectangle = Self(rawValue: "rectangle")
    /// A box of the emitter size and depth.
    public static let cuboid = Self(rawValue: "cuboid")
    /// A circle in the x-y plane, sized by the emitter size's width.
    public static let circle = Self(rawValue: "circle")
    /// A sphere, sized by the emitter size's width.
    public static let sphere = Self(rawValue: "sphere")
}

/// Where on the shape particles are born.
public struct CAEmitterLayerEmitterMode: RawRepresentable, Hashable, Sendable {
    /// The raw value.
    public let rawValue: String
    /// A value from its raw value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// At the shape's vertices.
    public static let points = Self(rawValue: "points")
    /// On the shape's outline.
    public static let outline = Self(rawValue: "outline")
    /// On the shape's surface (its area).
    public static let surface = Self(rawValue: "surface")
    /// Inside the shape's volume.
    public static let volume = Self(rawValue: "volume")
}

/// How particles are ordered and blended.
public struct CAEmitterLayerRenderMode: RawRepresentable, Hashable, Sendable {
    /// The raw value.
    public let rawValue: String
    /// A value from its raw value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// In no particular order.
    public static let unordered = Self(rawValue: "unordered")
    /// The oldest particles first, under the younger.
    public static let oldestFirst = Self(rawValue: "oldestFirst")
    /// The oldest particles last, over the younger.
    public static let oldestLast = Self(rawValue: "oldestLast")
    /// Sorted by depth, the farthest first.
    public static let backToFront = Self(rawValue: "backToFront")
    /// Added together, so overlapping particles brighten.
    public static let additive = Self(rawValue: "additive")
}

/// A particle system: cells emitted from a shape, affected by the layer's timing (semantics §9.6). The
/// layer's birthRate, lifetime, velocity, scale and spin multiply every cell's.
open class CAEmitterLayer: CALayer, @unchecked Sendable {
    package override class var compositorKindOfClass: CompositorLayerKind { .emitter }
    /// The properties below, as one value (copied whole when the layer is copied).
    @exclusivity(unchecked) package var emitterValues = EmitterValues()
    open var emitterCells: [CAEmitterCell]? { get { emitterValues.emitterCells } set { let old = emitterValues.emitterCells; emitterValues.emitterCells = newValue; didChangeUncompared("emitterCells", old) } }
    /// A multiplier of every cell's birth rate.
    open var birthRate: Float { get { emitterValues.birthRate } set { guard admits("birthRate", newValue) else { return }; let old = emitterValues.birthRate; emitterValues.birthRate = newValue; didChange("birthRate", old, newValue) } }
    /// A multiplier of every cell's lifetime.
    open var lifetime: Float { get { emitterValues.lifetime } set { guard admits("lifetime", newValue) else { return }; let old = emitterValues.lifetime; emitterValues.lifetime = newValue; didChange("lifetime", old, newValue) } }
    /// The emitter shape's centre, in the layer's coordinates.
    open var emitterPosition: CGPoint { get { emitterValues.emitterPosition } set { guard admits("emitterPosition", newValue) else { return }; let old = emitterValues.emitterPosition; emitterValues.emitterPosition = newValue; didChange("emitterPosition", old, newValue) } }
    /// The emitter shape's centre along z.
    open var emitterZPosition: CGFloat { get { emitterValues.emitterZPosition } set { guard admits("emitterZPosition", newValue) else { return }; let old = emitterValues.emitterZPosition; emitterValues.emitterZPosition = newValue; didChange("emitterZPosition", old, newValue) } }
    /// The emitter shape's size.
    open var emitterSize: CGSize { get { emitterValues.emitterSize } set { guard admits("emitterSize", newValue) else { return }; let old = emitterValues.emitterSize; emitterValues.emitterSize = newValue; didChange("emitterSize", old, newValue) } }
    /// The emitter shape's depth (cuboids).
    open var emitterDepth: CGFloat { get { emitterValues.emitterDepth } set { guard admits("emitterDepth", newValue) else { return }; let old = emitterValues.emitterDepth; emitterValues.emitterDepth = newValue; didChange("emitterDepth", old, newValue) } }
    /// The shape particles are emitted from.
    open var emitterShape: CAEmitterLayerEmitterShape { get { emitterValues.emitterShape } set { let old = emitterValues.emitterShape; emitterValues.emitterShape = newValue; didChange("emitterShape", old, newValue) } }
    /// Where on the shape particles start.
    open var emitterMode: CAEmitterLayerEmitterMode { get { emitterValues.emitterMode } set { let old = emitterValues.emitterMode; emitterValues.emitterMode = newValue; didChange("emitterMode", old, newValue) } }
    /// How particles are drawn over each other.
    open var renderMode: CAEmitterLayerRenderMode { get { emitterValues.renderMode } set { let old = emitterValues.renderMode; emitterValues.renderMode = newValue; didChange("renderMode", old, newValue) } }
    /// Whether particles keep their z and are drawn in 3D (else flattened into the layer's plane).
    open var preservesDepth: Bool { get { emitterValues.preservesDepth } set { let old = emitterValues.preservesDepth; emitterValues.preservesDepth = newValue; didChange("preservesDepth", old, newValue) } }
    /// A multiplier of every cell's velocity.
    open var velocity: Float { get { emitterValues.velocity } set { guard admits("velocity", newValue) else { return }; let old = emitterValues.velocity; emitterValues.velocity = newValue; didChange("velocity", old, newValue) } }
    /// A multiplier of every cell's scale.
    open var scale: Float { get { emitterValues.scale } set { guard admits("scale", newValue) else { return }; let old = emitterValues.scale; emitterValues.scale = newValue; didChange("scale", old, newValue) } }
    /// A multiplier of every cell's spin.
    open var spin: Float { get { emitterValues.spin } set { guard admits("spin", newValue) else { return }; let old = emitterValues.spin; emitterValues.spin = newValue; didChange("spin", old, newValue) } }
    /// The seed of the particles' random values: the same seed gives the same particles.
    open var seed: UInt32 { get { emitterValues.seed } set { let old = emitterValues.seed; emitterValues.seed = newValue; didChange("seed", old, newValue) } }

    /// An emitter with no cells.
    public override init() { super.init() }
    /// A copy's cells are copies too: the copy a commit hands the renderers must not change when the model's
    /// cells do (a render thread may be drawing it), and animations write into a presentation copy's own cells.
    public required init(layer: Any) {
        super.init(layer: layer)
        emitterCells = CAEmitterCell.deepCopies(of: emitterCells)
    }
    /// Decodes an emitter layer.
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
    ], copier: { unsafeDowncast($1, to: CAEmitterLayer.self).emitterValues = unsafeDowncast($0, to: CAEmitterLayer.self).emitterValues })
    package override class var propertyTable: PropertyTable { emitterProperties }
}

/// `CAEmitterLayer`'s own properties, as one value, with Apple's defaults (see `LayerValues`).
package struct EmitterValues: @unchecked Sendable {
    var emitterCells: [CAEmitterCell]?
    var birthRate: Float = 1
    var lifetime: Float = 1
    var emitterPosition: CGPoint = CGPoint.zero
    var emitterZPosition: CGFloat = 0
    var emitterSize: CGSize = CGSize.zero
    var emitterDepth: CGFloat = 0
    var emitterShape: CAEmitterLayerEmitterShape = CAEmitterLayerEmitterShape.point
    var emitterMode: CAEmitterLayerEmitterMode = CAEmitterLayerEmitterMode.volume
    var renderMode: CAEmitterLayerRenderMode = CAEmitterLayerRenderMode.unordered
    var preservesDepth: Bool = false
    var velocity: Float = 1
    var scale: Float = 1
    var spin: Float = 1
    var seed: UInt32 = 0
}
