import Testing
@testable import CoreText
import CalyxTestSupport

func attributed(_ text: String, font: String = "Helvetica", size: CGFloat = 100, color: CGColor? = nil) -> NSAttributedString {
    var attributes: [NSAttributedString.Key: Any] = [.font: CTFontCreateWithName(font as CFString, size, nil)]
    if let color { attributes[NSAttributedString.Key(kCTForegroundColorAttributeName)] = color }
    return NSAttributedString(string: text, attributes: attributes)
}

@Suite struct FontTests {
    @Test func namesResolveToThePinnedMetricCompatibleFonts() {
        #expect(CTFontCopyFamilyName(CTFontCreateWithName("Helvetica" as CFString, 12, nil)) == "Liberation Sans")
        #expect(CTFontCopyFamilyName(CTFontCreateWithName("Times-Roman" as CFString, 12, nil)) == "Liberation Serif")
        #expect(CTFontCopyFamilyName(CTFontCreateWithName("Courier" as CFString, 12, nil)) == "Liberation Mono")
        #expect(CTFontCopyFamilyName(CTFontCreateWithName("NoSuchFont" as CFString, 12, nil)) == "Liberation Sans")
    }

    @Test func sizesAndStyles() {
        #expect(CTFontGetSize(CTFontCreateWithName("Helvetica" as CFString, 0, nil)) == 12)
        #expect(CTFontGetSize(CTFontCreateWithName("Helvetica" as CFString, .nan, nil)) == 12)
        let parsed = CTFont.parse("HelveticaNeue-BoldItalic")
        #expect(parsed.0 == "Helvetica Neue" && parsed.1 == 700 && parsed.2)
        #expect(CTFont.parse("Courier-Oblique").2)
    }

    @Test func verticalMetricsMatchTheFont() {
        // Liberation Sans (like Arial) has hhea ascender 1854 and descender −434 units per 2048-unit em.
        let font = CTFontCreateWithName("Helvetica" as CFString, 100, nil)
        #expect(abs(CTFontGetAscent(font) - 100 * 1854 / 2048) < 0.05)
        #expect(abs(CTFontGetDescent(font) - 100 * 434 / 2048) < 0.05)
    }
}

@Suite struct LineTests {
    @Test func advanceWidthsMatchHelveticaMetrics() {
        // Adobe's Helvetica AFM: H 722, e 556, l 222, o 556 per 1000 em → "Hello" at 100 pt is 227.8 pt wide.
        let line = CTLineCreateWithAttributedString(attributed("Hello"))
        var ascent: CGFloat = 0, descent: CGFloat = 0
        let width = CTLineGetTypographicBounds(line, &ascent, &descent, nil)
        #expect(abs(width - 227.8) < 0.5)
        #expect(abs(ascent - 90.53) < 0.1 && abs(descent - 21.19) < 0.1)
        #expect(CTLineGetGlyphCount(line) == 5)
        // Courier is monospaced at 600/1000 em.
        #expect(abs(CTLineGetTypographicBounds(CTLineCreateWithAttributedString(attributed("iiii", font: "Courier", size: 10)), nil, nil, nil) - 24) < 0.01)
    }

    @Test func textIsDrawnUprightAtTheBaseline() {
        // A 100 pt "T" at baseline (10, 20): Helvetica's T spans about 0.02–0.59 em wide with cap height 0.718 em;
        // its bar lies near the top (y ≈ 82–92) and its stem is centred near x = 10 + 30.5.
        let canvas = TestCanvas(width: 100, height: 130)
        canvas.context.textPosition = CGPoint(x: 10, y: 20)
        CTLineDraw(CTLineCreateWithAttributedString(attributed("T")), canvas.context)
        #expect(canvas.pixel(40, 30) == .black)                            // stem
        #expect(canvas.pixel(18, 30) == .white)                            // beside the stem, below the bar
        #expect(canvas.pixel(18, 87) == .black)                            // the bar, left of the stem
        #expect(canvas.pixel(40, 15) == .white && canvas.pixel(40, 95) == .white)  // below baseline, above cap height
        #expect(abs(canvas.context.textPosition.x - (10 + 61.1)) < 0.2)   // advanced by T's width, 611/1000 em
    }

