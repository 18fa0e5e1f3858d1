import Foundation
import QuartzCore

/// A layer that plays a ``LottieAnimation`` — lottie-ios's `LottieAnimationLayer`.
///
/// The file becomes a tree of Core Animation layers with its animations added once (`LayerTreeBuilder`); playing
/// only moves that tree's time. Two layers hold it: the *clock* layer, whose layer timing (begin time, speed,
/// duration, repeat count, autoreverse) is the playback, and the composition's root layer, whose own time offset
/// and speed map the clock's 0…duration onto the played range of the animation, forwards or backwards. So frames are
/// whatever the render tree evaluates at a time — live in a window or exported frame-exact — and a paused
/// animation is a clock at speed 0.
open class LottieAnimationLayer: CALayer, @unchecked Sendable {
    /// The animation shown (setting it builds its layers and shows its first frame).
    public var animation: LottieAnimation? {
        didSet {
            rebuild()
            if let animation, !building { animationLoaded?(self, animation) }
        }
    }
    /// How playback repeats (`.playOnce` by default).
    public var loopMode: LottieLoopMode = .playOnce
    /// The playback speed (1 by default; negative plays backwards).
    public var animationSpeed: CGFloat = 1
    /// Where image layers' pictures come from (the main bundle unless set; embedded images need none). Setting
    /// it rebuilds the layers and shows the frame shown before (playback stops).
    public var imageProvider: AnimationImageProvider = BundleImageProvider(bundle: .main, searchPath: nil) {
        didSet { rebuildKeepingFrame() }
    }
    /// What text layers show (the file's text unless set). Setting it rebuilds the layers and shows the frame
    /// shown before (playback stops).
    public var textProvider: AnimationKeypathTextProvider = DefaultTextProvider() {
        didSet { rebuildKeepingFrame() }
    }
    /// The fonts text layers are drawn in (the ones the file names unless set). Setting it rebuilds the layers.
    public var fontProvider: AnimationFontProvider = DefaultFontProvider() {
        didSet { rebuildKeepingFrame() }
    }
    /// How the composition is fitted into the layer's bounds (aspect fit by default, as lottie-ios's view).
    public var contentMode: LottieContentMode = .scaleAspectFit { didSet { setNeedsLayout() } }
    /// The configuration the layer was made with (``LottieConfiguration``; it chooses nothing in Calyx).
    public let configuration: LottieConfiguration
    /// Where the layer's messages go (the logger it was made with).
    let logger: LottieLogger
    /// What happens to a playing animation when the app moves to the background (``LottieBackgroundBehavior``;
    /// by default what lottie-ios's Core Animation engine does: it keeps playing).
    public var backgroundBehavior: LottieBackgroundBehavior = .default(for: .coreAnimation)
    /// Called after an animation is set and its layers built.
    public var animationLoaded: ((_ animationLayer: LottieAnimationLayer, _ animation: LottieAnimation) -> Void)? {
        didSet { if let animation { animationLoaded?(self, animation) } }
    }
    /// Whether drawing is cut to the composition's bounds (true by default, as lottie-ios's: content a file places
    /// outside its composition does not show).
    public var maskAnimationToBounds = true { didSet { composition?.masksToBounds = maskAnimationToBounds } }
    /// Whether the composition is kept as one picture while no animation plays (false by default).
    public var shouldRasterizeWhenIdle = false { didSet { updateRasterization() } }
    /// Whether frames keep to the file's frame rate. lottie-ios's Core Animation engine does not support it, nor
    /// does Calyx's (setting it true logs so, as lottie-ios's engine does); it reads false.
    public var respectAnimationFrameRate: Bool {
        get { false }
        set {
            if newValue {
                logger.assertionFailure("The Core Animation rendering engine currently doesn't support `respectAnimationFrameRate`")
            }
        }
    }
    /// lottie-ios's option for its main-thread engine (kept; Calyx's engine is the Core Animation one).
    public var mainThreadRenderingEngineShouldForceDisplayUpdateOnEachFrame = false
    /// The scale text is drawn at (2 by default).
    public var screenScale: CGFloat = 2
    /// The engine playing the animation: always the Core Animation one.
    public var currentRenderingEngine: RenderingEngine? { .coreAnimation }
    /// The composition's layer (nil with no animation) — lottie-ios's root animation layer.
    public var animationLayer: CALayer? { composition }

