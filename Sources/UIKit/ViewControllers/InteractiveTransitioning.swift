import QuartzCore

/// An object that drives a transition from events (a pan, a pinch) instead of letting it run on its own: UIKit
/// hands it the transition's context in place of starting the animator.
public protocol UIViewControllerInteractiveTransitioning: AnyObject {
    /// Starts the transition under the object's control; it later finishes or cancels it through the context.
    func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning)
    /// How much faster than its own duration the rest of the transition plays once the interaction ends (1).
    var completionSpeed: CGFloat { get }
    /// The curve the rest of the transition plays along once the interaction ends (`.easeInOut`).
    var completionCurve: UIView.AnimationCurve { get }
    /// Whether the transition starts interactively (true); false starts it animating on its own.
    var wantsInteractiveStart: Bool { get }
}

extension UIViewControllerInteractiveTransitioning {
    /// 1: the animator's own pace.
    public var completionSpeed: CGFloat { 1 }
    /// Ease-in-out.
    public var completionCurve: UIView.AnimationCurve { .easeInOut }
    /// True: transitions start under the interaction.
    public var wantsInteractiveStart: Bool { true }
}

/// Drives a transition animator's animations by percentage: `update(_:)` shows the transition that far through,
/// `finish()` plays the rest forwards and `cancel()` plays it back to the start, each at `completionSpeed`.
///
/// For an animator that offers a property animator (`interruptibleAnimator(using:)`), the property animator is
/// paused, scrubbed through `fractionComplete`, and continued (reversed to cancel). For any other animator, its
/// animations run in the transition's container view while the container's layer time is held (`speed` 0) and
/// moved by `timeOffset`, as Core Animation code pauses and scrubs a layer tree; a cancel plays them back to
/// their start and then removes them, so their completion blocks run and the animator reports the cancel.
open class UIPercentDrivenInteractiveTransition: NSObject, UIViewControllerInteractiveTransitioning, @unchecked Sendable {
    /// The animator's duration for this transition (0 before it starts).
    open private(set) var duration: CGFloat = 0
    /// How far through the transition is, from 0 to 1, as last set by `update(_:)`.
    open private(set) var percentComplete: CGFloat = 0
    /// How much faster than the animator's pace `finish()` and `cancel()` play (1).
    open var completionSpeed: CGFloat = 1
    /// Accepted; the rest plays along the animations' own curves (see docs/app-uikit.md).
    open var completionCurve: UIView.AnimationCurve = .easeInOut
    /// The timing a property animator continues with when the interaction ends (nil: its own).
    open var timingCurve: UITimingCurveProvider?
    /// Whether the transition starts under the interaction (false: it plays at once).
    open var wantsInteractiveStart = true

    private var context: TransitionContext?
    private var driven: DrivenAnimations?

    /// A driver with the defaults.
    public override init() { super.init() }

    /// Takes the transition over: pauses its animations at the start, ready for `update(_:)`.
    open func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning) {
        guard let context = transitionContext as? TransitionContext, let animator = context.animator else { return }
        self.context = context
        duration = CGFloat(max(animator.transitionDuration(using: context), 0))
        if let property = Optional(animator.interruptibleAnimator(using: context)), !(property is NoInterruptibleAnimator) {
            property.pauseAnimation()
            driven = .propertyAnimator(property)
        } else {
            let held = HeldLayerTime(context.containerView.layer)
            driven = .layerTime(held)
            context.onComplete = { held.release() }
            animator.animateTransition(using: context)
            CATransaction.flush()   // the animations begin at the held time, before any update moves it
        }
        if !wantsInteractiveStart { finish() } else { update(percentComplete) }
    }

    /// Shows the transition `percentComplete` of the way through (clamped to 0…1).
    open func update(_ percentComplete: CGFloat) {
        guard let context, !context.interactionEnded else { return }
        self.percentComplete = percentComplete.isNaN ? 0 : min(max(percentComplete, 0), 1)
        switch driven {
        case .propertyAnimator(let property): property.fractionComplete = self.percentComplete
        case .layerTime(let held): held.show(Double(self.percentComplete * duration))
        case nil: break
        }
        context.updateInteractiveTransition(self.percentComplete)
    }

    /// Holds the transition where it is.
    open func pause() {
        guard let context, !context.interactionEnded else { return }
        if case .propertyAnimator(let property) = driven { property.pauseAnimation() }
        context.pauseInteractiveTransition()
    }

    /// Plays the rest of the transition forwards; the animator then completes it.
    open func finish() {
        guard let context, !context.interactionEnded else { return }
        context.finishInteractiveTransition()
        switch driven {
        case .propertyAnimator(let property):
            property.isReversed = false
            property.continueAnimation(withTimingParameters: timingCurve, durationFactor: speedFactor)
        case .layerTime(let held): held.run(speed: Double(completionSpeed))
        case nil: break
        }
    }

    /// Plays the transition back to its start; the animator then completes it as cancelled.
    open func cancel() {
        guard let context, !context.interactionEnded else { return }
        context.cancelInteractiveTransition()
        switch driven {
        case .propertyAnimator(let property):
            property.isReversed = true
            property.continueAnimation(withTimingParameters: timingCurve, durationFactor: speedFactor)
        case .layerTime(let held):
            held.play(speed: -Double(completionSpeed), until: 0) {
                // Back at the start: the animations end there, so their completions run and report the cancel.
                held.removeAnimations()
            }
        case nil: break
        }
    }

    private var speedFactor: CGFloat { completionSpeed > 0 && completionSpeed.isFinite ? 1 / completionSpeed : 1 }

    private enum DrivenAnimations {
        case propertyAnimator(UIViewImplicitlyAnimating)
        case layerTime(HeldLayerTime)
    }
}

