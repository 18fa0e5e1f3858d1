/// How the compositor and the painter treat a layer's class, stated once by each class (`compositorKind`)
/// rather than found by type tests spread through the drawing code.
///
/// Every kind draws its own background, content and border the same way (shape, text, gradient and scroll
/// layers differ only in how their content raster is made); the kinds differ in what they add and in how their
/// sublayers are placed. Each kind's recorder is its own file: `FrameCompositor+DepthSort.swift` (transform),
/// `+Replicators.swift`, `+Emitters.swift`, `+Tiles.swift`.
package enum CompositorLayerKind: Sendable {
    /// Content, then sublayers flattened into the layer's plane.
    case plain
    /// No content of its own: its sublayers share one 3-D space and are sorted by depth (`CATransformLayer`).
    case transform
    /// Its sublayers drawn once per instance, each instance moved, delayed and tinted (`CAReplicatorLayer`).
    case replicator
    /// Particles under its sublayers (`CAEmitterLayer`).
    case emitter
    /// Content drawn tile by tile into a cache as tiles come into view (`CATiledLayer`).
    case tiled

    /// Whether the layer can look different from one frame to the next with no commit and no animation:
    /// particles move, tiles arrive.
    var changesBetweenCommits: Bool { self == .emitter || self == .tiled }
    /// Whether only the compositor can draw what the layer adds (the painter has no instances or particles).
    var addsWhatOnlyTheCompositorDraws: Bool { self == .replicator || self == .emitter }
    /// Whether the layer draws content, background, shadow and border of its own.
    var drawsItself: Bool { self != .transform }
}

extension CALayer {
    /// The kind of this layer's class (the class states it: `compositorKindOfClass`).
    package var compositorKind: CompositorLayerKind { type(of: self).compositorKindOfClass }
}
