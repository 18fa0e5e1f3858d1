import QuartzCore

extension UIWindow {
    /// Delivers a host's pointer input (a mouse or one finger) as a touch: a touch event enters
    /// `UIApplication.shared.sendEvent(_:)`, which hands it to this window's `sendEvent(_:)`, which gives it to
    /// gesture recognizers and then to the view. A touch that begins belongs to the view `hitTest(_:with:)` finds
    /// at `location` (in the window's coordinates; hidden, transparent and non-interactive views are passed over),
    /// and its moves, end or cancellation go to that same view wherever the pointer is. A begin with no view under
    /// it is dropped, and so is the rest of that touch.
    public func sendPointer(_ phase: UITouch.Phase, at location: CGPoint, timestamp: TimeInterval = CACurrentMediaTime()) {
        guard location.x.isFinite, location.y.isFinite else { return }
        let touch: UITouch
        switch phase {
        case .began:
            if let previous = pointerTouch, previous.view != nil {
                // A begin without an end: the previous touch is cancelled first, as when the system loses track.
                sendPointer(.cancelled, at: previous.locationInWindow, timestamp: timestamp)
            }
            touch = UITouch()
            touch.window = self
            touch.view = hitTest(location, with: nil)
            touch.locationInWindow = location
            pointerTouch = touch
        case .moved, .stationary, .ended, .cancelled:
            guard let current = pointerTouch else { return }
            touch = current
        }
        touch.previousLocationInWindow = touch.locationInWindow
        touch.locationInWindow = location
        touch.phase = phase
        touch.timestamp = timestamp
        if phase == .ended || phase == .cancelled { pointerTouch = nil }
        guard touch.view != nil else { return }
        let event = UIEvent()
        event.timestamp = timestamp
        event.allTouches = [touch]
        UIApplication.shared.sendEvent(event)
    }
}
