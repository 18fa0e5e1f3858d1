import Foundation
import UIKit

/// A button drawn by a Lottie animation — lottie-ios's `AnimatedButton`: each touch event may play a range of
/// the animation (by default a touch that ends inside plays all of it), and ``performAction`` runs when a touch
/// ends inside.
open class AnimatedButton: AnimatedControl, @unchecked Sendable {
    /// Runs when a touch ends inside the button.
    public var performAction: (() -> Void)?
    /// The progress range each event plays.
    private var rangesForEvents: [UInt: (from: CGFloat, to: CGFloat)] = [LottieControlEvent.touchUpInside.rawValue: (0, 1)]

    /// A button showing `animation`.
    public override init(animation: LottieAnimation?, configuration: LottieConfiguration = .shared) {
        super.init(animation: animation, configuration: configuration)
        isAccessibilityElement = true
    }

    /// A button with no animation yet.
    public override init() {
        super.init()
        isAccessibilityElement = true
    }

    /// Not decoded (there are no nibs): nil.
    public required init?(coder aDecoder: NSCoder) { nil }

    /// A button's traits (always including `.button`).
    open override var accessibilityTraits: UIAccessibilityTraits {
        get { super.accessibilityTraits.union(.button) }
        set { super.accessibilityTraits = newValue }
    }

    /// Plays the range from `fromProgress` to `toProgress` when `event` happens.
    public func setPlayRange(fromProgress: AnimationProgressTime, toProgress: AnimationProgressTime, event: LottieControlEvent) {
        rangesForEvents[event.rawValue] = (fromProgress, toProgress)
    }

    /// Plays from the marker `fromName` to the marker `toName` when `event` happens (nothing changes when the
    /// animation lacks either).
    public func setPlayRange(fromMarker fromName: String, toMarker toName: String, event: LottieControlEvent) {
        guard let start = animationView.progressTime(forMarker: fromName), let end = animationView.progressTime(forMarker: toName) else { return }
        rangesForEvents[event.rawValue] = (start, end)
    }

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        _ = super.beginTracking(touch, with: event)
        play(for: .touchDown)
        return true
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        if let touch, bounds.contains(touch.location(in: self)) {
            performAction?()
            play(for: .touchUpInside)
        } else {
            play(for: .touchUpOutside)
        }
    }

    private func play(for event: LottieControlEvent) {
        guard let range = rangesForEvents[event.rawValue] else { return }
        animationView.play(fromProgress: range.from, toProgress: range.to, loopMode: .playOnce)
    }
}
