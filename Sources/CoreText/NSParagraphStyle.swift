/// How lines sit between the margins (iOS's values: center is 1, right 2).
public enum NSTextAlignment: Int, Sendable {
    /// Lines start at the left margin.
    case left = 0
    /// Lines are centred between the margins.
    case center = 1
    /// Lines end at the right margin.
    case right = 2
    /// Lines fill the width, except the last of a paragraph.
    case justified = 3
    /// Left for left-to-right text, right for right-to-left.
    case natural = 4
}

/// Where a line too long for its width breaks, or how it is cut.
public enum NSLineBreakMode: Int, Sendable {
    /// At word boundaries, inside a word only when the word alone does not fit.
    case byWordWrapping = 0
    /// Before the first character that does not fit.
    case byCharWrapping = 1
    /// No wrapping: what does not fit is not drawn.
    case byClipping = 2
    /// No wrapping: the start is replaced by an ellipsis.
    case byTruncatingHead = 3
    /// No wrapping: the end is replaced by an ellipsis.
    case byTruncatingTail = 4
    /// No wrapping: the middle is replaced by an ellipsis.
    case byTruncatingMiddle = 5
}

/// The direction text runs in.
public enum NSWritingDirection: Int, Sendable {
    /// The direction of the text's language.
    case natural = -1
    /// Left to right.
    case leftToRight = 0
    /// Right to left.
    case rightToLeft = 1
}

/// A tab stop: where text after a tab aligns.
open class NSTextTab: NSObject, @unchecked Sendable {
    /// How text lines up at the tab.
    public let alignment: NSTextAlignment
    /// Where the tab stop is, in points from the line's start.
    public let location: CGFloat
    /// A tab stop at `loc` with `alignment`.
    public init(textAlignment alignment: NSTextAlignment, location loc: CGFloat, options: [String: Any] = [:]) {
        self.alignment = alignment
        location = loc
    }
}

/// How a paragraph is laid out: alignment, line breaking, line heights, spacing and indents. The value of the
/// `.paragraphStyle` attribute; `CTFramesetter`, `CTLine`, `CATextLayer` and UIKit's string drawing honour it
/// (docs/text.md says how each field maps onto the layout).
open class NSParagraphStyle: NSObject, NSCopying, NSMutableCopying, @unchecked Sendable {
    /// The fields, kept together so copies take them in one assignment.
    struct Values: Equatable {
        var lineSpacing: CGFloat = 0
        var paragraphSpacing: CGFloat = 0
        var alignment = NSTextAlignment.natural
        var headIndent: CGFloat = 0
        var tailIndent: CGFloat = 0
        var firstLineHeadIndent: CGFloat = 0
        var minimumLineHeight: CGFloat = 0
        var maximumLineHeight: CGFloat = 0
        var lineBreakMode = NSLineBreakMode.byWordWrapping
        var baseWritingDirection = NSWritingDirection.natural
        var lineHeightMultiple: CGFloat = 0
        var paragraphSpacingBefore: CGFloat = 0
        var hyphenationFactor: Float = 0
        var defaultTabInterval: CGFloat = 0
        var allowsDefaultTighteningForTruncation = false
    }

    var values = Values()
    var storedTabStops: [NSTextTab] = []

    /// A style with the defaults.
    public override init() { super.init() }

    /// The style text has when it names none: natural alignment, word wrapping, no spacing or indents.
    open class var `default`: NSParagraphStyle { NSParagraphStyle() }

    /// The direction of a language's text (natural for every language here).
    open class func defaultWritingDirection(forLanguage languageName: String?) -> NSWritingDirection { .natural }

    /// Extra space between the bottom of one line and the top of the next, in points.
    open var lineSpacing: CGFloat { values.lineSpacing }
    /// Extra space after the paragraph.
    open var paragraphSpacing: CGFloat { values.paragraphSpacing }
    /// How lines are aligned.
    open var alignment: NSTextAlignment { values.alignment }
    /// Indent of lines after the first, from the leading margin.
    open var headIndent: CGFloat { values.headIndent }
    /// Positive: the line's length from the leading margin; zero or negative: the inset from the trailing margin.
    open var tailIndent: CGFloat { values.tailIndent }
    /// Indent of the first line, from the leading margin.
    open var firstLineHeadIndent: CGFloat { values.firstLineHeadIndent }
    /// The least height of a line (0: none).
    open var minimumLineHeight: CGFloat { values.minimumLineHeight }
    /// The greatest height of a line (0: none).
    open var maximumLineHeight: CGFloat { values.maximumLineHeight }
    /// How lines that do not fit break or are truncated.
    open var lineBreakMode: NSLineBreakMode { values.lineBreakMode }
    /// The paragraph's writing direction.
    open var baseWritingDirection: NSWritingDirection { values.baseWritingDirection }
    /// The natural line height multiplied by this (0: 1), before the minimum and maximum apply.
    open var lineHeightMultiple: CGFloat { values.lineHeightMultiple }
    /// Extra space before the paragraph.
    open var paragraphSpacingBefore: CGFloat { values.paragraphSpacingBefore }
    /// How readily words are hyphenated, from 0 (never) to 1.
    open var hyphenationFactor: Float { values.hyphenationFactor }
    /// The tab stops.
    open var tabStops: [NSTextTab] { storedTabStops }
    /// The spacing of tab stops past the last one.
    open var defaultTabInterval: CGFloat { values.defaultTabInterval }
    /// Whether text may be tightened before it is truncated.
    open var allowsDefaultTighteningForTruncation: Bool { values.allowsDefaultTighteningForTruncation }

