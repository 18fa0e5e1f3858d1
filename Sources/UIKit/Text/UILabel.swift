import CoreText

/// A view that shows read-only text: one line or several, aligned, wrapped and truncated as UIKit's label does,
/// vertically centred in its bounds.
///
/// The text is drawn into the view's layer through Core Text (Pango underneath), as `CATextLayer` draws, and
/// redrawn when the text or a text property changes (`contentMode` is `.redraw`). Changing `text` inside
/// `UIView.transition(with:duration:options:animations:)` with `.transitionCrossDissolve` cross-fades the old
/// text into the new.
open class UILabel: UIView, @unchecked Sendable {
    /// How text is placed vertically when it shrinks to fit (kept for source compatibility: text is centred).
    public enum BaselineAdjustment: Int, Sendable {
        /// Shrunk text keeps its baseline where the original text's was.
        case alignBaselines = 0
        /// Shrunk text keeps its centre where the original text's was.
        case alignCenters
        /// Shrunk text moves to the top of its bounds.
        case none
    }

    /// What is shown: plain text in the label's font and colour, or an attributed string.
    private enum Content {
        case plain(String)
        case attributed(AttributedText)
    }
    private var content: Content?

    // MARK: Text and its attributes

    /// The text shown (nil by default). Setting it replaces any attributed text.
    open var text: String? {
        get {
            switch content {
            case .plain(let s): s
            case .attributed(let a): a.string
            case nil: nil
            }
        }
        set { content = newValue.map { .plain($0) }; textDidChange() }
    }

    /// The text with its attributes. For plain text, the label's font, colour, alignment and line breaking as
    /// attributes; setting it makes `text` its string.
    open var attributedText: NSAttributedString? {
        get { content == nil ? nil : displayedText.makeAttributedString() }
        set { content = newValue.map { .attributed(AttributedText($0)) }; textDidChange() }
    }

    /// The font (the system font at 17 points by default). Setting it also applies it to all attributed text.
    open var font: UIFont! = .systemFont(ofSize: 17) {
        didSet {
            if font == nil { font = .systemFont(ofSize: 17) }
            applyToAttributedText(.font, font!)
        }
    }
    /// The text colour (`.label` by default). Setting it also applies it to all attributed text.
    open var textColor: UIColor! = .label {
        didSet {
            if textColor == nil { textColor = .label }
            applyToAttributedText(.foregroundColor, textColor!)
        }
    }
    /// How lines are aligned.
    open var textAlignment: NSTextAlignment = .natural { didSet { textDidChange() } }
    /// How lines are broken and the last one cut (`.byTruncatingTail` by default).
    open var lineBreakMode: NSLineBreakMode = .byTruncatingTail { didSet { textDidChange() } }
    /// The most lines shown: 1 by default, 0 for as many as fit.
    open var numberOfLines = 1 { didSet { textDidChange() } }
    /// Whether the text is drawn in its colour (true) or dimmed.
    open var isEnabled = true { didSet { setNeedsDisplay() } }
    /// The text colour while highlighted.
    open var highlightedTextColor: UIColor? { didSet { setNeedsDisplay() } }
    /// Whether the highlighted colour shows.
    open var isHighlighted = false { didSet { setNeedsDisplay() } }
    /// A shadow drawn under the text (none by default), offset by `shadowOffset` (0, −1: one point up).
    open var shadowColor: UIColor? { didSet { setNeedsDisplay() } }
    /// The text shadow's offset (shown when `shadowColor` is set).
    open var shadowOffset = CGSize(width: 0, height: -1) { didSet { setNeedsDisplay() } }

    // MARK: Sizing

    /// Shrinks a one-line text's font, down to `minimumScaleFactor` of its size, until the text fits the width.
    open var adjustsFontSizeToFitWidth = false { didSet { setNeedsDisplay() } }
    /// The smallest fraction of the font size text may shrink to (0, the default, means it does not shrink).
    open var minimumScaleFactor: CGFloat = 0 { didSet { setNeedsDisplay() } }
    /// Whether text may be tightened before it is truncated.
    open var allowsDefaultTighteningForTruncation = false
    /// How shrunk text is placed vertically.
    open var baselineAdjustment: BaselineAdjustment = .alignBaselines
    /// The width multi-line text wraps to when the label reports its intrinsic size (0: not set, and Auto Layout
    /// wraps it at the width it gives the label, as UIKit's automatic width does).
    open var preferredMaxLayoutWidth: CGFloat = 0 { didSet { invalidateIntrinsicContentSize() } }
    /// The width Auto Layout last gave a multi-line label without a `preferredMaxLayoutWidth`: its text wraps there
    /// when it reports its intrinsic size.
    var automaticWrapWidth: CGFloat? { didSet { if automaticWrapWidth != oldValue { invalidateIntrinsicContentSize() } } }

