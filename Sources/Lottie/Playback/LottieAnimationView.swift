import Foundation
import UIKit

/// A view that plays a ``LottieAnimation`` — lottie-ios's `LottieAnimationView`. It holds a
/// ``LottieAnimationLayer`` filling its bounds and forwards playback to it.
open class LottieAnimationView: UIView, @unchecked Sendable {
    /// The layer doing the work.
    public let animationLayer: LottieAnimationLayer

    public init(animation: LottieAnimation?) {
        animationLayer = LottieAnimationLayer(animation: animation)
        super.init(frame: animation?.bounds ?? .zero)
        layer.addSublayer(animationLayer)
        animationLayer.frame = bounds
    }
    /// A view showing the animation `name.json` from `bundle`.
    public convenience init(name: String, bundle: Bundle = .main, subdirectory: String? = nil) {
        self.init(animation: LottieAnimation.named(name, bundle: bundle, subdirectory: subdirectory))
    }
    /// A view showing the animation at `filePath`.
    public convenience init(filePath: String) { self.init(animation: LottieAnimation.filepath(filePath)) }
    public convenience init() { self.init(animation: nil) }
    public required init?(coder: NSCoder) { nil }

    open override func layoutSubviews() {
        super.layoutSubviews()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        animationLayer.frame = bounds
        CATransaction.commit()
    }

    open override var intrinsicContentSize: CGSize { animation?.size ?? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }

    public var animation: LottieAnimation? {
        get { animationLayer.animation }
        set { animationLayer.animation = newValue; invalidateIntrinsicContentSize() }
    }
    public var loopMode: LottieLoopMode {
        get { animationLayer.loopMode }
        set { animationLayer.loopMode = newValue }
    }
    public var animationSpeed: CGFloat {
        get { animationLayer.animationSpeed }
        set { animationLayer.animationSpeed = newValue }
    }
    public var isAnimationPlaying: Bool { animationLayer.isAnimationPlaying }
    public var currentProgress: AnimationProgressTime {
        get { animationLayer.currentProgress }
        set { animationLayer.currentProgress = newValue }
    }
    public var currentFrame: AnimationFrameTime {
        get { animationLayer.currentFrame }
        set { animationLayer.currentFrame = newValue }
    }
    public var currentTime: TimeInterval {
        get { animationLayer.currentTime }
        set { animationLayer.currentTime = newValue }
    }
    public var realtimeAnimationProgress: AnimationProgressTime { animationLayer.realtimeAnimationProgress }
    public var realtimeAnimationFrame: AnimationFrameTime { animationLayer.realtimeAnimationFrame }

    public func play(completion: LottieCompletionBlock? = nil) { animationLayer.play(completion: completion) }
    public func play(fromProgress: AnimationProgressTime? = nil, toProgress: AnimationProgressTime, loopMode: LottieLoopMode? = nil,
                     completion: LottieCompletionBlock? = nil) {
        animationLayer.play(fromProgress: fromProgress, toProgress: toProgress, loopMode: loopMode, completion: completion)
    }
    public func play(fromFrame: AnimationFrameTime? = nil, toFrame: AnimationFrameTime, loopMode: LottieLoopMode? = nil,
                     completion: LottieCompletionBlock? = nil) {
        animationLayer.play(fromFrame: fromFrame, toFrame: toFrame, loopMode: loopMode, completion: completion)
    }
    public func play(fromMarker: String? = nil, toMarker: String, loopMode: LottieLoopMode? = nil,
                     completion: LottieCompletionBlock? = nil) {
        animationLayer.play(fromMarker: fromMarker, toMarker: toMarker, loopMode: loopMode, completion: completion)
    }
    public func play(marker: String, loopMode: LottieLoopMode? = nil, completion: LottieCompletionBlock? = nil) {
        animationLayer.play(marker: marker, loopMode: loopMode, completion: completion)
    }
    public func setPlaybackMode(_ mode: LottiePlaybackMode, completion: LottieCompletionBlock? = nil) {
        animationLayer.setPlaybackMode(mode, completion: completion)
    }
    public func pause() { animationLayer.pause() }
    public func stop() { animationLayer.stop() }
}
