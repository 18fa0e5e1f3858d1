/// The chain of objects that can answer events: views, then their view controllers, then their superviews, up
/// to the window and the application. An event a responder does not handle goes to `next`.
open class UIResponder: NSObject {
    /// The responder that gets events this one does not handle (none by default).
    open var next: UIResponder? { nil }
    /// Touches began: passed on to `next` unless overridden.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesBegan(touches, with: event) }
    /// Touches moved: passed on to `next` unless overridden.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesMoved(touches, with: event) }
    /// Touches ended: passed on to `next` unless overridden.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesEnded(touches, with: event) }
    /// Touches were cancelled: passed on to `next` unless overridden.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesCancelled(touches, with: event) }
    /// Whether the responder can take keyboard focus (false).
    open var canBecomeFirstResponder: Bool { false }
    /// Whether the responder gives focus up when asked (true).
    open var canResignFirstResponder: Bool { true }
    /// Whether the responder has keyboard focus (never, here).
    open var isFirstResponder: Bool { false }
    /// Asks for keyboard focus; returns whether the responder took it (false: Calyx has no keyboard focus yet).
    @discardableResult open func becomeFirstResponder() -> Bool { false }
    /// Gives up keyboard focus; returns whether it did (true).
    @discardableResult open func resignFirstResponder() -> Bool { true }
}
