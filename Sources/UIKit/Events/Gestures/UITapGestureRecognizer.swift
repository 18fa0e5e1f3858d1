import Foundation

/// Recognizes taps: `numberOfTapsRequired` taps of `numberOfTouchesRequired` fingers each, none moving far and
/// each following the last within the double-tap interval. Discrete: it goes straight to `.recognized`.
open class UITapGestureRecognizer: UIGestureRecognizer, @unchecked Sendable {
    /// How many taps make the gesture (1 by default; 2 for a double tap).
    open var numberOfTapsRequired = 1
    /// How many fingers each tap needs (1 by default).
    open var numberOfTouchesRequired = 1

    /// How far a finger may travel from where it went down before the tap fails, in points. (Calyx's value:
    /// iOS does not publish one.)
    static let allowableMovement: CGFloat = 10
    /// How long after one tap the next may begin before a multiple tap fails, in seconds. (Calyx's value, as
    /// iOS's double-tap interval is not published.)
    static let maximumIntervalBetweenTaps: TimeInterval = 0.35

    private var tapsSoFar = 0
    private var touchesDown: [(touch: UITouch, start: CGPoint)] = []
    private var fingersThisTap = 0
    private var intervalTimer: Timer?

    override var isSingleTap: Bool { numberOfTapsRequired == 1 && numberOfTouchesRequired == 1 }

    /// Notes where each finger went down.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        intervalTimer?.invalidate()
        for touch in touches { touchesDown.append((touch, touch.location(in: nil))) }
        fingersThisTap = max(fingersThisTap, touchesDown.count)
        if touchesDown.count > numberOfTouchesRequired { state = .failed }
    }

    /// Fails if a finger moves too far.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        for (touch, start) in touchesDown where touches.contains(touch) {
            let p = touch.location(in: nil)
            if hypot(p.x - start.x, p.y - start.y) > Self.allowableMovement { state = .failed; return }
        }
    }

    /// Counts a tap when the fingers lift, and recognizes once enough taps came in time.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        touchesDown.removeAll { touches.contains($0.touch) }
        guard touchesDown.isEmpty else { return }
        guard fingersThisTap == numberOfTouchesRequired else { state = .failed; return }
        tapsSoFar += 1
        fingersThisTap = 0
        if tapsSoFar >= numberOfTapsRequired {
            state = .recognized
        } else {
            // The next tap must begin soon, or the multiple tap fails (and a single tap waiting on it recognizes).
            intervalTimer = Timer.scheduledTimer(withTimeInterval: Self.maximumIntervalBetweenTaps, repeats: false) { [weak self] _ in
                guard let self, self.state == .possible else { return }
                self.state = .failed
            }
        }
    }

    /// Fails.
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) { state = .failed }

    /// Forgets the taps so far for the next gesture.
    open override func reset() {
        intervalTimer?.invalidate()
        intervalTimer = nil
        tapsSoFar = 0
        fingersThisTap = 0
        touchesDown = []
    }
}
