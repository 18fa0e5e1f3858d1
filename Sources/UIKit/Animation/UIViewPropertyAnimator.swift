/// An interruptible animation (iOS 10): its blocks animate as a `UIView.animate` block would, but the animator
/// keeps their animations and re-times them to pause, scrub (`fractionComplete`), reverse and finish at either
/// end. Paused animations run at speed 0 with the animator's position as their time offset, as Core Animation
/// pauses layers.
open class UIViewPropertyAnimator: NSObject, @unchecked Sendable {
    public enum State: Int, Sendable { case inactive, active, stopped }
    public enum Position: Int, Sendable { case end, start, current }

    /// What the animator's blocks changed: each (layer, key) with its value before and after, and the animations
    /// added for it.
    final class Record {
        struct Change { let layer: CALayer; let key: String; let start: Any?; let end: Any? }
        var changes: [Change] = []
        func note(layer: CALayer, key: String, start: Any?, end: Any?) {
            if !changes.contains(where: { $0.layer === layer && $0.key == key }) {
                changes.append(Change(layer: layer, key: key, start: start, end: end))
            }
        }
    }

    public let duration: TimeInterval
    public let timingParameters: UITimingCurveProvider?
    private let curve: CAMediaTimingFunction
    private let spring: (mass: CGFloat, stiffness: CGFloat, damping: CGFloat, velocity: CGFloat)?

    open private(set) var state: State = .inactive
    open private(set) var isRunning = false
    /// Runs back toward the start (finishing at `.start`, the model reset to the start values).
    open var isReversed = false {
        willSet { if isRunning { anchor = (fraction, CACurrentMediaTime()) } }   // (measured the old way round)
        didSet { if isRunning && isReversed != oldValue { retime(running: true) } }
    }
    open var scrubsLinearly = true
    open var pausesOnCompletion = false
    open var isInterruptible = true
    open var isUserInteractionEnabled = true

    private var blocks: [() -> Void] = []
    private var completions: [(Position) -> Void] = []
    private let record = Record()
    /// Where the animation stands (0…1 of `duration` in time) when it was last paused or started, and when.
    private var anchor: (fraction: Double, mediaTime: CFTimeInterval) = (0, 0)
    private var started = false

    public init(duration: TimeInterval, timingParameters: UITimingCurveProvider) {
        self.duration = duration.isFinite && duration > 0 ? duration : 0.001
        self.timingParameters = timingParameters
        curve = timingParameters.cubicTimingParameters?.timingFunction ?? CAMediaTimingFunction(name: .easeInEaseOut)
        if let s = timingParameters.springTimingParameters {
            let fit = SpringFit.classic(duration: duration, dampingRatio: s.dampingRatio, velocity: s.initialVelocity.dx)
            spring = (1, fit.stiffness, fit.damping, s.initialVelocity.dx)
        } else {
            spring = nil
        }
    }

