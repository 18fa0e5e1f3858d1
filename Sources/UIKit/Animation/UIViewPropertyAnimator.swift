/// An interruptible animation (iOS 10): its blocks animate as a `UIView.animate` block would, but the animator
/// keeps their animations and re-times them to pause, scrub (`fractionComplete`), reverse and finish at either
/// end (docs/view-animation.md §7).
///
/// Each block's animations cover a window of the animator's timeline: the whole of it for blocks added before
/// it starts, the rest of it for blocks added later (from `delayFactor` of the rest on). Paused animations run
/// at speed 0 with their place in that window as their time offset, as Core Animation pauses layers.
open class UIViewPropertyAnimator: NSObject, UIViewImplicitlyAnimating, @unchecked Sendable {
    /// The animator's state (the old name of `UIViewAnimatingState`).
    @available(*, deprecated, renamed: "UIViewAnimatingState")
    public typealias State = UIViewAnimatingState
    /// Where the animator finished (the old name of `UIViewAnimatingPosition`).
    @available(*, deprecated, renamed: "UIViewAnimatingPosition")
    public typealias Position = UIViewAnimatingPosition

    /// What the animator's blocks changed (each layer and key with its value before and after) and the
    /// animations they added, each with the window of the animator's timeline it covers.
    final class Record {
        struct Change { let layer: CALayer; let key: String; let start: Any?; var end: Any? }
        struct Tracked { let layer: CALayer; let key: String; let window: ClosedRange<Double> }
        var changes: [Change] = []
        var tracked: [Tracked] = []
        /// The window the block running now covers.
        var window: ClosedRange<Double> = 0...1

        func note(layer: CALayer, key: String, start: Any?, end: Any?) {
            if let i = changes.firstIndex(where: { $0.layer === layer && $0.key == key }) {
                changes[i].end = end
            } else {
                changes.append(Change(layer: layer, key: key, start: start, end: end))
            }
        }

        func track(layer: CALayer, key: String) {
            tracked.removeAll { $0.layer === layer && $0.key == key }
            tracked.append(Tracked(layer: layer, key: key, window: window))
        }
    }

    /// The duration given when the animator was made. (A spring given by mass, stiffness and damping, or by
    /// duration and bounce, runs for its settling time instead.)
    public let duration: TimeInterval
    /// The timing given when the animator was made.
    public let timingParameters: UITimingCurveProvider?
    /// The delay `startAnimation(afterDelay:)` was last given.
    open private(set) var delay: TimeInterval = 0

    /// Inactive (not started, or finished), active (running or paused) or stopped.
    open private(set) var state: UIViewAnimatingState = .inactive
    /// Whether the animations are running (false before the start, while paused and after the end).
    open private(set) var isRunning = false
    /// Runs back toward the start (finishing at `.start`, the model reset to the start values).
    open var isReversed = false {
        willSet { if isRunning { anchor = (fraction, CACurrentMediaTime()) } }   // (measured the old way round)
        didSet { if isRunning && isReversed != oldValue { retime(running: true) } }
    }
    /// Whether scrubbing `fractionComplete` moves the animations linearly (true) or along the curve.
    open var scrubsLinearly = true
    /// Whether the animator stays active and paused at the end instead of finishing.
    open var pausesOnCompletion = false
    /// Whether it can be paused and reversed (set only while inactive).
    open var isInterruptible = true { didSet { if state != .inactive { isInterruptible = oldValue } } }
    /// Whether its views take touches while it runs (set only while inactive).
    open var isUserInteractionEnabled = true { didSet { if state != .inactive { isUserInteractionEnabled = oldValue } } }
    /// Whether the app hit-tests the animating views itself.
    open var isManualHitTestingEnabled = false

    /// The time the animator's timeline takes at its own pace.
    private let timelineDuration: TimeInterval
    private var curve: CAMediaTimingFunction
    private let spring: UISpringTimingParameters?
    private var blocks: [(block: () -> Void, delayFactor: Double)] = []
    private var completions: [(UIViewAnimatingPosition) -> Void] = []
    private let record = Record()
    /// Where the animation stands (0…1 of the timeline) when it was last paused or started, and when.
    private var anchor: (fraction: Double, mediaTime: CFTimeInterval) = (0, 0)
    private var started = false
    /// The timeline runs at 1 / `pace` (`continueAnimation`'s duration factor).
    private var pace = 1.0
    private var scrubbedLinearly = false

    /// An animator of `duration` seconds with `parameters`' timing (a cubic curve or a spring).
    public required init(duration: TimeInterval, timingParameters parameters: UITimingCurveProvider) {
        self.duration = duration
        timingParameters = parameters
        let given = duration.isFinite && duration > 0 ? duration : 0.001
        curve = parameters.cubicTimingParameters?.timingFunction ?? CAMediaTimingFunction(name: .easeInEaseOut)
        spring = parameters.springTimingParameters
        timelineDuration = spring?.resolved(forAnimatorDuration: given).duration ?? given
        super.init()
    }

