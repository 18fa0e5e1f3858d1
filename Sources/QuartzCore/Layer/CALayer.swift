import Synchronization

/// The model object of Core Animation: a rectangle with content, geometry, appearance and timing, in a tree.
///
/// Every property has Apple's default (semantics §9.1). Setting an animatable property outside
/// `CATransaction.setDisableActions(true)` looks up an action and, by default, adds an implicit animation.
/// Coordinates are the layer's own: `bounds` is in its space, `position` in its superlayer's.
open class CALayer: NSObject, CAMediaTiming, @unchecked Sendable {
    // (Its stored state goes without dynamic exclusivity checks: a layer belongs to one thread at a time, its
    // copies to the render tree that reads them, and the checks on these — read for every layer every frame —
    // showed in the frame's profile.)
    /// Every property below is stored here, as one value: a copy of the layer (a presentation copy, a commit's
    /// copy) copies this value (LayerValues.swift).
    @exclusivity(unchecked) package var propertyValues = LayerValues()
    /// How the compositor treats layers of this class (Compositor/Kinds/CompositorLayerKind.swift).
    package class var compositorKindOfClass: CompositorLayerKind { .plain }

    // MARK: Geometry
    /// The layer's rectangle in its own coordinates: its size, and the origin its sublayers and contents are placed from. Animatable.
    open var bounds: CGRect { get { propertyValues.bounds } set { guard admits("bounds", newValue) else { return }; let old = propertyValues.bounds; propertyValues.bounds = newValue.standardized; didChange("bounds", old, propertyValues.bounds) } }
    /// Where the layer's anchor point sits, in its superlayer's coordinates. Animatable.
    open var position: CGPoint { get { propertyValues.position } set { guard admits("position", newValue) else { return }; let old = propertyValues.position; propertyValues.position = newValue; didChange("position", old, propertyValues.position) } }
    /// The layer's place along the z axis in its superlayer: among siblings, higher values draw in front. Animatable.
    open var zPosition: CGFloat { get { propertyValues.zPosition } set { guard admits("zPosition", newValue) else { return }; let old = propertyValues.zPosition; propertyValues.zPosition = newValue; didChange("zPosition", old, propertyValues.zPosition) } }
    /// The point of the bounds, in unit coordinates ((0, 0) top left, (1, 1) bottom right), that `position` places and that transforms turn and scale about. (0.5, 0.5) by default. Animatable.
    open var anchorPoint: CGPoint { get { propertyValues.anchorPoint } set { guard admits("anchorPoint", newValue) else { return }; let old = propertyValues.anchorPoint; propertyValues.anchorPoint = newValue; didChange("anchorPoint", old, propertyValues.anchorPoint) } }
    /// The anchor point's z coordinate, about which 3-D transforms rotate. Animatable.
    open var anchorPointZ: CGFloat { get { propertyValues.anchorPointZ } set { guard admits("anchorPointZ", newValue) else { return }; let old = propertyValues.anchorPointZ; propertyValues.anchorPointZ = newValue; didChange("anchorPointZ", old, propertyValues.anchorPointZ) } }
    /// The 3-D transform applied to the layer about its anchor point, relative to its superlayer. Animatable, also through key paths such as `transform.rotation.z`.
    open var transform: CATransform3D { get { propertyValues.transform } set { guard admits("transform", newValue) else { return }; let old = propertyValues.transform; propertyValues.transform = newValue; didChange("transform", old, propertyValues.transform) } }
    /// A transform applied to every sublayer, about the middle of the bounds (commonly a perspective `m34`). Animatable.
    open var sublayerTransform: CATransform3D { get { propertyValues.sublayerTransform } set { guard admits("sublayerTransform", newValue) else { return }; let old = propertyValues.sublayerTransform; propertyValues.sublayerTransform = newValue; didChange("sublayerTransform", old, propertyValues.sublayerTransform) } }
    /// Whether the layer's sublayers are placed with y growing upwards, as in a flipped coordinate system.
    open var isGeometryFlipped: Bool { get { propertyValues.isGeometryFlipped } set { let old = propertyValues.isGeometryFlipped; propertyValues.isGeometryFlipped = newValue; didChange("geometryFlipped", old, newValue) } }

