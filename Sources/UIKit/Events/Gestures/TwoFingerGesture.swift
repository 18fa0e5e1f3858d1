import QuartzCore

/// What pinch and rotation share: a continuous gesture of exactly two fingers, measured by the line between them.
/// It begins once that line has changed enough (`hasBegun`), changes with every move, ends when a finger lifts,
/// and ignores any third finger.
open class TwoFingerGestureRecognizer: UIGestureRecognizer, @unchecked Sendable {
    /// How far a finger must move, along the measure the gesture reads, before it begins, in points (Calyx's
    /// value, the same as a pan's; iOS does not publish its own).
    static let hysteresis: CGFloat = 10

    /// The two fingers' line when both went down (or when the value was last set), in window coordinates.
    var baseline: (distance: CGFloat, angle: CGFloat)?
    /// The measure's last two samples, for its velocity.
    private var lastSample: (value: CGFloat, time: TimeInterval)?
    /// The measure's rate of change per second.
    var rate: CGFloat = 0

    /// The fingers' current line: its length and its angle (radians, clockwise from the x axis, as UIKit's y axis
    /// points down).
    var line: (distance: CGFloat, angle: CGFloat)? {
        guard numberOfTouches >= 2 else { return nil }
        let a = location(ofTouch: 0, in: nil), b = location(ofTouch: 1, in: nil)
        return (hypot(b.x - a.x, b.y - a.y), atan2(b.y - a.y, b.x - a.x))
    }

    /// The gesture's value from the baseline and the current line (scale or rotation).
    func value(from baseline: (distance: CGFloat, angle: CGFloat), to line: (distance: CGFloat, angle: CGFloat)) -> CGFloat { 0 }
    /// How far, in points, the current line is from the baseline along what this gesture measures.
    func travel(from baseline: (distance: CGFloat, angle: CGFloat), to line: (distance: CGFloat, angle: CGFloat)) -> CGFloat { 0 }

    /// Takes the first two fingers as the baseline and ignores any more.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if numberOfTouches > 2 {
            for touch in touches { ignore(touch, for: event) }
            return
        }
        if let line, baseline == nil { baseline = line }
    }

    /// Begins once the fingers' line has changed enough, then reports every change.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let baseline, let line else { return }
        let current = value(from: baseline, to: line)
        // Both fingers of one event arrive one at a time: the second changes nothing and reports nothing.
        if let last = lastSample, last.time == event.timestamp, last.value == current { return }
        if let last = lastSample, event.timestamp > last.time { rate = (current - last.value) / CGFloat(event.timestamp - last.time) }
        lastSample = (current, event.timestamp)
        switch state {
        case .possible where travel(from: baseline, to: line) >= Self.hysteresis: state = .began
        case .began, .changed: state = .changed
        default: break
        }
    }

    /// Ends the gesture when either finger lifts.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        // A finger lifting ends the gesture; a gesture that never began fails once no finger is left.
        if state == .began || state == .changed { state = .ended } else if numberOfTouches <= touches.count { state = .failed }
    }

    /// Cancels the gesture.
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        state = (state == .began || state == .changed) ? .cancelled : .failed
    }

    /// Forgets the baseline and the velocity for the next gesture.
    open override func reset() {
        baseline = nil
        lastSample = nil
        rate = 0
    }

    /// The value was set by the app: the next velocity is measured from `newValue`.
    func valueWasSet(to newValue: CGFloat) {
        if let last = lastSample { lastSample = (newValue, last.time) }
    }
}

/// Recognizes two fingers moving apart or together. `scale` is the distance between them over their distance when
/// both went down (an absolute value, not the change since the last report); `velocity` is the scale's change per
/// second. Continuous: `.began`, `.changed`…, `.ended` when a finger lifts.
open class UIPinchGestureRecognizer: TwoFingerGestureRecognizer, @unchecked Sendable {
    /// The fingers' distance relative to where they started; setting it (to 1, typically, after applying it)
    /// makes later values relative to the fingers' current distance.
    open var scale: CGFloat {
        get {
            guard let baseline, let line, baseline.distance > 0 else { return 1 }
            return line.distance / baseline.distance
        }
        set {
            guard newValue.isFinite, newValue > 0, let line else { return }
            baseline = (line.distance / newValue, line.angle)
            valueWasSet(to: newValue)
        }
    }
    /// The scale's change per second.
    open var velocity: CGFloat { rate }

    override func value(from baseline: (distance: CGFloat, angle: CGFloat), to line: (distance: CGFloat, angle: CGFloat)) -> CGFloat {
        baseline.distance > 0 ? line.distance / baseline.distance : 1
    }

    override func travel(from baseline: (distance: CGFloat, angle: CGFloat), to line: (distance: CGFloat, angle: CGFloat)) -> CGFloat {
        abs(line.distance - baseline.distance)
    }
}

/// Recognizes two fingers turning about each other. `rotation` is the angle the line between them has turned since
/// both went down, in radians, clockwise positive on screen (as UIKit's y axis points down), and keeps counting past
/// a whole turn; `velocity` is in radians per second. Continuous: `.began`, `.changed`…, `.ended` when a finger lifts.
open class UIRotationGestureRecognizer: TwoFingerGestureRecognizer, @unchecked Sendable {
    private var turned: CGFloat = 0
    private var lastAngle: CGFloat?

    /// The angle turned since the fingers went down; setting it (to 0, typically, after applying it) makes later
    /// values relative to the fingers' current line.
    open var rotation: CGFloat {
        get { turned }
        set {
            guard newValue.isFinite else { return }
            turned = newValue
            valueWasSet(to: newValue)
        }
    }
    /// The rotation's change per second, in radians.
    open var velocity: CGFloat { rate }

    /// The signed angle from `a` to `b`, in (−π, π]: each move adds the short way round.
    static func turn(from a: CGFloat, to b: CGFloat) -> CGFloat {
        var d = (b - a).truncatingRemainder(dividingBy: 2 * .pi)
        if d > .pi { d -= 2 * .pi } else if d <= -.pi { d += 2 * .pi }
        return d
    }

    override func value(from baseline: (distance: CGFloat, angle: CGFloat), to line: (distance: CGFloat, angle: CGFloat)) -> CGFloat {
        turned += Self.turn(from: lastAngle ?? baseline.angle, to: line.angle)
        lastAngle = line.angle
        return turned
    }

    /// The arc each finger has moved about the midpoint.
    override func travel(from baseline: (distance: CGFloat, angle: CGFloat), to line: (distance: CGFloat, angle: CGFloat)) -> CGFloat {
        abs(turned) * line.distance / 2
    }

    /// Forgets the rotation so far for the next gesture.
    open override func reset() {
        super.reset()
        turned = 0
        lastAngle = nil
    }
}