    /// Where the built tree's properties are, and the value providers set (applied again after a rebuild).
    private var registry: PropertyRegistry?
    private var timeline: AnimationTimeline?
    private var valueProviders: [(provider: AnyValueProvider, keypath: AnimationKeypath)] = []

    /// What ``updateAnimationForBackgroundState(backgroundBehavior:)`` paused to play again in the foreground.
    private var pausedForBackground: (to: Double, loopMode: LottieLoopMode, completion: LottieCompletionBlock?)?

    private let clock = CALayer()
    private var composition: CALayer?
    /// The played range in seconds of the animation's content time, and whether playback is running.
    private var playedRange: (from: Double, to: Double) = (0, 0)
    private var pausedTime: Double = 0
    private var playStart: CFTimeInterval?
    private var completion: LottieCompletionBlock?
    private var completionAnimation: CompletionAnimation?
    /// The playback asked for last, if any.
    public private(set) var currentPlaybackMode: LottiePlaybackMode?

    /// A layer showing `animation` (nil for none), paused at its start, its images from `imageProvider` (the main
    /// bundle when nil), its text from `textProvider` in the fonts of `fontProvider`, as lottie-ios's initializer
    /// (what the layer logs goes to `logger`).
    public init(animation: LottieAnimation?, imageProvider: AnimationImageProvider? = nil,
                textProvider: AnimationKeypathTextProvider = DefaultTextProvider(), fontProvider: AnimationFontProvider = DefaultFontProvider(),
                configuration: LottieConfiguration = .shared, logger: LottieLogger = .shared) {
        self.configuration = configuration
        self.logger = logger
        super.init()
        addSublayer(clock)
        building = true
        self.animation = animation
        // (Set before the tree is built, so setting them does not build it again.)
        if let imageProvider { self.imageProvider = imageProvider }
        self.textProvider = textProvider
        self.fontProvider = fontProvider
        building = false
        rebuild()
    }
    /// A layer with no animation.
    public override convenience init() { self.init(animation: nil) }
    /// A copy for presentation or rendering: the layer tree is copied by the renderer, not rebuilt.
    public required init(layer: Any) {
        configuration = (layer as? LottieAnimationLayer)?.configuration ?? .shared
        logger = (layer as? LottieAnimationLayer)?.logger ?? .shared
        super.init(layer: layer)
    }
    /// Not available: Calyx reads no archives or nib files. Returns nil.
    public required init?(coder: NSCoder) { nil }

    /// Set while the initializer sets the properties that would each build the tree again.
    private var building = false

    private func rebuild() {
        guard clock.superlayer === self, !building else { return }   // (a copy: nothing to build)
        composition?.removeFromSuperlayer()
        composition = nil
        stopClock(finished: false)
        guard animation != nil else { return }
        buildComposition()
        freeze(atTime: 0)
        setNeedsLayout()
    }

    /// Builds the composition's layers (again), with the value providers set, under the playback clock: a
    /// playback under way goes on.
    private func buildComposition() {
        guard let animation else { return }
        var builder = LayerTreeBuilder(model: animation.model, imageProvider: imageProvider, textProvider: textProvider,
                                       fontProvider: fontProvider)
        builder.keepsEveryLayer = keepsEveryLayer
        let root = builder.build()
        root.masksToBounds = maskAnimationToBounds
        registry = builder.registry
        timeline = builder.timeline
        for (provider, keypath) in valueProviders { builder.registry.apply(provider, keypath: keypath, timeline: builder.timeline) }
        if let old = composition {
            // (The composition's own timing maps the clock onto the played range: a playback under way goes on.)
            (root.speed, root.timeOffset, root.beginTime) = (old.speed, old.timeOffset, old.beginTime)
            old.removeFromSuperlayer()
        }
        clock.addSublayer(root)
        composition = root
        updateRasterization()
    }

