@_implementationOnly import CPango
@_implementationOnly import CCairo

/// An outlined range of text (`.strokeWidth`): its UTF-8 bytes, the outline's width in points and colour.
struct TextStroke {
    let bytes: Range<Int>
    let width: CGFloat
    let color: RGBA
}

/// Turns an attributed string's attributes into Pango's, noting what Pango cannot draw itself (outlines) and
/// whether text takes the context's colour.
struct PangoAttributes {
    private(set) var colorFromContext = false
    private(set) var strokes: [TextStroke] = []
    /// The largest font size in the string (Helvetica 12 when it names none).
    private(set) var largestFontSize: CGFloat = 12

    /// Pango's attribute list for `string` (the caller owns it). Runs with `FontSystem`'s lock held.
    mutating func makeList(for text: AttributedText, offsets: UTF16ToUTF8, lineHeight: ParagraphLayout) -> OpaquePointer {
        let list = pango_attr_list_new()!
        if let height = lineHeight.pangoLineHeight(for: text) {
            let attribute = height.absolute ? pango_attr_line_height_new_absolute(pangoUnits(height.value))
                                            : pango_attr_line_height_new(Double(height.value))
            if let attribute {
                attribute.pointee.start_index = 0
                attribute.pointee.end_index = UInt32(offsets.utf8Count)
                pango_attr_list_insert(list, attribute)
            }
        }
        for run in text.runs {
            let (attrs, range) = (run.attributes, run.range)
            let start = offsets[range.location], end = offsets[range.location + range.length]
            func add(_ attribute: UnsafeMutablePointer<PangoAttribute>?) {
                guard let attribute else { return }
                attribute.pointee.start_index = UInt32(start)
                attribute.pointee.end_index = UInt32(end)
                pango_attr_list_insert(list, attribute)
            }
            var foreground = RGBA(r: 0, g: 0, b: 0, a: 1)
            var fontSize: CGFloat = 12
            for (key, value) in attrs {
                switch key.rawValue {
                case kCTFontAttributeName:
                    if let font = value as? CTFont {
                        fontSize = font.size
                        largestFontSize = max(largestFontSize, font.size)
                        let d = font.makeDescription(); add(pango_attr_font_desc_new(d)); pango_font_description_free(d)
                    }
                case kCTForegroundColorAttributeName, uiKitForegroundColorKey:
                    if let color = colorValue(value) {
                        let c = color.rgba
                        foreground = c
                        add(pango_attr_foreground_new(channel16(c.r), channel16(c.g), channel16(c.b)))
                        add(pango_attr_foreground_alpha_new(channel16(c.a)))
                    }
                case kCTForegroundColorFromContextAttributeName:
                    if (value as? Bool) == true || (value as? NSNumber)?.boolValue == true { colorFromContext = true }
                case kCTUnderlineStyleAttributeName, NSAttributedString.Key.strikethroughStyle.rawValue:
                    let raw = (value as? Int) ?? (value as? NSNumber)?.intValue ?? Int((value as? CTUnderlineStyle)?.rawValue ?? 0)
                    let style = raw & 0xFF
                    guard style != 0 else { break }
                    if key == .strikethroughStyle {
                        add(pango_attr_strikethrough_new(1))
                    } else {
                        add(pango_attr_underline_new(style == 9 ? PANGO_UNDERLINE_DOUBLE : PANGO_UNDERLINE_SINGLE))
                    }
                case kCTUnderlineColorAttributeName, NSAttributedString.Key.underlineColor.rawValue:
                    if let c = colorValue(value)?.rgba { add(pango_attr_underline_color_new(channel16(c.r), channel16(c.g), channel16(c.b))) }
                case NSAttributedString.Key.strikethroughColor.rawValue:
                    if let c = colorValue(value)?.rgba { add(pango_attr_strikethrough_color_new(channel16(c.r), channel16(c.g), channel16(c.b))) }
                case NSAttributedString.Key.backgroundColor.rawValue:
                    if let c = colorValue(value)?.rgba {
                        add(pango_attr_background_new(channel16(c.r), channel16(c.g), channel16(c.b)))
                        add(pango_attr_background_alpha_new(channel16(c.a)))
                    }
                case kCTKernAttributeName:
                    if let kern = numberValue(value) { add(pango_attr_letter_spacing_new(pangoUnits(kern))) }
                case kCTBaselineOffsetAttributeName:
                    if let rise = numberValue(value) { add(pango_attr_rise_new(pangoUnits(rise))) }
                case kCTLigatureAttributeName:
                    switch numberValue(value).map({ $0.rounded(.towardZero) }) {
                    case 0: add(pango_attr_font_features_new("liga=0, clig=0"))
                    case 2: add(pango_attr_font_features_new("liga=1, clig=1, dlig=1"))
                    default: break
                    }
                default:
                    break
                }
            }
            // Outlines: positive widths stroke only (the fill is made transparent), negative fill and stroke.
            // (A width is a percentage of the font size; past 1,000 % the stroke covers every glyph's box many times
            // over, and a hostile width of millions made Cairo's stroker run for minutes: widths are clamped there.)
            if let width = numberValue(attrs[.strokeWidth]), width != 0, width.isFinite {
                let color = colorValue(attrs[.strokeColor])?.rgba ?? foreground
                strokes.append(TextStroke(bytes: start..<end, width: min(abs(width), 1000) / 100 * fontSize, color: color))
                // (Alpha 1 of 65535: Pango reads 0 as "not set".)
                if width > 0 { add(pango_attr_foreground_alpha_new(1)) }
            }
        }
        return list
    }
}

extension TextLayout {
    /// Strokes the outlines of the glyphs of `line` that fall in an outlined range, over what was drawn (the
    /// context's origin at the line's baseline start, y down). Runs with `FontSystem`'s lock held.
    func strokeOutlines(of line: UnsafeMutablePointer<PangoLayoutLine>, in cr: OpaquePointer) {
        for stroke in strokes {
            cairo_save(cr)
            cairo_new_path(cr)
            appendOutlines(of: line, to: cr) { stroke.bytes.contains($0) }
            cairoSetColor(cr, stroke.color)
            cairo_set_line_width(cr, Double(stroke.width))
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
            cairo_stroke(cr)
            cairo_restore(cr)
        }
    }
}

/// 0…1 (clamped) to Pango's 16-bit colour channel.
func channel16(_ v: CGFloat) -> UInt16 { UInt16((min(max(v.isNaN ? 0 : v, 0), 1) * 65535).rounded()) }
