/// Where `CATextLayer` truncates text that does not fit.
public struct CATextLayerTruncationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let none = Self(rawValue: "none"), start = Self(rawValue: "start")
    public static let end = Self(rawValue: "end"), middle = Self(rawValue: "middle")
}

/// Horizontal alignment in `CATextLayer`. Unknown values are kept (semantics §9.3).
public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let natural = Self(rawValue: "natural"), left = Self(rawValue: "left"), right = Self(rawValue: "right")
    public static let center = Self(rawValue: "center"), justified = Self(rawValue: "justified")
}

/// A layer that draws a plain or attributed string, its first line aligned to the top (semantics §9.3).
open class CATextLayer: CALayer, @unchecked Sendable {
    /// A `String` or an `NSAttributedString`.
    open var string: Any? { didSet { didChangeUncompared("string", oldValue) } }
    /// A `CTFont`, or a font name as a `String` (read back as given). Default Helvetica.
    open var font: AnyObject? = "Helvetica" as NSString { didSet { didChangeUncompared("font", oldValue) } }
    open var fontSize: CGFloat = 36 { didSet { guard admits("fontSize", fontSize) else { fontSize = oldValue; return }; didChange("fontSize", oldValue, fontSize) } }
    open var foregroundColor: CGColor? = CGColor(red: 1, green: 1, blue: 1, alpha: 1) { didSet { didChange("foregroundColor", oldValue, foregroundColor) } }
    open var isWrapped = false { didSet { didChange("wrapped", oldValue, isWrapped) } }
    open var truncationMode = CATextLayerTruncationMode.none { didSet { didChange("truncationMode", oldValue, truncationMode) } }
    open var alignmentMode = CATextLayerAlignmentMode.natural { didSet { didChange("alignmentMode", oldValue, alignmentMode) } }
    open var allowsFontSubpixelQuantization = false

    public override init() { super.init() }
    public required init(layer: Any) {
        super.init(layer: layer)
        if let source = layer as? CATextLayer { font = source.font; allowsFontSubpixelQuantization = source.allowsFontSubpixelQuantization }
        // A copy takes a mutable string as it is now (a render thread may draw the copy while its owner edits it).
        if let editable = string as? NSMutableAttributedString { string = NSAttributedString(attributedString: editable) }
        else if let editable = string as? NSMutableString { string = String(editable) }
    }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    static let textProperties = CALayer.layerProperties.adding([
        .make("string", \CATextLayer.string, { $0.string = $1 }, .discrete, implicit: false, Convert.any),
        .make("fontSize", \CATextLayer.fontSize, { $0.fontSize = $1 }, .number, Convert.cgFloat),
        .make("foregroundColor", \CATextLayer.foregroundColor, { $0.foregroundColor = $1 }, .color, Convert.color),
        .make("wrapped", \CATextLayer.isWrapped, { $0.isWrapped = $1 }, .discrete, implicit: false, animatable: false, Convert.bool),
        .make("truncationMode", \CATextLayer.truncationMode, { $0.truncationMode = $1 }, .discrete, implicit: false, animatable: false, Convert.string),
        .make("alignmentMode", \CATextLayer.alignmentMode, { $0.alignmentMode = $1 }, .discrete, implicit: false, animatable: false, Convert.string),
    ])
    package override class var propertyTable: PropertyTable { textProperties }
}
