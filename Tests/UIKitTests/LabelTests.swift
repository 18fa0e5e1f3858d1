import CalyxTestSupport
import Testing
import UIKit

/// `UILabel`, drawn through the render server. Expected places follow from the font's tables (Liberation Sans 2,
/// Arial's metrics, as in FontAndStringDrawingTests): at 17 points a line is (1854 + 434 + 67)/2048·17 = 19.55
/// high with the baseline 15.39 below its top; H advances 1479 units and I 569, and the H's ink runs from 168 to
/// 1312 units of its advance. A label centres its text block vertically in its bounds.
@Suite struct LabelTests {
    func em(_ units: CGFloat, _ size: CGFloat = 17) -> CGFloat { units * size / 2048 }

    /// The label in a white 200 × 60 window at the origin, drawn once; the canvas's ink bounds (dark pixels).
    func render(_ configure: (UILabel) -> Void, size: CGSize = CGSize(width: 200, height: 60)) -> CGRect {
        var ink = CGRect.null
        withClock { _ in
            let window = UIWindow(frame: CGRect(origin: .zero, size: size))
            window.backgroundColor = .white
            let label = UILabel(frame: window.bounds)
            configure(label)
            window.addSubview(label)
            CATransaction.flush()
            let canvas = TestCanvas(width: Int(size.width), height: Int(size.height), background: nil)
            let renderer = CARenderer(context: canvas.context)
            renderer.layer = window.layer
            renderer.beginFrame(atTime: 0, timeStamp: nil)
            renderer.addUpdate(renderer.bounds)
            renderer.render()
            renderer.endFrame()
            for y in 0..<canvas.height {
                for x in 0..<canvas.width where canvas.pixel(topDown: x, y).r < 128 {
                    ink = ink.union(CGRect(x: x, y: y, width: 1, height: 1))
                }
            }
        }
        return ink
    }

    @Test func defaultsAreUIKits() {
        let label = UILabel()
        #expect(label.font.pointSize == 17 && label.font.fontName == ".SFUI-Regular")
        #expect(label.numberOfLines == 1 && label.lineBreakMode == .byTruncatingTail && label.textAlignment == .natural)
        #expect(label.text == nil && label.attributedText == nil && !label.isUserInteractionEnabled)
        #expect(label.contentMode == .redraw && label.intrinsicContentSize == .zero)
    }

    @Test func intrinsicSizeIsTheTextRoundedUp() {
        let label = UILabel()
        label.text = "Hello"
        // 4667 units at 17 points = 38.74 wide; one line 19.55 high.
        #expect(label.intrinsicContentSize == CGSize(width: 39, height: 20))
        label.font = .systemFont(ofSize: 34)
        #expect(label.intrinsicContentSize == CGSize(width: 78, height: 40))
        label.sizeToFit()
        #expect(label.bounds.size == CGSize(width: 78, height: 40))
    }

    /// Three words each 38.74 wide in 50 points wrap to three lines; `numberOfLines` keeps at most that many.
    @Test func wrappingAndLineLimits() {
        let label = UILabel()
        label.text = "Hello Hello Hello"
        #expect(label.sizeThatFits(CGSize(width: 50, height: 1000)).height == 20, "one line by default")
        label.numberOfLines = 0
        #expect(label.sizeThatFits(CGSize(width: 50, height: 1000)) == CGSize(width: 39, height: (3 * em(2355)).rounded(.up)))
        label.numberOfLines = 2
        #expect(label.sizeThatFits(CGSize(width: 50, height: 1000)).height == (2 * em(2355)).rounded(.up))
        label.preferredMaxLayoutWidth = 50
        #expect(label.intrinsicContentSize.height == (2 * em(2355)).rounded(.up))
    }

    @Test func textIsCentredVerticallyAndAlignedHorizontally() {
        // "HIH": the cap height of ink, 11.70 points, sitting on the baseline at (60 − 19.55)/2 + 15.39 = 35.61.
        let baseline = (60 - em(2355)) / 2 + em(1854)
        let left = render { $0.text = "HIH" }
        #expect(abs(left.maxY - baseline) <= 1 && abs(left.minY - (baseline - em(1409))) <= 1, "\(left)")
        #expect(abs(left.minX - em(168)) <= 1, "\(left)")
        let width = em(1479 * 2 + 569)
        let centred = render { $0.text = "HIH"; $0.textAlignment = .center }
        #expect(abs(centred.minX - ((200 - width) / 2 + em(168))) <= 1, "\(centred)")
        let right = render { $0.text = "HIH"; $0.textAlignment = .right }
        #expect(abs(right.maxX - (200 - em(1479 - 1312))) <= 1, "\(right)")
    }

