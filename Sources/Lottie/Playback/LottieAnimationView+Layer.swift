import Foundation
import UIKit

/// The rest of lottie-ios's `LottieAnimationView` API, each forwarded to the view's ``LottieAnimationLayer``.
extension LottieAnimationView {
    /// What text layers show (``LottieAnimationLayer/textProvider``).
    public var textProvider: AnimationKeypathTextProvider {
        get { animationLayer.textProvider }
        set { animationLayer.textProvider = newValue }
    }
    /// The fonts text layers are drawn in (``LottieAnimationLayer/fontProvider``).
    public var fontProvider: AnimationFontProvider {
        get { animationLayer.fontProvider }
        set { animationLayer.fontProvider = newValue }
    }
    /// What a playing animation does when the app moves to the background.
    public var backgroundBehavior: LottieBackgroundBehavior {
        get { animationLayer.backgroundBehavior }
        set { animationLayer.backgroundBehavior = newValue }
    }
    /// Whether drawing is cut to the composition's bounds (true by default).
    public var maskAnimationToBounds: Bool {
        get { animationLayer.maskAnimationToBounds }
        set { animationLayer.maskAnimationToBounds = newValue }
    }
    /// Whether the composition is kept as one picture while no animation plays.
    public var shouldRasterizeWhenIdle: Bool {
        get { animationLayer.shouldRasterizeWhenIdle }
        set { animationLayer.shouldRasterizeWhenIdle = newValue }
    }
    /// Not supported by the Core Animation engine (``LottieAnimationLayer/respectAnimationFrameRate``).
    public var respectAnimationFrameRate: Bool {
        get { animationLayer.respectAnimationFrameRate }
        set { animationLayer.respectAnimationFrameRate = newValue }
    }
    /// lottie-ios's option for its main-thread engine (kept).
    public var mainThreadRenderingEngineShouldForceDisplayUpdateOnEachFrame: Bool {
        get { animationLayer.mainThreadRenderingEngineShouldForceDisplayUpdateOnEachFrame }
        set { animationLayer.mainThreadRenderingEngineShouldForceDisplayUpdateOnEachFrame = newValue }
    }
    /// The engine playing the animation: always the Core Animation one.
    public var currentRenderingEngine: RenderingEngine? { animationLayer.currentRenderingEngine }
    /// The playback asked for last, if any.
    public var currentPlaybackMode: LottiePlaybackMode? { animationLayer.currentPlaybackMode }
    /// The value providers set, by keypath; setting it replaces them all.
    public var valueProviders: [AnimationKeypath: AnyValueProvider] {
        get { animationLayer.valueProvidersByKeypath }
        set {
            for keypath in animationLayer.valueProvidersByKeypath.keys where newValue[keypath] == nil { animationLayer.removeValueProvider(for: keypath) }
            for (keypath, provider) in newValue { animationLayer.setValueProvider(provider, keypath: keypath) }
        }
    }

    /// Plays as `mode` says.
    public func play(_ mode: LottiePlaybackMode.PlaybackMode, completion: LottieCompletionBlock? = nil) {
        animationLayer.play(mode, completion: completion)
    }
    /// Pauses at `state`.
    public func pause(at state: LottiePlaybackMode.PausedState) { animationLayer.pause(at: state) }
    /// Builds the image layers again, asking the image provider anew.
    public func reloadImages() { animationLayer.reloadImages() }
    /// Commits what changed, so the next frame shows it.
    public func forceDisplayUpdate() { animationLayer.forceDisplayUpdate() }
    /// Stops using the value provider set for `keypath`.
    public func removeValueProvider(for keypath: AnimationKeypath) { animationLayer.removeValueProvider(for: keypath) }
    /// The value of the first property `keypath` names at a frame (``LottieAnimationLayer/getValue(for:atFrame:)``).
    public func getValue(for keypath: AnimationKeypath, atFrame: AnimationFrameTime?) -> Any? {
        animationLayer.getValue(for: keypath, atFrame: atFrame)
    }
    /// The file's value of the first property `keypath` names at a frame.
    public func getOriginalValue(for keypath: AnimationKeypath, atFrame: AnimationFrameTime?) -> Any? {
        animationLayer.getOriginalValue(for: keypath, atFrame: atFrame)
    }
    /// `rect` in the view's space converted into the space of the layer `keypath` names; nil when none does.
    public func convert(_ rect: CGRect, toLayerAt keypath: AnimationKeypath?) -> CGRect? {
        animationLayer.convert(layer.convert(rect, to: animationLayer), toLayerAt: keypath)
    }
    /// `point` in the view's space converted into the space of the layer `keypath` names; nil when none does.
    public func convert(_ point: CGPoint, toLayerAt keypath: AnimationKeypath?) -> CGPoint? {
        animationLayer.convert(layer.convert(point, to: animationLayer), toLayerAt: keypath)
    }
    /// Shows or hides every Lottie layer and shape group `keypath` names.
    public func setNodeIsEnabled(isEnabled: Bool, keypath: AnimationKeypath) {
        animationLayer.setNodeIsEnabled(isEnabled: isEnabled, keypath: keypath)
    }
    /// The progress of the marker `named`, if the animation has it.
    public func progressTime(forMarker named: String) -> AnimationProgressTime? { animation?.progressTime(forMarker: named) }
    /// The start frame of the marker `named`, if the animation has it.
    public func frameTime(forMarker named: String) -> AnimationFrameTime? { animation?.frameTime(forMarker: named) }
    /// The length in frames of the marker `named`, if the animation has it.
    public func durationFrameTime(forMarker named: String) -> AnimationFrameTime? { animation?.durationFrameTime(forMarker: named) }
}
