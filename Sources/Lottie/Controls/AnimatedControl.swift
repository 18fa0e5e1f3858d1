import Foundation
import UIKit

/// The control lottie-ios's animated controls build on (UIKit's `UIControl`).
public typealias LottieControlType = UIControl
/// A control's state, as lottie-ios names it (UIKit's `UIControl.State`).
public typealias LottieControlState = UIControl.State
/// A control's event, as lottie-ios names it (UIKit's `UIControl.Event`).
public typealias LottieControlEvent = UIControl.Event

/// A control drawn by a Lottie animation — lottie-ios's `AnimatedControl`: a ``LottieAnimationView`` fills it,
/// and each control state may show one of the animation's top-level layers alone (``setLayer(named:forState:)``).
/// ``AnimatedButton`` and ``AnimatedSwitch`` play ranges of the animation as they are touched.
open class AnimatedControl: LottieControlType, @unchecked Sendable {
    /// The view playing the animation (it takes no touches: the control does).
    public let animationView: LottieAnimationView
    /// The top-level layer shown in each state, by the state's raw value.
    var stateMap: [UInt: String] = [:]

    /// A control showing `animation`.
    public init(animation: LottieAnimation?, configuration: LottieConfiguration = .shared) {
        animationView = LottieAnimationView(animation: animation, configuration: configuration)
        super.init(frame: animation?.bounds ?? .zero)
        commonInit()
    }

    /// A control with no animation yet.
    public init() {
        animationView = LottieAnimationView()
        super.init(frame: .zero)
        commonInit()
    }

    /// Not decoded (there are no nibs): nil.
    public required init?(coder aDecoder: NSCoder) { nil }

    private func commonInit() {
        animationView.isUserInteractionEnabled = false
        animationView.frame = bounds
        addSubview(animationView)
    }

    /// The animation shown; setting it updates the layer shown for the state.
    public var animation: LottieAnimation? {
        didSet {
            animationView.animation = animation
            animationView.bounds = animation?.bounds ?? .zero
            setNeedsLayout()
            updateForState()
            animationDidSet()
        }
    }

    /// The animation's playback speed.
    public var animationSpeed: CGFloat {
        get { animationView.animationSpeed }
        set { animationView.animationSpeed = newValue }
    }

    /// Called after ``AnimatedControl/animation`` is set (subclasses update what they show).
    open func animationDidSet() {}

    open override var isEnabled: Bool { didSet { updateForState() } }
    open override var isSelected: Bool { didSet { updateForState() } }
    open override var isHighlighted: Bool { didSet { updateForState() } }

    /// The animation view fills the control.
    open override func layoutSubviews() {
        super.layoutSubviews()
        animationView.frame = bounds
    }

    /// The animation's own size.
    open override var intrinsicContentSize: CGSize { animationView.intrinsicContentSize }

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        updateForState()
        return super.beginTracking(touch, with: event)
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        updateForState()
        return super.continueTracking(touch, with: event)
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        updateForState()
        super.endTracking(touch, with: event)
    }

    open override func cancelTracking(with event: UIEvent?) {
        updateForState()
        super.cancelTracking(with: event)
    }

    /// Shows only the top-level layer named `named` while the control is in `forState`.
    public func setLayer(named: String, forState: LottieControlState) {
        stateMap[forState.rawValue] = named
        updateForState()
    }

    /// Sets properties of the animation from a value provider.
    public func setValueProvider(_ valueProvider: AnyValueProvider, keypath: AnimationKeypath) {
        animationView.setValueProvider(valueProvider, keypath: keypath)
    }

    /// Stops using the value provider set for `keypath`.
    public func removeValueProvider(for keypath: AnimationKeypath) { animationView.removeValueProvider(for: keypath) }

    /// Shows the layer named for the current state alone, or every top-level layer when the state names none
    /// the animation has.
    func updateForState() {
        let layer = animationView.animationLayer
        guard let topLevel = layer.keypathRegistry?.topLevelLayers, !topLevel.isEmpty else { return }
        let named = stateMap[state.rawValue].flatMap { name in topLevel.first { $0.name == name } }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for candidate in topLevel { candidate.layer.isHidden = named.map { $0.layer !== candidate.layer } ?? false }
        CATransaction.commit()
    }
}