/// A layer whose local time is held at the moment it was taken over and then moved by hand: `show(_:)` puts it
/// that many seconds past the start; `play(speed:until:then:)` lets it run (backwards for a negative speed)
/// and holds it again at the target. When the transition ends, the layer's own timing is given back.
final class HeldLayerTime {
    private let layer: CALayer
    private let start: CFTimeInterval
    private let saved: (speed: Float, timeOffset: CFTimeInterval, beginTime: CFTimeInterval)
    /// Set once the layer has its own timing back; nothing holds it after that.
    private var released = false

    init(_ layer: CALayer) {
        self.layer = layer
        saved = (layer.speed, layer.timeOffset, layer.beginTime)
        start = layer.convertTime(CACurrentMediaTime(), from: nil)
        layer.speed = 0
        layer.timeOffset = start
        layer.beginTime = 0
    }

    /// Holds the layer `seconds` past the start.
    func show(_ seconds: Double) {
        guard !released else { return }
        layer.speed = 0
        layer.beginTime = 0
        layer.timeOffset = start + seconds
    }

    /// Lets the layer's time run on from where it stands at `speed` (forwards: the animations end on their own).
    func run(speed: Double) {
        guard !released else { return }
        let from = layer.timeOffset
        layer.speed = Float(speed.isFinite && speed > 0 ? speed : 1)
        layer.beginTime = parentNow
        layer.timeOffset = from
    }

    /// Runs the layer's time from where it stands at `speed` until it is `target` seconds past the start, then
    /// holds it there and calls `then`.
    func play(speed: Double, until target: Double, then: @escaping () -> Void) {
        guard !released else { return }
        let from = layer.timeOffset - start
        guard speed.isFinite, speed != 0, (target - from) / speed > 0 else { show(target); then(); return }
        let now = parentNow
        layer.speed = Float(speed)
        layer.beginTime = now
        layer.timeOffset = start + from
        let end = now + (target - from) / speed
        watch(until: end) { [self] in
            guard !released else { return }
            show(target); then()
        }
    }

    /// Removes every animation in the layer's tree (their delegates and completions hear they did not finish).
    func removeAnimations() {
        var pending = [layer]
        while let next = pending.popLast() {
            next.removeAllAnimations()
            pending += next.sublayers ?? []
        }
    }

    /// Gives the layer back its own timing.
    func release() {
        guard !released else { return }
        released = true
        layer.speed = saved.speed
        layer.timeOffset = saved.timeOffset
        layer.beginTime = saved.beginTime
    }

    /// Now in the time of the layer's superlayer, which its `beginTime` is measured in.
    private var parentNow: CFTimeInterval {
        layer.superlayer?.convertTime(CACurrentMediaTime(), from: nil) ?? CACurrentMediaTime()
    }

    private func watch(until end: CFTimeInterval, then: @escaping () -> Void) {
        CAMediaClock.current.events.runAtNextPass { [weak self] in
            guard let self else { return }
            if self.parentNow >= end { then() } else { self.watch(until: end, then: then) }
        }
    }
}
