import CoreText

/// A font: a `CTFont` with UIKit's names, so a `UIFont` is accepted wherever Core Text or `CATextLayer` takes a
/// font, as on iOS where the two are toll-free bridged.
///
/// iOS's system font (San Francisco) is drawn with Liberation Sans, and its monospaced variant with Liberation
/// Mono (docs/text.md says why these fonts and how weights map onto the faces a machine has). The names UIKit
/// reports follow iOS: the system font's `fontName` is `.SFUI-Regular`, `.SFUI-Semibold` and so on.
open class UIFont: CTFont, @unchecked Sendable {
    /// A font weight on UIKit's scale (−1 to 1, regular 0), with iOS's values.
    public struct Weight: RawRepresentable, Hashable, Comparable, Sendable {
        /// The raw value.
        public let rawValue: CGFloat
        /// A value from its raw value.
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// A value from its raw value.
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }
        /// Lighter weights order first.
        public static func < (l: Weight, r: Weight) -> Bool { l.rawValue < r.rawValue }

        /// The lightest weight.
        public static let ultraLight = Weight(-0.8)
        /// Thin.
        public static let thin = Weight(-0.6)
        /// Light.
        public static let light = Weight(-0.4)
        /// The normal weight.
        public static let regular = Weight(0)
        /// Slightly heavier than regular.
        public static let medium = Weight(0.23)
        /// Between medium and bold.
        public static let semibold = Weight(0.3)
        /// Bold.
        public static let bold = Weight(0.4)
        /// Heavier than bold.
        public static let heavy = Weight(0.56)
        /// The heaviest weight.
        public static let black = Weight(0.62)