    /// Whether the tree has a layer for every shape group, fill and stroke (see `LayerTreeBuilder.keepsEveryLayer`):
    /// once a keypath reaches one left out, the tree is built again with them all, and stays so.
    private var keepsEveryLayer = false

    /// The registry of a tree that has a layer for whatever `keypath` names: built again with every shape group,
    /// fill and stroke a layer first if it names one left out.
    func registry(reaching keypath: AnimationKeypath) -> PropertyRegistry? {
        if let registry, registry.reachesStandIn(keypath), !keepsEveryLayer {
            keepsEveryLayer = true
            buildComposition()
            placeComposition()
        }
        return registry
    }

    /// Builds the layers again and shows the frame shown before (playback stops).
    private func rebuildKeepingFrame() {
        guard !building else { return }
        let frame = currentFrame
        rebuild()
        currentFrame = frame
    }

    /// Builds the image layers again, asking ``imageProvider`` anew (the frame shown stays).
    public func reloadImages() { rebuildKeepingFrame() }

    /// Commits what changed, so the next frame shows it (Calyx's frames always come from the render tree).
    public func forceDisplayUpdate() { CATransaction.flush() }

    /// Stops using the value provider set for `keypath`: the properties it set show the file's values again.
    public func removeValueProvider(for keypath: AnimationKeypath) {
        let count = valueProviders.count
        valueProviders.removeAll { $0.keypath == keypath }
        if valueProviders.count != count { rebuildKeepingFrame() }
    }

    /// Where the built tree's properties and layers are (for the keypath queries).
    var keypathRegistry: PropertyRegistry? { registry }

    /// The value providers set, by keypath.
    var valueProvidersByKeypath: [AnimationKeypath: AnyValueProvider] {
        Dictionary(valueProviders.map { ($0.keypath, $0.provider) }, uniquingKeysWith: { _, last in last })
    }

    /// Sets the value of every property `keypath` names (and that takes the provider's kind of value) from
    /// `valueProvider` — lottie-ios's dynamic properties, as in
    /// `setValueProvider(ColorValueProvider(LottieColor(r: 1, g: 0, b: 0, a: 1)), keypath: "**.Fill 1.Color")`.
    /// A provider set again for the same keypath replaces the earlier one; providers stay when the layers are
    /// rebuilt (a new ``animation`` or ``imageProvider``), as lottie-ios keeps them.
    public func setValueProvider(_ valueProvider: AnyValueProvider, keypath: AnimationKeypath) {
        valueProviders.removeAll { $0.keypath == keypath }
        valueProviders.append((valueProvider, keypath))
        guard let registry, let timeline else { return }
        if registry.reachesStandIn(keypath) {
            _ = self.registry(reaching: keypath)   // (the tree built again applies every provider)
            return
        }
        registry.apply(valueProvider, keypath: keypath, timeline: timeline)
    }

    /// The keypath of every property a value provider can set, each once.
    public func allHierarchyKeypaths() -> [String] { registry?.keypaths ?? [] }

    /// Prints ``allHierarchyKeypaths()``, one a line.
    public func logHierarchyKeypaths() {
        print("Lottie: Logging Animation Keypaths")
        for keypath in allHierarchyKeypaths() { print(keypath) }
    }

    /// Fits the animation's composition into the bounds as `contentMode` says.
    open override func layoutSublayers() {
        super.layoutSublayers()
        placeComposition()
    }