    @Test func colourAttributeAndTruncation() {
        let canvas = TestCanvas(width: 100, height: 130)
        canvas.context.textPosition = CGPoint(x: 10, y: 20)
        CTLineDraw(CTLineCreateWithAttributedString(attributed("T", color: CGColor(red: 1, green: 0, blue: 0, alpha: 1))), canvas.context)
        #expect(canvas.pixel(40, 30) == .red)
        let long = CTLineCreateWithAttributedString(attributed("Hello world, this is long", size: 20))
        let cut = CTLineCreateTruncatedLine(long, 100, .end, nil)!
        #expect(CTLineGetTypographicBounds(cut, nil, nil, nil) <= 100)
        #expect(CTLineCreateTruncatedLine(long, 0, .end, nil) == nil)
    }
}

@Suite struct FramesetterTests {
    @Test func wrapsAtWordsToTheFrameWidth() {
        let text = attributed("aaa bbb ccc", size: 20)
        let twoWords = CTLineGetTypographicBounds(CTLineCreateWithAttributedString(attributed("aaa bbb", size: 20)), nil, nil, nil)
        let setter = CTFramesetterCreateWithAttributedString(text)
        let frame = CTFramesetterCreateFrame(setter, CFRange(location: 0, length: 0),
                                             CGPath(rect: CGRect(x: 0, y: 0, width: twoWords + 1, height: 500), transform: nil), nil)
        let lines = CTFrameGetLines(frame)
        #expect(lines.count == 2)
        #expect(CTLineGetStringRange(lines[0] as! CTLine) == CFRange(location: 0, length: 8))
        var origins = [CGPoint](repeating: .zero, count: 2)
        CTFrameGetLineOrigins(frame, CFRange(location: 0, length: 0), &origins)
        // The first baseline sits one ascent below the top (18.11 pt at 20 pt); lines step down.
        #expect(abs(origins[0].y - (500 - 20 * 1854 / 2048)) < 0.1 && origins[1].y < origins[0].y)
    }

    @Test func rangesAreInUTF16Units() {
        let setter = CTFramesetterCreateWithAttributedString(attributed("😀x\ny", size: 12))
        let frame = CTFramesetterCreateFrame(setter, CFRange(location: 0, length: 0),
                                             CGPath(rect: CGRect(x: 0, y: 0, width: 1000, height: 1000), transform: nil), nil)
        let lines = CTFrameGetLines(frame).map { CTLineGetStringRange($0 as! CTLine) }
        #expect(lines == [CFRange(location: 0, length: 4), CFRange(location: 4, length: 1)])
        #expect(CTFrameGetVisibleStringRange(frame) == CFRange(location: 0, length: 5))
    }

    @Test func suggestedSizeAndHeightLimit() {
        let setter = CTFramesetterCreateWithAttributedString(attributed("one\ntwo\nthree", size: 10))
        var fit = CFRange()
        let size = CTFramesetterSuggestFrameSizeWithConstraints(setter, CFRange(location: 0, length: 0), nil,
                                                                CGSize(width: CGFloat.greatestFiniteMagnitude, height: 25), &fit)
        #expect(fit == CFRange(location: 0, length: 8))  // two lines of ~11.5 pt fit in 25
        #expect(size.height > 20 && size.height <= 25)
        let tiny = CTFramesetterCreateFrame(setter, CFRange(location: 0, length: 0), CGPath(rect: CGRect(x: 0, y: 0, width: 100, height: 1), transform: nil), nil)
        #expect(CTFrameGetLines(tiny).count == 0)
    }
}
