/// A touch, as a host delivers pointer input (``UIWindow/sendPointer(_:at:timestamp:)``).
open class UITouch: NSObject {
    public enum Phase: Int, Sendable { case began, moved, stationary, ended, cancelled }
    open internal(set) var phase: Phase = .began
    open internal(set) weak var view: UIView?
    open internal(set) weak var window: UIWindow?
    /// When the touch last changed, in seconds of media time.
    open internal(set) var timestamp: TimeInterval = 0
    open internal(set) var tapCount = 1
    var locationInWindow: CGPoint = .zero
    var previousLocationInWindow: CGPoint = .zero
    /// Where the touch was before its last move, in `view`'s coordinates (the window's when nil).
    open func previousLocation(in view: UIView?) -> CGPoint {
        guard let view else { return previousLocationInWindow }
        return view.convert(previousLocationInWindow, from: nil)
    }
    /// The touch's location in `view`'s coordinates (the window's when nil).
    open func location(in view: UIView?) -> CGPoint {
        guard let view else { return locationInWindow }
        return view.convert(locationInWindow, from: nil)
    }
}

/// An input event.
open class UIEvent: NSObject {
    open internal(set) var timestamp: TimeInterval = 0
    open internal(set) var allTouches: Set<UITouch>?
}

/// The chain of objects that can answer events; views are responders.
open class UIResponder: NSObject {
    open var next: UIResponder? { nil }
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesBegan(touches, with: event) }
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesMoved(touches, with: event) }
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesEnded(touches, with: event) }
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesCancelled(touches, with: event) }
}
