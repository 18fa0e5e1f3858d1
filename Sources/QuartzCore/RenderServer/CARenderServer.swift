import Synchronization

/// Draws a layer tree on a thread of its own, once per refresh of a display, from the tree's last committed
/// state — the part of Core Animation that runs out of process on Apple's systems.
///
/// The thread that edits the layers only commits: each commit that touches the server's tree pushes the
/// changed layers' committed copies into the server's render tree (under a lock, on the committing thread).
/// The render thread never reads the model. Between commits it keeps drawing: animations are evaluated at each
/// refresh's own time, so a committing thread that is busy (or blocked) does not stop them.
///
///     let server = CARenderServer(layer: root, pixelWidth: 640, pixelHeight: 480,
///                                 display: CAVirtualDisplay(framesPerSecond: 60))
///     server.onFrame = { frame in save(frame.image) }   // on the render thread
///     server.start()
///     …
///     server.stop()
///
/// ``CARenderer`` remains the caller-driven, single-threaded way to draw a frame at a chosen time. Animation
/// events (delegate callbacks, completion blocks) are not delivered by the server: the thread that owns the
/// tree delivers them with `CAProcessAnimationEvents()`.
public final class CARenderServer: @unchecked Sendable {
    /// One drawn frame.
    public struct Frame: @unchecked Sendable {
        /// The media time the frame shows (the display refresh it was drawn for).
        public let time: CFTimeInterval
        /// Frames drawn before this one by the server.
        public let index: Int
        /// The pixels that changed since the previous frame, in pixels (empty when none did).
        public let damage: CGRect
        /// The whole frame (a copy of the server's bitmap).
        public let image: CGImage
    }

    /// The root of the tree drawn.
    public let layer: CALayer
    /// The display whose refreshes pace the frames.
    public let display: CADisplayRefreshSource
    /// Called on the render thread after each frame drawn. Set it before ``start()``.
    public var onFrame: (@Sendable (Frame) -> Void)?

    private let context: CGContext
    private let layerToPixel: CGAffineTransform
    /// What the render thread owns, and commits update: taken together under `lock`.
    private let lock = NSLock()
    private let tree = RenderTree()
    private let compositor = FrameCompositor()
    private var frameCount = 0
    private var thread: Thread?
    private let finished = DispatchSemaphore(value: 0)
    private let running = Atomic<Bool>(false)

    /// A server drawing `layer` (whose bounds map onto the whole bitmap) into a bitmap of the given size;
    /// nil when the size is not a drawable bitmap.
    public init?(layer: CALayer, pixelWidth: Int, pixelHeight: Int, display: CADisplayRefreshSource = CAVirtualDisplay()) {
        guard CalyxLimits.allowsBitmap(width: pixelWidth, height: pixelHeight),
              let context = CGContext.canonicalBitmap(width: pixelWidth, height: pixelHeight, space: CGColorSpaceCreateDeviceRGB()) else { return nil }
        self.layer = layer
        self.display = display
        self.context = context
        let b = layer.bounds
        layerToPixel = CGAffineTransform(translationX: -b.minX, y: -b.minY)
            .concatenating(CGAffineTransform(scaleX: CGFloat(pixelWidth) / max(b.width, 1), y: CGFloat(pixelHeight) / max(b.height, 1)))
    }

    /// Frames drawn so far.
    public var framesDrawn: Int { lock.withLock { frameCount } }

    /// Starts drawing: takes the tree's committed state now, then draws on the render thread at each refresh.
    /// Calling it again while running does nothing.
    public func start() {
        guard running.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return }
        CARenderServerRegistry.shared.add(self)
        push()
        let thread = Thread { [self] in renderLoop() }
        thread.name = "Calyx render server"
        thread.stackSize = 8 << 20
        self.thread = thread
        thread.start()
    }

    /// Stops drawing and waits for the frame in progress to finish. The display is left open.
    public func stop() {
        guard running.compareExchange(expected: true, desired: false, ordering: .acquiringAndReleasing).exchanged else { return }
        CARenderServerRegistry.shared.remove(self)
        finished.wait()
        thread = nil
    }

    deinit { CARenderServerRegistry.shared.remove(self) }

    /// Brings the render tree up to date with the committed layers (on the committing thread).
    package func push() {
        lock.withLock { tree.sync(with: layer) }
    }

    private func renderLoop() {
        while running.load(ordering: .acquiring) {
            // (A bounded wait, so stopping is noticed even when no refresh comes: a paused manual clock.)
            let refresh = display.waitForNextRefresh(timeout: 0.05)
            if refresh == .closed { break }
            guard case .refresh(let t) = refresh, running.load(ordering: .acquiring) else { continue }
            let frame: Frame? = lock.withLock {
                let damage = drawLocked(at: t, wholeFrame: false)
                guard onFrame != nil, let image = context.makeImage() else { return nil }
                return Frame(time: t, index: frameCount - 1, damage: damage.isNull ? .zero : damage, image: image)
            }
            if let frame { onFrame?(frame) }
        }
        finished.signal()
    }

    /// Draws one frame at `t` on the calling thread, as the render thread does (for benchmarks and tests that
    /// pace frames themselves); `wholeFrame` redraws every pixel, not just the damage. Answers the damage.
    @discardableResult
    package func drawFrame(at t: CFTimeInterval, wholeFrame: Bool = false) -> CGRect {
        lock.withLock { drawLocked(at: t, wholeFrame: wholeFrame) }
    }

    /// Threads a frame is split across (default: every core).
    package var threads: Int {
        get { lock.withLock { compositor.threads } }
        set { lock.withLock { compositor.threads = max(1, newValue) } }
    }

    private func drawLocked(at t: CFTimeInterval, wholeFrame: Bool) -> CGRect {
        var damage = compositor.prepare(tree, atMediaTime: t, userToPixel: layerToPixel, size: (context.width, context.height))
        if wholeFrame { damage = CGRect(x: 0, y: 0, width: context.width, height: context.height) }
        if !damage.isNull { compositor.execute(into: context, region: damage, damageOnly: !wholeFrame) }
        frameCount += 1
        return damage
    }
}

/// The running render servers, told of every commit so each can take up changes to its own tree.
final class CARenderServerRegistry: @unchecked Sendable {
    static let shared = CARenderServerRegistry()
    // (NSLock rather than Mutex: ThreadSanitizer follows pthread locks, not Mutex's futex.)
    private let lock = NSLock()
    private var servers: [ObjectIdentifier: Weak] = [:]
    private struct Weak { weak var server: CARenderServer? }

    func add(_ server: CARenderServer) { lock.withLock { servers[ObjectIdentifier(server)] = Weak(server: server) } }
    func remove(_ server: CARenderServer) { lock.withLock { servers[ObjectIdentifier(server)] = nil } }

    /// After a commit of `layers` on this thread: each server whose tree holds one of them takes up the change.
    func didCommit(_ layers: [CALayer]) {
        let running = lock.withLock { servers.values.compactMap(\.server) }
        guard !running.isEmpty, !layers.isEmpty else { return }
        var roots = Set<ObjectIdentifier>()
        for layer in layers {
            var root = layer
            var steps = 0
            // (Bounded: a tree edited into a cycle by another thread must not hang the commit.)
            while let parent = root.superlayer, steps < 100_000 { root = parent; steps += 1 }
            roots.insert(ObjectIdentifier(root))
        }
        for server in running where roots.contains(ObjectIdentifier(server.layer)) { server.push() }
    }
}
