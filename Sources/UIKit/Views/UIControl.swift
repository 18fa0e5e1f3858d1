/// A view that turns touches into control events (touch down, drag, touch up inside or outside, value
/// changed…) and sends them to its actions, as iOS's custom controls (checkboxes, switches, sliders) are built.
///
/// Actions are closures (`addAction(_:for:)`): `addTarget(_:action:for:)` takes an Objective-C selector, which
/// Linux does not have. Tracking follows UIKit: `beginTracking(_:with:)` on touch down, `continueTracking` on
/// each move (the control highlighted while the touch is inside), `endTracking` or `cancelTracking` at the end.
open class UIControl: UIView, @unchecked Sendable {
    /// A control's state: normal, or any of highlighted, disabled, selected, focused.
    public struct State: OptionSet, Hashable, Sendable {
        /// The raw value.
        public let rawValue: UInt
        /// A value from its raw value.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Enabled, not highlighted or selected.
        public static let normal = State([])
        /// A finger is down on the control.
        public static let highlighted = State(rawValue: 1 << 0)
        /// The control ignores touches.
        public static let disabled = State(rawValue: 1 << 1)
        /// The control is selected (a toggled button).
        public static let selected = State(rawValue: 1 << 2)
        /// The control has focus.
        public static let focused = State(rawValue: 1 << 3)
        /// Bits left for the app's own states.
        public static let application = State(rawValue: 0x00FF_0000)
        /// Bits UIKit keeps for itself.
        public static let reserved = State(rawValue: 0xFF00_0000)
    }

    /// The events a control sends, with UIKit's bit values.
    public struct Event: OptionSet, Hashable, Sendable {
        /// The raw value.
        public let rawValue: UInt
        /// A value from its raw value.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// A finger went down on the control.
        public static let touchDown = Event(rawValue: 1 << 0)
        /// A finger went down again soon after (a double tap).
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        /// A finger moved within the control.
        public static let touchDragInside = Event(rawValue: 1 << 2)
        /// A finger moved outside the control.
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        /// A finger moved into the control.
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        /// A finger moved out of the control.
        public static let touchDragExit = Event(rawValue: 1 << 5)
        /// A finger lifted inside the control: a tap.
        public static let touchUpInside = Event(rawValue: 1 << 6)
        /// A finger lifted outside the control.
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        /// The touch was cancelled.
        public static let touchCancel = Event(rawValue: 1 << 8)
        /// The control's value changed (a switch, a slider).
        public static let valueChanged = Event(rawValue: 1 << 12)
        /// The control's main action happened (a button's tap).
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        /// The control's menu action happened.
        public static let menuActionTriggered = Event(rawValue: 1 << 14)
        /// Text editing began.
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        /// The edited text changed.
        public static let editingChanged = Event(rawValue: 1 << 17)
        /// Text editing ended.
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        /// Text editing ended with the return key.
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        /// Every touch event.
        public static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
        /// Every editing event.
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        /// Bits left for the app's own events.
        public static let applicationReserved = Event(rawValue: 0x0F00_0000)
        /// Bits UIKit keeps for itself.
        public static let systemReserved = Event(rawValue: 0xF000_0000)
        /// Every event.
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

    /// How a control's content sits across its width.
    public enum ContentHorizontalAlignment: Int, Sendable {
        /// Content centred horizontally.
        case center = 0
        /// Content against the left edge.
        case left
        /// Content against the right edge.
        case right
        /// Content stretched to the full width.
        case fill
        /// Content against the leading edge.
        case leading
        /// Content against the trailing edge.
        case trailing
    }
    /// How a control's content sits down its height.
    public enum ContentVerticalAlignment: Int, Sendable {
        /// Content centred vertically.
        case center = 0
        /// Content against the top edge.
        case top
        /// Content against the bottom edge.
        case bottom
        /// Content stretched to the full height.
        case fill
    }

    /// Where the content (a button's image and title) sits across the control; centred by default.
    open var contentHorizontalAlignment: ContentHorizontalAlignment = .center { didSet { setNeedsLayout() } }
    /// How the content sits vertically in the control's bounds.
    open var contentVerticalAlignment: ContentVerticalAlignment = .center { didSet { setNeedsLayout() } }

    /// Whether the control takes touches (and looks enabled).
    open var isEnabled = true
    /// Whether the control is selected.
    open var isSelected = false
    /// Whether a finger is down on the control.
    open var isHighlighted = false
    /// The flags above as one state.
    open var state: State {
        var s: State = []
        if isHighlighted { s.insert(.highlighted) }
        if !isEnabled { s.insert(.disabled) }
        if isSelected { s.insert(.selected) }
        return s
    }
    /// Whether a touch is being tracked.
    open private(set) var isTracking = false
    /// Whether the tracked touch is inside the control (with UIKit's margin around the bounds).
    open private(set) var isTouchInside = false

    private var actions: [(action: UIAction, events: Event)] = []

