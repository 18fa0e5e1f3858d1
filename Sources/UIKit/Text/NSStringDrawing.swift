import CoreText

/// How `draw(with:options:context:)` and `boundingRect(with:options:context:)` lay text out, with UIKit's values.
public struct NSStringDrawingOptions: OptionSet, Hashable, Sendable {
    /// The raw value.
    public let rawValue: Int
    /// A value from its raw value.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The rectangle's origin is the top left of the first line and lines wrap to its width; without it the
    /// origin is the first line's baseline and the text is one line.
    public static let usesLineFragmentOrigin = NSStringDrawingOptions(rawValue: 1 << 0)
    /// Measure with the font's line gap (leading) between lines.
    public static let usesFontLeading = NSStringDrawingOptions(rawValue: 1 << 1)
    /// Measure the glyphs' ink instead of their typographic bounds.
    public static let usesDeviceMetrics = NSStringDrawingOptions(rawValue: 1 << 3)
    /// End the last line that fits in the rectangle with "…" when the text goes on.
    public static let truncatesLastVisibleLine = NSStringDrawingOptions(rawValue: 1 << 5)
}

/// What a string drawing used: the scale it shrank the text by (always 1 here) and the bounds it drew.
open class NSStringDrawingContext: NSObject, @unchecked Sendable {
    /// The smallest scale the text may be shrunk by to fit (kept for source compatibility; text is not shrunk).
    open var minimumScaleFactor: CGFloat = 0
    /// How much the text was shrunk to fit (1: not at all).
    open internal(set) var actualScaleFactor: CGFloat = 1
    /// The bounds of the text drawn or measured.
    open internal(set) var totalBounds: CGRect = .zero
    /// A context to read back from after drawing or measuring.
    public override init() { super.init() }
}

/// Laying out and drawing text in UIKit's coordinates (y down from the top left), shared by string drawing and
/// `UILabel`. The layout itself is Core Text's (Pango underneath), so text measures and draws as `CATextLayer`'s.
enum UIKitText {
    /// Lines wrapped to `width` (nil: only at line breaks), at most `maximumLines` (0: any number), the last cut
    /// with `truncation` when lines are limited.
    static func layout(_ text: AttributedText, width: CGFloat?, maximumLines: Int = 0,
                       truncation: TextLayout.Truncation = .none) -> TextLayout {
        TextLayout(text, width: width, truncation: truncation, singleLine: width == nil && maximumLines == 1,
                   maximumLines: maximumLines, includesLineGap: true)
    }

    /// Lines wrapped to `size.width` that fit within `size.height` (at least the first), the last of them cut
    /// with "…" when `truncatesLastLine` and text is left over.
    static func layout(_ text: AttributedText, fitting size: CGSize, truncatesLastLine: Bool) -> TextLayout {
        let width = size.width.isFinite && size.width > 0 && size.width < 1e7 ? size.width : nil
        let full = layout(text, width: width)
        guard size.height.isFinite, size.height > 0 else { return full }
        let fitting = max(1, full.lines.prefix { $0.baseline + $0.descent <= size.height + 0.001 }.count)
        guard fitting < full.lines.count else { return full }
        return layout(text, width: width, maximumLines: fitting, truncation: truncatesLastLine ? .end : .none)
    }

    /// Draws `layout`'s lines with the top left of the first line's box at `origin`, in the current context
    /// (which is y down, as UIKit's are).
    static func draw(_ layout: TextLayout, at origin: CGPoint, in context: CGContext) {
        for line in layout.lines {
            context.saveGState()
            context.translateBy(x: origin.x + line.x, y: origin.y + line.baseline)
            context.scaleBy(x: 1, y: -1)  // Text is drawn y up from its baseline.
            layout.drawLine(line.index, at: .zero, in: context)
            context.restoreGState()
        }
    }

    /// The lines' typographic bounds, or their ink with `usesDeviceMetrics`, relative to the first line's top left.
    static func bounds(of layout: TextLayout, ink: Bool) -> CGRect {
        guard ink else { return CGRect(origin: .zero, size: layout.size) }
        return layout.lines.reduce(CGRect.null) { union, line in
            let box = line.inkBounds
            return union.union(CGRect(x: line.x + box.minX, y: line.baseline - box.maxY, width: box.width, height: box.height))
        }
    }

    static func draw(_ text: AttributedText, with rect: CGRect, options: NSStringDrawingOptions, context: NSStringDrawingContext?) {
        guard let graphics = UIGraphicsGetCurrentContext() else { return }
        if options.contains(.usesLineFragmentOrigin) {
            let layout = layout(text, fitting: rect.size, truncatesLastLine: options.contains(.truncatesLastVisibleLine))
            graphics.saveGState()
            graphics.clip(to: rect.standardized)
            draw(layout, at: rect.origin, in: graphics)
            graphics.restoreGState()
            context?.totalBounds = bounds(of: layout, ink: false).offsetBy(dx: rect.minX, dy: rect.minY)
        } else {
            // The origin is the baseline of a single line.
            let layout = layout(text, width: nil, maximumLines: 1)
            let ascent = layout.lines.first?.baseline ?? 0
            draw(layout, at: CGPoint(x: rect.minX, y: rect.minY - ascent), in: graphics)
            context?.totalBounds = CGRect(x: rect.minX, y: rect.minY - ascent, width: layout.size.width, height: layout.size.height)
        }
    }

