/// Recognizes a drag: once the fingers' centroid has moved `hysteresis` points it begins, then changes with
/// every move and ends when the last finger lifts. Continuous: `.began`, `.changed`…, `.ended`.
open class UIPanGestureRecognizer: UIGestureRecognizer, @unchecked Sendable {
    /// The fewest fingers that pan (1 by default).
    open var minimumNumberOfTouches = 1
    /// The most fingers that pan (no limit by default).
    open var maximumNumberOfTouches = Int.max

    /// How far the touches must move before the pan begins, in points. (Calyx's value: iOS does not publish one.)
    static let hysteresis: CGFloat = 10

    /// Where the translation is measured from, in the window's coordinates.
    private var origin: CGPoint?
    /// The last two samples of the centroid, for the velocity.
    private var samples: [(point: CGPoint, time: TimeInterval)] = []
    private var windowVelocity: CGPoint = .zero

    /// How far the touches have moved since the pan's touch went down (or since `setTranslation(_:in:)`), in
    /// `view`'s coordinate system.
    open func translation(in view: UIView?) -> CGPoint {
        guard let origin else { return .zero }
        return vector(from: origin, to: location(in: nil), in: view)
    }

    /// Makes the current translation `translation` in `view`'s coordinates (a handler that applies the
    /// translation resets it to zero, so the next one is the change since).
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        let here = location(in: nil)
        let offset = vector(from: .zero, to: translation, in: view, inverse: true)
        origin = CGPoint(x: here.x - offset.x, y: here.y - offset.y)
    }

    /// The centroid's speed, in `view`'s points per second.
    open func velocity(in view: UIView?) -> CGPoint {
        vector(from: .zero, to: windowVelocity, in: view)
    }

    /// A window-space vector in `view`'s coordinates (or back, with `inverse`).
    private func vector(from a: CGPoint, to b: CGPoint, in view: UIView?, inverse: Bool = false) -> CGPoint {
        guard let view else { return CGPoint(x: b.x - a.x, y: b.y - a.y) }
        let (p, q) = inverse ? (view.convert(a, to: nil), view.convert(b, to: nil)) : (view.convert(a, from: nil), view.convert(b, from: nil))
        return CGPoint(x: q.x - p.x, y: q.y - p.y)
    }

    /// Counts the fingers and measures from their centroid.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if numberOfTouches > maximumNumberOfTouches {
            for touch in touches { ignore(touch, for: event) }
            return
        }
        if origin == nil { origin = location(in: nil) }
        record(event.timestamp)
    }

    /// Begins once the centroid has moved far enough, then reports every move with its velocity.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        record(event.timestamp)
        switch state {
        case .possible:
            guard numberOfTouches >= minimumNumberOfTouches, let origin else { return }
            let here = location(in: nil)
            if hypot(here.x - origin.x, here.y - origin.y) >= Self.hysteresis { state = .began }
        case .began, .changed:
            state = .changed
        default: break
        }
    }

    /// Ends the pan when the last finger lifts (fails it if it never began).
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        guard numberOfTouches <= touches.count else { return }   // fingers remain down
        state = (state == .began || state == .changed) ? .ended : .failed
    }

    /// Cancels the pan.
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        state = (state == .began || state == .changed) ? .cancelled : .failed
    }

    /// Forgets the translation and the velocity for the next pan.
    open override func reset() {
        origin = nil
        samples = []
        windowVelocity = .zero
    }

    private func record(_ time: TimeInterval) {
        let point = location(in: nil)
        if let last = samples.last, time > last.time {
            let dt = CGFloat(time - last.time)
            windowVelocity = CGPoint(x: (point.x - last.point.x) / dt, y: (point.y - last.point.y) / dt)
        }
        samples = [(point, time)]
    }
}