    private func placeComposition() {
        guard let animation else { return }
        let size = animation.size
        let sx = bounds.width / size.width, sy = bounds.height / size.height
        let (scaleX, scaleY): (CGFloat, CGFloat) = switch contentMode {
        case .scaleToFill: (sx, sy)
        case .scaleAspectFit: (min(sx, sy), min(sx, sy))
        case .scaleAspectFill: (max(sx, sy), max(sx, sy))
        case .center: (1, 1)
        }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        clock.frame = bounds
        composition?.position = CGPoint(x: bounds.midX - size.width * scaleX / 2, y: bounds.midY - size.height * scaleY / 2)
        composition?.setAffineTransform(CGAffineTransform(scaleX: scaleX, y: scaleY))
        CATransaction.commit()
    }

    // MARK: Playing

    /// Whether the animation is playing.
    public var isAnimationPlaying: Bool { playStart != nil && !hasFinished }

    /// Plays from the current progress to the end (or per `loopMode`), then calls `completion`.
    public func play(completion: LottieCompletionBlock? = nil) {
        guard let animation else { return }
        currentPlaybackMode = .playing(.fromProgress(nil, toProgress: 1, loopMode: loopMode))
        let from = isAtEnd ? 0 : pausedTime
        play(fromTime: from, toTime: animation.duration, completion: completion)
    }

    /// Plays from `fromProgress` (the current progress when nil) to `toProgress`, backwards when it is less.
    public func play(fromProgress: AnimationProgressTime? = nil, toProgress: AnimationProgressTime,
                     loopMode: LottieLoopMode? = nil, completion: LottieCompletionBlock? = nil) {
        guard let animation else { return }
        if let loopMode { self.loopMode = loopMode }
        currentPlaybackMode = .playing(.fromProgress(fromProgress, toProgress: toProgress, loopMode: self.loopMode))
        let from = fromProgress.map { Double($0) * animation.duration } ?? currentTimeInAnimation
        play(fromTime: from, toTime: Double(toProgress) * animation.duration, completion: completion)
    }

    /// Plays from `fromFrame` (the current frame when nil) to `toFrame`.
    public func play(fromFrame: AnimationFrameTime? = nil, toFrame: AnimationFrameTime, loopMode: LottieLoopMode? = nil,
                     completion: LottieCompletionBlock? = nil) {
        guard let animation else { return }
        play(fromProgress: fromFrame.map { animation.progressTime(forFrame: $0, clamped: false) },
             toProgress: animation.progressTime(forFrame: toFrame, clamped: false), loopMode: loopMode, completion: completion)
        currentPlaybackMode = .playing(.fromFrame(fromFrame, toFrame: toFrame, loopMode: self.loopMode))
    }

    /// Plays from the marker `fromMarker` (the current progress when nil) to the marker `toMarker`.
    public func play(fromMarker: String? = nil, toMarker: String, loopMode: LottieLoopMode? = nil,
                     completion: LottieCompletionBlock? = nil) {
        guard let animation, let to = animation.progressTime(forMarker: toMarker) else { return }
        play(fromProgress: fromMarker.flatMap(animation.progressTime(forMarker:)), toProgress: to, loopMode: loopMode,
             completion: completion)
    }

    /// Plays the marker `marker` from its start to its end (its start plus its duration).
    public func play(marker: String, loopMode: LottieLoopMode? = nil, completion: LottieCompletionBlock? = nil) {
        guard let animation, let start = animation.frameTime(forMarker: marker),
              let length = animation.durationFrameTime(forMarker: marker) else { return }
        play(fromFrame: start, toFrame: start + length, loopMode: loopMode, completion: completion)
    }

