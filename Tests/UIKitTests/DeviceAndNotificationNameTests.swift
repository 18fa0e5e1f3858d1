import Testing
import UIKit

/// UIKit's notification names keep Apple's string values (code that posts or observes them by raw string, or
/// logs them, sees the same names), and `UIDevice` describes a phone in portrait.
@Suite struct DeviceAndNotificationNameTests {
    @Test func namesAreApples() {
        #expect(UIApplication.didBecomeActiveNotification.rawValue == "UIApplicationDidBecomeActiveNotification")
        #expect(UIApplication.didEnterBackgroundNotification.rawValue == "UIApplicationDidEnterBackgroundNotification")
        #expect(UIResponder.keyboardWillShowNotification.rawValue == "UIKeyboardWillShowNotification")
        #expect(UIResponder.keyboardFrameEndUserInfoKey == "UIKeyboardFrameEndUserInfoKey")
        #expect(UIDevice.orientationDidChangeNotification.rawValue == "UIDeviceOrientationDidChangeNotification")
    }

    @Test func theDeviceIsAPhoneInPortrait() {
        let device = UIDevice.current
        #expect(device.userInterfaceIdiom == .phone && device.orientation == .portrait && device.orientation.isPortrait)
        #expect(UIUserInterfaceIdiom.pad.rawValue == 1 && UIDevice.Orientation.landscapeLeft.rawValue == 3)
        #expect(!device.systemVersion.isEmpty)
    }

    /// `import UIKit` brings the text types UIKit's API names, as on iOS.
    @Test func textTypesComeWithUIKit() {
        let style = NSMutableParagraphStyle()
        style.alignment = .center
        #expect(style.alignment == .center && NSAttributedString.Key.paragraphStyle.rawValue == "NSParagraphStyle")
    }
}
