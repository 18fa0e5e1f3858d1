import CalyxTestSupport
import Testing
import UIKit

/// `UIFont` and UIKit's string drawing. The expected numbers come from the font's own tables: iOS's system font
/// and Helvetica are drawn with Liberation Sans 2, whose metrics are Arial's (units per em 2048; hhea ascender
/// 1854, descender −434, line gap 67; OS/2 cap height 1409, x height 1082; advances H 1479, e 1139, l 455,
/// o 1139, space 569; the glyph H spans x 168–1312), read from LiberationSans-Regular.ttf with fontTools.
@Suite struct FontAndStringDrawingTests {
    func em(_ units: CGFloat, _ size: CGFloat) -> CGFloat { units * size / 2048 }

    @Test func systemFontNamesAndMetrics() {
        let font = UIFont.systemFont(ofSize: 17)
        #expect(font.fontName == ".SFUI-Regular" && font.familyName == ".AppleSystemUIFont" && font.pointSize == 17)
        #expect(abs(font.ascender - em(1854, 17)) < 0.01)
        #expect(abs(font.descender + em(434, 17)) < 0.01, "descender is negative, as UIKit's")
        #expect(abs(font.leading - em(67, 17)) < 0.01)
        #expect(abs(font.lineHeight - em(1854 + 434 + 67, 17)) < 0.01)
        #expect(abs(font.capHeight - em(1409, 17)) < 0.02 && abs(font.xHeight - em(1082, 17)) < 0.02)
        #expect(UIFont.systemFont(ofSize: 12, weight: .semibold).fontName == ".SFUI-Semibold")
        #expect(UIFont.boldSystemFont(ofSize: 12).fontName == ".SFUI-Bold")
        #expect(UIFont.systemFont(ofSize: 12, weight: UIFont.Weight(0.28)).fontName == ".SFUI-Semibold", "nearest named weight")
        #expect(font.withSize(30).pointSize == 30 && font.withSize(30).fontName == font.fontName)
    }

