/// A visual effect a `UIVisualEffectView` applies: a blur of what is behind it, or vibrancy for content over a
/// blur.
open class UIVisualEffect: NSObject, NSCopying, @unchecked Sendable {
    public override init() { super.init() }
    open func copy(with zone: NSZone? = nil) -> Any { self }
}

/// A blur of what lies behind the view, with the style's tint over it (docs/view-animation.md §8).
open class UIBlurEffect: UIVisualEffect, @unchecked Sendable {
    /// The blur styles, with UIKit's raw values.
    public enum Style: Int, Sendable {
        case extraLight = 0, light = 1, dark = 2, extraDark = 3, regular = 4, prominent = 5
        case systemUltraThinMaterial = 6, systemThinMaterial = 7, systemMaterial = 8, systemThickMaterial = 9
        case systemChromeMaterial = 10
        case systemUltraThinMaterialLight = 11, systemThinMaterialLight = 12, systemMaterialLight = 13
        case systemThickMaterialLight = 14, systemChromeMaterialLight = 15
        case systemUltraThinMaterialDark = 16, systemThinMaterialDark = 17, systemMaterialDark = 18
        case systemThickMaterialDark = 19, systemChromeMaterialDark = 20
    }

    public let style: Style

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
    public let blurEffect: UIBlurEffect
    public let style: UIVibrancyEffectStyle

    public init(blurEffect: UIBlurEffect, style: UIVibrancyEffectStyle) {
        self.blurEffect = blurEffect
        self.style = style
        super.init()
    }

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
    case label, secondaryLabel, tertiaryLabel, quaternaryLabel, fill, secondaryFill, tertiaryFill, separator
}
