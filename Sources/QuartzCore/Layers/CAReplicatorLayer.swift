/// A layer that draws `instanceCount` copies of its sublayers, each transformed, coloured and delayed a step
/// further than the last (semantics §9.5).
open class CAReplicatorLayer: CALayer, @unchecked Sendable {
    package override class var compositorKindOfClass: CompositorLayerKind { .replicator }
    /// The properties below, as one value (copied whole when the layer is copied).
    @exclusivity(unchecked) package var replicatorValues = ReplicatorValues()
    /// Copies including the original; default 1.
    open var instanceCount: Int { get { replicatorValues.instanceCount } set { let old = replicatorValues.instanceCount; replicatorValues.instanceCount = newValue; didChange("instanceCount", old, newValue) } }
    /// Whether the copies keep their 3-D depth rather than being flattened into the layer's plane.
    open var preservesDepth: Bool { get { replicatorValues.preservesDepth } set { let old = replicatorValues.preservesDepth; replicatorValues.preservesDepth = newValue; didChange("preservesDepth", old, newValue) } }
    /// Copy k's time shifts by k × this (negative values allowed).
    open var instanceDelay: CFTimeInterval { get { replicatorValues.instanceDelay } set { guard admitsTiming("instanceDelay", newValue) else { return }; let old = replicatorValues.instanceDelay; replicatorValues.instanceDelay = newValue; didChange("instanceDelay", old, newValue) } }
    /// Applied k times to copy k, about the replicator's centre.
    open var instanceTransform: CATransform3D { get { replicatorValues.instanceTransform } set { guard admits("instanceTransform", newValue) else { return }; let old = replicatorValues.instanceTransform; replicatorValues.instanceTransform = newValue; didChange("instanceTransform", old, newValue) } }
    /// Multiplies the first copy's colour; the offsets are added per step.
    open var instanceColor: CGColor? { get { replicatorValues.instanceColor } set { let old = replicatorValues.instanceColor; replicatorValues.instanceColor = newValue; didChange("instanceColor", old, newValue) } }
    /// Added to each copy's red multiplier, copy after copy. Animatable.
    open var instanceRedOffset: Float { get { replicatorValues.instanceRedOffset } set { guard admits("instanceRedOffset", newValue) else { return }; let old = replicatorValues.instanceRedOffset; replicatorValues.instanceRedOffset = newValue; didChange("instanceRedOffset", old, newValue) } }
    /// Added to each copy's green multiplier, copy after copy. Animatable.
    open var instanceGreenOffset: Float { get { replicatorValues.instanceGreenOffset } set { guard admits("instanceGreenOffset", newValue) else { return }; let old = replicatorValues.instanceGreenOffset; replicatorValues.instanceGreenOffset = newValue; didChange("instanceGreenOffset", old, newValue) } }
    /// Added to each copy's blue multiplier, copy after copy. Animatable.
    open var instanceBlueOffset: Float { get { replicatorValues.instanceBlueOffset } set { guard admits("instanceBlueOffset", newValue) else { return }; let old = replicatorValues.instanceBlueOffset; replicatorValues.instanceBlueOffset = newValue; didChange("instanceBlueOffset", old, newValue) } }
    /// Added to each copy's alpha, copy after copy (negative values fade the later copies). Animatable.
    open var instanceAlphaOffset: Float { get { replicatorValues.instanceAlphaOffset } set { guard admits("instanceAlphaOffset", newValue) else { return }; let old = replicatorValues.instanceAlphaOffset; replicatorValues.instanceAlphaOffset = newValue; didChange("instanceAlphaOffset", old, newValue) } }

    /// A replicator with one instance and no offsets.
    public override init() { super.init() }
    /// A copy of `layer` for the render tree, with its instance settings.
    public required init(layer: Any) { super.init(layer: layer) }
    /// Decoding from an archive: Calyx reads no archives or nib files, so this makes a default value.
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// (Instances are placed and tinted by the compositor: none of these keys changes the replicator's own raster.)
    static let replicatorProperties = CALayer.layerProperties.adding([
        .make("instanceCount", \CAReplicatorLayer.instanceCount, { $0.instanceCount = $1 }, .number, role: .compositing, Convert.int),
        .make("preservesDepth", \CAReplicatorLayer.preservesDepth, { $0.preservesDepth = $1 }, .discrete, role: .compositing, implicit: false, animatable: false, Convert.bool),
        .make("instanceDelay", \CAReplicatorLayer.instanceDelay, { $0.instanceDelay = $1 }, .number, role: .compositing, Convert.double),
        .make("instanceTransform", \CAReplicatorLayer.instanceTransform, { $0.instanceTransform = $1 }, .transform, role: .compositing, Convert.transform),
        .make("instanceColor", \CAReplicatorLayer.instanceColor, { $0.instanceColor = $1 }, .color, role: .compositing, Convert.color),
        .make("instanceRedOffset", \CAReplicatorLayer.instanceRedOffset, { $0.instanceRedOffset = $1 }, .number, role: .compositing, Convert.float),
        .make("instanceGreenOffset", \CAReplicatorLayer.instanceGreenOffset, { $0.instanceGreenOffset = $1 }, .number, role: .compositing, Convert.float),
        .make("instanceBlueOffset", \CAReplicatorLayer.instanceBlueOffset, { $0.instanceBlueOffset = $1 }, .number, role: .compositing, Convert.float),
        .make("instanceAlphaOffset", \CAReplicatorLayer.instanceAlphaOffset, { $0.instanceAlphaOffset = $1 }, .number, role: .compositing, Convert.float),
    ], copier: { unsafeDowncast($1, to: CAReplicatorLayer.self).replicatorValues = unsafeDowncast($0, to: CAReplicatorLayer.self).replicatorValues })
    package override class var propertyTable: PropertyTable { replicatorProperties }
}

/// A layer that renders only its sublayers, in true 3-D (no flattening); its own appearance properties,
/// mask, masksToBounds and shadow are ignored, and hit testing passes through to the sublayers (§9.7).
open class CATransformLayer: CALayer, @unchecked Sendable {
    package override class var compositorKindOfClass: CompositorLayerKind { .transform }
    /// A transform layer.
    public override init() { super.init() }
    /// A copy of `layer` for the render tree.
    public required init(layer: Any) { super.init(layer: layer) }
    /// Decoding from an archive: Calyx reads no archives or nib files, so this makes a default value.
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// The sublayer at `p`, never the transform layer itself (it draws nothing).
    open override func hitTest(_ p: CGPoint) -> CALayer? {
        let hit = super.hitTest(p)
        return hit === self ? nil : hit
    }
}

/// `CAReplicatorLayer`'s own properties, as one value, with Apple's defaults (see `LayerValues`).
package struct ReplicatorValues: @unchecked Sendable {
    var instanceCount: Int = 1
    var preservesDepth: Bool = false
    var instanceDelay: CFTimeInterval = 0
    var instanceTransform: CATransform3D = CATransform3DIdentity
    var instanceColor: CGColor? = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    var instanceRedOffset: Float = 0
    var instanceGreenOffset: Float = 0
    var instanceBlueOffset: Float = 0
    var instanceAlphaOffset: Float = 0
}
