import CoreText

/// Where `CATextLayer` truncates text that does not fit.
public struct CATextLayerTruncationMode: RawRepresentable, Hashable, Sendable {
    /// The raw value.
    public let rawValue: String
    /// A value from its raw value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Where text that does not fit is cut: not at all, or with an ellipsis at the start…
    public static let none = Self(rawValue: "none"), start = Self(rawValue: "start")
    /// …at the end, or in the middle.
    public static let end = Self(rawValue: "end"), middle = Self(rawValue: "middle")
}

/// Horizontal alignment in `CATextLayer`. Unknown values are kept (semantics §9.3).
public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable {
    /// The raw value.
    public let rawValue: String
    /// A value from its raw value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Text alignments: natural for the script, left, right…
    public static let natural = Self(rawValue: "natural"), left = Self(rawValue: "left"), right = Self(rawValue: "right")
    /// …centred, or justified.
    public static let center = Self(rawValue: "center"), justified = Self(rawValue: "justified")
}

/// A layer that draws a plain or attributed string, its first line aligned to the top (semantics §9.3).
open class CATextLayer: CALayer, @unchecked Sendable {
    /// The properties below, as one value (copied whole when the layer is copied).
    @exclusivity(unchecked) package var textValues = TextValues()
    /// A `String` or an `NSAttributedString`.
    open var string: Any? {
        get { textValues.string }
        set { let old = textValues.string; textValues.string = newValue; textValues.frozenString = nil; didChangeUncompared("string", old) }
    }
    /// A `CTFont`, or a font name as a `String` (read back as given). Default Helvetica.
    open var font: AnyObject? { get { textValues.font } set { let old = textValues.font; textValues.font = newValue; didChangeUncompared("font", old) } }
    /// The text's size in points when the string is not attributed (36 by default). Animatable.
    open var fontSize: CGFloat { get { textValues.fontSize } set { guard admits("fontSize", newValue) else { return }; let old = textValues.fontSize; textValues.fontSize = newValue; didChange("fontSize", old, newValue) } }
    /// The text's colour when the string is not attributed (opaque white by default). Animatable.
    open var foregroundColor: CGColor? { get { textValues.foregroundColor } set { let old = textValues.foregroundColor; textValues.foregroundColor = newValue; didChange("foregroundColor", old, newValue) } }
    /// Whether the text wraps onto more lines to fit the bounds' width.
    open var isWrapped: Bool { get { textValues.isWrapped } set { let old = textValues.isWrapped; textValues.isWrapped = newValue; didChange("wrapped", old, newValue) } }
    /// Where the text is cut, with an ellipsis, when it does not fit.
    open var truncationMode: CATextLayerTruncationMode { get { textValues.truncationMode } set { let old = textValues.truncationMode; textValues.truncationMode = newValue; didChange("truncationMode", old, newValue) } }
    /// How lines are aligned horizontally in the bounds.
    open var alignmentMode: CATextLayerAlignmentMode { get { textValues.alignmentMode } set { let old = textValues.alignmentMode; textValues.alignmentMode = newValue; didChange("alignmentMode", old, newValue) } }
    /// Whether glyphs may be placed on whole pixels horizontally.
    open var allowsFontSubpixelQuantization: Bool {
        get { textValues.allowsFontSubpixelQuantization }
        set { textValues.allowsFontSubpixelQuantization = newValue }
    }

    /// A text layer with no string.
    public override init() { super.init() }
    /// A copy of `layer`'s text properties (for presentation copies).
    public required init(layer: Any) {
        super.init(layer: layer)
        // A copy draws a mutable string as it is now (a render thread may draw the copy while its owner edits
        // it): the text is read into a value, as no NSAttributedString is made for it (see AttributedText). A copy
        // of a copy keeps the value its source froze.
        if textValues.frozenString == nil, let editable = string as? NSMutableAttributedString {
            textValues.frozenString = AttributedText(editable)
        } else if let editable = string as? NSMutableString {
            textValues.string = String(editable)
        }
    }

    /// A copy's mutable attributed string as it was when the copy was made (what the copy draws).
    package var frozenString: AttributedText? { textValues.frozenString }
    /// Decodes a text layer.
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    static let textProperties = CALayer.layerProperties.adding([
        .make("string", \CATextLayer.string, { $0.string = $1 }, .discrete, implicit: false, Convert.any),
        .make("fontSize", \CATextLayer.fontSize, { $0.fontSize = $1 }, .number, Convert.cgFloat),
        .make("foregroundColor", \CATextLayer.foregroundColor, { $0.foregroundColor = $1 }, .color, Convert.color),
        .make("wrapped", \CATextLayer.isWrapped, { $0.isWrapped = $1 }, .discrete, implicit: false, animatable: false, Convert.bool),
        .make("truncationMode", \CATextLayer.truncationMode, { $0.truncationMode = $1 }, .discrete, implicit: false, animatable: false, Convert.string),
        .make("alignmentMode", \CATextLayer.alignmentMode, { $0.alignmentMode = $1 }, .discrete, implicit: false, animatable: false, Convert.string),
    ], copier: { unsafeDowncast($1, to: CATextLayer.self).textValues = unsafeDowncast($0, to: CATextLayer.self).textValues })
    package override class var propertyTable: PropertyTable { textProperties }
}

/// `CATextLayer`'s own properties, as one value, with Apple's defaults (see `LayerValues`).
package struct TextValues: @unchecked Sendable {
    var string: Any?
    /// A copy's frozen `string` when that is mutable (cleared when `string` is set).
    var frozenString: AttributedText?
    var font: AnyObject? = "Helvetica" as NSString
    var fontSize: CGFloat = 36
    var foregroundColor: CGColor? = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    var isWrapped: Bool = false
    var truncationMode: CATextLayerTruncationMode = CATextLayerTruncationMode.none
    var alignmentMode: CATextLayerAlignmentMode = CATextLayerAlignmentMode.natural
    var allowsFontSubpixelQuantization = false
}