    /// iOS's Dynamic Type sizes at the default (Large) setting, from Apple's Human Interface Guidelines.
    @Test func textStylesHaveIOSDefaultSizes() {
        let expected: [(UIFont.TextStyle, CGFloat)] = [(.largeTitle, 34), (.title1, 28), (.title2, 22), (.title3, 20),
                                                       (.headline, 17), (.body, 17), (.callout, 16), (.subheadline, 15),
                                                       (.footnote, 13), (.caption1, 12), (.caption2, 11)]
        for (style, size) in expected { #expect(UIFont.preferredFont(forTextStyle: style).pointSize == size, "\(style.rawValue)") }
        #expect(UIFont.preferredFont(forTextStyle: .headline).fontName == ".SFUI-Semibold")
        #expect(UIFont.preferredFont(forTextStyle: .body).fontName == ".SFUI-Regular")
    }

    /// Named fonts: Apple's families resolve (drawn with their stand-ins); unknown names give nil, as on iOS.
    @Test func namedFontsAndDescriptors() throws {
        let avenir = try #require(UIFont(name: "Avenir-Heavy", size: 16))
        #expect(avenir.fontName == "Avenir-Heavy" && avenir.familyName == "Avenir" && avenir.pointSize == 16)
        #expect(UIFont(name: "NoSuchFamily-Bold", size: 12) == nil)
        #expect(UIFont(name: "Helvetica Neue", size: 12) != nil)
        #expect(UIFont.familyNames.contains("Helvetica") && UIFont.familyNames.contains("Liberation Sans"))
        let bold = try #require(UIFont.systemFont(ofSize: 20).fontDescriptor.withSymbolicTraits(.traitBold))
        let boldFont = UIFont(descriptor: bold, size: 0)
        #expect(boldFont.pointSize == 20 && boldFont.fontDescriptor.symbolicTraits.contains(.traitBold))
        #expect(UIFont(descriptor: UIFontDescriptor(name: "Courier", size: 10), size: 14).pointSize == 14)
        // A bold face is wider than the regular one: the descriptor reached the font.
        let regularWidth = "Hello".size(withAttributes: [.font: UIFont.systemFont(ofSize: 20)]).width
        let boldWidth = "Hello".size(withAttributes: [.font: boldFont]).width
        #expect(boldWidth > regularWidth + 1)
    }

    @Test func stringSizesFollowTheAdvances() {
        // "Hello" in Helvetica 12: 4667 units wide; one line is ascender + descender + line gap high.
        let helvetica = UIFont(name: "Helvetica", size: 12)!
        let size = "Hello".size(withAttributes: [.font: helvetica])
        #expect(abs(size.width - em(4667, 12)) < 0.02 && abs(size.height - em(2355, 12)) < 0.02, "\(size)")
        // No attributes: UIKit's default, Helvetica 12.
        #expect("Hello".size(withAttributes: nil) == size && ("Hello" as NSString).size(withAttributes: nil) == size)
        #expect(NSAttributedString(string: "Hello", attributes: [.font: helvetica]).size() == size)
        // Kerning adds its amount after each character.
        let kerned = "Hello".size(withAttributes: [.font: helvetica, .kern: 2])
        #expect(abs(kerned.width - size.width - 10) < 0.05, "\(kerned.width)")
    }

    @Test func boundingRectsWrapWithTheLineFragmentOrigin() {
        let attributes: [NSAttributedString.Key: Any] = [.font: UIFont(name: "Helvetica", size: 12)!]
        // "Hello Hello" is 9903 units (58.0 points); a third word does not fit in 60, so two lines.
        let wrapped = "Hello Hello Hello".boundingRect(with: CGSize(width: 60, height: CGFloat.greatestFiniteMagnitude),
                                                     options: .usesLineFragmentOrigin, attributes: attributes, context: nil)
        #expect(wrapped.origin == .zero && abs(wrapped.height - 2 * em(2355, 12)) < 0.05, "\(wrapped)")
        #expect(wrapped.width <= 60 && wrapped.width >= em(9903, 12) - 0.05)
        // Without the option: one line, relative to its baseline.
        let line = "Hello Hello Hello".boundingRect(with: CGSize(width: 60, height: 100), options: [], attributes: attributes, context: nil)
        #expect(abs(line.minY + em(1854, 12)) < 0.05 && abs(line.width - em(3 * 4667 + 2 * 569, 12)) < 0.05, "\(line)")
        // A height for one line keeps one line.
        let short = "Hello Hello Hello".boundingRect(with: CGSize(width: 60, height: 15), options: .usesLineFragmentOrigin,
                                                   attributes: attributes, context: nil)
        #expect(abs(short.height - em(2355, 12)) < 0.05)
        // Device metrics: the ink of "H" is its cap height tall.
        let ink = "H".boundingRect(with: .zero, options: [.usesLineFragmentOrigin, .usesDeviceMetrics], attributes: attributes, context: nil)
        #expect(abs(ink.height - em(1409, 12)) < 0.1 && abs(ink.minY - em(1854 - 1409, 12)) < 0.1, "\(ink)")
    }

    /// Drawn at (10, 10) in a y-down context at 40 points: the H's ink spans x 10 + 168/2048·40 to
    /// 10 + 1312/2048·40 and y from 10 + (1854 − 1409)/2048·40 down to the baseline at 10 + 1854/2048·40.
    @Test func drawingPlacesTheFirstLineTopLeftAtThePoint() {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 80, height: 80), format: {
            let f = UIGraphicsImageRendererFormat(); f.scale = 1; return f
        }()).image { _ in
            "H".draw(at: CGPoint(x: 10, y: 10), withAttributes: [.font: UIFont(name: "Helvetica", size: 40)!, .foregroundColor: UIColor.blue])
        }
        let ink = inkBounds(image)
        #expect(abs(ink.minX - (10 + em(168, 40))) <= 1 && abs(ink.maxX - (10 + em(1312, 40))) <= 1, "\(ink)")
        #expect(abs(ink.minY - (10 + em(1854 - 1409, 40))) <= 1 && abs(ink.maxY - (10 + em(1854, 40))) <= 1, "\(ink)")
        #expect(pixel(image, Int(10 + em(260, 40)), 30) == (0, 0, 255, 255), "the stem is the foreground colour")
    }

    @Test func drawingInARectWrapsAndTruncatesTheLastVisibleLine() {
        let attributes: [NSAttributedString.Key: Any] = [.font: UIFont(name: "Helvetica", size: 20)!]
        let image = UIGraphicsImageRenderer(size: CGSize(width: 100, height: 100), format: {
            let f = UIGraphicsImageRendererFormat(); f.scale = 1; return f
        }()).image { _ in
            // Room for one line of 23 points: the rest of the text is cut, the line ending in "…".
            let context = NSStringDrawingContext()
            "Hello Hello Hello".draw(with: CGRect(x: 0, y: 0, width: 60, height: 30),
                                     options: [.usesLineFragmentOrigin, .truncatesLastVisibleLine], attributes: attributes, context: context)
            #expect(abs(context.totalBounds.height - em(2355, 20)) < 0.1)
        }
        let ink = inkBounds(image)
        #expect(ink.maxY < 30 && ink.maxX <= 60, "\(ink)")
        // "Hello" alone is 45.6 points; the ellipsis shows after a shorter part of it.
        let plain = "Hello".size(withAttributes: attributes).width
        #expect(ink.maxX > plain * 0.5)
    }
}

/// The rectangle of pixels with any ink (alpha above a quarter), in points from the top left.
func inkBounds(_ image: UIImage) -> CGRect {
    let cg = image.cgImage!
    let bytes = cg.dataProvider!.data! as Data
    var result = CGRect.null
    for y in 0..<cg.height {
        for x in 0..<cg.width where bytes[y * cg.bytesPerRow + x * 4 + 3] > 64 {
            result = result.union(CGRect(x: x, y: y, width: 1, height: 1))
        }
    }
    return result
}

func pixel(_ image: UIImage, _ x: Int, _ y: Int) -> (Int, Int, Int, Int) {
    let cg = image.cgImage!
    let bytes = cg.dataProvider!.data! as Data
    let i = y * cg.bytesPerRow + x * 4
    return (Int(bytes[i + 2]), Int(bytes[i + 1]), Int(bytes[i]), Int(bytes[i + 3]))
}
