/// Attribute keys, with Apple's string values (so `NSAttributedString.Key("NSFont")` and `kCTFontAttributeName`
/// name the same attribute, as on Apple platforms).
public let kCTFontAttributeName: CFString = "NSFont"
/// The text's colour (a `CGColor`).
public let kCTForegroundColorAttributeName: CFString = "CTForegroundColor"
/// Draw the text in the context's fill colour.
public let kCTForegroundColorFromContextAttributeName: CFString = "CTForegroundColorFromContext"
/// The underline (a `CTUnderlineStyle` raw value).
public let kCTUnderlineStyleAttributeName: CFString = "NSUnderline"
/// The underline's colour.
public let kCTUnderlineColorAttributeName: CFString = "CTUnderlineColor"
/// Extra space after each character, in points.
public let kCTKernAttributeName: CFString = "NSKern"
/// The paragraph style: alignment, line spacing, line breaking.
public let kCTParagraphStyleAttributeName: CFString = "NSParagraphStyle"
/// Whether ligatures are used (0 or 1).
public let kCTLigatureAttributeName: CFString = "NSLigature"
/// The outline's width, in percent of the font size (negative: filled and stroked).
public let kCTStrokeWidthAttributeName: CFString = "NSStrokeWidth"
/// The outline's colour.
public let kCTStrokeColorAttributeName: CFString = "NSStrokeColor"
/// A shift of the baseline, in points (up is positive).
public let kCTBaselineOffsetAttributeName: CFString = "NSBaselineOffset"
/// UIKit's foreground colour key ("NSColor"), read as a colour too.
let uiKitForegroundColorKey = "NSColor"

/// Underline styles (the values of `kCTUnderlineStyleAttributeName`).
public struct CTUnderlineStyle: OptionSet, Sendable {
    /// The raw value.
    public let rawValue: Int32
    /// A value from its raw value.
    public init(rawValue: Int32) { self.rawValue = rawValue }
    /// No underline.
    public static let none = CTUnderlineStyle([])
    /// One line.
    public static let single = CTUnderlineStyle(rawValue: 1)
    /// One thick line.
    public static let thick = CTUnderlineStyle(rawValue: 2)
    /// Two lines.
    public static let double = CTUnderlineStyle(rawValue: 9)
}

extension NSAttributedString.Key {
    /// `kCTFontAttributeName` (UIKit's `.font`).
    public static let font = NSAttributedString.Key(kCTFontAttributeName)
    /// UIKit's `.foregroundColor` ("NSColor").
    public static let foregroundColor = NSAttributedString.Key(uiKitForegroundColorKey)
    /// `kCTUnderlineStyleAttributeName` (UIKit's `.underlineStyle`).
    public static let underlineStyle = NSAttributedString.Key(kCTUnderlineStyleAttributeName)
    /// `kCTKernAttributeName` (UIKit's `.kern`): extra space after each character, in points.
    public static let kern = NSAttributedString.Key(kCTKernAttributeName)
    /// An `NSParagraphStyle`: alignment, line breaking, line heights, spacing and indents.
    public static let paragraphStyle = NSAttributedString.Key(kCTParagraphStyleAttributeName)
    /// 0: no ligatures; 1 (the default): the font's standard ligatures; 2: all of them.
    public static let ligature = NSAttributedString.Key(kCTLigatureAttributeName)
    /// Outline width as a percentage of the font size: positive strokes the glyphs only, negative fills and
    /// strokes them, 0 (the default) fills.
    public static let strokeWidth = NSAttributedString.Key(kCTStrokeWidthAttributeName)
    /// The outline's colour (the foreground colour when absent).
    public static let strokeColor = NSAttributedString.Key(kCTStrokeColorAttributeName)
    /// A colour painted behind the characters.
    public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")
    /// Points to raise (positive) or lower the characters from the baseline.
    public static let baselineOffset = NSAttributedString.Key(kCTBaselineOffsetAttributeName)
    /// UIKit's underline colour.
    public static let underlineColor = NSAttributedString.Key("NSUnderlineColor")
    /// A line through the characters (an underline style's value).
    public static let strikethroughStyle = NSAttributedString.Key("NSStrikethrough")
    /// The strikethrough's colour.
    public static let strikethroughColor = NSAttributedString.Key("NSStrikethroughColor")
}

/// A number attribute's value as a `CGFloat` (any numeric type or `NSNumber`).
func numberValue(_ value: Any?) -> CGFloat? {
    switch value {
    case let v as CGFloat: return v.isFinite ? v : nil
    case let v as Double: return v.isFinite ? CGFloat(v) : nil
    case let v as Float: return v.isFinite ? CGFloat(v) : nil
    case let v as Int: return CGFloat(v)
    case let v as NSNumber: return v.doubleValue.isFinite ? CGFloat(v.doubleValue) : nil
    default: return nil
    }
}

/// Reads a truncation-free, colour-or-nil attribute value.
func colorValue(_ value: Any?) -> CGColor? {
    if let c = value as? CGColorConvertible { return c.cgColor }
    return nil
}