    // MARK: Visibility and compositing
    /// Whether the layer and its sublayers are left out of drawing and hit testing.
    open var isHidden: Bool { get { propertyValues.isHidden } set { let old = propertyValues.isHidden; propertyValues.isHidden = newValue; didChange("hidden", old, newValue) } }
    /// Whether the layer draws when turned away from the viewer by a 3-D transform (true by default).
    open var isDoubleSided: Bool { get { propertyValues.isDoubleSided } set { let old = propertyValues.isDoubleSided; propertyValues.isDoubleSided = newValue; didChange("doubleSided", old, newValue) } }
    /// Whether sublayers and contents are clipped to the bounds (and rounded corners).
    open var masksToBounds: Bool { get { propertyValues.masksToBounds } set { let old = propertyValues.masksToBounds; propertyValues.masksToBounds = newValue; didChange("masksToBounds", old, newValue) } }
    /// The layer's opacity, from 0 (transparent) to 1 (opaque), applied to it and its sublayers. Animatable.
    open var opacity: Float { get { propertyValues.opacity } set { guard admits("opacity", newValue) else { return }; let old = propertyValues.opacity; propertyValues.opacity = newValue; didChange("opacity", old, propertyValues.opacity) } }
    /// Whether a translucent layer's sublayers are composited together first, so overlapping sublayers do not show through each other (true by default).
    open var allowsGroupOpacity: Bool { get { propertyValues.allowsGroupOpacity } set { let old = propertyValues.allowsGroupOpacity; propertyValues.allowsGroupOpacity = newValue; didChange("allowsGroupOpacity", old, newValue) } }
    /// A hint that the layer's drawn contents cover every pixel of its bounds opaquely.
    open var isOpaque: Bool { get { propertyValues.isOpaque } set { let old = propertyValues.isOpaque; propertyValues.isOpaque = newValue; didChange("opaque", old, newValue) } }
    /// Whether the layer and its sublayers are drawn once into a bitmap that is reused while they do not change.
    open var shouldRasterize: Bool { get { propertyValues.shouldRasterize } set { let old = propertyValues.shouldRasterize; propertyValues.shouldRasterize = newValue; didChange("shouldRasterize", old, newValue) } }
    /// The pixels per point of the bitmap a rasterized layer is drawn into. Animatable.
    open var rasterizationScale: CGFloat { get { propertyValues.rasterizationScale } set { guard admits("rasterizationScale", newValue) else { return }; let old = propertyValues.rasterizationScale; propertyValues.rasterizationScale = newValue; didChange("rasterizationScale", old, propertyValues.rasterizationScale) } }
    /// Whether edges the layer's transform leaves off the pixel grid are antialiased.
    open var allowsEdgeAntialiasing: Bool { get { propertyValues.allowsEdgeAntialiasing } set { let old = propertyValues.allowsEdgeAntialiasing; propertyValues.allowsEdgeAntialiasing = newValue; didChange("allowsEdgeAntialiasing", old, newValue) } }
    /// Which edges are antialiased when edge antialiasing applies.
    open var edgeAntialiasingMask: CAEdgeAntialiasingMask {
        get { propertyValues.edgeAntialiasingMask }
        set { let old = propertyValues.edgeAntialiasingMask; propertyValues.edgeAntialiasingMask = newValue; didChange("edgeAntialiasingMask", old, newValue) }
    }
    /// A filter that combines the layer with what lies behind it (a blend mode).
    open var compositingFilter: Any? { get { propertyValues.compositingFilter } set { let old = propertyValues.compositingFilter; propertyValues.compositingFilter = newValue; didChangeUncompared("compositingFilter", old) } }
    /// Core Image filters applied to the layer's own drawing and its sublayers.
    open var filters: [Any]? {
        get { propertyValues.filters }
        set { let old = propertyValues.filters; propertyValues.filters = CALayer.copiedFilters(newValue); didChangeUncompared("filters", old) }
    }
    /// Filters applied to what lies behind the layer, inside its rounded bounds, before its own content draws: a
    /// `CIGaussianBlur` (its `inputRadius` the blur's standard deviation in points) and `CIColorControls`. The
    /// compositor applies them (`CARenderer`, `CARenderServer`); `render(in:)` does not, as on Apple.
    open var backgroundFilters: [Any]? {
        get { propertyValues.backgroundFilters }
        set { let old = propertyValues.backgroundFilters; propertyValues.backgroundFilters = CALayer.copiedFilters(newValue); didChangeUncompared("backgroundFilters", old) }
    }

