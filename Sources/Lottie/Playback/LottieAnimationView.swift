import Foundation
import UIKit

extension UIColor {
    /// The colour as a ``LottieColor`` — lottie-ios's `UIColor.lottieColorValue`.
    public var lottieColorValue: LottieColor { cgColor.lottieColorValue }
}

/// A view that plays a ``LottieAnimation`` — lottie-ios's `LottieAnimationView`. It holds a
/// ``LottieAnimationLayer`` filling its bounds and forwards playback to it.
open class LottieAnimationView: UIView, @unchecked Sendable {
    /// The layer doing the work.
    public let animationLayer: LottieAnimationLayer

    /// A view playing the animation `animationId` (the first when nil) of a `.lottie` file, looping, at the speed,
    /// and with the images its manifest and archive give.
    public convenience init(dotLottie: DotLottieFile?, animationId: String? = nil, configuration: LottieConfiguration = .shared) {
        let entry = dotLottie?.animation(for: animationId)
        self.init(animation: entry?.animation, configuration: configuration)
        if let entry { apply(entry.configuration) }
    }

    /// Shows the animation `animationId` (the first when nil) of a `.lottie` file as its manifest says.
    public func loadAnimation(_ animationId: String? = nil, from dotLottieFile: DotLottieFile) {
        guard let entry = dotLottieFile.animation(for: animationId) else { return }
        animation = entry.animation
        apply(entry.configuration)
    }

    private func apply(_ configuration: DotLottieConfiguration) {
        loopMode = configuration.loopMode
        animationSpeed = CGFloat(configuration.speed)
        if let images = configuration.imageProvider { imageProvider = images }
    }

    /// The configuration the view was made with (``LottieConfiguration``; it chooses nothing in Calyx).
    public var configuration: LottieConfiguration { animationLayer.configuration }

    /// Where the animation is laid out in the view (the bounds when nil).
    public var viewportFrame: CGRect? { didSet { setNeedsLayout() } }
    /// Whether a change of the view's layout inside an animation block animates the animation's layer with it
    /// (kept; the layer follows the view's layout in the same transaction either way).
    public var animateLayoutChangesWithCurrentCoreAnimationContext = true
    /// lottie-ios's choice of what a playing animation does when the view leaves its window: accepted, not acted
    /// on (a Calyx view's animation plays on, in or out of a window).
    public var windowBackgroundBehavior: LottieBackgroundBehavior?
    /// Called after an animation is set and its layers built.
    public var animationLoaded: ((_ animationView: LottieAnimationView, _ animation: LottieAnimation) -> Void)? {
        didSet {
            animationLayer.animationLoaded = animationLoaded.map { block in
                { [weak self] _, animation in if let self { block(self, animation) } }
            }
        }
    }
    /// Whether a play call waits for the view to be in a window (never: Calyx plays at once).
    public var isAnimationQueued: Bool { false }
    /// The observers of the app moving to the background and back.
    private var applicationObservers: [NSObjectProtocol] = []

    deinit { for observer in applicationObservers { NotificationCenter.default.removeObserver(observer) } }

    /// Applies ``backgroundBehavior`` when UIKit says the app moved to the background, and restores what it paused
    /// when the app returns, as lottie-ios's view does.
    private func observeApplicationState() {
        let center = NotificationCenter.default
        applicationObservers = [
            center.addObserver(forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: nil) { [weak self] _ in
                self?.animationLayer.updateAnimationForBackgroundState()
            },
            center.addObserver(forName: UIApplication.willEnterForegroundNotification, object: nil, queue: nil) { [weak self] _ in
                self?.animationLayer.updateAnimationForForegroundState(wasWaitingToPlayAnimation: false)
            },
        ]
    }

