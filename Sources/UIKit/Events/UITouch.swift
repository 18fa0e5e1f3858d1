/// One finger (or a host's pointer) on the screen, from the moment it goes down until it lifts or is cancelled.
open class UITouch: NSObject {
    /// What a touch did last, with UIKit's raw values.
    public enum Phase: Int, Sendable {
        /// The finger touched the screen.
        case began
        /// The finger moved.
        case moved
        /// The finger rests without moving.
        case stationary
        /// The finger left the screen.
        case ended
        /// The system cancelled the touch.
        case cancelled
    }
    /// What the touch did last.
    open internal(set) var phase: Phase = .began
    /// The view the touch began on (the hit-tested view); it keeps receiving the touch wherever the finger goes.
    open internal(set) weak var view: UIView?
    /// The window the touch is in.
    open internal(set) weak var window: UIWindow?
    /// When the touch last changed, in seconds of media time.
    open internal(set) var timestamp: TimeInterval = 0
    /// How many taps in a row this touch is (2 for the second tap of a double tap).
    open internal(set) var tapCount = 1
    /// The gesture recognizers receiving this touch: those of its view and the view's ancestors, gathered when
    /// the touch began (recognizers added later see the next touch).
    open internal(set) var gestureRecognizers: [UIGestureRecognizer]? = nil
    var locationInWindow: CGPoint = .zero
    var previousLocationInWindow: CGPoint = .zero
    /// Set once a recognizer that cancels touches in views has recognized: the view was sent
    /// `touchesCancelled` (if it had seen the touch) and hears nothing more of it.
    var isWithheldFromView = false
    /// Whether the view has been sent `touchesBegan` for this touch.
    var viewSawBegin = false

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
