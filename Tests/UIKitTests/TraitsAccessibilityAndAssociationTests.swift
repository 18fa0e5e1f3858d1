import Testing
import UIKit

/// Associated objects (extensions' stored properties), traits and accessibility, as iOS code uses them.
@Suite struct TraitsAccessibilityAndAssociationTests {
    nonisolated(unsafe) static var badgeKey: UInt8 = 0
    nonisolated(unsafe) static var otherKey: UInt8 = 0

    @Test func associatedObjectsAttachByKeyAndDieWithTheirObject() {
        let view = UIView()
        objc_setAssociatedObject(view, &Self.badgeKey, "7", .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        objc_setAssociatedObject(view, &Self.otherKey, 3, .OBJC_ASSOCIATION_RETAIN)
        #expect(objc_getAssociatedObject(view, &Self.badgeKey) as? String == "7")
        #expect(objc_getAssociatedObject(view, &Self.otherKey) as? Int == 3)
        #expect(objc_getAssociatedObject(UIView(), &Self.badgeKey) == nil)
        objc_setAssociatedObject(view, &Self.badgeKey, nil, .OBJC_ASSOCIATION_RETAIN)
        #expect(objc_getAssociatedObject(view, &Self.badgeKey) == nil)
        // A value held by an object that goes away is let go.
        final class Token: @unchecked Sendable {}
        weak var weakToken: Token?
        do {
            let owner = NSObject()
            let token = Token()
            weakToken = token
            objc_setAssociatedObject(owner, &Self.badgeKey, token, .OBJC_ASSOCIATION_RETAIN)
        }
        for _ in 0..<300 { objc_setAssociatedObject(NSObject(), &Self.otherKey, 1, .OBJC_ASSOCIATION_RETAIN) }
        #expect(weakToken == nil)
        // Value types have no identity: nothing is kept.
        objc_setAssociatedObject(5, &Self.badgeKey, "x", .OBJC_ASSOCIATION_RETAIN)
        #expect(objc_getAssociatedObject(5, &Self.badgeKey) == nil)
    }

    @Test func traitsAreALightPhoneAndOverridesApply() {
        let view = UIView()
        #expect(view.traitCollection.userInterfaceStyle == .light && view.traitCollection.horizontalSizeClass == .compact)
        #expect(view.traitCollection.preferredContentSizeCategory == .large && !UIContentSizeCategory.large.isAccessibilityCategory)
        let child = UIView()
        view.addSubview(child)
        view.overrideUserInterfaceStyle = .dark
        #expect(child.traitCollection.userInterfaceStyle == .dark, "inherited from the superview")
        let color = UIColor { traits in traits.userInterfaceStyle == .dark ? .black : .white }
        #expect(color == UIColor.white)
        #expect(UIContentSizeCategory.accessibilityLarge > .extraExtraExtraLarge)
    }

    @Test func labelsAndButtonsDescribeThemselves() {
        let label = UILabel()
        label.text = "Score"
        #expect(label.isAccessibilityElement && label.accessibilityLabel == "Score" && label.accessibilityTraits == .staticText)
        label.accessibilityLabel = "Your score"
        #expect(label.accessibilityLabel == "Your score")
        let button = UIButton(type: .system)
        button.setTitle("Play", for: .normal)
        #expect(button.accessibilityLabel == "Play" && button.accessibilityTraits.contains(.button))
        #expect(!UIView().isAccessibilityElement)
    }

    @Test func reduceMotionCanBeSetForATest() {
        final class Count: @unchecked Sendable { var posts = 0 }
        let count = Count()
        let observer = NotificationCenter.default.addObserver(forName: UIAccessibility.reduceMotionStatusDidChangeNotification, object: nil, queue: nil) { _ in count.posts += 1 }
        defer { NotificationCenter.default.removeObserver(observer) }
        UIAccessibility.isReduceMotionEnabled = true
        #expect(UIAccessibility.isReduceMotionEnabled && count.posts == 1)
        UIAccessibility.isReduceMotionEnabled = false
        #expect(!UIAccessibility.isReduceMotionEnabled && count.posts == 2)
    }
}