    public convenience init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: curve))
        if let animations { addAnimations(animations) }
    }

    public convenience init(duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint,
                            animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(controlPoint1: point1, controlPoint2: point2))
        if let animations { addAnimations(animations) }
    }

    public convenience init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UISpringTimingParameters(dampingRatio: ratio))
        if let animations { addAnimations(animations) }
    }

    /// Creates, adds `animations` and starts after `delay`.
    open class func runningPropertyAnimator(withDuration duration: TimeInterval, delay: TimeInterval,
                                            options: UIView.AnimationOptions = [], animations: @escaping () -> Void,
                                            completion: ((Position) -> Void)? = nil) -> UIViewPropertyAnimator {
        let animator = UIViewPropertyAnimator(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: options.animationCurve))
        animator.addAnimations(animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }

    open func addAnimations(_ animation: @escaping () -> Void) {
        if started { run(animation) } else { blocks.append(animation) }
    }

    open func addCompletion(_ completion: @escaping (Position) -> Void) { completions.append(completion) }

    open func startAnimation() { startAnimation(afterDelay: 0) }

    open func startAnimation(afterDelay delay: TimeInterval) {
        guard state != .stopped else { return }
        beginIfNeeded()
        anchor = (fraction, CACurrentMediaTime() + max(delay.isFinite ? delay : 0, 0))
        isRunning = true
        retime(running: true)
        watch()
    }

    open func pauseAnimation() {
        guard state != .stopped else { return }
        beginIfNeeded()
        anchor = (fraction, CACurrentMediaTime())
        isRunning = false
        retime(running: false)
    }

    /// How far along the animation is, 0…1 of its duration in time (settable while paused; setting it on an
    /// inactive animator starts and pauses it).
    open var fractionComplete: CGFloat {
        get { CGFloat(fraction) }
        set {
            guard !isRunning, state != .stopped, newValue.isFinite else { return }
            if state == .inactive { pauseAnimation() }
            anchor = (min(max(Double(newValue), 0), 1), CACurrentMediaTime())
            scrubbedLinearly = scrubsLinearly && spring == nil
            retime(running: false)
        }
    }

    /// Stops where the animation stands: the model takes the presentation values and the animations go.
    /// `withoutFinishing` leaves the animator inactive with no completion; otherwise it is stopped and waits for
    /// `finishAnimation(at:)`.
    open func stopAnimation(_ withoutFinishing: Bool) {
        guard state == .active else { return }
        for change in record.changes {
            let shown = change.layer.presentation()?.value(forKey: change.key)
            removeAnimations(of: change)
            UIView.performWithoutAnimation { change.layer.setValue(shown, forKey: change.key) }
        }
        isRunning = false
        state = withoutFinishing ? .inactive : .stopped
    }

    /// Finishes a stopped animator at `position`: the model takes the end values, the start values or stays, and
    /// the completions run with `position`.
    open func finishAnimation(at position: Position) {
        guard state == .stopped else { return }
        settle(at: position)
    }

    /// Resumes a paused animator; the rest takes `durationFactor` × the duration.
    open func continueAnimation(withTimingParameters parameters: UITimingCurveProvider?, durationFactor: CGFloat) {
        guard state == .active, !isRunning else { return }
        remainingScale = durationFactor.isFinite && durationFactor > 0 ? Double(durationFactor) / max(1 - fraction, 1e-9) * (1 - fraction) : 1
        startAnimation()
    }
    private var remainingScale = 1.0

    // MARK: Mechanics

    /// The position in time now (0…1), forwards, or backwards when reversed.
    private var fraction: Double {
        guard isRunning else { return anchor.fraction }
        let elapsed = max(CACurrentMediaTime() - anchor.mediaTime, 0) / (duration * remainingScale)
        return min(max(isReversed ? anchor.fraction - elapsed : anchor.fraction + elapsed, 0), 1)
    }

    private func beginIfNeeded() {
        guard !started else { return }
        started = true
        state = .active
        let pending = blocks
        blocks = []
        for block in pending { run(block) }
    }

    /// Runs a block as a view-animation block whose animations the animator owns.
    private func run(_ animations: () -> Void) {
        let animationState = UIViewAnimationState(duration: duration, delay: 0, options: .overrideInheritedDuration.union(.overrideInheritedCurve),
                                                  spring: spring, completion: nil, parent: nil)
        animationState.animatorRecord = record
        animationState.timingFunctionOverride = curve
        animationState.perform(animations)
        animationState.finish()
    }

    /// Re-adds every animation at the animator's position: running at speed ±1 from there, or held (speed 0).
    /// Held after a linear scrub, the animations sit on a linear curve, so `fractionComplete` is the visible
    /// progress; running again, they return to the animator's curve at the time that shows the same progress
    /// (DECISION: UIKit says only that it avoids a jarring transition).
    private func retime(running: Bool) {
        let now = CACurrentMediaTime()
        var f = fraction
        if running && scrubbedLinearly {
            f = Self.curveTime(curve, showing: f)
            scrubbedLinearly = false
        }
        let linear = !running && scrubbedLinearly
        for change in record.changes {
            for key in keys(of: change) {
                guard let existing = change.layer.animation(forKey: key)?.copy() as? CAAnimation else { continue }
                if !(existing is CASpringAnimation) { existing.timingFunction = linear ? CAMediaTimingFunction(name: .linear) : curve }
                existing.speed = running ? Float(1 / remainingScale) : 0
                existing.beginTime = running ? max(anchor.mediaTime, now) : now
                if running && isReversed {
                    // Backwards as the return half of an autoreversing cycle, from f back to 0, where it holds.
                    existing.autoreverses = true
                    existing.timeOffset = (2 - f) * existing.duration
                    existing.repeatDuration = max(f * existing.duration, 1e-9)
                } else {
                    existing.autoreverses = false
                    existing.repeatDuration = 0
                    existing.timeOffset = f * existing.duration
                }
                existing.fillMode = .both
                existing.delegate = nil
                change.layer.add(existing, forKey: key)
            }
        }
        anchor = (f, running ? max(anchor.mediaTime, now) : now)
    }
    private var scrubbedLinearly = false

    /// The time on `curve` whose progress equals `progress` (bisection; UIKit's curves are monotone).
    static func curveTime(_ curve: CAMediaTimingFunction, showing progress: Double) -> Double {
        var lo = 0.0, hi = 1.0
        for _ in 0..<40 {
            let mid = (lo + hi) / 2
            if curve.evaluate(mid) < progress { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }

    /// The animation keys a change's animations were added under (`position`, `position-2`, `bounds.size`…).
    private func keys(of change: Record.Change) -> [String] {
        (change.layer.animationKeys() ?? []).filter { key in
            key == change.key || key.hasPrefix(change.key + ".") || key.hasPrefix(change.key + "-")
        }
    }

    private func removeAnimations(of change: Record.Change) {
        for key in keys(of: change) { change.layer.removeAnimation(forKey: key) }
    }

    /// Checks at each event pass whether a running animator reached its end.
    private func watch() {
        CAMediaClock.current.events.runAtNextPass { [weak self] in
            guard let self, self.isRunning, self.state == .active else { return }
            let f = self.fraction
            if (!self.isReversed && f >= 1) || (self.isReversed && f <= 0) {
                if self.pausesOnCompletion { self.pauseAnimation(); return }
                self.settle(at: self.isReversed ? .start : .end)
            } else {
                self.watch()
            }
        }
    }

    /// Ends at `position`: animations removed, the model at the end, the start or where it stands, then the
    /// completions.
    private func settle(at position: Position) {
        for change in record.changes {
            let shown = change.layer.presentation()?.value(forKey: change.key)
            removeAnimations(of: change)
            UIView.performWithoutAnimation {
                switch position {
                case .end: change.layer.setValue(change.end, forKey: change.key)
                case .start: change.layer.setValue(change.start, forKey: change.key)
                case .current: change.layer.setValue(shown, forKey: change.key)
                }
            }
        }
        isRunning = false
        state = .inactive
        for completion in completions { completion(position) }
    }
}

/// Timing for a property animator: a cubic curve or a spring.
public protocol UITimingCurveProvider: AnyObject {
    var cubicTimingParameters: UICubicTimingParameters? { get }
    var springTimingParameters: UISpringTimingParameters? { get }
}

/// A cubic Bézier timing curve.
open class UICubicTimingParameters: NSObject, UITimingCurveProvider {
    public let animationCurve: UIView.AnimationCurve
    public let controlPoint1: CGPoint, controlPoint2: CGPoint
    var timingFunction: CAMediaTimingFunction {
        CAMediaTimingFunction(controlPoints: Float(controlPoint1.x), Float(controlPoint1.y), Float(controlPoint2.x), Float(controlPoint2.y))
    }
    public override convenience init() { self.init(animationCurve: .easeInOut) }
    public init(animationCurve: UIView.AnimationCurve) {
        self.animationCurve = animationCurve
        (controlPoint1, controlPoint2) = switch animationCurve {
        case .easeIn: (CGPoint(x: 0.42, y: 0), CGPoint(x: 1, y: 1))
        case .easeOut: (CGPoint(x: 0, y: 0), CGPoint(x: 0.58, y: 1))
        case .linear: (CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 1))
        default: (CGPoint(x: 0.42, y: 0), CGPoint(x: 0.58, y: 1))
        }
    }
    public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {
        animationCurve = .easeInOut; controlPoint1 = point1; controlPoint2 = point2
    }
    public var cubicTimingParameters: UICubicTimingParameters? { self }
    public var springTimingParameters: UISpringTimingParameters? { nil }
}

/// A spring, by damping ratio (its stiffness fitted to the animator's duration) and initial velocity.
open class UISpringTimingParameters: NSObject, UITimingCurveProvider {
    public let dampingRatio: CGFloat
    public let initialVelocity: CGVector
    public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector) {
        dampingRatio = ratio; initialVelocity = velocity
    }
    public convenience init(dampingRatio ratio: CGFloat) { self.init(dampingRatio: ratio, initialVelocity: CGVector(dx: 0, dy: 0)) }
    public var cubicTimingParameters: UICubicTimingParameters? { nil }
    public var springTimingParameters: UISpringTimingParameters? { self }
}

extension UIView {
    /// A named curve.
    public enum AnimationCurve: Int, Sendable { case easeInOut, easeIn, easeOut, linear }
}

extension UIView.AnimationOptions {
    var animationCurve: UIView.AnimationCurve { UIView.AnimationCurve(rawValue: Int((rawValue >> 16) & 7)) ?? .easeInOut }
}
