import Testing
@testable import CoreText
import CalyxTestSupport

/// The font metrics CoreText reports, checked against the pinned fonts' own tables as fontTools reads them
/// (Liberation Sans: unitsPerEm 2048, OS/2 sCapHeight 1409 and sxHeight 1082, post underlinePosition −67 and
/// underlineThickness 150, head box −1114 −621 2666 2007; Liberation Sans Italic: post italicAngle −12).
@Suite struct FontDesignMetricTests {
    @Test func capXHeightsUnderlineAndBox() {
        let font = CTFontCreateWithName("Helvetica" as CFString, 2048, nil)   // one point per design unit
        #expect(CTFontGetUnitsPerEm(font) == 2048)
        #expect(abs(CTFontGetCapHeight(font) - 1409) < 1e-6 && abs(CTFontGetXHeight(font) - 1082) < 1e-6)
        #expect(abs(CTFontGetUnderlinePosition(font) + 67) < 1e-6 && abs(CTFontGetUnderlineThickness(font) - 150) < 1e-6)
        #expect(CTFontGetBoundingBox(font) == CGRect(x: -1114, y: -621, width: 2666 + 1114, height: 2007 + 621))
        #expect(CTFontGetSlantAngle(font) == 0)
        #expect(CTFontGetSlantAngle(CTFontCreateWithName("Helvetica-Oblique" as CFString, 12, nil)) == -12)
        // At 12 pt the cap height scales: 12 · 1409 / 2048.
        #expect(abs(CTFontGetCapHeight(CTFontCreateWithName("Helvetica" as CFString, 12, nil)) - 12 * 1409 / 2048) < 1e-9)
    }
}

/// Paragraph styles honoured by frames and lines: each expectation follows from the style's definition and the
/// line's own measured width (alignment), or from the font's hhea metrics (line heights: ascent 1854 and
/// descent 434 per 2048, so 20 pt Helvetica lines are 22.34 pt apart).
@Suite struct ParagraphStyleTests {
    func styled(_ text: String, size: CGFloat = 20, _ configure: (NSMutableParagraphStyle) -> Void) -> NSAttributedString {
        let style = NSMutableParagraphStyle()
        configure(style)
        return NSAttributedString(string: text, attributes: [.font: CTFontCreateWithName("Helvetica" as CFString, size, nil),
                                                             .paragraphStyle: style])
    }

    func origins(_ string: NSAttributedString, width: CGFloat = 300, height: CGFloat = 300) -> [(origin: CGPoint, line: CTLine)] {
        let frame = CTFramesetterCreateFrame(CTFramesetterCreateWithAttributedString(string), CFRange(location: 0, length: 0),
                                             CGPath(rect: CGRect(x: 0, y: 0, width: width, height: height), transform: nil), nil)
        let lines = CTFrameGetLines(frame).map { $0 as! CTLine }
        var points = [CGPoint](repeating: .zero, count: lines.count)
        if !lines.isEmpty { CTFrameGetLineOrigins(frame, CFRange(location: 0, length: 0), &points) }
        return Array(zip(points, lines))
    }

    func width(_ line: CTLine) -> CGFloat { CGFloat(CTLineGetTypographicBounds(line, nil, nil, nil)) }

    static let lineHeight: CGFloat = 20 * (1854 + 434) / 2048

    @Test func alignment() {
        let center = origins(styled("Centred") { $0.alignment = .center })[0]
        #expect(abs(center.origin.x - (300 - width(center.line)) / 2) < 0.5)
        let right = origins(styled("Right") { $0.alignment = .right })[0]
        #expect(abs(right.origin.x - (300 - width(right.line))) < 0.5)
        #expect(origins(styled("Left") { $0.alignment = .left })[0].origin.x == 0)
        #expect(NSTextAlignment.center.rawValue == 1 && NSTextAlignment.right.rawValue == 2 && NSTextAlignment.natural.rawValue == 4)
    }

    @Test func lineSpacingAndLineHeights() {
        let plain = origins(styled("one\ntwo") { _ in })
        #expect(abs((plain[0].origin.y - plain[1].origin.y) - Self.lineHeight) < 0.1)
        let spaced = origins(styled("one\ntwo") { $0.lineSpacing = 10 })
        #expect(abs((spaced[0].origin.y - spaced[1].origin.y) - (Self.lineHeight + 10)) < 0.1)
        let tall = origins(styled("one\ntwo") { $0.minimumLineHeight = 40 })
        #expect(abs((tall[0].origin.y - tall[1].origin.y) - 40) < 0.1)
        let doubled = origins(styled("one\ntwo") { $0.lineHeightMultiple = 2 })
        #expect(abs((doubled[0].origin.y - doubled[1].origin.y) - 2 * Self.lineHeight) < 0.1)
        let capped = origins(styled("one\ntwo") { $0.lineHeightMultiple = 2; $0.maximumLineHeight = 30 })
        #expect(abs((capped[0].origin.y - capped[1].origin.y) - 30) < 0.1)
    }

