/// Attribute keys, with Apple's string values (so `NSAttributedString.Key("NSFont")` and `kCTFontAttributeName`
/// name the same attribute, as on Apple platforms).
public let kCTFontAttributeName: CFString = "NSFont"
public let kCTForegroundColorAttributeName: CFString = "CTForegroundColor"
public let kCTForegroundColorFromContextAttributeName: CFString = "CTForegroundColorFromContext"
public let kCTUnderlineStyleAttributeName: CFString = "NSUnderline"
public let kCTUnderlineColorAttributeName: CFString = "CTUnderlineColor"
public let kCTKernAttributeName: CFString = "NSKern"
/// UIKit's foreground colour key ("NSColor"), read as a colour too.
let uiKitForegroundColorKey = "NSColor"

/// Underline styles (the values of `kCTUnderlineStyleAttributeName`).
public struct CTUnderlineStyle: OptionSet, Sendable {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }
    public static let none = CTUnderlineStyle([])
    public static let single = CTUnderlineStyle(rawValue: 1)
    public static let thick = CTUnderlineStyle(rawValue: 2)
    public static let double = CTUnderlineStyle(rawValue: 9)
}

extension NSAttributedString.Key {
    /// `kCTFontAttributeName` (UIKit's `.font`).
    public static let font = NSAttributedString.Key(kCTFontAttributeName)
    /// UIKit's `.foregroundColor` ("NSColor").
    public static let foregroundColor = NSAttributedString.Key(uiKitForegroundColorKey)
    /// `kCTUnderlineStyleAttributeName` (UIKit's `.underlineStyle`).
    public static let underlineStyle = NSAttributedString.Key(kCTUnderlineStyleAttributeName)
    /// `kCTKernAttributeName` (UIKit's `.kern`).
    public static let kern = NSAttributedString.Key(kCTKernAttributeName)
}

/// Reads a truncation-free, colour-or-nil attribute value.
func colorValue(_ value: Any?) -> CGColor? {
    if let c = value as? CGColorConvertible { return c.cgColor }
    return nil
}