        /// The named weight nearest this one, as a PostScript style name ("Semibold").
        var styleName: String {
            let named: [(Weight, String)] = [(.ultraLight, "Ultralight"), (.thin, "Thin"), (.light, "Light"),
                                             (.regular, "Regular"), (.medium, "Medium"), (.semibold, "Semibold"),
                                             (.bold, "Bold"), (.heavy, "Heavy"), (.black, "Black")]
            let value = rawValue.isFinite ? rawValue : 0
            return named.min { abs($0.0.rawValue - value) < abs($1.0.rawValue - value) }!.1
        }
    }

    /// The family reported by `familyName` (the parsed family, or iOS's name for the system font's).
    private let reportedFamily: String

    /// The font named `fontName` (a PostScript name such as `"Avenir-Heavy"` or a family name such as
    /// `"Helvetica Neue"`) at `fontSize` points, or nil when no font of that family exists here or among
    /// Apple's families that Calyx maps. A size of 0 or less is UIKit's default, 12.
    public init?(name fontName: String, size fontSize: CGFloat) {
        let family = CTFont.parse(fontName).0
        guard FontSystem.shared.hasFamily(family) || FontSystem.shared.hasFamily(fontName) else { return nil }
        reportedFamily = family
        super.init(name: fontName, size: fontSize)
    }

    /// A font with a name Calyx made (always available).
    init(internalName: String, family: String, size: CGFloat) {
        reportedFamily = family
        super.init(name: internalName, size: size)
    }

    /// The font described by `descriptor` at `pointSize` (0 keeps the descriptor's size).
    public convenience init(descriptor: UIFontDescriptor, size pointSize: CGFloat) {
        let size = pointSize > 0 ? pointSize : descriptor.pointSize
        self.init(internalName: descriptor.resolvedFontName, family: descriptor.resolvedFamily, size: size)
    }

    // MARK: Names and metrics

    /// The font family's name.
    open var familyName: String { reportedFamily }
    /// The font's name.
    open var fontName: String { requestedName }
    /// The size in points.
    open var pointSize: CGFloat { size }
    /// Distance from the baseline to the top of the tallest glyphs, positive.
    open var ascender: CGFloat { metrics.ascent }
    /// Distance from the baseline to the bottom of the lowest glyphs, negative (below the baseline), as iOS's.
    open var descender: CGFloat { -metrics.descent }
    /// The height of capital letters, in points.
    open var capHeight: CGFloat { designMetrics.capHeight }
    /// The height of a lowercase x, in points.
    open var xHeight: CGFloat { designMetrics.xHeight }
    /// The font's line gap.
    open var leading: CGFloat { metrics.leading }
    /// The height of one line: ascender, descent and line gap.
    open var lineHeight: CGFloat { metrics.ascent + metrics.descent + metrics.leading }

    /// A description of the font's family, face and size.
    open var fontDescriptor: UIFontDescriptor {
        UIFontDescriptor(fontAttributes: [.name: fontName, .family: familyName, .size: pointSize])
    }

    /// The same font at another size.
    open func withSize(_ fontSize: CGFloat) -> UIFont {
        UIFont(internalName: requestedName, family: reportedFamily, size: fontSize)
    }

    /// The name and size.
    open override var description: String { "<UIFont \(fontName) \(pointSize)pt>" }

    // MARK: System fonts

    /// UIKit's standard sizes: 14 for system text, 12 small, 17 for labels and 18 for buttons.
    open class var systemFontSize: CGFloat { 14 }
    /// 12 points.
    open class var smallSystemFontSize: CGFloat { 12 }
    /// 17 points.
    open class var labelFontSize: CGFloat { 17 }
    /// 18 points.
    open class var buttonFontSize: CGFloat { 18 }

    /// iOS's family name for the system font.
    static let systemFamily = ".AppleSystemUIFont"

    /// The system font at `fontSize`, regular weight.
    open class func systemFont(ofSize fontSize: CGFloat) -> UIFont { systemFont(ofSize: fontSize, weight: .regular) }

    /// The system font at `fontSize` and `weight`.
    open class func systemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(internalName: ".SFUI-\(weight.styleName)", family: systemFamily, size: fontSize)
    }

    /// The system font at `fontSize`, bold.
    open class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont { systemFont(ofSize: fontSize, weight: .bold) }

    /// The system font at `fontSize`, italic.
    open class func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        UIFont(internalName: ".SFUI-RegularItalic", family: systemFamily, size: fontSize)
    }

    /// The system font's monospaced design (every character the same width).
    open class func monospacedSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(internalName: ".SFUIMono-\(weight.styleName)", family: ".AppleSystemUIFontMonospaced", size: fontSize)
    }

    /// The system font with digits of one width, so counting numbers do not jiggle. (The stand-in's digits
    /// already share one width, so this is the system font.)
    open class func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        systemFont(ofSize: fontSize, weight: weight)
    }

    /// The font for a text style at iOS's default content size (Large): body 17, headline 17 semibold, large
    /// title 34 and so on (Apple's Human Interface Guidelines, "Typography", the iOS Dynamic Type sizes).
    open class func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        let (size, weight) = style.defaultSizeAndWeight
        return systemFont(ofSize: size, weight: weight)
    }

    /// The families fonts can be asked for by name here: Apple's that Calyx maps and those installed.
    open class var familyNames: [String] { FontSystem.shared.familyNames }

    /// The PostScript names of a family's faces (its regular, bold, italic and bold italic).
    open class func fontNames(forFamilyName familyName: String) -> [String] {
        guard FontSystem.shared.hasFamily(familyName) else { return [] }
        let base = familyName.replacingOccurrences(of: " ", with: "")
        return [base, "\(base)-Bold", "\(base)-Italic", "\(base)-BoldItalic"]
    }

    /// The text styles of Dynamic Type, with UIKit's raw values.
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        /// The raw value.
        public let rawValue: String
        /// A value from its raw value.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// A value from its raw value.
        public init(_ rawValue: String) { self.rawValue = rawValue }

        /// 34 points: a screen's large title.
        public static let largeTitle = TextStyle("UICTFontTextStyleTitle0")
        /// 28 points.
        public static let title1 = TextStyle("UICTFontTextStyleTitle1")
        /// 22 points.
        public static let title2 = TextStyle("UICTFontTextStyleTitle2")
        /// 20 points.
        public static let title3 = TextStyle("UICTFontTextStyleTitle3")
        /// 17 points, semibold.
        public static let headline = TextStyle("UICTFontTextStyleHeadline")
        /// 15 points.
        public static let subheadline = TextStyle("UICTFontTextStyleSubhead")
        /// 17 points: body text.
        public static let body = TextStyle("UICTFontTextStyleBody")
        /// 16 points.
        public static let callout = TextStyle("UICTFontTextStyleCallout")
        /// 13 points.
        public static let footnote = TextStyle("UICTFontTextStyleFootnote")
        /// 12 points.
        public static let caption1 = TextStyle("UICTFontTextStyleCaption1")
        /// 11 points.
        public static let caption2 = TextStyle("UICTFontTextStyleCaption2")

        /// iOS's size and weight at the default content size; an unknown style is body's.
        var defaultSizeAndWeight: (CGFloat, Weight) {
            switch self {
            case .largeTitle: (34, .regular)
            case .title1: (28, .regular)
            case .title2: (22, .regular)
            case .title3: (20, .regular)
            case .headline: (17, .semibold)
            case .subheadline: (15, .regular)
            case .callout: (16, .regular)
            case .footnote: (13, .regular)
            case .caption1: (12, .regular)
            case .caption2: (11, .regular)
            default: (17, .regular)
            }
        }
    }
}