    /// A control with no actions.
    public override init(frame: CGRect) { super.init(frame: frame) }
    /// A control that runs `primaryAction` on `.primaryActionTriggered`.
    public convenience init(frame: CGRect, primaryAction: UIAction?) {
        self.init(frame: frame)
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }
    /// Not available: Calyx reads no nib files.
    public required init?(coder: NSCoder) { return nil }

    // MARK: Actions

    /// Runs `action` whenever the control sends one of `events`.
    open func addAction(_ action: UIAction, for events: Event) { actions.append((action, events)) }
    /// Stops `action` running for `events` (it still runs for its other events).
    open func removeAction(_ action: UIAction, for events: Event) {
        actions = actions.compactMap { entry in
            guard entry.action === action else { return entry }
            let left = entry.events.subtracting(events)
            return left.isEmpty ? nil : (entry.action, left)
        }
    }
    /// Stops the action with `identifier` running for `events`.
    open func removeAction(identifiedBy identifier: UIAction.Identifier, for events: Event) {
        for entry in actions where entry.action.identifier == identifier { removeAction(entry.action, for: events) }
    }
    /// Every event some action is registered for.
    open var allControlEvents: Event { actions.reduce([]) { $0.union($1.events) } }

    /// Runs the actions registered for any of `events`, in the order they were added.
    open func sendActions(for events: Event) {
        for entry in actions where !entry.events.isDisjoint(with: events) { sendAction(entry.action) }
    }
    /// Runs one action with this control as its sender.
    open func sendAction(_ action: UIAction) {
        // (Cleared afterwards: the control holds the action, so a sender kept would hold the control forever.)
        let outer = action.sender
        action.sender = self
        defer { action.sender = outer }
        action.handler(action)
    }

    // MARK: Tracking

    /// Called when a touch goes down in the control; answer false not to track it.
    open func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    /// Called as the tracked touch moves; answer false to stop tracking it.
    open func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    /// Called when the tracked touch lifts (`touch` is nil when tracking stopped otherwise).
    open func endTracking(_ touch: UITouch?, with event: UIEvent?) {}
    /// Called when the tracked touch is cancelled.
    open func cancelTracking(with event: UIEvent?) {}

    /// How far outside its bounds a touch still counts as inside a control (UIKit's drag margin).
    static let touchMargin: CGFloat = 70

    private func isInside(_ touch: UITouch) -> Bool {
        bounds.insetBy(dx: -Self.touchMargin, dy: -Self.touchMargin).contains(touch.location(in: self))
    }

    /// Highlights the control and sends `.touchDown`.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled, let touch = touches.first else { return }
        isTouchInside = true
        isTracking = beginTracking(touch, with: event)
        isHighlighted = isTracking
        sendActions(for: touch.tapCount > 1 ? [.touchDown, .touchDownRepeat] : .touchDown)
    }

    /// Tracks the finger in and out of the control, sending the drag events.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled, let touch = touches.first else { return }
        let wasInside = isTouchInside
        isTouchInside = isInside(touch)
        if isTracking {
            isTracking = continueTracking(touch, with: event)
            isHighlighted = isTracking && isTouchInside
        }
        var events: Event = isTouchInside ? .touchDragInside : .touchDragOutside
        if isTouchInside != wasInside { events.insert(isTouchInside ? .touchDragEnter : .touchDragExit) }
        sendActions(for: events)
    }

    /// Sends `.touchUpInside` or `.touchUpOutside`, and unhighlights.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled, let touch = touches.first else { return }
        isTouchInside = isInside(touch)
        if isTracking { endTracking(touch, with: event) }
        isTracking = false
        isHighlighted = false
        sendActions(for: isTouchInside ? .touchUpInside : .touchUpOutside)
    }

    /// Sends `.touchCancel` and unhighlights.
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        if isTracking { cancelTracking(with: event) }
        isTracking = false
        isHighlighted = false
        sendActions(for: .touchCancel)
    }
}

/// A closure a control runs for its events (`UIControl.addAction(_:for:)`).
open class UIAction: NSObject, @unchecked Sendable {
    /// A name for an action, to find or remove it by.
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        /// The raw value.
        public let rawValue: String
        /// A value from its raw value.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// An identifier from a string.
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    /// The action's title, for menus and buttons.
    open var title: String
    /// The action's image, for menus and buttons.
    open var image: UIImage?
    /// Identifies the action, so it can be removed or replaced.
    public let identifier: Identifier
    let handler: (UIAction) -> Void
    /// The control that sent the action, while its handler runs.
    open internal(set) var sender: Any?

    /// An action that calls `handler` with itself.
    public init(title: String = "", image: UIImage? = nil, identifier: Identifier? = nil, handler: @escaping (UIAction) -> Void) {
        self.title = title
        self.image = image
        self.identifier = identifier ?? Identifier(UUID().uuidString)
        self.handler = handler
    }
}