    // MARK: Content
    /// An image (`CGImage`) the layer shows, placed by `contentsGravity`, `contentsRect` and `contentsCenter`. Animatable (cross-fades).
    open var contents: Any? { get { propertyValues.contents } set { let old = propertyValues.contents; propertyValues.contents = newValue; didChangeUncompared("contents", old) } }
    /// The part of the contents image shown, in unit coordinates (the whole image by default). Animatable: stepping it plays a sprite sheet.
    open var contentsRect: CGRect { get { propertyValues.contentsRect } set { guard admits("contentsRect", newValue) else { return }; let old = propertyValues.contentsRect; propertyValues.contentsRect = newValue; didChange("contentsRect", old, propertyValues.contentsRect) } }
    /// The stretchable middle of the contents, in unit coordinates: the parts around it keep their size when the contents are scaled (nine-slice scaling). Animatable.
    open var contentsCenter: CGRect { get { propertyValues.contentsCenter } set { guard admits("contentsCenter", newValue) else { return }; let old = propertyValues.contentsCenter; propertyValues.contentsCenter = newValue; didChange("contentsCenter", old, propertyValues.contentsCenter) } }
    /// How the contents are fitted to the bounds (resized to fill by default).
    open var contentsGravity: CALayerContentsGravity { get { propertyValues.contentsGravity } set { let old = propertyValues.contentsGravity; propertyValues.contentsGravity = newValue; didChange("contentsGravity", old, newValue) } }
    /// The pixels per point of the contents image and of what `draw(in:)` draws. Animatable.
    open var contentsScale: CGFloat { get { propertyValues.contentsScale } set { guard admits("contentsScale", newValue) else { return }; let old = propertyValues.contentsScale; propertyValues.contentsScale = newValue; didChange("contentsScale", old, propertyValues.contentsScale) } }
    /// Unknown formats read back as `RGBA8Uint`, as on Apple's.
    open var contentsFormat: CALayerContentsFormat {
        get { propertyValues.contentsFormat }
        set {
            let old = propertyValues.contentsFormat
            propertyValues.contentsFormat = [.RGBA8Uint, .RGBA16Float, .gray8Uint].contains(newValue) ? newValue : .RGBA8Uint
            didChange("contentsFormat", old, propertyValues.contentsFormat)
        }
    }
    /// How the contents are sampled when drawn smaller than their pixels.
    open var minificationFilter: CALayerContentsFilter { get { propertyValues.minificationFilter } set { let old = propertyValues.minificationFilter; propertyValues.minificationFilter = newValue; didChange("minificationFilter", old, newValue) } }
    /// How the contents are sampled when drawn larger than their pixels (`.nearest` keeps pixels crisp).
    open var magnificationFilter: CALayerContentsFilter { get { propertyValues.magnificationFilter } set { let old = propertyValues.magnificationFilter; propertyValues.magnificationFilter = newValue; didChange("magnificationFilter", old, newValue) } }
    /// A bias for choosing detail levels when the contents are drawn smaller.
    open var minificationFilterBias: Float { get { propertyValues.minificationFilterBias } set { guard admits("minificationFilterBias", newValue) else { return }; let old = propertyValues.minificationFilterBias; propertyValues.minificationFilterBias = newValue; didChange("minificationFilterBias", old, propertyValues.minificationFilterBias) } }
    /// Whether changing the bounds asks the layer to redraw its contents.
    open var needsDisplayOnBoundsChange: Bool {
        get { propertyValues.needsDisplayOnBoundsChange }
        set { propertyValues.needsDisplayOnBoundsChange = newValue }
    }
    /// A hint that `draw(in:)` may run on another thread.
    open var drawsAsynchronously: Bool {
        get { propertyValues.drawsAsynchronously }
        set { propertyValues.drawsAsynchronously = newValue }
    }

