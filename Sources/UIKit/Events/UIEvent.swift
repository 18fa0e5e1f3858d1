/// An input event: for touches, every touch in progress, each in the phase this event reports.
open class UIEvent: NSObject {
    /// What kind of input an event carries, with UIKit's raw values.
    public enum EventType: Int, Sendable {
        /// Touches on the screen (or the pointer in a Calyx window).
        case touches
        /// Device motion, such as shaking.
        case motion
        /// Remote-control commands.
        case remoteControl
        /// Physical button presses.
        case presses
        /// Scrolling from a trackpad or wheel.
        case scroll
        /// A pointer hovering.
        case hover
        /// A trackpad's pinch or rotation.
        case transform
    }
    /// What kind of input the event carries (always `.touches` here).
    open var type: EventType { .touches }
    /// When the event happened, in seconds of media time.
    open internal(set) var timestamp: TimeInterval = 0
    /// Every touch in the event.
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