    /// An empty label in the system font at 17 points.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        contentMode = .redraw
        layer.needsDisplayOnBoundsChange = true
        isAccessibilityElement = true
        accessibilityTraits = .staticText
    }

    /// The text, unless a label was set.
    open override var accessibilityLabel: String? {
        get { super.accessibilityLabel ?? text }
        set { super.accessibilityLabel = newValue }
    }

    /// Not decoded (there are no nibs): nil.
    public required init?(coder: NSCoder) { return nil }

    /// The size of the text: one unwrapped line, or for several lines wrapped to `preferredMaxLayoutWidth` (or the
    /// width Auto Layout gave the label, when that is not set),
    /// rounded up to whole points (through `textRect(forBounds:limitedToNumberOfLines:)`, so a subclass that
    /// pads it is sized with its padding). Empty text has no size.
    open override var intrinsicContentSize: CGSize {
        var width = CGFloat.greatestFiniteMagnitude
        if numberOfLines != 1 { width = preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : automaticWrapWidth ?? width }
        return textRect(forBounds: CGRect(x: 0, y: 0, width: width, height: .greatestFiniteMagnitude),
                        limitedToNumberOfLines: numberOfLines).size
    }

    /// The size the text needs within `size`'s width (one-line labels report their whole line).
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let width = numberOfLines != 1 && size.width > 0 ? size.width : .greatestFiniteMagnitude
        return textRect(forBounds: CGRect(x: 0, y: 0, width: width, height: .greatestFiniteMagnitude),
                        limitedToNumberOfLines: numberOfLines).size
    }

    /// The rectangle the text takes within `bounds` in at most `numberOfLines` lines (0: any number), at their
    /// top left, its size rounded up to whole points. `drawText(in:)` centres the text vertically.
    open func textRect(forBounds bounds: CGRect, limitedToNumberOfLines numberOfLines: Int) -> CGRect {
        guard content != nil, !displayedText.string.isEmpty else { return CGRect(origin: bounds.origin, size: .zero) }
        let layout = makeLayout(width: bounds.width, height: bounds.height, lines: numberOfLines, text: displayedText)
        let size = roundedUp(layout.size)
        let fitsWidth = numberOfLines == 1 ? size.width : min(size.width, bounds.width)
        return CGRect(origin: bounds.origin, size: CGSize(width: fitsWidth, height: min(size.height, bounds.height)))
    }

    /// Draws the text in `rect`, centred vertically, shrunk to fit when `adjustsFontSizeToFitWidth` says.
    open func drawText(in rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext(), content != nil else { return }
        var text = displayedText
        if isHighlighted, let highlightedTextColor { text = text.mappingAttribute(.foregroundColor) { _ in highlightedTextColor } }
        if !isEnabled { text = text.mappingAttribute(.foregroundColor) { ($0 as? UIColor ?? textColor).withAlphaComponent(0.5) } }
        text = shrunkToFit(text, width: rect.width)
        let layout = makeLayout(width: rect.width, height: rect.height, lines: numberOfLines, text: text)
        let top = rect.minY + (rect.height - layout.size.height) / 2
        context.saveGState()
        if let shadowColor {
            // UIKit's offsets are y down; Core Graphics' shadow offsets are y up.
            context.setShadow(offset: CGSize(width: shadowOffset.width, height: -shadowOffset.height), blur: 0, color: shadowColor.cgColor)
        }
        if usesUnwrappedLine(lines: numberOfLines) {
            // One unwrapped line: aligned here (Pango aligns only within a wrapping width).
            UIKitText.draw(layout, at: CGPoint(x: rect.minX + alignmentOffset(lineWidth: layout.size.width, in: rect.width), y: top), in: context)
        } else {
            UIKitText.draw(layout, at: CGPoint(x: rect.minX, y: top), in: context)
        }
        context.restoreGState()
    }

    /// Draws the text as the label's properties say.
    open override func draw(_ rect: CGRect) {
        drawText(in: bounds)
    }

    // MARK: Layout

    /// The text with the label's attributes: plain text in its font and colour, attributed text as given.
    private var displayedText: AttributedText {
        switch content {
        case .plain(let s):
            let style = NSMutableParagraphStyle()
            style.alignment = textAlignment
            style.lineBreakMode = lineBreakMode
            return AttributedText(string: s, attributes: [.font: font!, .foregroundColor: textColor!, .paragraphStyle: style])
        case .attributed(let a): return a
        case nil: return AttributedText(string: "")
        }
    }

    private var truncation: TextLayout.Truncation {
        switch lineBreakMode {
        case .byTruncatingHead: .start
        case .byTruncatingMiddle: .middle
        case .byTruncatingTail: .end
        default: .none
        }
    }

    /// Whether one line is shown without wrapping: a one-line label that clips.
    private func usesUnwrappedLine(lines: Int) -> Bool { lines == 1 && lineBreakMode == .byClipping }

    /// The text laid out in `width` (nil: unwrapped) and `height` (nil: unlimited), in at most `lines` lines (0:
    /// as many as fit), the last cut as `lineBreakMode` says when text is left over.
    private func makeLayout(width: CGFloat?, height: CGFloat?, lines: Int, text: AttributedText) -> TextLayout {
        let width = width.flatMap { $0.isFinite && $0 > 0 && $0 < 1e7 ? $0 : nil }
        // Truncation and alignment come from the label, not from each paragraph's style, so wrapping is asked
        // for explicitly: the style's truncating modes would keep every paragraph on one line.
        let wrapping = text.mappingAttribute(.paragraphStyle) { value in
            let style = (value as? NSParagraphStyle)?.mutableCopy() as? NSMutableParagraphStyle ?? NSMutableParagraphStyle()
            if style.lineBreakMode != .byCharWrapping { style.lineBreakMode = .byWordWrapping }
            if self.textAlignment != .natural || value == nil { style.alignment = self.textAlignment }
            return style
        }
        if width == nil || usesUnwrappedLine(lines: lines) {
            return UIKitText.layout(wrapping, width: nil, maximumLines: lines == 1 ? 1 : 0)
        }
        if lines == 1 && truncation != .none {
            return UIKitText.layout(text, width: width, maximumLines: 1, truncation: truncation)
        }
        let full = UIKitText.layout(wrapping, width: width)
        var limit = lines > 0 ? lines : Int.max
        if let height, height.isFinite, height > 0 {
            limit = min(limit, max(1, full.lines.prefix { $0.baseline + $0.descent <= height + 0.5 }.count))
        }
        guard full.lines.count > limit else { return full }
        return UIKitText.layout(wrapping, width: width, maximumLines: limit, truncation: truncation)
    }

    /// The text with every font scaled so one line fits `width`, no smaller than `minimumScaleFactor` allows.
    private func shrunkToFit(_ text: AttributedText, width: CGFloat) -> AttributedText {
        guard adjustsFontSizeToFitWidth, numberOfLines == 1, minimumScaleFactor > 0, width > 0 else { return text }
        let natural = UIKitText.layout(text, width: nil, maximumLines: 1).size.width
        guard natural > width else { return text }
        let scale = max(min(minimumScaleFactor, 1), width / natural)
        return text.mappingAttribute(.font) { value in
            let font = value as? UIFont ?? self.font!
            return font.withSize(font.pointSize * scale)
        }
    }

    private func alignmentOffset(lineWidth: CGFloat, in width: CGFloat) -> CGFloat {
        switch textAlignment {
        case .center: (width - lineWidth) / 2
        case .right: width - lineWidth
        default: 0
        }
    }

    private func roundedUp(_ size: CGSize) -> CGSize { CGSize(width: size.width.rounded(.up), height: size.height.rounded(.up)) }

    private func applyToAttributedText(_ key: NSAttributedString.Key, _ value: Any) {
        if case .attributed(let a) = content { content = .attributed(a.mappingAttribute(key) { _ in value }) }
        textDidChange()
    }

    private func textDidChange() {
        setNeedsDisplay()
        invalidateIntrinsicContentSize()
    }
}
