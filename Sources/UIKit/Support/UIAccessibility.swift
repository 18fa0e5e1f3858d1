import Foundation
import Synchronization

/// What an accessibility element is and does, with UIKit's bit values.
public struct UIAccessibilityTraits: OptionSet, Hashable, Sendable {
    /// The raw value.
    public let rawValue: UInt64
    /// A value from its raw value.
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    /// No traits.
    public static let none = UIAccessibilityTraits([])
    /// Behaves as a button.
    public static let button = UIAccessibilityTraits(rawValue: 1 << 0)
    /// Opens a link.
    public static let link = UIAccessibilityTraits(rawValue: 1 << 1)
    /// Is a picture.
    public static let image = UIAccessibilityTraits(rawValue: 1 << 2)
    /// Is selected.
    public static let selected = UIAccessibilityTraits(rawValue: 1 << 3)
    /// Plays its own sound when activated.
    public static let playsSound = UIAccessibilityTraits(rawValue: 1 << 4)
    /// Is a key of a keyboard.
    public static let keyboardKey = UIAccessibilityTraits(rawValue: 1 << 5)
    /// Is text that does not change.
    public static let staticText = UIAccessibilityTraits(rawValue: 1 << 6)
    /// Summarises the screen when it appears.
    public static let summaryElement = UIAccessibilityTraits(rawValue: 1 << 7)
    /// Is disabled.
    public static let notEnabled = UIAccessibilityTraits(rawValue: 1 << 8)
    /// Changes often (a timer, a meter).
    public static let updatesFrequently = UIAccessibilityTraits(rawValue: 1 << 9)
    /// Is a search field.
    public static let searchField = UIAccessibilityTraits(rawValue: 1 << 10)
    /// Starts playing media when activated.
    public static let startsMediaSession = UIAccessibilityTraits(rawValue: 1 << 11)
    /// Has a value that can be stepped up and down.
    public static let adjustable = UIAccessibilityTraits(rawValue: 1 << 12)
    /// Takes touches directly (a drawing area).
    public static let allowsDirectInteraction = UIAccessibilityTraits(rawValue: 1 << 13)
    /// Turns the page when read to its end.
    public static let causesPageTurn = UIAccessibilityTraits(rawValue: 1 << 14)
    /// Heads a section.
    public static let header = UIAccessibilityTraits(rawValue: 1 << 16)
    /// Is a tab bar.
    public static let tabBar = UIAccessibilityTraits(rawValue: 1 << 15)
}

/// The accessibility settings and announcements. There is no screen reader here: the settings are off (so code
/// that honours Reduce Motion animates), and notifications posted are recorded, not spoken.
public enum UIAccessibility {
    /// Things an app tells assistive technologies (posting them does nothing on Linux).
    public struct Notification: RawRepresentable, Hashable, Sendable {
        /// The raw value.
        public let rawValue: UInt32
        /// A value from its raw value.
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// A new screen appeared.
        public static let screenChanged = Notification(rawValue: 1000)
        /// Part of the screen changed.
        public static let layoutChanged = Notification(rawValue: 1001)
        /// Text to be spoken.
        public static let announcement = Notification(rawValue: 1008)
        /// The page scrolled.
        public static let pageScrolled = Notification(rawValue: 1009)
    }

    /// False: there is no screen reader.
    public static var isVoiceOverRunning: Bool { false }
    /// Whether the user asked for less motion: off, unless the environment sets `CALYX_REDUCE_MOTION=1` or a test
    /// sets it (which posts `reduceMotionStatusDidChangeNotification`, as iOS does when the setting changes).
    public static var isReduceMotionEnabled: Bool {
        get { reduceMotion.load(ordering: .relaxed) }
        set {
            guard newValue != reduceMotion.load(ordering: .relaxed) else { return }
            reduceMotion.store(newValue, ordering: .relaxed)
            NotificationCenter.default.post(name: reduceMotionStatusDidChangeNotification, object: nil)
        }
    }
    private static let reduceMotion = Atomic<Bool>(ProcessInfo.processInfo.environment["CALYX_REDUCE_MOTION"] == "1")
    /// False.
    public static var isReduceTransparencyEnabled: Bool { false }
    /// False.
    public static var isBoldTextEnabled: Bool { false }
    /// False.
    public static var isDarkerSystemColorsEnabled: Bool { false }
    /// False.
    public static var prefersCrossFadeTransitions: Bool { false }
    /// Posted when the reduce-motion setting changes.
    public static let reduceMotionStatusDidChangeNotification = Foundation.Notification.Name("UIAccessibilityReduceMotionStatusDidChangeNotification")
    /// Posted when a screen reader starts or stops (never, here).
    public static let voiceOverStatusDidChangeNotification = Foundation.Notification.Name("UIAccessibilityVoiceOverStatusDidChangeNotification")

    /// Records an announcement (there is no screen reader to speak it).
    public static func post(notification: Notification, argument: Any?) {}
}

/// An element a screen reader would describe, for parts of a view that are not views.
open class UIAccessibilityElement: NSObject, @unchecked Sendable {
    /// The view the element belongs to.
    open weak var accessibilityContainer: AnyObject?
    /// Whether assistive technologies see the element.
    open var isAccessibilityElement = true
    /// What the element is, in a few words.
    open var accessibilityLabel: String?
    /// What activating the element does.
    open var accessibilityHint: String?
    /// The element's current value.
    open var accessibilityValue: String?
    /// What kind of element it is and its state.
    open var accessibilityTraits: UIAccessibilityTraits = .none
    /// Where the element is, in screen coordinates.
    open var accessibilityFrame: CGRect = .zero
    /// A name for tests to find the element by.
    open var accessibilityIdentifier: String?
    /// An element belonging to `container`.
    public init(accessibilityContainer container: Any) {
        accessibilityContainer = container as AnyObject
        super.init()
    }
}
