/// A layer that draws `instanceCount` copies of its sublayers, each transformed, coloured and delayed a step
/// further than the last (semantics §9.5).
open class CAReplicatorLayer: CALayer, @unchecked Sendable {
    /// Copies including the original; default 1.
    open var instanceCount = 1 { didSet { didChange("instanceCount", oldValue, instanceCount) } }
    open var preservesDepth = false { didSet { didChange("preservesDepth", oldValue, preservesDepth) } }
    /// Copy k's time shifts by k × this (negative values allowed).
    open var instanceDelay: CFTimeInterval = 0 { didSet { guard admitsTiming("instanceDelay", instanceDelay) else { instanceDelay = oldValue; return }; didChange("instanceDelay", oldValue, instanceDelay) } }
    /// Applied k times to copy k, about the replicator's centre.
    open var instanceTransform = CATransform3DIdentity { didSet { guard admits("instanceTransform", instanceTransform) else { instanceTransform = oldValue; return }; didChange("instanceTransform", oldValue, instanceTransform) } }
    /// Multiplies the first copy's colour; the offsets are added per step.
    open var instanceColor: CGColor? = CGColor(red: 1, green: 1, blue: 1, alpha: 1) { didSet { didChange("instanceColor", oldValue, instanceColor) } }
    open var instanceRedOffset: Float = 0 { didSet { guard admits("instanceRedOffset", instanceRedOffset) else { instanceRedOffset = oldValue; return }; didChange("instanceRedOffset", oldValue, instanceRedOffset) } }
    open var instanceGreenOffset: Float = 0 { didSet { guard admits("instanceGreenOffset", instanceGreenOffset) else { instanceGreenOffset = oldValue; return }; didChange("instanceGreenOffset", oldValue, instanceGreenOffset) } }
    open var instanceBlueOffset: Float = 0 { didSet { guard admits("instanceBlueOffset", instanceBlueOffset) else { instanceBlueOffset = oldValue; return }; didChange("instanceBlueOffset", oldValue, instanceBlueOffset) } }
    open var instanceAlphaOffset: Float = 0 { didSet { guard admits("instanceAlphaOffset", instanceAlphaOffset) else { instanceAlphaOffset = oldValue; return }; didChange("instanceAlphaOffset", oldValue, instanceAlphaOffset) } }

    public override init() { super.init() }
    public required init(layer: Any) { super.init(layer: layer) }
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
    ])
    package override class var propertyTable: PropertyTable { replicatorProperties }
}

/// A layer that renders only its sublayers, in true 3-D (no flattening); its own appearance properties,
/// mask, masksToBounds and shadow are ignored, and hit testing passes through to the sublayers (§9.7).
open class CATransformLayer: CALayer, @unchecked Sendable {
    public override init() { super.init() }
    public required init(layer: Any) { super.init(layer: layer) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    open override func hitTest(_ p: CGPoint) -> CALayer? {
        let hit = super.hitTest(p)
        return hit === self ? nil : hit
    }
}
