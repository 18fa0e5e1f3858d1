@_implementationOnly import CPango

/// A paragraph style as Pango's layout settings, plus what Pango has no setting for (paragraph spacing, the head
/// indent of every line), applied to the measured lines afterwards. Pango lays a whole layout out with one
/// alignment and one set of indents, so the string's first paragraph style applies to all of it.
struct ParagraphLayout {
    let style: NSParagraphStyle?
    let alignment: TextLayout.Alignment
    let truncation: TextLayout.Truncation
    /// Wrap at all, and how.
    let wrapsByCharacter: Bool
    let wraps: Bool
    /// The width lines wrap to (after the indents), or nil.
    let wrapWidth: CGFloat?
    /// The most lines a paragraph may take (0: no limit). With a truncating mode, a paragraph wraps to this many
    /// lines and its last shown line ends in "…", as a multi-line `UILabel`'s does.
    let maximumLines: Int

    init(style: NSParagraphStyle?, alignment: TextLayout.Alignment, truncation: TextLayout.Truncation, width: CGFloat?,
         maximumLines: Int = 0) {
        self.maximumLines = max(maximumLines, 0)
        self.style = style
        if alignment != .natural || style == nil {
            self.alignment = alignment
        } else {
            self.alignment = switch style!.alignment {
            case .left: .left
            case .center: .center
            case .right: .right
            case .justified: .justified
            case .natural: .natural
            }
        }
        let mode = style?.lineBreakMode ?? .byWordWrapping
        if truncation != .none {
            self.truncation = truncation
        } else {
            self.truncation = switch mode {
            case .byTruncatingHead: .start
            case .byTruncatingMiddle: .middle
            case .byTruncatingTail: .end
            default: .none
            }
        }
        // Truncating and clipping modes keep each paragraph on one line, as CoreText's do, unless more lines are
        // allowed.
        wraps = mode == .byWordWrapping || mode == .byCharWrapping || maximumLines > 1
        wrapsByCharacter = mode == .byCharWrapping
        if let width, width.isFinite, width > 0, width < 1e7 {
            let head = max(usableTextDistance(style?.headIndent), 0)
            let tail = usableTextDistance(style?.tailIndent)
            let line = tail > 0 ? min(tail, width) - head : width + min(tail, 0) - head
            wrapWidth = max(line, 1)
        } else {
            wrapWidth = nil
        }
    }

    /// Sets `layout`'s width, wrapping, ellipsizing, alignment, indent and line spacing.
    func configure(_ layout: OpaquePointer) {
        if let wrapWidth, wraps || truncation != .none {
            pango_layout_set_width(layout, pangoUnits(wrapWidth))
            pango_layout_set_wrap(layout, wrapsByCharacter ? PANGO_WRAP_CHAR : PANGO_WRAP_WORD_CHAR)
        }
        switch truncation {
        case .none: break
        case .start: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_START)
        case .middle: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_MIDDLE)
        case .end: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        }
        // (A negative height is Pango's "at most this many lines per paragraph" for ellipsized text.)
        if maximumLines > 1, truncation != .none { pango_layout_set_height(layout, -Int32(min(maximumLines, 100_000))) }
        switch alignment {
        case .natural, .left: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        case .justified: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT); pango_layout_set_justify(layout, 1)
        }
        if alignment == .natural { pango_layout_set_auto_dir(layout, 1) }
        guard let style else { return }
        // The first line's indent relative to the others (every line is then moved by the head indent).
        let firstLine = usableTextDistance(style.firstLineHeadIndent) - max(usableTextDistance(style.headIndent), 0)
        if firstLine != 0 { pango_layout_set_indent(layout, pangoUnits(firstLine)) }
        let spacing = usableTextDistance(style.lineSpacing)
        if spacing > 0 { pango_layout_set_spacing(layout, pangoUnits(spacing)) }
    }

    /// The line height the style asks for: the natural height (the string's first font's ascent plus descent)
    /// times `lineHeightMultiple`, kept within the minimum and maximum; nil to leave Pango's own.
    func pangoLineHeight(for text: AttributedText) -> (value: CGFloat, absolute: Bool)? {
        guard let style else { return nil }
        let multiple = style.lineHeightMultiple.isFinite && style.lineHeightMultiple > 0 ? style.lineHeightMultiple : 1
        let minimum = style.minimumLineHeight.isFinite ? max(style.minimumLineHeight, 0) : 0
        let maximum = style.maximumLineHeight.isFinite ? max(style.maximumLineHeight, 0) : 0
        guard multiple != 1 || minimum > 0 || maximum > 0 else { return nil }
        let font = text.attribute(.font, at: 0) as? CTFont
        let metrics = (font ?? CTFont(name: "Helvetica", size: 12)).metrics
        var height = (metrics.ascent + metrics.descent) * multiple
        if minimum > 0 { height = max(height, minimum) }
        if maximum > 0 { height = min(height, maximum) }
        return (usableTextDistance(height), true)
    }

    /// Moves every line by the head indent and opens the paragraph spacing between paragraphs.
    func adjust(_ lines: inout [TextLayout.Line], in attributed: AttributedText) {
        guard let style, !lines.isEmpty else { return }
        let head = max(usableTextDistance(style.headIndent), 0)
        let after = max(usableTextDistance(style.paragraphSpacing), 0)
        let before = max(usableTextDistance(style.paragraphSpacingBefore), 0)
        let text = attributed.string as NSString
        var shift: CGFloat = 0
        for i in lines.indices {
            if i > 0 {
                // A line starting right after a paragraph separator starts a paragraph.
                let start = lines[i].range.location
                if start > 0, start <= text.length, Self.isParagraphSeparator(text.character(at: start - 1)) {
                    shift += after + before
                }
            }
            lines[i].baseline += shift
            lines[i].x += head
        }
    }

    private static func isParagraphSeparator(_ unit: unichar) -> Bool {
        unit == 0x0A || unit == 0x0D || unit == 0x2029 || unit == 0x85
    }
}