    // MARK: Appearance
    /// The colour filling the bounds (inside the rounded corners), behind the contents. Animatable.
    open var backgroundColor: CGColor? { get { propertyValues.backgroundColor } set { let old = propertyValues.backgroundColor; propertyValues.backgroundColor = newValue; didChange("backgroundColor", old, newValue) } }
    /// The radius of the rounded corners of the background and border, and of the clip when masking to bounds. Animatable.
    open var cornerRadius: CGFloat { get { propertyValues.cornerRadius } set { guard admits("cornerRadius", newValue) else { return }; let old = propertyValues.cornerRadius; propertyValues.cornerRadius = newValue; didChange("cornerRadius", old, propertyValues.cornerRadius) } }
    /// Which corners `cornerRadius` rounds (all four by default).
    open var maskedCorners: CACornerMask {
        get { propertyValues.maskedCorners }
        set {
            let old = propertyValues.maskedCorners
            // Only the four corner bits mean anything (Apple keeps just those).
            propertyValues.maskedCorners = newValue.intersection(CACornerMask(rawValue: 15))
            didChange("maskedCorners", old, propertyValues.maskedCorners)
        }
    }
    /// Unknown values read back as `.circular` (semantics §9.1).
    open var cornerCurve: CALayerCornerCurve {
        get { propertyValues.cornerCurve }
        set {
            let old = propertyValues.cornerCurve
            propertyValues.cornerCurve = newValue == .continuous ? .continuous : .circular
            didChange("cornerCurve", old, propertyValues.cornerCurve)
        }
    }
    /// The width of the border drawn inside the bounds, over the contents and sublayers. Animatable.
    open var borderWidth: CGFloat { get { propertyValues.borderWidth } set { guard admits("borderWidth", newValue) else { return }; let old = propertyValues.borderWidth; propertyValues.borderWidth = newValue; didChange("borderWidth", old, propertyValues.borderWidth) } }
    /// The border's colour. Animatable.
    open var borderColor: CGColor? { get { propertyValues.borderColor } set { let old = propertyValues.borderColor; propertyValues.borderColor = newValue; didChange("borderColor", old, newValue) } }
    /// The colour of the layer's shadow. Animatable.
    open var shadowColor: CGColor? { get { propertyValues.shadowColor } set { let old = propertyValues.shadowColor; propertyValues.shadowColor = newValue; didChange("shadowColor", old, newValue) } }
    /// The shadow's opacity (0, no shadow, by default). Animatable.
    open var shadowOpacity: Float { get { propertyValues.shadowOpacity } set { guard admits("shadowOpacity", newValue) else { return }; let old = propertyValues.shadowOpacity; propertyValues.shadowOpacity = newValue; didChange("shadowOpacity", old, propertyValues.shadowOpacity) } }
    /// How far the shadow is moved from the layer, in points (down 3 by default). Animatable.
    open var shadowOffset: CGSize { get { propertyValues.shadowOffset } set { guard admits("shadowOffset", newValue) else { return }; let old = propertyValues.shadowOffset; propertyValues.shadowOffset = newValue; didChange("shadowOffset", old, propertyValues.shadowOffset) } }
    /// The shadow's blur radius, in points. Animatable.
    open var shadowRadius: CGFloat { get { propertyValues.shadowRadius } set { guard admits("shadowRadius", newValue) else { return }; let old = propertyValues.shadowRadius; propertyValues.shadowRadius = newValue; didChange("shadowRadius", old, propertyValues.shadowRadius) } }
    /// The shape of the shadow, in the layer's coordinates; without it the shadow follows what the layer draws. Animatable.
    open var shadowPath: CGPath? { get { propertyValues.shadowPath } set { let old = propertyValues.shadowPath; propertyValues.shadowPath = newValue; didChange("shadowPath", old, newValue) } }

    // MARK: Tree (see CALayer+Tree.swift)
    /// The superlayer (weak: the superlayer owns its sublayers). A mask's superlayer is the layer it masks, as on
    /// Apple's platforms, though it is not among that layer's sublayers.
    public var superlayer: CALayer? { parentStorage ?? maskedLayer }
    /// The layer whose sublayers include this one.
    weak var parentStorage: CALayer?
    /// A presentation copy's superlayer copy, held here (`parentStorage` is weak and nothing else holds it).
    @exclusivity(unchecked) var presentationParent: CALayer?
    /// Sublayers back to front; nil, not empty, when there are none (an empty array reads back nil).
    open var sublayers: [CALayer]? {
        get { sublayerStorage.isEmpty ? nil : sublayerStorage }
        set { setSublayers(newValue ?? []) }
    }
    @exclusivity(unchecked) var sublayerStorage: [CALayer] = []
    /// A layer whose alpha masks this one; kept out of the sublayer tree.
    open var mask: CALayer? {
        get { maskStorage }
        set { setMask(newValue) }
    }
    @exclusivity(unchecked) var maskStorage: CALayer?
    /// The layer a mask masks (so a mask can be detached when reused).
    weak var maskedLayer: CALayer?

    // MARK: Identity and behaviour
    /// A name for finding the layer (and for key paths such as `sublayers.name`).
    open var name: String? {
        get { propertyValues.name }
        set { propertyValues.name = newValue }
    }
    /// The object that draws the layer's contents, lays out its sublayers and supplies its actions (held weakly).
    open weak var delegate: CALayerDelegate?
    /// Actions by key; `NSNull()` blocks the search (semantics §6.2).
    open var actions: [String: CAAction]?
    /// Default values for properties the layer has not set, by key.
    open var style: [AnyHashable: Any]?
    /// How the layer resizes when its superlayer's bounds change, when the superlayer's layout manager honours it.
    open var autoresizingMask: CAAutoresizingMask {
        get { propertyValues.autoresizingMask }
        set { propertyValues.autoresizingMask = newValue }
    }
    /// An object that lays out the layer's sublayers.
    open var layoutManager: AnyObject?