    /// Pauses at a point or plays a range, as `mode` says.
    public func setPlaybackMode(_ mode: LottiePlaybackMode, completion: LottieCompletionBlock? = nil) {
        guard let animation else { return }
        switch mode {
        case .paused(at: let state):
            switch state {
            case .currentFrame: pause()
            case .progress(let p): currentProgress = p
            case .frame(let f): currentFrame = f
            case .time(let t): currentTime = t
            case .marker(let name, let position):
                guard let start = animation.frameTime(forMarker: name) else { return }
                currentFrame = position == .start ? start : start + (animation.durationFrameTime(forMarker: name) ?? 0)
            }
        case .playing(let playback):
            switch playback {
            case .fromProgress(let from, let to, let loop): play(fromProgress: from, toProgress: to, loopMode: loop, completion: completion)
            case .fromFrame(let from, let to, let loop): play(fromFrame: from, toFrame: to, loopMode: loop, completion: completion)
            case .fromMarker(let from, let to, let playEnd, let loop):
                guard var end = animation.frameTime(forMarker: to) else { return }
                if playEnd { end += animation.durationFrameTime(forMarker: to) ?? 0 }
                play(fromFrame: from.flatMap(animation.frameTime(forMarker:)), toFrame: end, loopMode: loop, completion: completion)
            case .marker(let name, let loop): play(marker: name, loopMode: loop, completion: completion)
            }
        }
        currentPlaybackMode = mode
    }

    /// Stops where it is (the completion is called with `false`).
    public func pause() {
        let now = currentTimeInAnimation
        stopClock(finished: false)
        freeze(atTime: now)
        currentPlaybackMode = .paused(at: .currentFrame)
    }

    /// Pauses at `state` (the same as `setPlaybackMode(.paused(at: state))`).
    public func pause(at state: LottiePlaybackMode.PausedState) { setPlaybackMode(.paused(at: state)) }

    /// Plays as `mode` says (the same as `setPlaybackMode(.playing(mode), completion:)`).
    public func play(_ mode: LottiePlaybackMode.PlaybackMode, completion: LottieCompletionBlock? = nil) {
        setPlaybackMode(.playing(mode), completion: completion)
    }

    /// Stops and returns to the start (the completion is called with `false`).
    public func stop() {
        stopClock(finished: false)
        freeze(atTime: 0)
        currentPlaybackMode = .paused(at: .progress(0))
    }

    // MARK: The app moving to the background

    /// Applies `backgroundBehavior` (the layer's own when nil) to the playback under way, as the app moves to the
    /// background: stop at the played range's start, pause, pause to play again in the foreground, finish at its
    /// end, or go on playing. (``LottieAnimationView`` calls it when UIKit says the app moved.)
    public func updateAnimationForBackgroundState(backgroundBehavior: LottieBackgroundBehavior? = nil) {
        guard isAnimationPlaying else { return }
        let range = playedRange
        switch backgroundBehavior ?? self.backgroundBehavior {
        case .stop:
            stopClock(finished: false)
            freeze(atTime: range.from)
        case .pause:
            pause()
        case .pauseAndRestore:
            pausedForBackground = (range.to, loopMode, completion)
            completion = nil   // (kept for the playback the foreground resumes)
            pause()
        case .forceFinish:
            stopClock(finished: false)
            freeze(atTime: range.to)
        case .continuePlaying:
            break
        }
    }

    /// Plays again, as the app returns to the foreground, what ``updateAnimationForBackgroundState(backgroundBehavior:)``
    /// paused to restore, from where it paused (its completion kept).
    public func updateAnimationForForegroundState(wasWaitingToPlayAnimation: Bool = false, backgroundBehavior: LottieBackgroundBehavior? = nil) {
        guard let paused = pausedForBackground else { return }
        pausedForBackground = nil
        guard (backgroundBehavior ?? self.backgroundBehavior) == .pauseAndRestore || wasWaitingToPlayAnimation else { return }
        loopMode = paused.loopMode
        play(fromTime: currentTimeInAnimation, toTime: paused.to, completion: paused.completion)
    }

    /// Keeps the composition as one picture while idle when ``shouldRasterizeWhenIdle`` says so.
    private func updateRasterization() {
        let idle = shouldRasterizeWhenIdle && playStart == nil
        if let composition, composition.shouldRasterize != idle { composition.shouldRasterize = idle }
    }

    // MARK: Where playback is

