/// Display timing information, as CoreVideo's `CVTimeStamp` (accepted and ignored by `CARenderer`).
public struct CVTimeStamp {
    public var version: UInt32 = 0
    public var videoTimeScale: Int32 = 0
    public var videoTime: Int64 = 0
    public var hostTime: UInt64 = 0
    public var rateScalar: Double = 0
    public var videoRefreshPeriod: Int64 = 0
    public var flags: UInt64 = 0
    public var reserved: UInt64 = 0
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
/// content is rasterized once and cached, then composited per frame; 3-D transforms apply by their 2-D part
/// in this first slice.
public final class CARenderer: NSObject {
    /// The root of the tree to draw.
    public var layer: CALayer?
    /// The part of layer space that maps onto the bitmap (origin at its top-left).
    public var bounds: CGRect
    private let context: CGContext
    private var frameTime: CFTimeInterval?
    private var updateRegion: CGRect = .null
    private var lastFrame: (time: CFTimeInterval, commits: Int)?
    private let compositor = FrameCompositor()
    /// The renderer's snapshots of the tree, refreshed at each frame's start for layers that changed.
    private let tree = RenderTree()

    /// How many times layer content has been rasterized so far (content is cached across frames).
    package var rasterizations: Int { compositor.rasterizations }
    /// Threads a frame is split across (default: every core).
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

    /// Starts a frame at media time `t`: commits pending changes and fixes the time every animation is
    /// evaluated at. The update region starts as what changed since the previous frame (see `updateBounds()`).
    public func beginFrame(atTime t: CFTimeInterval, timeStamp ts: UnsafeMutablePointer<CVTimeStamp>?) {
        CATransaction.flush()
        frameTime = t
        updateRegion = needsRedraw(at: t) ? bounds : .null
        if let layer { tree.sync(with: layer) }
    }

    /// The region the frame will redraw: the whole bounds when anything committed, animated or was added since
    /// the last frame; otherwise empty. (Finer damage arrives with the frame compositor.)
    public func updateBounds() -> CGRect { updateRegion.isNull ? .zero : updateRegion }

    /// Adds `r` (in layer space) to the region to redraw.
    public func addUpdate(_ r: CGRect) { updateRegion = updateRegion.union(r) }

    /// Draws the update region of the current frame into the bitmap.
    public func render() {
        guard let t = frameTime, layer != nil, !updateRegion.isNull else { return }
        let ctx = context
        ctx.saveGState()
        // Layer space (y down from the top-left of `bounds`) onto the bitmap (y up).
        ctx.translateBy(x: 0, y: CGFloat(ctx.height))
        ctx.scaleBy(x: CGFloat(ctx.width) / max(bounds.width, 1), y: -CGFloat(ctx.height) / max(bounds.height, 1))
        ctx.translateBy(x: -bounds.minX, y: -bounds.minY)
        ctx.clip(to: updateRegion.intersection(bounds))
        ctx.clear(bounds)
        compositor.composite(tree, atMediaTime: t, into: ctx)
        ctx.restoreGState()
        lastFrame = (t, CATransaction.commitCount)
    }

    /// The media time at which the tree next changes: the frame's own time while any animation is running, the
    /// start of the next animation that has not begun, or `.infinity` when nothing will change.
    public func nextFrameTime() -> CFTimeInterval {
        guard let t = frameTime, let root = layer else { return .infinity }
        var next = CFTimeInterval.infinity
        visit(root) { layer in
            let local = layer.localTime(forMediaTime: t)
            for entry in layer.animationEntries {
                guard let compiled = entry.compiled else { continue }
                let spec = compiled.timing
                let elapsed = (local - spec.beginTime) * spec.speed
                if elapsed >= 0 && elapsed < spec.activeDuration { next = min(next, t); continue }
                if elapsed < 0, spec.speed > 0 {
                    next = min(next, layer.convertTime(spec.beginTime, to: nil))
                }
            }
        }
        return next
    }

    /// Ends the frame and delivers animation events up to its time (delegate callbacks, completion blocks), as
    /// Apple's run loop would after a frame.
    public func endFrame() {
        if let t = frameTime { CAProcessAnimationEvents(at: t) }
        frameTime = nil
    }

    private func needsRedraw(at t: CFTimeInterval) -> Bool {
        guard let last = lastFrame, let root = layer else { return true }
        if last.commits != CATransaction.commitCount { return true }
        // Any attached animation may change what a frame shows (finer: only the active ones).
        var animating = false
        visit(root) { layer in
            if !layer.animationEntries.isEmpty { animating = true }
        }
        return animating
    }

    private func visit(_ layer: CALayer, _ body: (CALayer) -> Void) {
        body(layer)
        for child in layer.sublayerStorage { visit(child, body) }
        if let mask = layer.maskStorage { visit(mask, body) }
    }
}