    /// A view playing `animation` (paused at its first frame until `play()`), its images from `imageProvider` (the
    /// main bundle when nil), its text from `textProvider` in the fonts of `fontProvider`, as lottie-ios's
    /// initializer (what the view logs goes to `logger`).
    public init(animation: LottieAnimation?, imageProvider: AnimationImageProvider? = nil,
                textProvider: AnimationKeypathTextProvider = DefaultTextProvider(), fontProvider: AnimationFontProvider = DefaultFontProvider(),
                configuration: LottieConfiguration = .shared, logger: LottieLogger = .shared) {
        animationLayer = LottieAnimationLayer(animation: animation, imageProvider: imageProvider, textProvider: textProvider,
                                              fontProvider: fontProvider, configuration: configuration, logger: logger)
        super.init(frame: animation?.bounds ?? .zero)
        layer.addSublayer(animationLayer)
        animationLayer.frame = bounds
        observeApplicationState()
    }
    /// A view showing the animation `name.json` from `bundle` (or the one `animationCache` keeps), its images
    /// from `imageProvider` or the same bundle.
    public convenience init(name: String, bundle: Bundle = .main, subdirectory: String? = nil,
                            imageProvider: AnimationImageProvider? = nil,
                            animationCache: AnimationCacheProvider? = LottieAnimationCache.shared,
                            configuration: LottieConfiguration = .shared) {
        self.init(animation: LottieAnimation.named(name, bundle: bundle, subdirectory: subdirectory, animationCache: animationCache),
                  imageProvider: imageProvider ?? (bundle !== Bundle.main ? BundleImageProvider(bundle: bundle, searchPath: subdirectory) : nil),
                  configuration: configuration)
    }
    /// A view showing the animation at `filePath` (or the one `animationCache` keeps), its images from
    /// `imageProvider` or the file's folder.
    public convenience init(filePath: String, imageProvider: AnimationImageProvider? = nil,
                            animationCache: AnimationCacheProvider? = LottieAnimationCache.shared,
                            configuration: LottieConfiguration = .shared) {
        self.init(animation: LottieAnimation.filepath(filePath, animationCache: animationCache),
                  imageProvider: imageProvider ?? FilepathImageProvider(filepath: URL(fileURLWithPath: filePath).deletingLastPathComponent()),
                  configuration: configuration)
    }
    /// A view showing the animation `animationId` (the first when nil) of `name.lottie` in `bundle`, loaded now;
    /// `completion` is told the view and any error.
    public convenience init(dotLottieName name: String, bundle: Bundle = .main, subdirectory: String? = nil, animationId: String? = nil,
                            dotLottieCache: DotLottieCacheProvider? = DotLottieCache.sharedCache,
                            configuration: LottieConfiguration = .shared, completion: ((LottieAnimationView, Error?) -> Void)? = nil) {
        let result = DotLottieFile.SynchronouslyBlockingCurrentThread.named(name, bundle: bundle, subdirectory: subdirectory,
                                                                            dotLottieCache: dotLottieCache)
        self.init(dotLottie: try? result.get(), animationId: animationId, configuration: configuration)
        if case .failure(let error) = result { completion?(self, error) } else { completion?(self, nil) }
    }
    /// A view showing the animation `animationId` (the first when nil) of the `.lottie` file at `filePath`.
    public convenience init(dotLottieFilePath filePath: String, animationId: String? = nil,
                            dotLottieCache: DotLottieCacheProvider? = DotLottieCache.sharedCache,
                            configuration: LottieConfiguration = .shared, completion: ((LottieAnimationView, Error?) -> Void)? = nil) {
        let result = DotLottieFile.SynchronouslyBlockingCurrentThread.loadedFrom(filepath: filePath, dotLottieCache: dotLottieCache)
        self.init(dotLottie: try? result.get(), animationId: animationId, configuration: configuration)
        if case .failure(let error) = result { completion?(self, error) } else { completion?(self, nil) }
    }

    /// Sets properties from a value provider (``LottieAnimationLayer/setValueProvider(_:keypath:)``).
    public func setValueProvider(_ valueProvider: AnyValueProvider, keypath: AnimationKeypath) {
        animationLayer.setValueProvider(valueProvider, keypath: keypath)
    }
    /// The keypath of every property a value provider can set (``LottieAnimationLayer/allHierarchyKeypaths()``).
    public func allHierarchyKeypaths() -> [String] { animationLayer.allHierarchyKeypaths() }
    /// Prints every property's keypath.
    public func logHierarchyKeypaths() { animationLayer.logHierarchyKeypaths() }

