/// An input event: for touches, every touch in progress, each in the phase this event reports.
open class UIEvent: NSObject {
    public enum EventType: Int, Sendable { case touches, motion, remoteControl, presses, scroll, hover, transform }
    open var type: EventType { .touches }
    open internal(set) var timestamp: TimeInterval = 0
    open internal(set) var allTouches: Set<UITouch>?

    /// The event's touches that began on `view`.
    open func touches(for view: UIView) -> Set<UITouch>? { allTouches?.filter { $0.view === view } }
    /// The event's touches in `window`.
    open func touches(for window: UIWindow) -> Set<UITouch>? { allTouches?.filter { $0.window === window } }
    /// The event's touches that `gestureRecognizer` is receiving.
    open func touches(for gestureRecognizer: UIGestureRecognizer) -> Set<UITouch>? {
        allTouches?.filter { touch in touch.gestureRecognizers?.contains { $0 === gestureRecognizer } ?? false }
    }
}