    // MARK: Timing (CAMediaTiming; a layer's duration is infinite)
    /// When the layer's time starts, in its superlayer's time.
    open var beginTime: CFTimeInterval { get { propertyValues.beginTime } set { guard admitsTiming("beginTime", newValue) else { return }; let old = propertyValues.beginTime; propertyValues.beginTime = newValue; didChange("beginTime", old, propertyValues.beginTime) } }
    /// The length of one cycle of the layer's time (used with repeats).
    open var duration: CFTimeInterval { get { propertyValues.duration } set { guard admitsTiming("duration", newValue) else { return }; let old = propertyValues.duration; propertyValues.duration = newValue; didChange("duration", old, propertyValues.duration) } }
    /// How fast the layer's time runs relative to its superlayer's (0 holds it).
    open var speed: Float { get { propertyValues.speed } set { guard admits("speed", newValue) else { return }; let old = propertyValues.speed; propertyValues.speed = newValue; didChange("speed", old, propertyValues.speed) } }
    /// A shift of the layer's time: where it stands while `speed` is 0.
    open var timeOffset: CFTimeInterval { get { propertyValues.timeOffset } set { guard admitsTiming("timeOffset", newValue) else { return }; let old = propertyValues.timeOffset; propertyValues.timeOffset = newValue; didChange("timeOffset", old, propertyValues.timeOffset) } }
    /// How many cycles the layer's time repeats.
    open var repeatCount: Float { get { propertyValues.repeatCount } set { guard admitsTiming("repeatCount", newValue) else { return }; let old = propertyValues.repeatCount; propertyValues.repeatCount = newValue; didChange("repeatCount", old, propertyValues.repeatCount) } }
    /// How long the layer's time repeats.
    open var repeatDuration: CFTimeInterval { get { propertyValues.repeatDuration } set { guard admitsTiming("repeatDuration", newValue) else { return }; let old = propertyValues.repeatDuration; propertyValues.repeatDuration = newValue; didChange("repeatDuration", old, propertyValues.repeatDuration) } }
    /// Whether each cycle of the layer's time plays back after it plays.
    open var autoreverses: Bool { get { propertyValues.autoreverses } set { let old = propertyValues.autoreverses; propertyValues.autoreverses = newValue; didChange("autoreverses", old, newValue) } }
    /// Whether the layer's time holds before its start and after its end.
    open var fillMode: CAMediaTimingFillMode { get { propertyValues.fillMode } set { let old = propertyValues.fillMode; propertyValues.fillMode = newValue; didChange("fillMode", old, newValue) } }