    /// Where image layers' pictures come from (``LottieAnimationLayer/imageProvider``).
    public var imageProvider: AnimationImageProvider {
        get { animationLayer.imageProvider }
        set { animationLayer.imageProvider = newValue }
    }
    /// A view with no animation yet.
    public convenience init() { self.init(animation: nil) }
    /// Not decoded (there are no nibs): nil.
    public required init?(coder: NSCoder) { nil }

    /// Fits the animation layer to the bounds (or ``viewportFrame``) as `contentMode` says.
    open override func layoutSubviews() {
        super.layoutSubviews()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        animationLayer.frame = viewportFrame ?? bounds
        CATransaction.commit()
    }

    /// The animation's own size.
    open override var intrinsicContentSize: CGSize { animation?.size ?? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }

    /// The animation shown; setting it rebuilds the layer tree.
    public var animation: LottieAnimation? {
        get { animationLayer.animation }
        set { animationLayer.animation = newValue; invalidateIntrinsicContentSize() }
    }
    /// How playback repeats.
    public var loopMode: LottieLoopMode {
        get { animationLayer.loopMode }
        set { animationLayer.loopMode = newValue }
    }
    /// A multiplier of the animation's own speed.
    public var animationSpeed: CGFloat {
        get { animationLayer.animationSpeed }
        set { animationLayer.animationSpeed = newValue }
    }
    /// Whether it is playing.
    public var isAnimationPlaying: Bool { animationLayer.isAnimationPlaying }
    /// Where playback is, from 0 to 1; setting it pauses there.
    public var currentProgress: AnimationProgressTime {
        get { animationLayer.currentProgress }
        set { animationLayer.currentProgress = newValue }
    }
    /// Where playback is, in the animation's frames; setting it pauses there.
    public var currentFrame: AnimationFrameTime {
        get { animationLayer.currentFrame }
        set { animationLayer.currentFrame = newValue }
    }
    /// Where playback is, in seconds; setting it pauses there.
    public var currentTime: TimeInterval {
        get { animationLayer.currentTime }
        set { animationLayer.currentTime = newValue }
    }
    /// The progress shown on screen now (moving while it plays).
    public var realtimeAnimationProgress: AnimationProgressTime { animationLayer.realtimeAnimationProgress }
    /// The frame shown on screen now.
    public var realtimeAnimationFrame: AnimationFrameTime { animationLayer.realtimeAnimationFrame }

    /// Plays from where it stands to the end (as `loopMode` says).
    public func play(completion: LottieCompletionBlock? = nil) { animationLayer.play(completion: completion) }
    /// Plays between two progress values.
    public func play(fromProgress: AnimationProgressTime? = nil, toProgress: AnimationProgressTime, loopMode: LottieLoopMode? = nil,
                     completion: LottieCompletionBlock? = nil) {
        animationLayer.play(fromProgress: fromProgress, toProgress: toProgress, loopMode: loopMode, completion: completion)
    }
    /// Plays between two frames.
    public func play(fromFrame: AnimationFrameTime? = nil, toFrame: AnimationFrameTime, loopMode: LottieLoopMode? = nil,
                     completion: LottieCompletionBlock? = nil) {
        animationLayer.play(fromFrame: fromFrame, toFrame: toFrame, loopMode: loopMode, completion: completion)
    }
    /// Plays between two markers.
    public func play(fromMarker: String? = nil, toMarker: String, loopMode: LottieLoopMode? = nil,
                     completion: LottieCompletionBlock? = nil) {
        animationLayer.play(fromMarker: fromMarker, toMarker: toMarker, loopMode: loopMode, completion: completion)
    }
    /// Plays one marker's span.
    public func play(marker: String, loopMode: LottieLoopMode? = nil, completion: LottieCompletionBlock? = nil) {
        animationLayer.play(marker: marker, loopMode: loopMode, completion: completion)
    }
    /// Pauses at a place, or plays as the mode says.
    public func setPlaybackMode(_ mode: LottiePlaybackMode, completion: LottieCompletionBlock? = nil) {
        animationLayer.setPlaybackMode(mode, completion: completion)
    }
    /// Pauses where it stands.
    public func pause() { animationLayer.pause() }
    /// Stops and goes back to the start.
    public func stop() { animationLayer.stop() }
}
