import Foundation
import UIKit

/// A switch drawn by a Lottie animation — lottie-ios's `AnimatedSwitch`: turning on plays the on range (0 to 1
/// by default), turning off the off range (1 to 0); a touch ending on it toggles it and sends `.valueChanged`.
open class AnimatedSwitch: AnimatedControl, @unchecked Sendable {
    /// What a switch turned back while its animation still plays does.
    public enum CancelBehavior: Sendable {
        /// Plays the running animation back the way it came (the default).
        case reverse
        /// Plays the new state's range as it is.
        case none
    }

    /// What a switch turned back mid-animation does.
    public var cancelBehavior = CancelBehavior.reverse
    /// Whether setting a new ``AnimatedControl/animation`` animates to the current state.
    public var animateUpdateWhenChangingAnimation = true
    /// Called whenever the switch's state is set.
    public var stateUpdated: ((_ isOn: Bool) -> Void)?

    private(set) var onStartProgress: CGFloat = 0
    private(set) var onEndProgress: CGFloat = 1
    private(set) var offStartProgress: CGFloat = 1
    private(set) var offEndProgress: CGFloat = 0
    private var on = false { didSet { stateUpdated?(on) } }

    /// A switch showing `animation`, off.
    public override init(animation: LottieAnimation?, configuration: LottieConfiguration = .shared) {
        super.init(animation: animation, configuration: configuration)
        isAccessibilityElement = true
        updateOnState(isOn: on, animated: false, shouldFireHaptics: false)
    }

    /// A switch with no animation yet, off.
    public override init() {
        super.init()
        isAccessibilityElement = true
        updateOnState(isOn: on, animated: false, shouldFireHaptics: false)
    }

    /// Not decoded (there are no nibs): nil.
    public required init?(coder aDecoder: NSCoder) { nil }

    /// A switch's traits (always including `.button`, as lottie-ios's).
    open override var accessibilityTraits: UIAccessibilityTraits {
        get { super.accessibilityTraits.union(.button) }
        set { super.accessibilityTraits = newValue }
    }

    /// Whether the switch is on; setting it shows the new state's end at once.
    public var isOn: Bool {
        get { on }
        set {
            guard on != newValue else { return }
            updateOnState(isOn: newValue, animated: false, shouldFireHaptics: false)
        }
    }

    /// Turns the switch on or off, playing the range when `animated` (haptics are not played here).
    public func setIsOn(_ isOn: Bool, animated: Bool, shouldFireHaptics: Bool = true) {
        guard isOn != on else { return }
        updateOnState(isOn: isOn, animated: animated, shouldFireHaptics: shouldFireHaptics)
    }

    /// The progress range played on turning on (`forOnState`) or off.
    public func setProgressForState(fromProgress: AnimationProgressTime, toProgress: AnimationProgressTime, forOnState: Bool) {
        if forOnState { (onStartProgress, onEndProgress) = (fromProgress, toProgress) }
        else { (offStartProgress, offEndProgress) = (fromProgress, toProgress) }
        updateOnState(isOn: on, animated: false, shouldFireHaptics: false)
    }

    open override func animationDidSet() {
        updateOnState(isOn: on, animated: animateUpdateWhenChangingAnimation, shouldFireHaptics: false)
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        updateOnState(isOn: !on, animated: true, shouldFireHaptics: true)
        sendActions(for: .valueChanged)
    }

    /// Shows the state: its range's end at once, or its range played — backwards from where it is when the
    /// switch is turned back while the previous state's range still shows (``AnimatedSwitch/cancelBehavior`` `.reverse`).
    func updateOnState(isOn: Bool, animated: Bool, shouldFireHaptics _: Bool) {
        on = isOn
        var start = isOn ? onStartProgress : offStartProgress
        var end = isOn ? onEndProgress : offEndProgress
        let final = end
        if cancelBehavior == .reverse {
            let now = animationView.realtimeAnimationProgress
            let previousStart = isOn ? offStartProgress : onStartProgress, previousEnd = isOn ? offEndProgress : onEndProgress
            if now >= min(previousStart, previousEnd), now <= max(previousStart, previousEnd) {
                (start, end) = (previousEnd, previousStart)
            }
        }
        accessibilityValue = isOn ? "On" : "Off"
        guard animated else {
            animationView.currentProgress = final
            return
        }
        animationView.play(fromProgress: start, toProgress: end, loopMode: .playOnce)
    }
}