    /// An immutable copy.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSParagraphStyle()
        copy.values = values
        copy.storedTabStops = storedTabStops
        return copy
    }

    /// A mutable copy.
    open func mutableCopy(with zone: NSZone? = nil) -> Any {
        let copy = NSMutableParagraphStyle()
        copy.values = values
        copy.storedTabStops = storedTabStops
        return copy
    }

    /// Whether `object` is a style with the same values.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? NSParagraphStyle else { return false }
        return values == other.values && storedTabStops.map(\.location) == other.storedTabStops.map(\.location)
    }

    /// A hash of the values.
    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(values.lineSpacing); hasher.combine(values.headIndent); hasher.combine(values.alignment.rawValue)
        return hasher.finalize()
    }
}

/// A paragraph style whose fields can be set.
open class NSMutableParagraphStyle: NSParagraphStyle, @unchecked Sendable {
    /// Extra space between lines, in points.
    open override var lineSpacing: CGFloat { get { values.lineSpacing } set { values.lineSpacing = newValue } }
    /// Extra space after the paragraph.
    open override var paragraphSpacing: CGFloat { get { values.paragraphSpacing } set { values.paragraphSpacing = newValue } }
    /// How lines are aligned.
    open override var alignment: NSTextAlignment { get { values.alignment } set { values.alignment = newValue } }
    /// The indent of lines after the first.
    open override var headIndent: CGFloat { get { values.headIndent } set { values.headIndent = newValue } }
    /// The line end: from the start when positive, from the end when negative or zero.
    open override var tailIndent: CGFloat { get { values.tailIndent } set { values.tailIndent = newValue } }
    /// The first line's indent.
    open override var firstLineHeadIndent: CGFloat {
        get { values.firstLineHeadIndent }
        set { values.firstLineHeadIndent = newValue }
    }
    /// The smallest line height.
    open override var minimumLineHeight: CGFloat { get { values.minimumLineHeight } set { values.minimumLineHeight = newValue } }
    /// The largest line height (0: none).
    open override var maximumLineHeight: CGFloat { get { values.maximumLineHeight } set { values.maximumLineHeight = newValue } }
    /// How lines that do not fit break or are truncated.
    open override var lineBreakMode: NSLineBreakMode { get { values.lineBreakMode } set { values.lineBreakMode = newValue } }
    /// The paragraph's writing direction.
    open override var baseWritingDirection: NSWritingDirection {
        get { values.baseWritingDirection }
        set { values.baseWritingDirection = newValue }
    }
    /// A multiple of the natural line height.
    open override var lineHeightMultiple: CGFloat { get { values.lineHeightMultiple } set { values.lineHeightMultiple = newValue } }
    /// Extra space before the paragraph.
    open override var paragraphSpacingBefore: CGFloat {
        get { values.paragraphSpacingBefore }
        set { values.paragraphSpacingBefore = newValue }
    }
    /// How readily words are hyphenated.
    open override var hyphenationFactor: Float { get { values.hyphenationFactor } set { values.hyphenationFactor = newValue } }
    /// The tab stops.
    open override var tabStops: [NSTextTab] { get { storedTabStops } set { storedTabStops = newValue } }
    /// The spacing of tab stops past the last one.
    open override var defaultTabInterval: CGFloat { get { values.defaultTabInterval } set { values.defaultTabInterval = newValue } }
    /// Whether text may be tightened before it is truncated.
    open override var allowsDefaultTighteningForTruncation: Bool {
        get { values.allowsDefaultTighteningForTruncation }
        set { values.allowsDefaultTighteningForTruncation = newValue }
    }

    /// Takes every field of `style`.
    open func setParagraphStyle(_ style: NSParagraphStyle) {
        values = style.values
        storedTabStops = style.storedTabStops
    }

    /// Adds a tab stop.
    open func addTabStop(_ tab: NSTextTab) { storedTabStops.append(tab) }
    /// Removes a tab stop.
    open func removeTabStop(_ tab: NSTextTab) { storedTabStops.removeAll { $0 === tab } }
}