    /// The progress shown, 0…1; setting it pauses there.
    public var currentProgress: AnimationProgressTime {
        get { guard let animation, animation.duration > 0 else { return 0 }; return CGFloat(currentTimeInAnimation / animation.duration) }
        set {
            guard let animation else { return }
            stopClock(finished: false)
            freeze(atTime: Double(newValue) * animation.duration)
            currentPlaybackMode = .paused(at: .progress(newValue))
        }
    }
    /// The frame shown; setting it pauses there.
    public var currentFrame: AnimationFrameTime {
        get { animation.map { $0.frameTime(forProgress: currentProgress) } ?? 0 }
        set {
            guard let animation else { return }
            currentProgress = animation.progressTime(forFrame: newValue)
            currentPlaybackMode = .paused(at: .frame(newValue))
        }
    }
    /// The time shown, in seconds from the start frame; setting it pauses there.
    public var currentTime: TimeInterval {
        get { currentTimeInAnimation }
        set { if let animation, animation.duration > 0 { currentProgress = CGFloat(newValue / animation.duration) } }
    }
    /// The progress on screen now, while playing (the same as `currentProgress` here: both read the clock).
    public var realtimeAnimationProgress: AnimationProgressTime { currentProgress }
    /// The frame on screen now.
    public var realtimeAnimationFrame: AnimationFrameTime { currentFrame }

    /// Content time now: the clock layer's time mapped through the composition's timing, clamped to the animation.
    private var currentTimeInAnimation: Double {
        guard let animation else { return 0 }
        guard playStart != nil else { return pausedTime }
        guard let composition else { return pausedTime }
        let t = composition.convertTime(CACurrentMediaTime(), from: nil)
        return min(max(t.isFinite ? t : 0, 0), animation.duration)
    }

    private var isAtEnd: Bool { animation.map { pausedTime >= $0.duration } ?? false }
    private var hasFinished: Bool {
        guard let playStart, let total = totalPlayTime else { return false }
        return CACurrentMediaTime() - playStart >= total
    }

    /// How long the current playback lasts in seconds of media time (nil: for ever).
    private var totalPlayTime: Double? {
        let span = abs(playedRange.to - playedRange.from) / Double(max(abs(animationSpeed), 1e-9))
        switch loopMode {
        case .playOnce: return span
        case .loop, .autoReverse: return nil
        case .repeat(let n): return span * Double(max(n, 0))
        case .repeatBackwards(let n): return span * Double(max(n, 0)) * 2
        }
    }

    private func play(fromTime from: Double, toTime to: Double, completion: LottieCompletionBlock?) {
        stopClock(finished: false)
        guard from.isFinite, to.isFinite, from != to, animationSpeed.isFinite, animationSpeed != 0 else {
            freeze(atTime: to.isFinite ? to : 0)
            completion?(true)
            return
        }
        playedRange = (from, to)
        self.completion = completion
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let now = CACurrentMediaTime()
        // The clock runs 0…span (repeating, reversing); the composition's own timing maps it onto from…to.
        clock.beginTime = convertTime(now, from: nil)
        clock.speed = Float(abs(animationSpeed))
        clock.timeOffset = 0
        clock.duration = abs(to - from)
        clock.fillMode = .both
        switch loopMode {
        case .playOnce: clock.repeatCount = 1; clock.autoreverses = false
        case .loop: clock.repeatCount = .infinity; clock.autoreverses = false
        case .autoReverse: clock.repeatCount = .infinity; clock.autoreverses = true
        case .repeat(let n): clock.repeatCount = max(n, 0); clock.autoreverses = false
        case .repeatBackwards(let n): clock.repeatCount = max(n, 0); clock.autoreverses = true
        }
        let forwards = (to > from) == (animationSpeed > 0)
        composition?.speed = forwards ? 1 : -1
        composition?.timeOffset = forwards ? min(from, to) : max(from, to)
        composition?.beginTime = 0
        playStart = now
        updateRasterization()
        CATransaction.commit()
        if let total = totalPlayTime { scheduleCompletion(after: total) }
    }

