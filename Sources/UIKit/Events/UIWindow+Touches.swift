import QuartzCore

/// One finger's change in a multi-touch event: which finger (a number that stays the same from its begin to its
/// end), what it did and where it is, in the window's coordinates. Calyx's own type: iOS builds touches inside the
/// system, and Calyx's hosts and tests build them from this.
public struct UITouchInput: Sendable, Equatable {
    /// Which finger: the same number from the touch's begin to its end.
    public var finger: Int
    /// What the finger did.
    public var phase: UITouch.Phase
    /// Where the finger is, in the window's coordinates.
    public var location: CGPoint

    /// A finger's change.
    public init(finger: Int, phase: UITouch.Phase, location: CGPoint) {
        self.finger = finger; self.phase = phase; self.location = location
    }
}

extension UIWindow {
    /// Delivers several fingers at once — a host's touch screen, or a test scripting a pinch — as one touch
    /// event: each finger that begins gets a `UITouch` on the view `hitTest(_:with:)` finds under it, the
    /// fingers already down and not named here ride along as `.stationary`, and the event goes through
    /// `UIApplication.shared.sendEvent(_:)` to this window, its gesture recognizers and its views.
    ///
    ///     window.sendTouches([.init(finger: 0, phase: .began, location: a), .init(finger: 1, phase: .began, location: b)])
    ///     window.sendTouches([.init(finger: 0, phase: .moved, location: a2), .init(finger: 1, phase: .moved, location: b2)])
    ///
    /// A finger that begins while already down is cancelled first; moves and ends of fingers not down are
    /// dropped, and so are non-finite locations.
    public func sendTouches(_ inputs: [UITouchInput], timestamp: TimeInterval = CACurrentMediaTime()) {
        var changed: [UITouch] = []
        for input in inputs where input.location.x.isFinite && input.location.y.isFinite {
            let touch: UITouch
            if input.phase == .began {
                if let previous = fingerTouches[input.finger] {
                    previous.phase = .cancelled
                    previous.timestamp = timestamp
                    changed.append(previous)
                }
                touch = UITouch()
                touch.window = self
                touch.view = hitTest(input.location, with: nil)
                touch.locationInWindow = input.location
            } else {
                guard let current = fingerTouches[input.finger], !changed.contains(where: { $0 === current }) else { continue }
                touch = current
            }
            touch.previousLocationInWindow = touch.locationInWindow
            touch.locationInWindow = input.location
            touch.phase = input.phase
            touch.timestamp = timestamp
            fingerTouches[input.finger] = (input.phase == .ended || input.phase == .cancelled) ? nil : touch
            if touch.view != nil { changed.append(touch) }
        }
        guard !changed.isEmpty else { return }
        for touch in fingerTouches.values where !changed.contains(where: { $0 === touch }) && touch.view != nil {
            touch.phase = .stationary
        }
        let event = UIEvent()
        event.timestamp = timestamp
        event.allTouches = Set(changed + fingerTouches.values.filter { $0.view != nil })
        UIApplication.shared.sendEvent(event)
    }
}
