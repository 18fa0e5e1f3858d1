/// Display timing information, as CoreVideo's `CVTimeStamp` (accepted and ignored by `CARenderer`).
public struct CVTimeStamp {
    /// The structure's version.
    public var version: UInt32 = 0
    /// Units per second of `videoTime`.
    public var videoTimeScale: Int32 = 0
    /// The display time of the frame, in `videoTimeScale` units.
    public var videoTime: Int64 = 0
    /// The host clock's time of the frame.
    public var hostTime: UInt64 = 0
    /// The ratio of actual to nominal refresh rate.
    public var rateScalar: Double = 0
    /// The refresh period, in `videoTimeScale` units.
    public var videoRefreshPeriod: Int64 = 0
    /// Which fields are valid.
    public var flags: UInt64 = 0
    /// Reserved.
    public var reserved: UInt64 = 0
    /// A timestamp with every field zero.
    public init() {}
}

/// Renders a layer tree into a bitmap you own, one frame at a time, at times you choose: the offline and
/// headless path (Apple's renders into an OpenGL or Metal target instead).
///
///     let renderer = CARenderer(context: bitmap)
///     renderer.layer = root
///     renderer.bounds = root.bounds
///     renderer.beginFrame(atTime: t, timeStamp: nil)
///     renderer.render()
///     renderer.endFrame()
///
/// Frames are deterministic: the same tree at the same time gives the same bytes. Layer coordinates run down
/// from the top-left of `bounds`, as on iOS. Frames go through the frame compositor (`FrameCompositor`): layer
/// content is rasterized once and cached, only what changed is redrawn, and 3-D transforms apply by their
/// 2-D part in this first slice.
public final class CARenderer: NSObject {
    /// The root of the tree to draw.
    public var layer: CALayer?
    /// The part of layer space that maps onto the bitmap (origin at its top-left).
    public var bounds: CGRect
    private let context: CGContext
    private var frameTime: CFTimeInterval?
    /// The region to redraw this frame, in layer space.
    private var updateRegion: CGRect = .null
    /// Whether the update region is just the frame's damage (nothing added), so only its pieces need drawing.
    private var updateIsDamage = false
    package let compositor = FrameCompositor()
    /// The renderer's snapshots of the tree, refreshed at each frame's start for layers that changed.
    private let tree = RenderTree()

    /// How many times layer content has been rasterized so far (content is cached across frames).
    package var rasterizations: Int { compositor.rasterizations }
    /// Threads a frame is split across (default: every core).
    /// Draws every transformed blit with pixman's general path instead of our span compositor: the baseline
    /// `make bench` measures against.
    package var usesPixmanForEveryBlit: Bool {
        get { compositor.usesPixmanForEveryBlit }
        set { compositor.usesPixmanForEveryBlit = newValue }
    }
    package var threads: Int {
        get { compositor.threads }
        set { compositor.threads = max(1, newValue) }
    }

    /// A renderer drawing into `context` (its whole bitmap). `options` is accepted for source compatibility.
    public init(context: CGContext, options: [AnyHashable: Any]? = nil) {
        self.context = context
        self.bounds = CGRect(x: 0, y: 0, width: context.width, height: context.height)
        super.init()
    }

    /// Layer space (y down from the top-left of `bounds`) to the bitmap's pixels (top row first).
    private var layerToPixel: CGAffineTransform {
        CGAffineTransform(translationX: -bounds.minX, y: -bounds.minY)
            .concatenating(CGAffineTransform(scaleX: CGFloat(context.width) / max(bounds.width, 1),
                                             y: CGFloat(context.height) / max(bounds.height, 1)))
    }

    /// Whether a frame waits for the tiles of the tiled layers it shows before it is drawn: what offline rendering
    /// wants (every frame complete, the same each time). A live renderer does not wait: missing tiles come in later
    /// frames.
    package var waitsForTiles = false

    /// Starts a frame at media time `t`: commits pending changes, refreshes the renderer's snapshots of layers
    /// that changed, evaluates animations at `t`, and finds what changed on screen since the previous frame.
    public func beginFrame(atTime t: CFTimeInterval, timeStamp ts: UnsafeMutablePointer<CVTimeStamp>?) {
        CATransaction.flush()
        frameTime = t
        guard let layer else { updateRegion = .null; return }
        tree.sync(with: layer)
        var damage = compositor.prepare(tree, atMediaTime: t, userToPixel: layerToPixel, size: (context.width, context.height))
        updateIsDamage = true
        // Offline, a frame waits for the tiles it shows (coarse ones first, then finer: a few rounds at most).
        for _ in 0..<4 where waitsForTiles && !compositor.tilesAskedFor.isEmpty {
            for tiles in compositor.tilesAskedFor { _ = tiles.waitUntilIdle() }
            damage = damage.union(compositor.prepare(tree, atMediaTime: t, userToPixel: layerToPixel,
                                                     size: (context.width, context.height)))
            updateIsDamage = false  // the union of several lists' damage: not the last list's pieces
        }
        updateRegion = damage.isNull ? .null : damage.applying(layerToPixel.inverted())
    }

    /// The region the frame will redraw, in layer space: what changed on screen since the previous frame (layers
    /// that appeared, disappeared, moved, or changed content or opacity), plus anything added with `addUpdate`.
    /// Empty when nothing changed.
    public func updateBounds() -> CGRect { updateRegion.isNull ? .zero : updateRegion }

    /// Adds `r` (in layer space) to the region to redraw. A rect with a NaN is ignored; one reaching infinity
    /// (`CGRect.infinite`, or an infinite side) asks for the whole bitmap.
    public func addUpdate(_ r: CGRect) {
        guard ![r.origin.x, r.origin.y, r.width, r.height].contains(where: \.isNaN) else { return }
        let region = r.isFiniteValue ? r : wholeBitmapInLayerSpace
        updateRegion = updateRegion.union(region)
        updateIsDamage = false
    }

    /// The bitmap's rectangle in layer space.
    private var wholeBitmapInLayerSpace: CGRect {
        CGRect(x: 0, y: 0, width: context.width, height: context.height).applying(layerToPixel.inverted())
    }

    /// Draws the update region of the current frame into the bitmap (cleared there first).
    public func render() {
        guard frameTime != nil, layer != nil, !updateRegion.isNull else { return }
        // (execute clips to the bitmap)
        compositor.execute(into: context, region: updateRegion.applying(layerToPixel), damageOnly: updateIsDamage)
    }

    /// The media time at which the tree next changes: the frame's own time while any animation is running (or an
    /// emitter emits), the start of the next animation that has not begun, or `.infinity` when nothing will
    /// change. Read from the renderer's render tree as of this frame, not from the model.
    public func nextFrameTime() -> CFTimeInterval {
        guard let t = frameTime, layer != nil else { return .infinity }
        return tree.nextChangeTime(after: t)
    }

    /// Ends the frame and delivers animation events up to its time (delegate callbacks, completion blocks), as
    /// Apple's run loop would after a frame.
    public func endFrame() {
        if let t = frameTime { CAProcessAnimationEvents(at: t) }
        frameTime = nil
    }
}
