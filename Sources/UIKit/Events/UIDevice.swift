/// The device the app runs on, as UIKit describes it: here a phone in portrait, with the system name "Linux".
/// Orientation never changes (no sensors), so orientation notifications are never posted.
open class UIDevice: NSObject, @unchecked Sendable {
    /// How the device is held, with UIKit's raw values.
    public enum Orientation: Int, Sendable {
        /// The orientation is not known.
        case unknown = 0
        /// Upright, the home button below.
        case portrait
        /// Upside down.
        case portraitUpsideDown
        /// On its side, the home button on the right.
        case landscapeLeft
        /// On its side, the home button on the left.
        case landscapeRight
        /// Flat, the screen facing up.
        case faceUp
        /// Flat, the screen facing down.
        case faceDown
        /// Upright or upside down.
        public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
        /// On either side.
        public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
        /// Face up or face down.
        public var isFlat: Bool { self == .faceUp || self == .faceDown }
        /// Whether an interface can take this orientation (portrait or landscape).
        public var isValidInterfaceOrientation: Bool { isPortrait || isLandscape }
    }

    /// The device the app runs on.
    public static let current = UIDevice()
    /// Posted when the device turns (never, here: Calyx's device stays portrait).
    public static let orientationDidChangeNotification = Notification.Name("UIDeviceOrientationDidChangeNotification")
    /// Posted when the battery level changes (never, here).
    public static let batteryLevelDidChangeNotification = Notification.Name("UIDeviceBatteryLevelDidChangeNotification")

    /// The machine's host name.
    open var name: String { ProcessInfo.processInfo.hostName }
    /// "iPhone": what iOS code that branches on the model expects.
    open var model: String { "iPhone" }
    /// The model, as shown to people.
    open var localizedModel: String { model }
    /// "Linux".
    open var systemName: String { "Linux" }
    /// The operating system's version string.
    open var systemVersion: String { ProcessInfo.processInfo.operatingSystemVersionString }
    /// Portrait.
    open var orientation: Orientation { .portrait }
    /// A phone.
    open var userInterfaceIdiom: UIUserInterfaceIdiom { .phone }
    /// True.
    open var isMultitaskingSupported: Bool { true }
    /// Whether orientation notifications were asked for.
    open private(set) var isGeneratingDeviceOrientationNotifications = false
    /// Asks for orientation notifications.
    open func beginGeneratingDeviceOrientationNotifications() { isGeneratingDeviceOrientationNotifications = true }
    /// Stops asking for orientation notifications.
    open func endGeneratingDeviceOrientationNotifications() { isGeneratingDeviceOrientationNotifications = false }
}

/// The kind of interface, with UIKit's raw values.
public enum UIUserInterfaceIdiom: Int, Sendable {
    /// The idiom is not known.
    case unspecified = -1
    /// A phone.
    case phone = 0
    /// A tablet.
    case pad
    /// A television.
    case tv
    /// A car's display.
    case carPlay
    /// A Mac.
    case mac = 5
    /// A headset.
    case vision = 6
}

extension UIApplication {
    /// Posted when the app becomes active (the host window is shown).
    public static let didBecomeActiveNotification = Notification.Name("UIApplicationDidBecomeActiveNotification")
    /// Posted when the app is about to stop being active.
    public static let willResignActiveNotification = Notification.Name("UIApplicationWillResignActiveNotification")
    /// Posted when the app goes to the background (the host window is hidden).
    public static let didEnterBackgroundNotification = Notification.Name("UIApplicationDidEnterBackgroundNotification")
    /// Posted when the app is about to come back to the foreground.
    public static let willEnterForegroundNotification = Notification.Name("UIApplicationWillEnterForegroundNotification")
    /// Posted when the app has launched.
    public static let didFinishLaunchingNotification = Notification.Name("UIApplicationDidFinishLaunchingNotification")
    /// Posted when the app is about to end.
    public static let willTerminateNotification = Notification.Name("UIApplicationWillTerminateNotification")
    /// Posted when memory runs low (never, here).
    public static let didReceiveMemoryWarningNotification = Notification.Name("UIApplicationDidReceiveMemoryWarningNotification")
}

extension UIResponder {
    /// The keyboard's notifications and their user-info keys (there is no on-screen keyboard here; the names let
    /// code that animates alongside the keyboard compile, and tests post them).
    public static let keyboardWillShowNotification = Notification.Name("UIKeyboardWillShowNotification")
    /// Posted after the keyboard appears (never, here: there is no on-screen keyboard).
    public static let keyboardDidShowNotification = Notification.Name("UIKeyboardDidShowNotification")
    /// Posted before the keyboard hides (never, here).
    public static let keyboardWillHideNotification = Notification.Name("UIKeyboardWillHideNotification")
    /// Posted after the keyboard hides (never, here).
    public static let keyboardDidHideNotification = Notification.Name("UIKeyboardDidHideNotification")
    /// Posted before the keyboard's frame changes (never, here).
    public static let keyboardWillChangeFrameNotification = Notification.Name("UIKeyboardWillChangeFrameNotification")
    /// Posted after the keyboard's frame changes (never, here).
    public static let keyboardDidChangeFrameNotification = Notification.Name("UIKeyboardDidChangeFrameNotification")
    /// The keyboard's frame before the change, in a keyboard notification.
    public static let keyboardFrameBeginUserInfoKey = "UIKeyboardFrameBeginUserInfoKey"
    /// The keyboard's frame after the change, in a keyboard notification.
    public static let keyboardFrameEndUserInfoKey = "UIKeyboardFrameEndUserInfoKey"
    /// The keyboard animation's duration, in a keyboard notification.
    public static let keyboardAnimationDurationUserInfoKey = "UIKeyboardAnimationDurationUserInfoKey"
    /// The keyboard animation's curve, in a keyboard notification.
    public static let keyboardAnimationCurveUserInfoKey = "UIKeyboardAnimationCurveUserInfoKey"
    /// Whether the keyboard belongs to this app, in a keyboard notification.
    public static let keyboardIsLocalUserInfoKey = "UIKeyboardIsLocalUserInfoKey"
}