    @Test func paragraphSpacingOpensOnlyBetweenParagraphs() {
        // "aaa bbb" wraps inside its paragraph (no spacing there); the second paragraph starts 12 + 3 further down.
        let text = styled("aaa bbb\nccc", size: 20) { $0.paragraphSpacing = 12; $0.paragraphSpacingBefore = 3 }
        let wrapped = origins(text, width: 60)
        #expect(wrapped.count == 3)
        #expect(abs((wrapped[0].origin.y - wrapped[1].origin.y) - Self.lineHeight) < 0.1)
        #expect(abs((wrapped[1].origin.y - wrapped[2].origin.y) - (Self.lineHeight + 15)) < 0.1)
    }

    @Test func indents() {
        let text = styled("aaa bbb ccc", size: 20) { $0.firstLineHeadIndent = 30; $0.headIndent = 10 }
        let lines = origins(text, width: 80)
        #expect(lines.count >= 2)
        #expect(abs(lines[0].origin.x - 30) < 0.5 && abs(lines[1].origin.x - 10) < 0.5)
    }

    /// Styles and attributes are application input: NaN is ignored, infinities and enormous numbers are clamped,
    /// and nothing traps converting them to Pango's integers (the random programs' crash: a kern of −10¹²).
    @Test func hostileNumbersAreIgnoredOrClamped() {
        let plain = origins(styled("aaa bbb\nccc") { _ in }, width: 80)
        let fields: [(String, WritableKeyPath<NSMutableParagraphStyle, CGFloat>)] = [
            ("lineSpacing", \.lineSpacing), ("headIndent", \.headIndent), ("firstLineHeadIndent", \.firstLineHeadIndent),
            ("tailIndent", \.tailIndent), ("minimumLineHeight", \.minimumLineHeight), ("maximumLineHeight", \.maximumLineHeight),
            ("lineHeightMultiple", \.lineHeightMultiple), ("paragraphSpacing", \.paragraphSpacing),
            ("paragraphSpacingBefore", \.paragraphSpacingBefore)]
        for (name, field) in fields {
            for value in [CGFloat.nan, .infinity, -.infinity, 1e300, -1e300] {
                let lines = origins(styled("aaa bbb\nccc") { style in
                    var s = style; s[keyPath: field] = value
                }, width: 80)
                #expect(lines.allSatisfy { $0.origin.x.isFinite && $0.origin.y.isFinite && width($0.line).isFinite }, "\(name) = \(value)")
                // (A line a million points tall, the clamp, does not fit the 300-point frame: no lines, as CoreText.)
                let tall = value == 1e300 && (name == "minimumLineHeight" || name == "lineHeightMultiple")
                #expect(lines.isEmpty == tall, "\(name) = \(value)")
                if value.isNaN {
                    #expect(lines.map(\.origin) == plain.map(\.origin), "\(name) = NaN is ignored")
                }
            }
        }
        for key in [NSAttributedString.Key.kern, .baselineOffset, .ligature, .strokeWidth] {
            for value in [Double.nan, .infinity, -1e12, 1e300] {
                let line = CTLineCreateWithAttributedString(NSAttributedString(string: "ffi", attributes: [
                    .font: CTFontCreateWithName("Helvetica" as CFString, 20, nil), key: value]))
                #expect(width(line).isFinite, "\(key.rawValue) = \(value)")
            }
        }
        let style = NSMutableParagraphStyle(); style.lineSpacing = .nan; style.headIndent = 1e300
        _ = style.hash
    }

    @Test func truncatingModesKeepOneLineEach() {
        let text = styled("one two three four five six seven", size: 20) { $0.lineBreakMode = .byTruncatingTail }
        let lines = origins(text, width: 100)
        #expect(lines.count == 1 && width(lines[0].line) <= 100)
        let wrapped = origins(styled("one two three four five six seven", size: 20) { $0.lineBreakMode = .byWordWrapping }, width: 100)
        #expect(wrapped.count > 2)
    }

    @Test func mutableCopiesAndEquality() {
        let style = NSParagraphStyle.default.mutableCopy() as! NSMutableParagraphStyle
        style.alignment = .justified
        style.lineSpacing = 4
        let frozen = style.copy() as! NSParagraphStyle
        style.lineSpacing = 8
        #expect(frozen.lineSpacing == 4 && frozen.alignment == .justified && !(frozen is NSMutableParagraphStyle))
        let other = NSMutableParagraphStyle()
        other.setParagraphStyle(frozen)
        #expect(other.isEqual(frozen) && !other.isEqual(style))
        #expect(NSParagraphStyle.default.lineBreakMode == .byWordWrapping && NSParagraphStyle.default.alignment == .natural)
    }
}

