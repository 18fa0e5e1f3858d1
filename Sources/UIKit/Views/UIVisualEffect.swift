/// A visual effect a `UIVisualEffectView` applies: a blur of what is behind it, or vibrancy for content over a
/// blur.
open class UIVisualEffect: NSObject, NSCopying, @unchecked Sendable {
    /// An effect.
    public override init() { super.init() }
    /// The effect itself: effects cannot change, so a copy is the same object.
    open func copy(with zone: NSZone? = nil) -> Any { self }
}

/// A blur of what lies behind the view, with the style's tint over it (docs/view-animation.md §8).
open class UIBlurEffect: UIVisualEffect, @unchecked Sendable {
    /// The blur styles, with UIKit's raw values.
    public enum Style: Int, Sendable {
        /// A blur with a strong white tint.
        case extraLight = 0
        /// A blur with a light tint.
        case light = 1
        /// A blur with a dark tint.
        case dark = 2
        /// A blur with a strong dark tint.
        case extraDark = 3
        /// The standard blur, adapting to the appearance.
        case regular = 4
        /// A blur with a stronger tint than `regular`.
        case prominent = 5
        /// The most translucent material.
        case systemUltraThinMaterial = 6
        /// A thin, translucent material.
        case systemThinMaterial = 7
        /// The standard material.
        case systemMaterial = 8
        /// A thick material, nearly opaque.
        case systemThickMaterial = 9
        /// The material of bars and other chrome.
        case systemChromeMaterial = 10
        /// The most translucent material, always light.
        case systemUltraThinMaterialLight = 11
        /// A thin material, always light.
        case systemThinMaterialLight = 12
        /// The standard material, always light.
        case systemMaterialLight = 13
        /// A thick material, always light.
        case systemThickMaterialLight = 14
        /// The chrome material, always light.
        case systemChromeMaterialLight = 15
        /// The most translucent material, always dark.
        case systemUltraThinMaterialDark = 16
        /// A thin material, always dark.
        case systemThinMaterialDark = 17
        /// The standard material, always dark.
        case systemMaterialDark = 18
        /// A thick material, always dark.
        case systemThickMaterialDark = 19
        /// The chrome material, always dark.
        case systemChromeMaterialDark = 20
    }

    /// The blur's style.
    public let style: Style

    /// A blur of the given style.
    public init(style: Style) {
        self.style = style
        super.init()
    }

    /// What the style draws: the blur's standard deviation in points, the saturation applied to the blurred
    /// backdrop, and the tint laid over it (white level and alpha). Calyx draws the light appearance: `regular`
    /// and `prominent` and the unsuffixed materials are their light forms.
    var recipe: (radius: CGFloat, saturation: CGFloat, white: CGFloat, alpha: CGFloat) {
        // Materials, thinnest to thickest: radii and tint alphas (DECISION: the recipes are not public).
        let materialRadius: [CGFloat] = [10, 15, 20, 25, 30], materialAlpha: [CGFloat] = [0.25, 0.35, 0.45, 0.55, 0.65]
        switch style {
        case .extraLight, .prominent: return (20, 1.8, 0.97, 0.82)
        case .light, .regular: return (30, 1.8, 1.0, 0.3)
        case .dark: return (20, 1.8, 0.11, 0.73)
        case .extraDark: return (20, 1.8, 0.0, 0.8)
        default:
            let raw = style.rawValue - 6
            let thickness = raw % 5
            let dark = raw >= 10
            return (materialRadius[thickness], 1.8, dark ? 0 : 1, materialAlpha[thickness])
        }
    }

    /// Whether the style is dark (vibrancy lightens over dark blurs and darkens over light ones).
    var isDark: Bool {
        switch style {
        case .dark, .extraDark: return true
        default: return style.rawValue >= 16
        }
    }
}

/// Vibrancy for content over a blur: the content's shape shows the backdrop lightened (over dark blurs) or
/// darkened (over light ones), rather than its own colours.
open class UIVibrancyEffect: UIVisualEffect, @unchecked Sendable {
    /// The blur the vibrant content sits on.
    public let blurEffect: UIBlurEffect
    /// How strongly the content shows.
    public let style: UIVibrancyEffectStyle

    /// Vibrancy for content over `blurEffect`, in the given style.
    public init(blurEffect: UIBlurEffect, style: UIVibrancyEffectStyle) {
        self.blurEffect = blurEffect
        self.style = style
        super.init()
    }

    /// Vibrancy for labels over `blurEffect`.
    public convenience init(blurEffect: UIBlurEffect) { self.init(blurEffect: blurEffect, style: .label) }

    /// How strongly the content shows: secondary, tertiary and quaternary styles are fainter.
    var strength: CGFloat {
        switch style {
        case .label, .fill, .separator: return 1
        case .secondaryLabel, .secondaryFill: return 0.7
        case .tertiaryLabel, .tertiaryFill: return 0.5
        case .quaternaryLabel: return 0.35
        }
    }
}

/// The vibrancy styles (iOS 13).
public enum UIVibrancyEffectStyle: Int, Sendable {
    /// Primary text, at full strength.
    case label
    /// Secondary text, fainter.
    case secondaryLabel
    /// Tertiary text, fainter still.
    case tertiaryLabel
    /// Quaternary text, the faintest.
    case quaternaryLabel
    /// Fills, at full strength.
    case fill
    /// Secondary fills, fainter.
    case secondaryFill
    /// Tertiary fills, fainter still.
    case tertiaryFill
    /// Separator lines, at full strength.
    case separator
}