    // MARK: Engine state
    /// Values set for keys that are not declared properties (KVC on layers accepts any key), and the storage
    /// of `@Managed` properties.
    @exclusivity(unchecked) var dynamicValues: [String: Any] = [:]
    /// Animations in the order they apply, each with its key (nil keys get a unique internal one).
    @exclusivity(unchecked) var animationEntries: [AnimationEntry] = []
    /// Whether this is a presentation copy (copies never run actions or record changes).
    @exclusivity(unchecked) package private(set) var isPresentationCopy = false
    /// The model a presentation copy was made from.
    weak var modelSource: CALayer?
    /// The layer as of its last commit (a copy; renderers only note on it whether its ancestors flip it, see
    /// `ancestorsFlipGeometry`): what renderers draw, so changes inside a transaction that is still open stay
    /// invisible, as on Apple's render server. Nil until first committed.
    @exclusivity(unchecked) package internal(set) var committedState: CALayer?
    /// The sublayers and mask as of that commit. The commit's copy holds none: a renderer finds a layer's
    /// committed children here, by identity (on the committing thread), and draws each from its own copy, so
    /// nothing a renderer keeps leads back to a model layer.
    @exclusivity(unchecked) package internal(set) var committedSublayers: [CALayer] = []
    @exclusivity(unchecked) package internal(set) var committedMask: CALayer?
    /// `revision` at that commit.
    @exclusivity(unchecked) package internal(set) var committedRevision = 0 { didSet { CALayer.generationCounter.wrappingAdd(1, ordering: .relaxed) } }
    /// For render-tree snapshots (which have no superlayer): whether an odd number of the model's ancestors are
    /// geometry-flipped (see contentsAreFlipped()); nil for every other layer.
    @exclusivity(unchecked) var ancestorsFlipGeometry: Bool?
    /// How many action lookups and runs are under way on this layer (an action, or a delegate's
    /// `action(for:forKey:)`, may change the layer again): past a bound, changes make no action.
    @exclusivity(unchecked) var actionDepth: UInt8 = 0
    /// Set while `layoutSublayers` runs, so a layout that asks for its own layout again does not re-enter.
    @exclusivity(unchecked) var isLayingOut = false
    /// Set once the layer has been part of a committed transaction.
    @exclusivity(unchecked) package var hasBeenCommitted = false
    /// Set when an animation is added; the commit that takes it has its clock's event dispatcher track the layer.
    @exclusivity(unchecked) var awaitsEventTracking = false
    /// While true, property changes are not tracked (initialisation and presentation copies).
    /// (Exclusivity unchecked, as `isPresentationCopy`: both are read by every property write, frame layers' included.)
    @exclusivity(unchecked) var suppressesChangeTracking = false
    /// Whether the layer's picture depends on time (`CALayerTimedContents`): a stored flag its class sets in its
    /// initializers, so the compositor's per-layer check is a load, not a protocol cast.
    @exclusivity(unchecked) package var hasTimedContents = false
    @exclusivity(unchecked) var needsLayoutFlag = false
    @exclusivity(unchecked) var needsDisplayFlag = false
    /// On a render tree's frame layer: a signature of its own pixels from its animations' values this frame (nil
    /// when those do not decide them), so the compositor need not read every raster property back to know
    /// whether its raster still holds.
    @exclusivity(unchecked) var frameRasterSignature: Int?
    /// Rect passed to the last `setNeedsDisplay(_:)` calls, unioned (nil: the whole layer).
    @exclusivity(unchecked) package var dirtyRect: CGRect?
    /// Incremented whenever the content (backing store or `contents`) must be redrawn.
    @exclusivity(unchecked) package var contentVersion = 0
    /// Incremented by every change to the layer (properties, sublayers, animations, display): a renderer
    /// re-snapshots a layer only when its revision moved.
    @exclusivity(unchecked) package var revision = 0 { didSet { CALayer.generationCounter.wrappingAdd(1, ordering: .relaxed) } }
    /// Moves whenever any layer's revision moves or any layer is committed: a renderer whose tree was synced at
    /// the current generation has nothing to look at. (Layer trees are driven from one thread, as on Apple's
    /// platforms.)
    package static var modelGeneration: Int { generationCounter.load(ordering: .relaxed) }
    /// (Atomic: trees on different threads, as tests build them in parallel, must not lose each other's moves.)
    package static let generationCounter = Atomic<Int>(0)

    /// A layer with Core Animation's defaults: empty bounds at the origin, opaque, no contents.
    public override init() {
        super.init()
        // Creating a layer is a change its transaction commits (after which it may animate implicitly).
        CATransaction.current.register(self)
    }

    /// Creates a copy of `layer`: every property, timing and dynamic value. Core Animation calls it to make
    /// presentation layers (which also take the animations list, and run no actions); subclasses override it to
    /// copy their own stored state, calling `super.init(layer:)` first. Called by application code (iOS code
    /// writes `CAShapeLayer(layer: view.layer)`), it makes a new model layer with the same property values,
    /// outside any tree, which animates and commits like any other. It is `required` (iOS code writes
    /// `override init(layer:)`; here write `required init(layer:)`): without the Objective-C runtime, only a
    /// required initializer can build a copy of any subclass.
    public required init(layer: Any) {
        super.init()
        guard let source = layer as? CALayer else { return }
        let engineCopy = LayerCopying.makingEngineCopy
        suppressesChangeTracking = true
        isPresentationCopy = engineCopy
        source.copyProperties(into: self, asEngineCopy: engineCopy)
        suppressesChangeTracking = false
        if !engineCopy { CATransaction.current.register(self) }
    }

    /// Decodes a layer.
    public required init?(coder: NSCoder) {
        super.init()
        CATransaction.current.register(self)
    }

    // MARK: Overridable entry points
    // Swift on Linux cannot override methods declared in extensions, so everything a subclass may override is
    // declared here; the work lives in the extension files named beside each.