    static func boundingRect(of text: AttributedText, with size: CGSize, options: NSStringDrawingOptions,
                             context: NSStringDrawingContext?) -> CGRect {
        let ink = options.contains(.usesDeviceMetrics)
        let rect: CGRect
        if options.contains(.usesLineFragmentOrigin) {
            rect = bounds(of: layout(text, fitting: size, truncatesLastLine: options.contains(.truncatesLastVisibleLine)), ink: ink)
        } else {
            let line = layout(text, width: nil, maximumLines: 1)
            rect = bounds(of: line, ink: ink).offsetBy(dx: 0, dy: -(line.lines.first?.baseline ?? 0))
        }
        let result = rect.isNull ? .zero : rect
        context?.totalBounds = result
        return result
    }

    static func attributed(_ string: String, _ attributes: [NSAttributedString.Key: Any]?) -> AttributedText {
        AttributedText(string: string, attributes: attributes ?? [:])
    }
}

// MARK: - NSAttributedString

extension NSAttributedString {
    /// The size of the text on one line per line break, unwrapped.
    public func size() -> CGSize { UIKitText.layout(AttributedText(self), width: nil).size }

    /// Draws the text unwrapped, the top left of its first line at `point`, in the current context.
    public func draw(at point: CGPoint) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        UIKitText.draw(UIKitText.layout(AttributedText(self), width: nil), at: point, in: context)
    }

    /// Draws the text wrapped to `rect`'s width, the lines that fit in its height.
    public func draw(in rect: CGRect) {
        draw(with: rect, options: .usesLineFragmentOrigin, context: nil)
    }

    /// Draws the text in `rect` as `options` say (see `NSStringDrawingOptions`).
    public func draw(with rect: CGRect, options: NSStringDrawingOptions = [], context: NSStringDrawingContext?) {
        UIKitText.draw(AttributedText(self), with: rect, options: options, context: context)
    }

    /// The rectangle the text takes when drawn within `size` as `options` say. With `.usesLineFragmentOrigin`
    /// it starts at (0, 0), the top left; without, the text is one line and the rectangle is relative to its
    /// baseline (its y is minus the ascent). Sizes are fractional; round them up to size views, as on iOS.
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [], context: NSStringDrawingContext?) -> CGRect {
        UIKitText.boundingRect(of: AttributedText(self), with: size, options: options, context: context)
    }
}

// MARK: - Strings

extension String {
    /// The size of the string in `attrs` (default: Helvetica 12, black), one line per line break.
    public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        UIKitText.layout(UIKitText.attributed(self, attrs), width: nil).size
    }

    /// Draws the string on one line from `point` (its top left) in the current context.
    public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        UIKitText.draw(UIKitText.layout(UIKitText.attributed(self, attrs), width: nil), at: point, in: context)
    }

    /// Draws the string wrapped within `rect`.
    public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        draw(with: rect, options: .usesLineFragmentOrigin, attributes: attrs, context: nil)
    }

    /// Draws the string in `rect` as `options` say (wrapping with `.usesLineFragmentOrigin`).
    public func draw(with rect: CGRect, options: NSStringDrawingOptions = [],
                     attributes: [NSAttributedString.Key: Any]? = nil, context: NSStringDrawingContext?) {
        UIKitText.draw(UIKitText.attributed(self, attributes), with: rect, options: options, context: context)
    }

    /// The bounds the string takes within `size`, as `options` say.
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [],
                             attributes: [NSAttributedString.Key: Any]? = nil, context: NSStringDrawingContext?) -> CGRect {
        UIKitText.boundingRect(of: UIKitText.attributed(self, attributes), with: size, options: options, context: context)
    }
}

extension NSString {
    /// The size the string takes on one line.
    public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        String(describing: self).size(withAttributes: attrs)
    }
    /// Draws the string on one line from `point` (its top left) in the current context.
    public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        String(describing: self).draw(at: point, withAttributes: attrs)
    }
    /// Draws the string wrapped within `rect`.
    public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        String(describing: self).draw(in: rect, withAttributes: attrs)
    }
    /// Draws the string in `rect` as `options` say (wrapping with `.usesLineFragmentOrigin`).
    public func draw(with rect: CGRect, options: NSStringDrawingOptions = [],
                     attributes: [NSAttributedString.Key: Any]? = nil, context: NSStringDrawingContext?) {
        String(describing: self).draw(with: rect, options: options, attributes: attributes, context: context)
    }
    /// The bounds the string takes within `size`, as `options` say.
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [],
                             attributes: [NSAttributedString.Key: Any]? = nil, context: NSStringDrawingContext?) -> CGRect {
        String(describing: self).boundingRect(with: size, options: options, attributes: attributes, context: context)
    }
}
