import Testing
import UIKit

/// UIKit's drawing vocabulary, written as iOS code writes it; expectations follow from the geometry (y down from
/// the top left) and from the published colour definitions.
@Suite struct UIKitDrawingTests {
    /// The pixel at (x, y) from the top left of an image, as (r, g, b, a).
    func pixel(_ image: UIImage, _ x: Int, _ y: Int) -> (Int, Int, Int, Int) {
        let cg = image.cgImage!
        let bytes = cg.dataProvider!.data! as Data
        let i = y * cg.bytesPerRow + x * 4
        return (Int(bytes[i + 2]), Int(bytes[i + 1]), Int(bytes[i]), Int(bytes[i + 3]))
    }

    @Test func imageRendererDrawsWithYDown() {
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 10), format: {
            let f = UIGraphicsImageRendererFormat(); f.scale = 2; return f
        }())
        let image = renderer.image { ctx in
            UIColor.red.setFill()
            ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 5))   // the top half
        }
        #expect(image.size == CGSize(width: 20, height: 10) && image.scale == 2)
        #expect(image.cgImage!.width == 40 && image.cgImage!.height == 20)
        #expect(pixel(image, 20, 2) == (255, 0, 0, 255) && pixel(image, 20, 17).3 == 0)
    }

    /// The iOS full circle: `clockwise: false` from 0 to 2π is a whole circle (not an empty arc), and
    /// `clockwise: true` from 0 to π/2 runs through the bottom right on a y-down screen.
    @Test func arcsTurnAsOnAScreen() {
        let circle = UIBezierPath(arcCenter: CGPoint(x: 50, y: 50), radius: 20, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
        #expect(circle.contains(CGPoint(x: 50, y: 50)) && abs(circle.bounds.width - 40) < 0.01)
        let quarter = UIBezierPath(arcCenter: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        // Increasing angle: it ends at (0, 10), below the centre on screen, and stays in the quadrant x, y ≥ 0.
        #expect(abs(quarter.currentPoint.x) < 1e-9 && abs(quarter.currentPoint.y - 10) < 1e-9)
        #expect(quarter.bounds.minX > -1e-9 && quarter.bounds.minY > -1e-9)
    }

    @Test func roundedCornersByCorner() {
        // Only the top-left corner rounded (radius 10): the top-left corner pixel lies outside, the others inside.
        let path = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 40, height: 40), byRoundingCorners: .topLeft,
                                cornerRadii: CGSize(width: 10, height: 10))
        #expect(!path.contains(CGPoint(x: 1, y: 1)) && path.contains(CGPoint(x: 39, y: 1)))
        #expect(path.contains(CGPoint(x: 1, y: 39)) && path.contains(CGPoint(x: 39, y: 39)))
        // The corner's quarter circle: (10 − 10·cos45°) ≈ 2.93 from each edge is on it; 4 is inside.
        #expect(path.contains(CGPoint(x: 4, y: 4)) && !path.contains(CGPoint(x: 2, y: 2)))
    }

    @Test func bezierPathsFillAndStrokeIntoTheCurrentContext() {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 30, height: 30), format: {
            let f = UIGraphicsImageRendererFormat(); f.scale = 1; return f
        }()).image { _ in
            UIColor.blue.setFill()
            UIBezierPath(ovalIn: CGRect(x: 5, y: 5, width: 20, height: 20)).fill()
            UIColor.green.setStroke()
            let line = UIBezierPath(); line.move(to: CGPoint(x: 0, y: 28)); line.addLine(to: CGPoint(x: 30, y: 28))
            line.lineWidth = 2; line.stroke()
        }
        #expect(pixel(image, 15, 15) == (0, 0, 255, 255) && pixel(image, 2, 2).3 == 0)
        #expect(pixel(image, 15, 28) == (0, 255, 0, 255) && pixel(image, 15, 25).3 == 0)
    }

    @Test func imageContextFunctionsNest() {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 4, height: 4), true, 1)
        UIColor.white.setFill()
        UIGraphicsGetCurrentContext()?.fill(CGRect(x: 0, y: 0, width: 2, height: 4))
        let image = UIGraphicsGetImageFromCurrentImageContext()
        UIGraphicsEndImageContext()
        #expect(UIGraphicsGetCurrentContext() == nil)
        // Opaque contexts start black.
        #expect(image.map { pixel($0, 0, 0) == (255, 255, 255, 255) && pixel($0, 3, 0) == (0, 0, 0, 255) } == true)
        UIGraphicsBeginImageContextWithOptions(CGSize(width: CGFloat.nan, height: 4), false, 1)
        #expect(UIGraphicsGetCurrentContext() == nil && UIGraphicsGetImageFromCurrentImageContext() == nil)
    }

    /// HSB to RGB by its definition (hue 1/3 is green, 2/3 blue; half saturation lifts the others to half
    /// brightness); system colours are Apple's published light-appearance values.
    @Test func colours() {
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        UIColor(hue: 1.0 / 3, saturation: 1, brightness: 1, alpha: 1).getRed(&r, green: &g, blue: &b, alpha: &a)
        #expect(abs(r) < 1e-9 && abs(g - 1) < 1e-9 && abs(b) < 1e-9 && a == 1)
        UIColor(hue: 2.0 / 3, saturation: 0.5, brightness: 0.8, alpha: 1).getRed(&r, green: &g, blue: &b, alpha: nil)
        #expect(abs(r - 0.4) < 1e-9 && abs(g - 0.4) < 1e-9 && abs(b - 0.8) < 1e-9)
        var h: CGFloat = 0, s: CGFloat = 0, v: CGFloat = 0
        UIColor.orange.getHue(&h, saturation: &s, brightness: &v, alpha: nil)
        #expect(abs(h - 30.0 / 360) < 1e-9 && s == 1 && v == 1)
        UIColor.systemBlue.getRed(&r, green: &g, blue: &b, alpha: nil)
        #expect(abs(r * 255) < 1e-6 && abs(g * 255 - 122) < 1e-6 && abs(b * 255 - 255) < 1e-6)
        #expect(UIColor.red.withAlphaComponent(0.5).cgColor.alpha == 0.5)
        var white: CGFloat = 0
        #expect(UIColor.darkGray.getWhite(&white, alpha: nil) && abs(white - 1.0 / 3) < 1e-9)
        // Display P3's pure red lies outside sRGB: its red exceeds 1 in extended sRGB.
        UIColor(displayP3Red: 1, green: 0, blue: 0, alpha: 1).getRed(&r, green: &g, blue: &b, alpha: nil)
        #expect(r > 1 && g < 0)
    }

    /// UIKit's value boxing round-trips, and animations take the boxed values (a transform given as a boxed
    /// affine transform animates).
    @Test func boxedValuesRoundTripAndAnimate() {
        let t = CGAffineTransform(rotationAngle: 0.3).translatedBy(x: 4, y: 5)
        #expect(NSValue(cgAffineTransform: t).cgAffineTransformValue == t)
        #expect(NSValue(cgPoint: CGPoint(x: 1, y: 2)).cgPointValue == CGPoint(x: 1, y: 2))
        #expect(NSValue(uiEdgeInsets: UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)).uiEdgeInsetsValue.right == 4)
        #expect(NSValue(cgVector: CGVector(dx: 3, dy: 4)).cgVectorValue == CGVector(dx: 3, dy: 4))
        #expect(NSCoder.cgRect(for: NSCoder.string(for: CGRect(x: 1, y: 2, width: 3, height: 4))) == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(NSCoder.string(for: CGPoint(x: 1.5, y: 2)) == "{1.5, 2}")
        let layer = CALayer()
        layer.setValue(NSValue(cgAffineTransform: CGAffineTransform(scaleX: 2, y: 3)), forKey: "transform")
        #expect(layer.transform.m11 == 2 && layer.transform.m22 == 3)
        #expect(CGRect(x: 0, y: 0, width: 10, height: 10).inset(by: UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
                == CGRect(x: 2, y: 1, width: 4, height: 6))
    }

    /// UIRectFill replaces what is under it (Apple: "the kCGBlendModeCopy blend mode"), so half-transparent red
    /// over white stays half-transparent; UIRectFrame draws one point inside the rect in the stroke colour, and
    /// UIRectFrameUsingBlendMode in the fill colour.
    @Test func rectFunctionsFillAndFrameAsDocumented() {
        let format = UIGraphicsImageRendererFormat(); format.scale = 1
        let image = UIGraphicsImageRenderer(size: CGSize(width: 30, height: 20), format: format).image { ctx in
            UIColor.white.setFill(); ctx.fill(CGRect(x: 0, y: 0, width: 30, height: 20))
            UIColor(red: 1, green: 0, blue: 0, alpha: 0.5).setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: 10, height: 10))
            UIColor.green.setStroke()
            UIColor.blue.setFill()
            UIRectFrame(CGRect(x: 12, y: 2, width: 8, height: 8))
            UIRectFrameUsingBlendMode(CGRect(x: 22, y: 2, width: 6, height: 6), .normal)
        }
        #expect(pixel(image, 5, 5) == (128, 0, 0, 128))     // premultiplied half red, not pink
        #expect(pixel(image, 12, 5) == (0, 255, 0, 255) && pixel(image, 19, 5) == (0, 255, 0, 255))
        #expect(pixel(image, 15, 2) == (0, 255, 0, 255) && pixel(image, 15, 9) == (0, 255, 0, 255))
        #expect(pixel(image, 13, 5) == (255, 255, 255, 255) && pixel(image, 20, 5) == (255, 255, 255, 255))
        #expect(pixel(image, 22, 4) == (0, 0, 255, 255) && pixel(image, 24, 4) == (255, 255, 255, 255))
        UIRectFill(CGRect(x: 0, y: 0, width: 1, height: 1))   // no current context: nothing happens
    }

    /// The elements of a path as (type, points) pairs.
    func elements(of path: UIBezierPath) -> [(CGPathElementType, [CGPoint])] {
        var out: [(CGPathElementType, [CGPoint])] = []
        path.cgPath.applyWithBlock { e in
            let count: Int
            switch e.pointee.type {
            case .moveToPoint, .addLineToPoint: count = 1
            case .addQuadCurveToPoint: count = 2
            case .addCurveToPoint: count = 3
            case .closeSubpath: count = 0
            @unknown default: count = 0
            }
            out.append((e.pointee.type, (0..<count).map { e.pointee.points[$0] }))
        }
        return out
    }

    /// `reversing()` traces each subpath the other way, in place (Apple: "reverses each whole or partial subpath
    /// individually"): an open one from its end, a closed one from its start through its points backwards,
    /// curves with their control points swapped.
    @Test func reversingTracesEachSubpathBackwards() {
        let path = UIBezierPath()
        path.move(to: CGPoint(x: 0, y: 0)); path.addLine(to: CGPoint(x: 10, y: 0))
        path.addCurve(to: CGPoint(x: 5, y: 6), controlPoint1: CGPoint(x: 1, y: 2), controlPoint2: CGPoint(x: 3, y: 4))
        path.append(UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 20)))
        path.lineWidth = 7
        let reversed = path.reversing()
        let got = elements(of: reversed)
        let expected: [(CGPathElementType, [CGPoint])] = [
            (.moveToPoint, [CGPoint(x: 5, y: 6)]),
            (.addCurveToPoint, [CGPoint(x: 3, y: 4), CGPoint(x: 1, y: 2), CGPoint(x: 10, y: 0)]),
            (.addLineToPoint, [CGPoint(x: 0, y: 0)]),
            (.moveToPoint, [CGPoint(x: 0, y: 0)]),
            (.addLineToPoint, [CGPoint(x: 0, y: 20)]),
            (.addLineToPoint, [CGPoint(x: 10, y: 20)]),
            (.addLineToPoint, [CGPoint(x: 10, y: 0)]),
            (.addLineToPoint, [CGPoint(x: 0, y: 0)]),
            (.closeSubpath, []),
        ]
        #expect(got.count == expected.count)
        for (g, e) in zip(got, expected) { #expect(g.0 == e.0 && g.1 == e.1, "\(g) vs \(e)") }
        #expect(reversed.lineWidth == 7 && reversed.bounds == path.bounds)
        // Twice reversed: the original points again (the rectangle's closing line now explicit, ending where it began).
        let twice = elements(of: reversed.reversing())
        #expect(twice.count == expected.count && twice[0].1 == [CGPoint(x: 0, y: 0)] && twice[2].1 == [CGPoint(x: 1, y: 2), CGPoint(x: 3, y: 4), CGPoint(x: 5, y: 6)])
        #expect(UIBezierPath().reversing().isEmpty)
    }

    /// Xcode writes colours picked in the editor as `#colorLiteral(…)`; they are UIColors of those components.
    @Test func colourLiteralsAreUIColors() {
        let c: UIColor = #colorLiteral(red: 0.25, green: 0.5, blue: 0.75, alpha: 1)
        #expect(c.cgColor.components == [0.25, 0.5, 0.75, 1])
        #expect(UIColor().cgColor.alpha == 0)
    }

    /// A view that draws after calling `super.draw(_:)`, as much iOS code writes, draws; one whose override only
    /// calls `super` (and sets properties) gets no backing store, like a view with no override.
    final class SuperCallingView: UIView, @unchecked Sendable {
        var fills = true
        override func draw(_ rect: CGRect) {
            super.draw(rect)
            guard fills else { return }
            UIColor.red.setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: bounds.width, height: bounds.height / 2))
        }
    }

    @Test func anOverrideThatCallsSuperFirstStillDraws() {
        withClock { _ in
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
            window.backgroundColor = .white
            let drawing = SuperCallingView(frame: window.bounds), silent = SuperCallingView(frame: window.bounds)
            silent.fills = false
            window.addSubview(drawing); window.addSubview(silent)
            CATransaction.flush()
            #expect(drawing.layer.contents != nil && silent.layer.contents == nil)
            let format = UIGraphicsImageRendererFormat(); format.scale = 1
            let image = UIGraphicsImageRenderer(size: window.bounds.size, format: format).image { ctx in
                window.layer.render(in: ctx.cgContext)
            }
            #expect(pixel(image, 10, 3) == (255, 0, 0, 255) && pixel(image, 10, 16) == (255, 255, 255, 255))
        }
    }
}