    /// Draws the layer's backing store: asks the delegate's `display(_:)`, whose default draws through
    /// `draw(in:)` (CALayer+Display.swift).
    open func display() { displayImplementation() }
    /// Draws the content; the default asks the delegate's `draw(_:in:)`.
    open func draw(in ctx: CGContext) { delegate?.draw(self, in: ctx) }
    /// Lays out sublayers; the default asks the delegate's `layoutSublayers(of:)` (CALayer+Layout.swift).
    open func layoutSublayers() { delegate?.layoutSublayers(of: self) }
    /// The preferred size: the bounds size, as Apple's default.
    open func preferredFrameSize() -> CGSize { bounds.size }
    /// The action for `event` through Apple's lookup order; nil when there is none or it is `NSNull`
    /// (CALayer+Actions.swift).
    open func action(forKey event: String) -> CAAction? {
        if case .action(let a) = lookUpAction(forKey: event) { return a }
        return nil
    }
    /// Whether changing `key` redisplays the layer. Default false.
    open class func needsDisplay(forKey key: String) -> Bool { false }
    /// The class's default for `key` (CALayer+KeyValueCoding.swift).
    open class func defaultValue(forKey key: String) -> Any? { defaultValueImplementation(forKey: key) }
    /// The class's default action: nil for every key, as measured on Apple's (implicit animations come from a
    /// separate path; semantics §6.2).
    open class func defaultAction(forKey event: String) -> CAAction? { nil }
    /// How much larger a corner of `curve` is drawn than its radius: 1 for circular corners, 1.528665 for
    /// continuous ones (the figure Apple's header gives).
    open class func cornerCurveExpansionFactor(_ curve: CALayerCornerCurve) -> CGFloat {
        curve == .continuous ? 1.528665 : 1
    }
    /// Whether `p` (in the layer's space) lies inside its bounds.
    open func contains(_ p: CGPoint) -> Bool { bounds.contains(p) }
    /// The furthest descendant containing `p` (in the superlayer's space) (CALayer+Geometry.swift).
    open func hitTest(_ p: CGPoint) -> CALayer? { hitTestImplementation(p) }
    /// A property's value by key, a virtual key path's field, or a value set for any other key.
    open func value(forKey key: String) -> Any? { valueImplementation(forKey: key) }
    /// Sets a property by key (converting numbers and geometry), or stores a value for any other key.
    open func setValue(_ value: Any?, forKey key: String) { setValueImplementation(value, forKey: key) }
    /// Draws the layer and its sublayers into `ctx` (a snapshot; see CALayer+RenderInContext.swift).
    open func render(in ctx: CGContext) { renderImplementation(in: ctx) }
    /// Whether the value for `key` would be archived (always true here).
    open func shouldArchiveValue(forKey key: String) -> Bool { true }
    // Tree, display, layout, animation, key-path, conversion and presentation entry points (implementations in
    // the extension files of the same concern).
    /// Attaches a copy of `anim` under `key` (nil: a unique internal key), replacing any animation with the same
    /// key (whose delegate hears `finished: false`). A duration of 0 or less takes the transaction's (0.25 s);
    /// a `beginTime` of 0 becomes the layer's local time at commit.
    open func add(_ anim: CAAnimation, forKey key: String?) { addImplementation(anim, forKey: key) }
    /// The animation under `key` (the layer's copy; treat it as read-only).
    open func animation(forKey key: String) -> CAAnimation? { animationImplementation(forKey: key) }
    /// Keys of attached animations, in the order they apply; nil when there are none.
    open func animationKeys() -> [String]? { animationKeysImplementation() }
    /// Removes the animation under `key` (its delegate hears `finished: false`); removing twice is harmless.
    open func removeAnimation(forKey key: String) { removeAnimationImplementation(forKey: key) }
    /// Removes every animation.
    open func removeAllAnimations() { removeAllAnimationsImplementation() }
    /// Marks the whole layer for redrawing at the next display pass.
    open func setNeedsDisplay() { setNeedsDisplayImplementation() }
    /// Marks part of the layer (in its bounds space) for redrawing.
    open func setNeedsDisplay(_ r: CGRect) { setNeedsDisplayImplementation(r) }
    /// Whether the layer is marked for display.
    open func needsDisplay() -> Bool { needsDisplayImplementation() }
    /// Displays the layer if it is marked.
    open func displayIfNeeded() { displayIfNeededImplementation() }
    /// Converts `point` from `layer`'s space to this layer's. Layers of different trees, a layer without a
    /// superlayer, and `nil` meet in one shared space: the space the roots are placed in by their own
    /// geometry (as Apple's layers do, where a root's superlayer space is the window's).
    open func convert(_ point: CGPoint, from layer: CALayer?) -> CGPoint { convertImplementation(point, from: layer) }
    /// Converts `point` from this layer's space to `layer`'s (nil: the space the roots share).
    open func convert(_ point: CGPoint, to layer: CALayer?) -> CGPoint { convertImplementation(point, to: layer) }
    /// A rectangle in `layer`'s coordinates, in this layer's (the bounding box under 3D transforms).
    open func convert(_ rect: CGRect, from layer: CALayer?) -> CGRect { convertImplementation(rect, from: layer) }
    /// A rectangle in this layer's coordinates, in `layer`'s.
    open func convert(_ rect: CGRect, to layer: CALayer?) -> CGRect { convertImplementation(rect, to: layer) }
    /// The transform as an affine transform (its 2-D part).
    open func affineTransform() -> CGAffineTransform { affineTransformImplementation() }
    /// Sets `transform` to the 3D form of an affine transform.
    open func setAffineTransform(_ m: CGAffineTransform) { setAffineTransformImplementation(m) }
    /// Whether the layer's contents draw flipped: an odd number of `geometryFlipped` layers from here to the root.
    /// (A render-tree snapshot has no superlayer; it carries its ancestors' count from the model.)
    open func contentsAreFlipped() -> Bool { contentsAreFlippedImplementation() }
    /// The value at a key path: a property, a virtual field (`transform.rotation.z`, `position.x`,
    /// `bounds.size.width`…), or a named sublayer's value (`sublayers.<name>.<key>`).
    open func value(forKeyPath keyPath: String) -> Any? { valueImplementation(forKeyPath: keyPath) }
    /// Sets the value at a key path (see ``value(forKeyPath:)``); the change runs actions like any other.
    open func setValue(_ value: Any?, forKeyPath keyPath: String) { setValueImplementation(value, forKeyPath: keyPath) }
    /// Marks the layer for layout at the next layout pass.
    open func setNeedsLayout() { setNeedsLayoutImplementation() }
    /// Whether the layer is marked for layout.
    open func needsLayout() -> Bool { needsLayoutImplementation() }
    /// Lays out the layer if marked, then its sublayers (top-down, so a parent's layout runs before its
    /// children's, as Apple's pass does).
    open func layoutIfNeeded() { layoutIfNeededImplementation() }
    /// A copy of the layer with every active animation applied at the current media time, in the order added,
    /// additive ones on top (semantics §7). Nil until the layer has been committed. Its `sublayers`,
    /// `superlayer` and `mask` answer presentation copies too.
    open func presentation() -> Self? { presentationImplementation() }
    /// The model layer: itself for a model layer, the source for a presentation copy.
    open func model() -> Self { modelImplementation() }
    /// Converts a time from `layer`'s local time (nil: media time) to this layer's.
    open func convertTime(_ t: CFTimeInterval, from layer: CALayer?) -> CFTimeInterval { convertTimeImplementation(t, from: layer) }
    /// Converts a time from this layer's local time to `layer`'s (nil: media time).
    open func convertTime(_ t: CFTimeInterval, to layer: CALayer?) -> CFTimeInterval { convertTimeImplementation(t, to: layer) }
    /// Appends `layer` (removing it from its old superlayer first).
    open func addSublayer(_ layer: CALayer) { addSublayerImplementation(layer) }
    /// Inserts `layer` at `index` (clamped to the sublayer count).
    open func insertSublayer(_ layer: CALayer, at index: UInt32) { insertSublayerImplementation(layer, at: index) }
    /// Inserts `layer` just below `sibling` (at the front if `sibling` is nil or not a sublayer).
    open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) { insertSublayerImplementation(layer, below: sibling) }
    /// Inserts `layer` just above `sibling` (at the end if `sibling` is nil or not a sublayer).
    open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) { insertSublayerImplementation(layer, above: sibling) }
    /// Puts `newLayer` where `oldLayer` is; nothing happens if `oldLayer` is not a sublayer.
    open func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) { replaceSublayerImplementation(oldLayer, with: newLayer) }
    /// Detaches the layer from its superlayer (or from the layer it masks).
    open func removeFromSuperlayer() { removeFromSuperlayerImplementation() }
    /// The keys of this class (LayerProperty.swift). Built-in subclasses add theirs to `super`'s table.
    package class var propertyTable: PropertyTable { layerProperties }

    /// The class, name, bounds and position.
    open override var description: String {
        "<\(type(of: self)) \(name.map { "'\($0)' " } ?? "")bounds=\(bounds) position=\(position)>"
    }
}