/// Attributes drawn: outlines (`.strokeWidth`, `.strokeColor`) and ligatures.
@Suite struct TextAttributeTests {
    /// A 200 pt "I" (Helvetica's stem is 0.0927 em, about 18.5 pt, wide). Stroked by 4 % of the size (8 pt, half
    /// inside the outline) with a positive width, the middle of the stem is not painted; with a negative width
    /// it is filled, and the outline is in the stroke colour either way.
    @Test func outlinesStrokeOnlyOrFillAndStroke() {
        for (width, filled) in [(4.0, false), (-4.0, true)] {
            let canvas = TestCanvas(width: 120, height: 220)
            let string = NSAttributedString(string: "I", attributes: [
                .font: CTFontCreateWithName("Helvetica" as CFString, 200, nil),
                .foregroundColor: CGColor(red: 0, green: 0, blue: 1, alpha: 1),
                .strokeWidth: width, .strokeColor: CGColor(red: 1, green: 0, blue: 0, alpha: 1)])
            let line = CTLineCreateWithAttributedString(string)
            canvas.context.textPosition = CGPoint(x: 20, y: 20)
            CTLineDraw(line, canvas.context)
            let ink = CTLineGetImageBounds(line, nil)
            let mid = (x: Int(20 + ink.midX), y: Int(20 + ink.midY))
            #expect(canvas.pixel(mid.x, mid.y) == (filled ? .blue : .white), "strokeWidth \(width): \(canvas.pixel(mid.x, mid.y))")
            // The outline: just inside the stem's left edge.
            #expect(canvas.pixel(Int(20 + ink.minX + 1), mid.y).isClose(to: .red, tolerance: 40))
        }
    }

    /// A hostile stroke width (millions of percent) is clamped to 1,000 % of the font size (docs/text.md): a
    /// 10 pt "I" stroked 100 pt wide paints red well beyond the glyph (40 pt to its right) and stops there (the
    /// far corner, 90 pt away, stays white). Unclamped, Cairo's stroker ran for minutes.
    @Test func hostileStrokeWidthsAreClamped() {
        let canvas = TestCanvas(width: 200, height: 120)
        let string = NSAttributedString(string: "I", attributes: [
            .font: CTFontCreateWithName("Helvetica" as CFString, 10, nil),
            .strokeWidth: 5e6, .strokeColor: CGColor(red: 1, green: 0, blue: 0, alpha: 1)])
        let line = CTLineCreateWithAttributedString(string)
        canvas.context.textPosition = CGPoint(x: 60, y: 60)
        CTLineDraw(line, canvas.context)
        #expect(canvas.pixel(100, 62).isClose(to: .red, tolerance: 10))
        #expect(canvas.pixel(199, 119) == .white && canvas.pixel(199, 0) == .white)
    }

    /// DejaVu Sans has "fi" and "ffl" ligatures: "fi ffl" shapes to 3 glyphs by default, 6 with ligatures off.
    @Test func ligaturesCanBeTurnedOff() {
        func glyphs(_ ligature: Int?) -> Int {
            var attributes: [NSAttributedString.Key: Any] = [.font: CTFontCreateWithName("DejaVu Sans" as CFString, 20, nil)]
            if let ligature { attributes[.ligature] = ligature }
            return CTLineGetGlyphCount(CTLineCreateWithAttributedString(NSAttributedString(string: "fi ffl", attributes: attributes)))
        }
        #expect(glyphs(nil) == 3 && glyphs(1) == 3 && glyphs(0) == 6)
    }

    @Test func contextTextSettings() {
        let canvas = TestCanvas(width: 4, height: 4)
        let ctx = canvas.context
        #expect(ctx.effectiveFontRendering == (true, true, true))
        ctx.setShouldSmoothFonts(false)
        ctx.setAllowsFontSubpixelPositioning(false)
        ctx.setShouldSubpixelQuantizeFonts(true)
        ctx.setAllowsFontSubpixelQuantization(true)
        ctx.setShouldSubpixelPositionFonts(true)
        ctx.setAllowsFontSmoothing(true)
        ctx.setAllowsAntialiasing(true)
        #expect(ctx.effectiveFontRendering == (false, false, true))
        ctx.saveGState()
        ctx.setShouldSmoothFonts(true)
        ctx.restoreGState()
        #expect(ctx.effectiveFontRendering.smooths == false)
    }
}
