import Foundation
import Testing
import UIKit

/// Dynamic colours resolve with the traits of the view they are set on and again when those change (an appearance
/// override on the view or above it, or a move into a differently styled tree), and trait changes reach
/// `traitCollectionDidChange` and the handlers registered for the traits that changed — not the others.
@Suite struct TraitChangeTests {
    static let white = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    static let black = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
    static let adaptive = UIColor { traits in traits.userInterfaceStyle == .dark ? UIColor(cgColor: black) : UIColor(cgColor: white) }

    final class Watcher: UIView, @unchecked Sendable {
        var previous: [UIUserInterfaceStyle] = []
        override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
            previous.append(previousTraitCollection?.userInterfaceStyle ?? .unspecified)
        }
    }

    @Test func aDynamicBackgroundFollowsTheAppearance() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        let view = Watcher(frame: window.bounds)
        window.addSubview(view)
        view.backgroundColor = Self.adaptive
        #expect(view.layer.backgroundColor == Self.white)
        window.overrideUserInterfaceStyle = .dark
        #expect(view.layer.backgroundColor == Self.black)
        #expect(view.previous == [.light])
        #expect(view.backgroundColor === Self.adaptive)   // the dynamic colour, as set
        window.overrideUserInterfaceStyle = .unspecified
        #expect(view.layer.backgroundColor == Self.white && view.previous == [.light, .dark])
        // A fixed colour set later stops the following.
        view.backgroundColor = .red
        window.overrideUserInterfaceStyle = .dark
        #expect(view.layer.backgroundColor == UIColor.red.cgColor)
    }

    @Test func movingIntoADarkTreeResolvesAgain() {
        let dark = UIView()
        dark.overrideUserInterfaceStyle = .dark
        let view = Watcher()
        view.backgroundColor = Self.adaptive
        #expect(view.layer.backgroundColor == Self.white)
        dark.addSubview(view)
        #expect(view.layer.backgroundColor == Self.black && view.previous == [.light])
        view.removeFromSuperview()
        #expect(view.layer.backgroundColor == Self.white)
    }

    @Test func handlersRunForTheirTraitsOnly() {
        let view = UIView()
        var styleChanges: [UIUserInterfaceStyle] = [], scaleChanges = 0
        let registration = view.registerForTraitChanges([UITraitUserInterfaceStyle.self]) { (view: UIView, previous: UITraitCollection) in
            styleChanges.append(previous.userInterfaceStyle)
        }
        view.registerForTraitChanges([UITraitDisplayScale.self]) { (_: UIView, _: UITraitCollection) in scaleChanges += 1 }
        view.overrideUserInterfaceStyle = .dark
        view.overrideUserInterfaceStyle = .light
        #expect(styleChanges == [.light, .dark] && scaleChanges == 0)
        view.unregisterForTraitChanges(registration)
        view.overrideUserInterfaceStyle = .dark
        #expect(styleChanges.count == 2)
    }

    @Test func viewControllersHearTheirViewsChanges() {
        final class Screen: UIViewController {
            var changes = 0, handled = 0
            override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) { changes += 1 }
        }
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        let screen = Screen()
        window.rootViewController = screen
        screen.registerForTraitChanges([UITraitUserInterfaceStyle.self]) { (screen: Screen, _: UITraitCollection) in screen.handled += 1 }
        window.overrideUserInterfaceStyle = .dark
        #expect(screen.changes == 1 && screen.handled == 1)
    }

    @Test func cgColorResolvesWithTheCurrentTraits() {
        #expect(Self.adaptive.cgColor == Self.white)
        UITraitCollection(userInterfaceStyle: .dark).performAsCurrent {
            #expect(Self.adaptive.cgColor == Self.black)
        }
        #expect(Self.adaptive.resolvedColor(with: UITraitCollection(userInterfaceStyle: .dark)).cgColor == Self.black)
        let red = UIColor.red
        #expect(red.resolvedColor(with: UITraitCollection(userInterfaceStyle: .dark)) === red)
    }
}
