/// Light or dark appearance, with UIKit's raw values.
public enum UIUserInterfaceStyle: Int, Sendable {
    /// No style was asked for.
    case unspecified = 0
    /// The light appearance.
    case light
    /// The dark appearance.
    case dark
}
/// A size class, with UIKit's raw values.
public enum UIUserInterfaceSizeClass: Int, Sendable {
    /// No size class is known.
    case unspecified = 0
    /// Constrained space (an iPhone's width in portrait).
    case compact
    /// Ample space.
    case regular
}
/// Left-to-right or right-to-left layout, with UIKit's raw values.
public enum UITraitEnvironmentLayoutDirection: Int, Sendable {
    /// No direction is known.
    case unspecified = -1
    /// Content flows from left to right.
    case leftToRight = 0
    /// Content flows from right to left.
    case rightToLeft = 1
}

/// The user's preferred text size (Dynamic Type), with UIKit's raw values.
public struct UIContentSizeCategory: RawRepresentable, Hashable, Comparable, Sendable {
    /// The raw value.
    public let rawValue: String
    /// A value from its raw value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// No size chosen.
    public static let unspecified = UIContentSizeCategory(rawValue: "_UICTContentSizeCategoryUnspecified")
    /// The smallest text size.
    public static let extraSmall = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXS")
    /// Small text.
    public static let small = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryS")
    /// Medium text.
    public static let medium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryM")
    /// The default text size.
    public static let large = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryL")
    /// Larger than the default.
    public static let extraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXL")
    /// Larger still.
    public static let extraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXL")
    /// The largest standard size.
    public static let extraExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXXL")
    /// The first of the larger accessibility sizes.
    public static let accessibilityMedium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityM")
    /// A larger accessibility size.
    public static let accessibilityLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityL")
    /// A larger accessibility size.
    public static let accessibilityExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXL")
    /// A larger accessibility size.
    public static let accessibilityExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXXL")
    /// The largest accessibility size.
    public static let accessibilityExtraExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXXXL")
    /// Posted when the preferred text size changes.
    public static let didChangeNotification = Notification.Name("UIContentSizeCategoryDidChangeNotification")

    private static let order: [UIContentSizeCategory] = [
        .unspecified, .extraSmall, .small, .medium, .large, .extraLarge, .extraExtraLarge, .extraExtraExtraLarge,
        .accessibilityMedium, .accessibilityLarge, .accessibilityExtraLarge, .accessibilityExtraExtraLarge, .accessibilityExtraExtraExtraLarge,
    ]
    /// Whether this is one of the larger accessibility sizes.
    public var isAccessibilityCategory: Bool { rawValue.contains("Accessibility") }
    /// Smaller sizes order first.
    public static func < (l: UIContentSizeCategory, r: UIContentSizeCategory) -> Bool {
        (order.firstIndex(of: l) ?? 0) < (order.firstIndex(of: r) ?? 0)
    }
}

/// The environment an interface is shown in: appearance, size classes, scale, text size, layout direction.
/// Calyx's screens are a phone's in portrait, light, at the screen's scale and the default text size.
public final class UITraitCollection: NSObject, @unchecked Sendable {
    /// Light or dark.
    public let userInterfaceStyle: UIUserInterfaceStyle
    /// Compact or regular width.
    public let horizontalSizeClass: UIUserInterfaceSizeClass
    /// Compact or regular height.
    public let verticalSizeClass: UIUserInterfaceSizeClass
    /// Pixels per point.
    public let displayScale: CGFloat
    /// The preferred text size.
    public let preferredContentSizeCategory: UIContentSizeCategory
    /// Left to right or right to left.
    public let layoutDirection: UITraitEnvironmentLayoutDirection
    /// Phone, pad and so on.
    public let userInterfaceIdiom: UIUserInterfaceIdiom

