import Foundation

/// Recognizes a press held still: once the fingers have been down for `minimumPressDuration` without moving more
/// than `allowableMovement`, it begins; it then changes as they move (any distance) and ends when they lift.
/// Continuous: `.began`, `.changed`…, `.ended`. Lifting or moving too far before the duration fails it.
open class UILongPressGestureRecognizer: UIGestureRecognizer, @unchecked Sendable {
    /// How long the fingers must be held, in seconds (0.5 by default, as on iOS).
    open var minimumPressDuration: TimeInterval = 0.5
    /// How far the fingers may wander before the press begins, in points (10 by default, as on iOS).
    open var allowableMovement: CGFloat = 10
    /// How many fingers must press (1 by default).
    open var numberOfTouchesRequired = 1
    /// Taps before the press (0 by default): 1 makes a tap-then-hold gesture.
    open var numberOfTapsRequired = 0

    private var start: CGPoint?
    private var tapsSoFar = 0
    private var pressTimer: Timer?

    /// Starts timing the press (after the taps asked for), failing if too many fingers are down.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard numberOfTouches <= numberOfTouchesRequired else { state = .failed; return }
        pressTimer?.invalidate()
        start = location(in: nil)
        guard tapsSoFar >= numberOfTapsRequired, numberOfTouches == numberOfTouchesRequired else { return }
        // Real time, as on iOS: the press begins when the duration has passed with the fingers still down.
        pressTimer = Timer.scheduledTimer(withTimeInterval: max(minimumPressDuration, 0), repeats: false) { [weak self] _ in
            guard let self, self.state == .possible, self.numberOfTouches == self.numberOfTouchesRequired else { return }
            self.state = .began
        }
    }

    /// Fails if the fingers wander too far before the press begins; afterwards reports the moves.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        switch state {
        case .possible:
            guard let start else { return }
            let here = location(in: nil)
            if hypot(here.x - start.x, here.y - start.y) > allowableMovement { state = .failed }
        case .began, .changed:
            state = .changed
        default: break
        }
    }

    /// Ends a press that began; a lift before that fails it (or counts a tap toward `numberOfTapsRequired`).
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        guard numberOfTouches <= touches.count else { return }   // fingers remain down
        if state == .began || state == .changed { state = .ended; return }
        // Lifted before the press began: a tap towards `numberOfTapsRequired`, or a failure.
        pressTimer?.invalidate()
        tapsSoFar += 1
        if tapsSoFar > numberOfTapsRequired { state = .failed }
    }

    /// Cancels the press.
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        state = (state == .began || state == .changed) ? .cancelled : .failed
    }

    /// Stops the timer and forgets the taps for the next press.
    open override func reset() {
        pressTimer?.invalidate()
        pressTimer = nil
        start = nil
        tapsSoFar = 0
    }
}
