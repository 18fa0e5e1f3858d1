import Testing
import CalyxTestSupport
@testable import QuartzCore

/// An animation that carries its own values runs over a property whose model value is nil — the default of
/// `backgroundColor`, `strokeColor`, `path`, `lineDashPattern` and `contents` — as on Apple's: iOS code animates a
/// fresh layer's `backgroundColor` from red to blue, or flips `contents` through keyframe images, without setting
/// the property first. Checked in the presentation layer and in the frame drawn (the render tree's per-frame
/// path), which agree; before its begin time the property stays nil.
@Suite struct NilModelValueAnimationTests {
    func basic(_ keyPath: String, _ from: Any, _ to: Any) -> CABasicAnimation {
        let a = CABasicAnimation(keyPath: keyPath); a.fromValue = from; a.toValue = to; a.duration = 1
        return a
    }

    @Test func coloursPathsAndDashesAnimateOverNil() throws {
        try withClock(at: 0) { clock in
            let shape = CAShapeLayer()
            shape.add(basic("backgroundColor", CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)), forKey: "bg")
            shape.add(basic("strokeColor", CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)), forKey: "stroke")
            shape.add(basic("lineDashPattern", [2, 2], [10, 10]), forKey: "dash")
            shape.add(basic("path", CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil),
                            CGPath(rect: CGRect(x: 0, y: 0, width: 30, height: 30), transform: nil)), forKey: "path")
            CATransaction.flush()
            clock.advance(by: 0.5)
            let p = try #require(shape.presentation())
            #expect(p.backgroundColor?.components == [0.5, 0, 0.5, 1])
            #expect(p.strokeColor?.components == [0.5, 0, 0.5, 1])
            #expect(p.lineDashPattern?.map(\.doubleValue) == [6, 6])
            #expect(p.path?.boundingBox == CGRect(x: 0, y: 0, width: 20, height: 20))
            #expect(shape.backgroundColor == nil && shape.path == nil, "the model stays as it was")
        }
    }

    @Test func aColourAndKeyframeContentsDrawOverNil() {
        withClock(at: 0) { _ in
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 40, height: 20); root.backgroundColor = CGColor.white
            let fading = CALayer(); fading.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
            fading.add(basic("backgroundColor", CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)), forKey: "bg")
            let flipbook = CALayer(); flipbook.frame = CGRect(x: 20, y: 0, width: 20, height: 20)
            let red = testBitmap(width: 4, height: 4) { $0.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1)); $0.fill(CGRect(x: 0, y: 0, width: 4, height: 4)) }
            let green = testBitmap(width: 4, height: 4) { $0.setFillColor(CGColor(red: 0, green: 1, blue: 0, alpha: 1)); $0.fill(CGRect(x: 0, y: 0, width: 4, height: 4)) }
            let frames = CAKeyframeAnimation(keyPath: "contents")
            frames.values = [red, green]; frames.calculationMode = .discrete; frames.duration = 1; frames.beginTime = 0.25
            flipbook.add(frames, forKey: "frames")
            root.addSublayer(fading); root.addSublayer(flipbook)
            let early = renderedFrame(root, at: 0.1)   // the flipbook has not begun: no contents, white shows
            #expect(early.pixel(topDown: 30, 10) == .white)
            let canvas = renderedFrame(root, at: 0.5)   // half-way red to blue; the flipbook's first frame
            #expect(canvas.pixel(topDown: 10, 10).isClose(to: Pixel(128, 0, 128), tolerance: 2), "\(canvas.pixel(topDown: 10, 10))")
            #expect(canvas.pixel(topDown: 30, 10) == .red)
            let later = renderedFrame(root, at: 1.0)
            #expect(later.pixel(topDown: 30, 10) == .green)
        }
    }
}
