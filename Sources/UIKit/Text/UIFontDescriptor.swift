import CoreText

/// A description of a font by attributes — family, face name, size, traits — from which `UIFont(descriptor:size:)`
/// makes a font; how code asks for "this font, but bold" (`withSymbolicTraits(.traitBold)`).
open class UIFontDescriptor: NSObject, @unchecked Sendable {
    /// Keys of a descriptor's attributes, with UIKit's raw values.
    public struct AttributeName: RawRepresentable, Hashable, Sendable {
        /// The raw value.
        public let rawValue: String
        /// A value from its raw value.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The family name.
        public static let family = AttributeName(rawValue: "NSFontFamilyAttribute")
        /// The font's name.
        public static let name = AttributeName(rawValue: "NSFontNameAttribute")
        /// The face within the family ("Bold", "Italic").
        public static let face = AttributeName(rawValue: "NSFontFaceAttribute")
        /// The size in points.
        public static let size = AttributeName(rawValue: "NSFontSizeAttribute")
        /// A dictionary of traits (weight, width, slant, symbolic traits).
        public static let traits = AttributeName(rawValue: "NSCTFontTraitsAttribute")
        /// The text style the font is for.
        public static let textStyle = AttributeName(rawValue: "NSCTFontUIUsageAttribute")
    }

    /// Keys inside the `.traits` dictionary.
    public struct TraitKey: RawRepresentable, Hashable, Sendable {
        /// The raw value.
        public let rawValue: String
        /// A value from its raw value.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The symbolic traits (bold, italic…).
        public static let symbolic = TraitKey(rawValue: "NSCTFontSymbolicTrait")
        /// The weight, from −1 to 1.
        public static let weight = TraitKey(rawValue: "NSCTFontWeightTrait")
        /// The width, from −1 (condensed) to 1 (expanded).
        public static let width = TraitKey(rawValue: "NSCTFontProportionTrait")
        /// The slant, from −1 to 1.
        public static let slant = TraitKey(rawValue: "NSCTFontSlantTrait")
    }

    /// Style traits, with Core Text's bit values.
    public struct SymbolicTraits: OptionSet, Hashable, Sendable {
        /// The raw value.
        public let rawValue: UInt32
        /// A value from its raw value.
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Italic.
        public static let traitItalic = SymbolicTraits(rawValue: 1 << 0)
        /// Bold.
        public static let traitBold = SymbolicTraits(rawValue: 1 << 1)
        /// Wider than normal.
        public static let traitExpanded = SymbolicTraits(rawValue: 1 << 5)
        /// Narrower than normal.
        public static let traitCondensed = SymbolicTraits(rawValue: 1 << 6)
        /// Every glyph the same width.
        public static let traitMonoSpace = SymbolicTraits(rawValue: 1 << 10)
        /// For vertical text.
        public static let traitVertical = SymbolicTraits(rawValue: 1 << 11)
        /// Tuned for interfaces.
        public static let traitUIOptimized = SymbolicTraits(rawValue: 1 << 12)
        /// Less space between lines.
        public static let traitTightLeading = SymbolicTraits(rawValue: 1 << 15)
        /// More space between lines.
        public static let traitLooseLeading = SymbolicTraits(rawValue: 1 << 16)
    }

    /// The attributes that describe the font.
    public let fontAttributes: [AttributeName: Any]

    /// A descriptor from attributes.
    public init(fontAttributes attributes: [AttributeName: Any] = [:]) {
        fontAttributes = attributes
        super.init()
    }

    /// A descriptor of the font named `fontName` at `size` points.
    public convenience init(name fontName: String, size: CGFloat) {
        self.init(fontAttributes: [.name: fontName, .size: size])
    }

    /// The descriptor of a text style's font at iOS's default size.
    open class func preferredFontDescriptor(withTextStyle style: UIFont.TextStyle) -> UIFontDescriptor {
        let font = UIFont.preferredFont(forTextStyle: style)
        return UIFontDescriptor(fontAttributes: [.name: font.fontName, .family: font.familyName, .size: font.pointSize,
                                                 .textStyle: style.rawValue])
    }

    /// The size in points (0 when not given).
    open var pointSize: CGFloat { (fontAttributes[.size] as? CGFloat) ?? (fontAttributes[.size] as? Double).map { CGFloat($0) } ?? 0 }
    /// The name of the font the descriptor picks.
    open var postscriptName: String { resolvedFontName }

    /// The traits the descriptor asks for: those set in its traits dictionary, and bold or italic read from its
    /// face name.
    open var symbolicTraits: SymbolicTraits {
        var traits = SymbolicTraits(rawValue: (traitsDictionary[.symbolic] as? UInt32) ?? 0)
        let (_, weight, italic) = CTFont.parse(resolvedFontName)
        if weight >= 600 { traits.insert(.traitBold) }
        if italic { traits.insert(.traitItalic) }
        if resolvedFamily.contains("Mono") { traits.insert(.traitMonoSpace) }
        return traits
    }

    /// A copy with `traits` instead of the bold and italic it had; nil never (every family here has the four
    /// faces, synthesised where a font lacks them).
    open func withSymbolicTraits(_ traits: SymbolicTraits) -> UIFontDescriptor? {
        var attributes = fontAttributes
        attributes[.name] = nil
        attributes[.face] = nil
        var dictionary = traitsDictionary
        dictionary[.symbolic] = traits.rawValue
        attributes[.traits] = dictionary
        attributes[.family] = resolvedFamily
        return UIFontDescriptor(fontAttributes: attributes)
    }

    /// The descriptor at another size.
    open func withSize(_ newPointSize: CGFloat) -> UIFontDescriptor { adding([.size: newPointSize]) }
    /// The descriptor in another family.
    open func withFamily(_ newFamily: String) -> UIFontDescriptor {
        var attributes = fontAttributes
        attributes[.name] = nil
        attributes[.family] = newFamily
        return UIFontDescriptor(fontAttributes: attributes)
    }
    /// The descriptor with more attributes.
    open func addingAttributes(_ attributes: [AttributeName: Any]) -> UIFontDescriptor { adding(attributes) }

    private func adding(_ attributes: [AttributeName: Any]) -> UIFontDescriptor {
        UIFontDescriptor(fontAttributes: fontAttributes.merging(attributes) { $1 })
    }

    private var traitsDictionary: [TraitKey: Any] { fontAttributes[.traits] as? [TraitKey: Any] ?? [:] }

    /// The family asked for: the attribute, else the face name's family, else the system font's.
    var resolvedFamily: String {
        if let family = fontAttributes[.family] as? String { return family }
        if let name = fontAttributes[.name] as? String { return CTFont.parse(name).0 }
        return UIFont.systemFamily
    }

    /// The face name to draw: the name attribute, or the family with a style from the traits.
    var resolvedFontName: String {
        if let name = fontAttributes[.name] as? String { return name }
        let traits = SymbolicTraits(rawValue: (traitsDictionary[.symbolic] as? UInt32) ?? 0)
        let weight = (traitsDictionary[.weight] as? CGFloat).map { UIFont.Weight($0) }
        var style = traits.contains(.traitBold) ? "Bold" : (weight?.styleName ?? "Regular")
        if traits.contains(.traitItalic) { style += "Italic" }
        let family = resolvedFamily == UIFont.systemFamily ? ".SFUI" : resolvedFamily
        return "\(family)-\(style)"
    }
}