    /// Shows content time `t` and stops the clock there.
    private func freeze(atTime t: Double) {
        let clamped = animation.map { min(max(t.isFinite ? t : 0, 0), $0.duration) } ?? 0
        pausedTime = clamped
        playStart = nil
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        // (Scrubbing sets a frame at a time: only what differs is set, so a scrub commits one property.)
        if clock.speed != 0 { clock.speed = 0 }
        if clock.timeOffset != 0 { clock.timeOffset = 0 }
        if clock.beginTime != 0 { clock.beginTime = 0 }
        if clock.duration != 0 { clock.duration = 0 }
        if clock.repeatCount != 0 { clock.repeatCount = 0 }
        if clock.autoreverses { clock.autoreverses = false }
        if let composition {
            if composition.speed != 1 { composition.speed = 1 }
            if composition.beginTime != 0 { composition.beginTime = 0 }
            if composition.timeOffset != clamped { composition.timeOffset = clamped }
        }
        updateRasterization()
        CATransaction.commit()
    }

    /// Where a finite playback comes to rest: where its last pass ends — the end of its range, or its start when
    /// a negative speed runs it backwards, and the other way round when it goes out and back (`.repeatBackwards`).
    private var playedRangeEnd: Double {
        var endsAtStart = animationSpeed < 0
        if case .repeatBackwards = loopMode { endsAtStart.toggle() }
        return endsAtStart ? playedRange.from : playedRange.to
    }

    /// Ends the playback under way, if any: its completion is told whether it finished.
    private func stopClock(finished: Bool) {
        if let running = completionAnimation {
            running.owner = nil
            removeAnimation(forKey: CompletionAnimation.key)
            completionAnimation = nil
        }
        if playStart != nil, !finished, hasFinished { pausedTime = playedRangeEnd }
        let done = completion
        completion = nil
        if playStart != nil { done?(finished) }
    }

    /// The end of a finite playback arrives as an animation's stop on this layer, at the clock's event pass (so
    /// exports and windows see it at the same media time as the frames).
    private func scheduleCompletion(after seconds: Double) {
        let marker = CompletionAnimation(owner: self)
        // (A key of no layer property: an animation of a real one, even by nothing, would mark every layer below
        // as moving, and the compositor would raster them for motion instead of in place.)
        let animation = CABasicAnimation(keyPath: "lottiePlaybackEnd")
        animation.fromValue = 0
        animation.toValue = 1
        animation.duration = max(seconds, 1e-6)
        animation.delegate = marker
        completionAnimation = marker
        add(animation, forKey: CompletionAnimation.key)
    }

    fileprivate func playbackReachedItsEnd() {
        completionAnimation = nil
        let end = playedRangeEnd
        let done = completion
        completion = nil
        freeze(atTime: end)
        done?(true)
    }
}

/// Tells its layer when a playback's time has run out.
private final class CompletionAnimation: NSObject, CAAnimationDelegate, @unchecked Sendable {
    static let key = "lottie.completion"
    weak var owner: LottieAnimationLayer?
    init(owner: LottieAnimationLayer) { self.owner = owner }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        guard flag, let owner, owner.isCurrent(self) else { return }
        owner.playbackReachedItsEnd()
    }
}

extension LottieAnimationLayer {
    fileprivate func isCurrent(_ marker: CompletionAnimation) -> Bool { completionAnimation === marker }
}

/// How an animation is fitted into its layer or view.
public enum LottieContentMode: Sendable {
    /// Stretched to the bounds, ignoring the aspect ratio.
    case scaleToFill
    /// Scaled to fit inside the bounds, keeping the aspect ratio.
    case scaleAspectFit
    /// Scaled to fill the bounds, keeping the aspect ratio.
    case scaleAspectFill
    /// Centred at its own size.
    case center
}
