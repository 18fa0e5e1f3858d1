import Synchronization
/// The running app: the windows it shows and the entry of every event (`sendEvent(_:)` hands each to its window).
///
/// There is one, ``shared``; windows join it when they are made. A host's input (``UIWindow/sendPointer(_:at:timestamp:)``)
/// enters here, so an app may subclass nothing and still observe or filter events by overriding a window's
/// `sendEvent(_:)`, as on iOS.
open class UIApplication: UIResponder, @unchecked Sendable {
    /// The app.
    public static let shared = UIApplication()

    /// Where the app stands in its lifecycle, with UIKit's raw values.
    public enum State: Int, Sendable {
        /// In the foreground, receiving events.
        case active
        /// In the foreground, not receiving events.
        case inactive
        /// In the background.
        case background
    }

    private let windowList = WeakWindowList()
    /// The app's windows, oldest first (windows are kept weakly: a window nobody holds leaves the list).
    open var windows: [UIWindow] { windowList.windows }
    /// The window that was last made key (``UIWindow/makeKey()``), while it exists.
    open var keyWindow: UIWindow? { windowList.keyWindow }
    /// Active, inactive or in the background, as the host window last reported (UIApplication+Lifecycle.swift).
    open var applicationState: State { reportedState }
    /// The lifecycle state's raw value; each application keeps its own, so a test's application is not moved by
    /// the shared one's window losing focus.
    let lifecycleState = Atomic<Int>(State.active.rawValue)
    /// While true, touch events are dropped before they reach any window.
    open private(set) var isIgnoringInteractionEvents = false
    private var ignoreCount = 0
    /// Drops touch events until a matching `endIgnoringInteractionEvents()` (calls nest).
    open func beginIgnoringInteractionEvents() { ignoreCount += 1; isIgnoringInteractionEvents = true }
    /// Ends one `beginIgnoringInteractionEvents()`; events flow again once every call is ended.
    open func endIgnoringInteractionEvents() {
        ignoreCount = max(0, ignoreCount - 1)
        isIgnoringInteractionEvents = ignoreCount > 0
    }

    /// Delivers `event` to the windows its touches are in (each window's `sendEvent(_:)`).
    open func sendEvent(_ event: UIEvent) {
        guard !isIgnoringInteractionEvents || event.type != .touches else { return }
        var delivered: [UIWindow] = []
        for touch in event.allTouches ?? [] {
            guard let window = touch.window, !delivered.contains(where: { $0 === window }) else { continue }
            delivered.append(window)
            window.sendEvent(event)
        }
    }

    func register(_ window: UIWindow) { windowList.add(window) }
    func makeKey(_ window: UIWindow) { windowList.keyWindow = window }
}

/// Windows held weakly, in the order they were made, and the key one. (Locked: the one app is reachable from
/// every thread, and tests make windows on many at once.)
private final class WeakWindowList: @unchecked Sendable {
    private struct Entry { weak var window: UIWindow? }
    private let lock = NSLock()
    private var entries: [Entry] = []
    private weak var key: UIWindow?
    var windows: [UIWindow] { lock.withLock { entries.compactMap(\.window) } }
    var keyWindow: UIWindow? {
        get { lock.withLock { key } }
        set { lock.withLock { key = newValue } }
    }
    func add(_ window: UIWindow) {
        lock.withLock {
            entries.removeAll { $0.window == nil }
            entries.append(Entry(window: window))
        }
    }
}
