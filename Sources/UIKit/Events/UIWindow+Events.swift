extension UIWindow {
    /// What `sendEvent(_:)` does (declared in the class so apps can override it): delivers a touch event: each touch goes first to the gesture recognizers gathered when it began (those of
    /// its view and the view's ancestors, nearest first), then — unless a recognizer that cancels touches in
    /// views has recognized — to its view's `touchesBegan`/`Moved`/`Ended`/`Cancelled`. A recognizer recognizing
    /// with `cancelsTouchesInView` sends the view `touchesCancelled` once for the touches it had seen, and the
    /// view hears nothing more of them.
    ///
    /// Application code runs throughout (recognizers, their actions, delegates, `touches*`) and may edit the
    /// view tree or the recognizers: the touch's recognizer list is the one gathered at its begin, walked as a
    /// copy (docs/bad-input.md).
    func deliverEvent(_ event: UIEvent) {
        guard event.type == .touches else { return }
        // Touches that did not change ride along in `allTouches` (as on iOS) but are not delivered again.
        for touch in event.touches(for: self) ?? [] where touch.phase != .stationary { deliver(touch, with: event) }
    }

    private func deliver(_ touch: UITouch, with event: UIEvent) {
        if touch.phase == .began {
            touch.gestureRecognizers = gestureRecognizersReceiving(touch, with: event)
            touchesInProgress.append(touch)
        }
        let recognizers = touch.gestureRecognizers ?? []
        for recognizer in recognizers { recognizer.receive(touch, with: event) }
        for recognizer in recognizers { recognizer.settle() }
        deliverToView(touch, with: event)
        if touch.phase == .ended || touch.phase == .cancelled {
            touchesInProgress.removeAll { $0 === touch }
            for recognizer in recognizers { recognizer.touchFinished(touch) }
        }
    }

    /// The view's share of a touch: nothing once a recognizer has taken it.
    private func deliverToView(_ touch: UITouch, with event: UIEvent) {
        guard !touch.isWithheldFromView, let view = touch.view else { return }
        switch touch.phase {
        case .began:
            touch.viewSawBegin = true
            view.touchesBegan([touch], with: event)
        case .moved, .stationary: view.touchesMoved([touch], with: event)
        case .ended: view.touchesEnded([touch], with: event)
        case .cancelled: view.touchesCancelled([touch], with: event)
        }
    }

    /// The recognizers that will see `touch`: enabled ones on its view and its ancestors, nearest view first,
    /// that their delegates let receive it. As on iOS, a control's own action wins over a single-tap recognizer
    /// above it: such recognizers are left out for a touch that begins on a control.
    private func gestureRecognizersReceiving(_ touch: UITouch, with event: UIEvent) -> [UIGestureRecognizer] {
        var found: [UIGestureRecognizer] = []
        var view = touch.view
        let beganOnControl = touch.view is UIControl
        while let v = view {
            for recognizer in v.gestureRecognizers ?? [] where recognizer.isEnabled {
                if beganOnControl, v !== touch.view, recognizer.isSingleTap { continue }
                guard recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: touch) ?? true else { continue }
                found.append(recognizer)
            }
            view = v.superview
        }
        return found
    }
}
