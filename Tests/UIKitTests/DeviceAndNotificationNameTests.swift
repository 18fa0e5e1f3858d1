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

/// The lifecycle a host reports, posted in iOS's order. The test drives an application of its own and observes only
/// its notifications: the shared one moves whenever a window test's window gains or loses focus.
@Suite struct ApplicationLifecycleTests {
    final class Log: @unchecked Sendable { var names: [String] = [] }

    @Test func leavingAndReturningPostInIOSOrder() {
        let log = Log()
        let app = UIApplication()
        let names: [Notification.Name] = [UIApplication.willResignActiveNotification, UIApplication.didEnterBackgroundNotification,
                                          UIApplication.willEnterForegroundNotification, UIApplication.didBecomeActiveNotification]
        let observers = names.map { name in
            NotificationCenter.default.addObserver(forName: name, object: app, queue: nil) { note in log.names.append(note.name.rawValue) }
        }
        defer { observers.forEach(NotificationCenter.default.removeObserver) }
        #expect(app.applicationState == .active)
        app.hostDidEnterBackground()
        #expect(app.applicationState == .background)
        app.hostDidBecomeActive()
        #expect(app.applicationState == .active)
        app.hostDidResignActive()
        app.hostDidResignActive()
        #expect(app.applicationState == .inactive)
        app.hostDidBecomeActive()
        #expect(log.names == ["UIApplicationWillResignActiveNotification", "UIApplicationDidEnterBackgroundNotification",
                              "UIApplicationWillEnterForegroundNotification", "UIApplicationDidBecomeActiveNotification",
                              "UIApplicationWillResignActiveNotification", "UIApplicationDidBecomeActiveNotification"])
    }
}