    init(style: UIUserInterfaceStyle = .light, horizontal: UIUserInterfaceSizeClass = .compact,
         vertical: UIUserInterfaceSizeClass = .regular, scale: CGFloat = UIScreen.main.scale,
         category: UIContentSizeCategory = .large, direction: UITraitEnvironmentLayoutDirection = .leftToRight,
         idiom: UIUserInterfaceIdiom = .phone) {
        userInterfaceStyle = style
        horizontalSizeClass = horizontal
        verticalSizeClass = vertical
        displayScale = scale
        preferredContentSizeCategory = category
        layoutDirection = direction
        userInterfaceIdiom = idiom
        super.init()
    }

    /// Traits with nothing specified but the light style.
    public convenience override init() { self.init(style: .light) }
    /// Traits specifying only the style.
    public convenience init(userInterfaceStyle: UIUserInterfaceStyle) { self.init(style: userInterfaceStyle) }
    /// Traits specifying only the horizontal size class.
    public convenience init(horizontalSizeClass: UIUserInterfaceSizeClass) { self.init(horizontal: horizontalSizeClass) }
    /// Traits specifying only the vertical size class.
    public convenience init(verticalSizeClass: UIUserInterfaceSizeClass) { self.init(vertical: verticalSizeClass) }
    /// Traits specifying only the display scale.
    public convenience init(displayScale: CGFloat) { self.init(scale: displayScale) }
    /// Traits specifying only the text size.
    public convenience init(preferredContentSizeCategory: UIContentSizeCategory) { self.init(category: preferredContentSizeCategory) }

    /// The collection the current drawing or layout sees (the light phone one; `performAsCurrent` changes it).
    /// Per thread, as UIKit's is.
    public static var current: UITraitCollection {
        get { Thread.current.threadDictionary[currentKey] as? UITraitCollection ?? standard }
        set { Thread.current.threadDictionary[currentKey] = newValue }
    }
    private static let currentKey = "calyx.UITraitCollection.current"
    private static let standard = UITraitCollection()

    /// Runs `actions` with this collection as `current`.
    public func performAsCurrent(_ actions: () throws -> Void) rethrows {
        let outer = UITraitCollection.current
        UITraitCollection.current = self
        defer { UITraitCollection.current = outer }
        try actions()
    }

    /// Whether `other` differs in something colours depend on (the appearance).
    public func hasDifferentColorAppearance(comparedTo other: UITraitCollection?) -> Bool {
        userInterfaceStyle != other?.userInterfaceStyle
    }

    /// Whether `object` has the same traits.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let o = object as? UITraitCollection else { return false }
        return userInterfaceStyle == o.userInterfaceStyle && horizontalSizeClass == o.horizontalSizeClass
            && verticalSizeClass == o.verticalSizeClass && displayScale == o.displayScale
            && preferredContentSizeCategory == o.preferredContentSizeCategory && layoutDirection == o.layoutDirection
    }
}

/// Something with traits: views and view controllers.
public protocol UITraitEnvironment: AnyObject {
    /// The traits in effect: appearance, size classes, scale, text size, direction.
    var traitCollection: UITraitCollection { get }
    /// Called when the traits changed, with the ones before.
    func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?)
}


/// How a view's content is laid out in right-to-left languages, with UIKit's raw values.
public enum UISemanticContentAttribute: Int, Sendable {
    /// The layout direction follows the language.
    case unspecified = 0
    /// Playback controls, which keep left-to-right order.
    case playback
    /// Directional controls, such as arrows, which keep their order.
    case spatial
    /// Always left to right.
    case forceLeftToRight
    /// Always right to left.
    case forceRightToLeft
}
/// The direction of a user interface's layout.
public enum UIUserInterfaceLayoutDirection: Int, Sendable {
    /// Content flows from left to right.
    case leftToRight = 0
    /// Content flows from right to left.
    case rightToLeft
}

extension UIView: UITraitEnvironment {}
extension UIViewController: UITraitEnvironment {}
/// The status bar's style, with UIKit's raw values (there is no status bar here).
public enum UIStatusBarStyle: Int, Sendable {
    /// The system's style for the current appearance.
    case `default` = 0
    /// Light content, for dark backgrounds.
    case lightContent = 1
    /// Dark content, for light backgrounds.
    case darkContent = 3
}