    /// An animator following one of UIKit's named curves.
    public convenience init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: curve))
        if let animations { addAnimations(animations) }
    }

    /// An animator following the cubic curve through `point1` and `point2`.
    public convenience init(duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint,
                            animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(controlPoint1: point1, controlPoint2: point2))
        if let animations { addAnimations(animations) }
    }

    /// An animator whose changes spring with damping ratio `ratio`, settling in `duration`.
    public convenience init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UISpringTimingParameters(dampingRatio: ratio))
        if let animations { addAnimations(animations) }
    }

    /// Makes an animator, adds `animations` and starts it after `delay`, with the curve of `options` (other
    /// options, transitions among them, are ignored).
    @discardableResult
    open class func runningPropertyAnimator(withDuration duration: TimeInterval, delay: TimeInterval,
                                            options: UIView.AnimationOptions = [], animations: @escaping () -> Void,
                                            completion: ((UIViewAnimatingPosition) -> Void)? = nil) -> Self {
        let animator = self.init(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: options.animationCurve))
        animator.addAnimations(animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }

    /// Adds a block: over the whole duration before the animator starts, over the rest of it afterwards.
    open func addAnimations(_ animation: @escaping () -> Void) { addAnimations(animation, delayFactor: 0) }

    /// Adds a block whose animations start `delayFactor` (0…1) of the remaining duration from now and end with
    /// the animator's.
    open func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
        let factor = delayFactor.isFinite ? min(max(Double(delayFactor), 0), 1) : 0
        if started { run(animation, delayFactor: factor) } else { blocks.append((animation, factor)) }
    }

    /// Adds a block run, in the order added, when the animator finishes, with where it finished.
    open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) { completions.append(completion) }

    /// Starts the animations now, or resumes them where they were paused.
    open func startAnimation() { startAnimation(afterDelay: 0) }

    /// Starts the animations after `delay` seconds, or resumes them where they were paused.
    open func startAnimation(afterDelay delay: TimeInterval) {
        guard state != .stopped else { return }
        self.delay = delay.isFinite ? max(delay, 0) : 0
        beginIfNeeded()
        anchor = (fraction, CACurrentMediaTime() + self.delay)
        isRunning = true
        retime(running: true)
        watch()
    }

    /// Pauses the animations where they stand (starting the animator paused if it was inactive), for scrubbing with `fractionComplete`.
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
        let shown = record.changes.map { $0.layer.presentation()?.value(forKeyPath: $0.key) }
        removeAnimations()
        for (change, value) in zip(record.changes, shown) { setModel(change, to: value) }
        isRunning = false
        state = withoutFinishing ? .inactive : .stopped
    }

    /// Finishes a stopped animator at `position`: the model takes the end values, the start values or stays, and
    /// the completions run with `position`.
    open func finishAnimation(at position: UIViewAnimatingPosition) {
        guard state == .stopped else { return }
        settle(at: position)
    }

    /// Resumes a paused animator: the rest of it follows `parameters`' curve (nil keeps the timing; a spring
    /// keeps it too) and its duration is scaled by `durationFactor` (0 keeps it), so the remaining time is
    /// `durationFactor` × what was left.
    open func continueAnimation(withTimingParameters parameters: UITimingCurveProvider?, durationFactor: CGFloat) {
        guard state == .active, !isRunning else { return }
        if durationFactor.isFinite && durationFactor > 0 { pace = Double(durationFactor) }
        if let cubic = parameters?.cubicTimingParameters { curve = cubic.timingFunction }
        startAnimation()
    }

    // MARK: Mechanics

    /// The position in time now (0…1), forwards, or backwards when reversed.
    private var fraction: Double {
        guard isRunning else { return anchor.fraction }
        let elapsed = max(CACurrentMediaTime() - anchor.mediaTime, 0) / (timelineDuration * pace)
        return min(max(isReversed ? anchor.fraction - elapsed : anchor.fraction + elapsed, 0), 1)
    }

    private func beginIfNeeded() {
        guard !started else { return }
        started = true
        state = .active
        let pending = blocks
        blocks = []
        for (block, factor) in pending { run(block, delayFactor: factor) }
    }

    /// Runs a block as a view-animation block whose animations the animator owns, over the window from
    /// `delayFactor` of the rest of the timeline to its end.
    private func run(_ animations: () -> Void, delayFactor: Double) {
        let now = started ? fraction : 0
        let from = now + delayFactor * (1 - now)
        record.window = from...1
        let span = max((1 - from) * timelineDuration, 0.001)
        let blockSpring = spring?.resolved(forAnimatorDuration: span)
        let animationState = UIViewAnimationState(duration: blockSpring?.duration ?? span, delay: 0,
                                                  options: [.overrideInheritedDuration, .overrideInheritedCurve, .overrideInheritedOptions],
                                                  spring: blockSpring, completion: nil, parent: nil)
        animationState.animatorRecord = record
        animationState.timingFunctionOverride = curve
        animationState.perform(animations)
        animationState.finish()
        if isRunning || state == .active { retime(running: isRunning) }
    }

    /// Re-adds every animation at the animator's position: running at the animator's pace from there, or held
    /// (speed 0). Held after a linear scrub, the animations sit on a linear curve, so `fractionComplete` is the
    /// visible progress; running again, they return to the curve at the time that shows the same progress
    /// (DECISION: UIKit says only that it avoids a jarring transition).
    private func retime(running: Bool) {
        let now = CACurrentMediaTime()
        var f = fraction
        if running && scrubbedLinearly {
            f = Self.curveTime(curve, showing: f)
            scrubbedLinearly = false
        }
        let startTime = running ? max(anchor.mediaTime, now) : now
        let linear = !running && scrubbedLinearly
        for tracked in record.tracked {
            guard let existing = tracked.layer.animation(forKey: tracked.key)?.copy() as? CAAnimation,
                  existing.value(forKey: Self.ownerTag) as? ObjectIdentifier == ObjectIdentifier(record) else { continue }
            if !(existing is CASpringAnimation) { existing.timingFunction = linear ? CAMediaTimingFunction(name: .linear) : curve }
            place(existing, window: tracked.window, at: f, from: startTime, running: running)
            existing.fillMode = .both
            existing.delegate = nil
            tracked.layer.add(existing, forKey: tracked.key)
        }
        anchor = (f, startTime)
    }

    /// Times `animation`, which covers `window` of the timeline, so that it shows the timeline's fraction `f` at
    /// `start` and then follows the animator: forward or back at its pace, or held.
    private func place(_ animation: CAAnimation, window: ClosedRange<Double>, at f: Double, from start: CFTimeInterval, running: Bool) {
        let length = animation.duration
        let span = window.upperBound - window.lowerBound
        // Seconds of the animator's clock per second of the animation's own time.
        let secondsPerUnit = span > 0 ? span * timelineDuration * pace / length : 1
        let position = span > 0 ? (f - window.lowerBound) / span * length : (f >= window.lowerBound ? length : 0)
        animation.autoreverses = false
        animation.repeatDuration = 0
        animation.beginTime = start
        // A held animation sits just inside its end: Core Animation wraps a time offset of a whole duration
        // round to the start (semantics Q1).
        let held = min(max(position, 0), length.nextDown)
        guard running, !(position >= length && !isReversed) else {
            animation.speed = 0
            animation.timeOffset = held
            return
        }
        animation.speed = Float(1 / secondsPerUnit)
        if !isReversed {
            // Not yet reached: wait, holding the start (fill backwards); inside: from where it stands.
            if position < 0 { animation.beginTime = start - position * secondsPerUnit }
            animation.timeOffset = max(position, 0)
        } else if position <= 0 {
            // Reversed and already back before its window: it stays at its start.
            animation.speed = 0
            animation.timeOffset = 0
        } else {
            // Backwards, as the return half of an autoreversing cycle, from where it stands back to 0, where it
            // holds; past its window it waits at its end until the animator comes back into it.
            let from = min(position, length)
            animation.beginTime = start + max(position - length, 0) * secondsPerUnit
            animation.autoreverses = true
            animation.timeOffset = 2 * length - from
            animation.repeatDuration = max(from, 1e-9)
        }
    }

    /// The tag marking the animations this animator placed (another block may replace one under its key).
    static let ownerTag = "calyx.propertyAnimator"

    /// The time on `curve` whose progress equals `progress` (bisection; UIKit's curves are monotone).
    static func curveTime(_ curve: CAMediaTimingFunction, showing progress: Double) -> Double {
        var lo = 0.0, hi = 1.0
        for _ in 0..<40 {
            let mid = (lo + hi) / 2
            if curve.evaluate(mid) < progress { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }

    private func removeAnimations() {
        for tracked in record.tracked {
            if tracked.layer.animation(forKey: tracked.key)?.value(forKey: Self.ownerTag) as? ObjectIdentifier == ObjectIdentifier(record) {
                tracked.layer.removeAnimation(forKey: tracked.key)
            }
        }
    }

    private func setModel(_ change: Record.Change, to value: Any?) {
        UIView.performWithoutAnimation { change.layer.setValue(value, forKeyPath: change.key) }
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
    private func settle(at position: UIViewAnimatingPosition) {
        let shown = record.changes.map { $0.layer.presentation()?.value(forKeyPath: $0.key) }
        removeAnimations()
        for (change, value) in zip(record.changes, shown) {
            switch position {
            case .end: setModel(change, to: change.end)
            case .start: setModel(change, to: change.start)
            case .current: setModel(change, to: value)
            }
        }
        isRunning = false
        state = .inactive
        let waiting = completions
        for completion in waiting { completion(position) }
    }
}

extension UIView {
    /// A named curve.
    public enum AnimationCurve: Int, Sendable {
        /// Slow at the start and the end.
        case easeInOut
        /// Slow at the start.
        case easeIn
        /// Slow at the end.
        case easeOut
        /// Constant speed.
        case linear
    }
}

extension UIView.AnimationOptions {
    var animationCurve: UIView.AnimationCurve { UIView.AnimationCurve(rawValue: Int((rawValue >> 16) & 7)) ?? .easeInOut }
}