    @Test func longTextIsTruncatedWithinTheBounds() {
        let ink = render({ $0.text = String(repeating: "Hello ", count: 10) }, size: CGSize(width: 100, height: 30))
        #expect(ink.maxX <= 100 && ink.maxX > 80, "the ellipsis ends near the right edge: \(ink)")
        // Clipping mode: the line is cut at the edge instead (ink reaches it).
        let clipped = render({ $0.text = String(repeating: "H", count: 30); $0.lineBreakMode = .byClipping },
                             size: CGSize(width: 100, height: 30))
        #expect(clipped.maxX == 100)
    }

    @Test func fontShrinksToFitTheWidth() {
        // "HHHHHHHHHH" at 17 points is 122.8 wide; in 100 points with a minimum factor of 0.5 it shrinks to fit.
        let ink = render({ $0.text = "HHHHHHHHHH"; $0.adjustsFontSizeToFitWidth = true; $0.minimumScaleFactor = 0.5 },
                         size: CGSize(width: 100, height: 30))
        let scale = 100 / em(14790)
        #expect(abs(ink.height - em(1409) * scale) <= 1.5 && ink.maxX <= 100, "\(ink)")
    }

    @Test func attributedTextAndLabelPropertiesShareTheString() throws {
        let label = UILabel()
        label.text = "Plain"
        let attributed = try #require(label.attributedText)
        #expect(attributed.string == "Plain")
        #expect((attributed.attribute(.font, at: 0, effectiveRange: nil) as? UIFont)?.pointSize == 17)
        label.attributedText = NSAttributedString(string: "Rich", attributes: [.font: UIFont.systemFont(ofSize: 30)])
        #expect(label.text == "Rich")
        // Setting the font applies it to the whole attributed string, as UIKit does.
        label.font = .systemFont(ofSize: 10)
        #expect((label.attributedText?.attribute(.font, at: 0, effectiveRange: nil) as? UIFont)?.pointSize == 10)
    }

    /// A red label's text changed inside a one-second linear cross-dissolve: half way the old word's strokes
    /// are at half strength over white, and at the end only the new word is drawn.
    @Test func textCrossFadesInATransition() {
        withClock { clock in
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 40))
            window.backgroundColor = .white
            let label = UILabel(frame: window.bounds)
            label.font = .systemFont(ofSize: 30)
            label.textColor = .red
            label.text = "H"
            window.addSubview(label)
            CATransaction.flush()
            let canvas = TestCanvas(width: 100, height: 40, background: nil)
            let renderer = CARenderer(context: canvas.context)
            renderer.layer = window.layer
            func draw(_ t: CFTimeInterval) {
                renderer.beginFrame(atTime: t, timeStamp: nil); renderer.addUpdate(renderer.bounds)
                renderer.render(); renderer.endFrame()
            }
            draw(0)
            // The H's left stem (30 pt: x 2.5–3.9 + 8… take the middle of the stem), half way down the cap height.
            let stem = (x: Int(em(168 + 100, 30)), y: Int((40 - em(2355, 30)) / 2 + em(1854 - 700, 30)))
            #expect(canvas.pixel(topDown: stem.x, stem.y).isClose(to: .red, tolerance: 40))
            UIView.transition(with: label, duration: 1, options: [.transitionCrossDissolve, .curveLinear], animations: {
                label.text = "."
            })
            advance(clock, to: 0.5)
            draw(0.5)
            #expect(canvas.pixel(topDown: stem.x, stem.y).isClose(to: Pixel(255, 128, 128), tolerance: 40), "\(canvas.pixel(topDown: stem.x, stem.y))")
            advance(clock, to: 1.1)
            draw(1.1)
            #expect(canvas.pixel(topDown: stem.x, stem.y).isClose(to: .white, tolerance: 2))
        }
    }
}
