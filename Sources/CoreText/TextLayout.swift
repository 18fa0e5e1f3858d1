@_implementationOnly import CPango
@_implementationOnly import CCairo

/// An attributed string shaped and broken into lines by Pango: what `CTLine`, `CTFrame` and (later)
/// `CATextLayer` draw. Immutable after creation; every Pango call holds ``FontSystem``'s lock.
package final class TextLayout: @unchecked Sendable {
    /// Horizontal alignment of lines within the layout width.
    package enum Alignment: Sendable { case natural, left, center, right, justified }
    /// Where an over-long line is cut and marked with "…".
    package enum Truncation: Sendable { case none, start, middle, end }

    /// One laid-out line. Distances in points; `baseline` is measured down from the layout's top.
    package struct Line: Sendable {
        package var index: Int
        package var baseline: CGFloat
        package var ascent: CGFloat
        package var descent: CGFloat
        package var width: CGFloat
        /// Left edge of the line's logical box relative to the layout's left (non-zero when aligned).
        package var x: CGFloat
        /// Ink rectangle relative to the line's baseline origin, y up.
        package var inkBounds: CGRect
        package var glyphCount: Int
        /// UTF-16 range of the source string this line shows.
        package var range: CFRange
    }

    let layout: OpaquePointer  // PangoLayout*
    package let lines: [Line]
    /// Logical size of the whole layout.
    package let size: CGSize
    /// Whether text without a colour attribute takes the context's fill colour rather than black.
    let colorFromContext: Bool
    /// The text laid out.
    package let text: AttributedText
    /// Outlined ranges (`.strokeWidth`), by UTF-8 offset: drawn again as glyph outlines over the fill.
    let strokes: [TextStroke]
    /// The largest font size in the string.
    let largestFontSize: CGFloat

    /// Lays out `string`. `width` nil means one unbroken paragraph per line break (no wrapping); with a width,
    /// lines wrap at words (and inside words that do not fit). `singleLine` keeps line separators as text.
    /// The string's paragraph style (its first) sets the alignment, line breaking, line heights, spacing and
    /// indents; an `alignment` or `truncation` given here wins over the style's. `maximumLines` above 0 keeps
    /// that many lines (the last truncated when a truncation applies), as a `UILabel`'s `numberOfLines` does.
    /// `includesLineGap` gives each line the font's line gap below it, as UIKit's text layout does (Core Text
    /// and Pango space lines by ascent and descent alone).
    package convenience init(_ string: NSAttributedString, width: CGFloat?, alignment: Alignment = .natural,
                             truncation: Truncation = .none, singleLine: Bool = false, maximumLines: Int = 0,
                             includesLineGap: Bool = false) {
        self.init(AttributedText(string), width: width, alignment: alignment, truncation: truncation,
                  singleLine: singleLine, maximumLines: maximumLines, includesLineGap: includesLineGap)
    }

    /// Lays out `text` (see the initializer above).
    package init(_ text: AttributedText, width: CGFloat?, alignment: Alignment = .natural,
                 truncation: Truncation = .none, singleLine: Bool = false, maximumLines: Int = 0,
                 includesLineGap: Bool = false) {
        self.text = text
        let offsets = UTF16ToUTF8(text.string)
        let paragraph = ParagraphLayout(style: text.attribute(.paragraphStyle, at: 0) as? NSParagraphStyle,
                                        alignment: alignment, truncation: truncation, width: width,
                                        maximumLines: maximumLines)
        var attributes = PangoAttributes()
        (layout, lines, size) = FontSystem.shared.locked {
            let layout = pango_layout_new(FontSystem.shared.context)!
            pango_layout_set_text(layout, text.string, Int32(offsets.utf8Count))
            pango_layout_set_single_paragraph_mode(layout, singleLine ? 1 : 0)
            paragraph.configure(layout)
            let defaultFont = CTFont(name: "Helvetica", size: 12).makeDescription()
            pango_layout_set_font_description(layout, defaultFont)
            pango_font_description_free(defaultFont)
            let list = attributes.makeList(for: text, offsets: offsets, lineHeight: paragraph)
            pango_layout_set_attributes(layout, list)
            pango_attr_list_unref(list)
            var lines = TextLayout.measureLines(layout, offsets: offsets)
            paragraph.adjust(&lines, in: text)
            var size = TextLayout.logicalSize(layout)
            TextLayout.addTrailingKern(to: &lines, size: &size, in: text)
            TextLayout.addLineGaps(to: &lines, size: &size, in: text, if: includesLineGap)
            if maximumLines > 0, lines.count > maximumLines {
                // Lines past the limit are not shown; the size is that of the lines kept.
                lines.removeSubrange(maximumLines...)
                size.width = lines.map { $0.x + $0.width }.max() ?? 0
                size.height = lines.last.map { $0.baseline + $0.descent + (includesLineGap ? TextLayout.lineGap(of: text) : 0) } ?? 0
            }
            return (layout, lines, size)
        }
        colorFromContext = attributes.colorFromContext
        strokes = attributes.strokes
        largestFontSize = attributes.largestFontSize
    }

    deinit { FontSystem.shared.locked { g_object_unref(UnsafeMutableRawPointer(layout)) } }

    /// Draws line `index` with its baseline origin at `origin` in the context's user space (y up).
    package func drawLine(_ index: Int, at origin: CGPoint, in context: CGContext) {
        let mode = context.currentTextDrawingMode
        guard mode != .invisible, mode != .clip else { return }
        let defaultColor = colorFromContext ? context.currentFillColor : RGBA(r: 0, g: 0, b: 0, a: 1)
        // (Outlines for enormous text: TextLayout+Outlines.swift says why.)
        let outlined = needsOutlines(in: context)
        context.drawText(at: origin) { cr in
            FontSystem.shared.locked {
                guard let line = pango_layout_get_line_readonly(layout, Int32(index)) else { return }
                cairoSetColor(cr, defaultColor)
                cairo_move_to(cr, 0, 0)
                if mode == .stroke || mode == .strokeClip || mode == .fillStroke || mode == .fillStrokeClip {
                    cairo_new_path(cr)
                    appendOutlines(of: line, to: cr)
                    if mode == .fillStroke || mode == .fillStrokeClip { cairo_fill_preserve(cr) }
                    cairoSetColor(cr, context.currentStrokeColor)
                    cairo_stroke(cr)
                } else {
                    if outlined { fillOutlines(of: line, in: cr, defaultColor: defaultColor) } else { pango_cairo_show_layout_line(cr, line) }
                    if !strokes.isEmpty { strokeOutlines(of: line, in: cr) }
                }
            }
        }
    }

    private static func measureLines(_ layout: OpaquePointer, offsets: UTF16ToUTF8) -> [Line] {
        var result: [Line] = []
        let iter = pango_layout_get_iter(layout)!
        defer { pango_layout_iter_free(iter) }
        let scale = CGFloat(PANGO_SCALE)
        var index = 0
        repeat {
            let line = pango_layout_iter_get_line_readonly(iter)!
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iter, nil, &logical)
            var lineInk = PangoRectangle(), lineLogical = PangoRectangle()
            pango_layout_line_get_extents(line, &lineInk, &lineLogical)
            let baseline = CGFloat(pango_layout_iter_get_baseline(iter)) / scale
            let ascent = CGFloat(-lineLogical.y) / scale
            let descent = CGFloat(lineLogical.height + lineLogical.y) / scale
            var glyphs = 0
            var run = line.pointee.runs
            while let node = run {
                if let item = node.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self) {
                    glyphs += Int(item.pointee.glyphs.pointee.num_glyphs)
                }
                run = node.pointee.next
            }
            let start = Int(line.pointee.start_index), length = Int(line.pointee.length)
            let u16Start = offsets.utf16Offset(ofUTF8: start), u16End = offsets.utf16Offset(ofUTF8: start + length)
            result.append(Line(index: index, baseline: baseline, ascent: ascent, descent: descent,
                               width: CGFloat(logical.width) / scale, x: CGFloat(logical.x) / scale,
                               inkBounds: CGRect(x: CGFloat(lineInk.x) / scale, y: -CGFloat(lineInk.y + lineInk.height) / scale,
                                                 width: CGFloat(lineInk.width) / scale, height: CGFloat(lineInk.height) / scale),
                               glyphCount: glyphs, range: CFRange(location: u16Start, length: u16End - u16Start)))
            index += 1
        } while pango_layout_iter_next_line(iter) != 0
        // CoreText's line ranges include the line's trailing separator; Pango's stop before it. Extend each
        // line to where the next begins (the last to the end of the string).
        for i in result.indices {
            let end = i + 1 < result.count ? result[i + 1].range.location : offsets.utf16Count
            result[i].range.length = max(result[i].range.length, end - result[i].range.location)
        }
        return result
    }

    /// Apple's kerning adds its amount after every character, the last of a line too; Pango's only between
    /// characters. Each line is widened by its last character's kern.
    private static func addTrailingKern(to lines: inout [Line], size: inout CGSize, in text: AttributedText) {
        guard text.runs.contains(where: { $0.attributes[.kern] != nil }) else { return }
        let units = text.string.utf16
        for i in lines.indices {
            var last = lines[i].range.location + lines[i].range.length - 1
            while last >= lines[i].range.location, last < units.count,
                  [0x0A, 0x0D, 0x2028, 0x2029].contains(units[units.index(units.startIndex, offsetBy: last)]) { last -= 1 }
            guard last >= lines[i].range.location, let kern = numberValue(text.attribute(.kern, at: last)) else { continue }
            lines[i].width = max(0, lines[i].width + min(max(kern, -1e6), 1e6))
            size.width = max(size.width, lines[i].x + lines[i].width)
        }
    }

    /// The line gap UIKit puts below each line: the first font's (Helvetica 12's when the text names none).
    static func lineGap(of text: AttributedText) -> CGFloat {
        ((text.attribute(.font, at: 0) as? CTFont) ?? CTFont(name: "Helvetica", size: 12)).metrics.leading
    }

    private static func addLineGaps(to lines: inout [Line], size: inout CGSize, in text: AttributedText, if enabled: Bool) {
        guard enabled, !lines.isEmpty else { return }
        let gap = lineGap(of: text)
        for i in lines.indices { lines[i].baseline += gap * CGFloat(i) }
        size.height += gap * CGFloat(lines.count)
    }

    private static func logicalSize(_ layout: OpaquePointer) -> CGSize {
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        return CGSize(width: CGFloat(logical.width) / CGFloat(PANGO_SCALE), height: CGFloat(logical.height) / CGFloat(PANGO_SCALE))
    }
}


/// UTF-16 offsets (NSString's) mapped to UTF-8 byte offsets (Pango's), and back.
struct UTF16ToUTF8 {
    private var table: [Int]  // utf16 offset → utf8 offset, count = utf16Count + 1
    let utf8Count: Int

    init(_ s: String) {
        var table: [Int] = [0]
        table.reserveCapacity(s.utf16.count + 1)
        var utf8 = 0
        for scalar in s.unicodeScalars {
            utf8 += UTF8.width(scalar)
            let units = UTF16.width(scalar)
            // A surrogate pair's middle maps to the scalar's end.
            for _ in 0..<units { table.append(utf8) }
        }
        self.table = table
        utf8Count = utf8
    }

    subscript(utf16Offset: Int) -> Int { table[min(max(utf16Offset, 0), table.count - 1)] }

    /// Length of the string in UTF-16 units.
    var utf16Count: Int { table.count - 1 }

    func utf16Offset(ofUTF8 byte: Int) -> Int {
        var lo = 0, hi = table.count - 1
        while lo < hi { let mid = (lo + hi) / 2; if table[mid] < byte { lo = mid + 1 } else { hi = mid } }
        return lo
    }
}
