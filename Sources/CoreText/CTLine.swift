/// One line of shaped text. Lines made from an attributed string never wrap; lines of a frame share the
/// frame's layout.
public final class CTLine: @unchecked Sendable {
    package let layout: TextLayout
    package let index: Int

    package init(layout: TextLayout, index: Int) { self.layout = layout; self.index = index }

    package var metrics: TextLayout.Line { layout.lines[index] }
}

/// How `CTLineCreateTruncatedLine` shortens a line.
public enum CTLineTruncationType: UInt32, Sendable {
    /// Removes text from the start of the line.
    case start = 0
    /// Removes text from the end of the line.
    case end = 1
    /// Removes text from the middle of the line.
    case middle = 2
}

/// A single unwrapped line of `string` (line separators in it are laid out, not broken on).
public func CTLineCreateWithAttributedString(_ string: CFAttributedString) -> CTLine {
    CTLine(layout: TextLayout(AttributedText(string), width: nil, singleLine: true), index: 0)
}

/// The line shortened to `width` with "…" where text was cut (the token line is not supported: "…" in the
/// line's own font is always used); nil when `width` is not positive.
public func CTLineCreateTruncatedLine(_ line: CTLine, _ width: Double, _ truncationType: CTLineTruncationType, _ token: CTLine?) -> CTLine? {
    guard width > 0, width.isFinite else { return nil }
    if line.metrics.width <= CGFloat(width) { return line }
    let mode: TextLayout.Truncation = switch truncationType { case .start: .start; case .middle: .middle; case .end: .end }
    return CTLine(layout: TextLayout(line.layout.text, width: CGFloat(width), truncation: mode, singleLine: true), index: 0)
}

/// Draws the line with its baseline origin at the context's `textPosition`, then advances `textPosition` by the
/// line's width.
public func CTLineDraw(_ line: CTLine, _ context: CGContext) {
    line.layout.drawLine(line.index, at: context.textPosition, in: context)
    context.textPosition.x += line.metrics.width
}

/// The line's width; `ascent`, `descent` and `leading` receive its typographic metrics (leading is 0).
public func CTLineGetTypographicBounds(_ line: CTLine, _ ascent: UnsafeMutablePointer<CGFloat>?, _ descent: UnsafeMutablePointer<CGFloat>?, _ leading: UnsafeMutablePointer<CGFloat>?) -> Double {
    let m = line.metrics
    ascent?.pointee = m.ascent; descent?.pointee = m.descent; leading?.pointee = 0
    return Double(m.width)
}

/// The ink bounds relative to the line's baseline origin (y up); `context` is not needed and may be nil.
public func CTLineGetImageBounds(_ line: CTLine, _ context: CGContext?) -> CGRect { line.metrics.inkBounds }
/// How many glyphs the line has.
public func CTLineGetGlyphCount(_ line: CTLine) -> CFIndex { line.metrics.glyphCount }
/// The part of the string the line shows.
public func CTLineGetStringRange(_ line: CTLine) -> CFRange { line.metrics.range }
