import Testing
@testable import QuartzCore
import CalyxTestSupport
import Foundation

/// A blend mode over a subtree that draws one picture is laid on that picture, with no group picture
/// (FrameCompositor+BlendedPicture.swift), and a shape that slides off the pixel grid is filled straight into the
/// frame rather than its raster resampled (FrameCompositor+DirectShapes.swift). The expectations are worked out:
/// the PDF formula of each mode over a known background, weighted by each pixel's exact coverage
/// (`polygonCoverage`).
@Suite struct BlendedPictureTests {
    static let triangle = [CGPoint(x: 10.3, y: 12.6), CGPoint(x: 131.2, y: 41.7), CGPoint(x: 47.9, y: 128.4)]
    static let background = (r: 0.5, g: 0.5, b: 1.0)

    /// A 200 × 200 root of `background` holding a 140 × 140 container at (30, 30) with `content` in it, the
    /// container's `compositingFilter` set to `filter`, its position slid by 0.3 points to the right and 0.45
    /// down over a second by an animation. Frames drawn at 0.25 s and 0.5 s (the second sees it moved since the
    /// first, by a fraction of a pixel); answers the second, and the renderer.
    func slidFrame(_ content: CALayer, filter: String?) -> (TestCanvas, CARenderer, CALayer) {
        withClock(at: 0) { _ in
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
            root.backgroundColor = CGColor(red: Self.background.r, green: Self.background.g, blue: Self.background.b, alpha: 1)
            let container = CALayer()
            container.frame = CGRect(x: 30, y: 30, width: 140, height: 140)
            container.compositingFilter = filter
            content.frame = container.bounds
            container.addSublayer(content)
            let slide = CABasicAnimation(keyPath: "position")
            slide.fromValue = CGPoint(x: 100, y: 100); slide.toValue = CGPoint(x: 100.3, y: 100.45); slide.duration = 1
            container.add(slide, forKey: "slide")
            root.addSublayer(container)
            CATransaction.flush()
            let (canvas, renderer) = frameRenderer(for: root, background: nil)
            renderer.drawFrame(at: 0.25)
            renderer.drawFrame(at: 0.5)
            return (canvas, renderer, container)
        }
    }

    /// A shape layer filling `triangle` with `colour`.
    static func triangleShape(_ colour: CGColor) -> CAShapeLayer {
        let shape = CAShapeLayer()
        let path = CGMutablePath()
        path.addLines(between: triangle)
        path.closeSubpath()
        shape.path = path
        shape.fillColor = colour
        return shape
    }

    /// The triangle on screen at 0.5 s: moved by (30.15, 30.225).
    static var screenTriangle: [CGPoint] { triangle.map { CGPoint(x: $0.x + 30.15, y: $0.y + 30.225) } }

    /// The largest difference, in levels, between the frame and `expected` (each pixel's colour for coverage c).
    func worstDifference(_ canvas: TestCanvas, expected: (Double) -> (r: Double, g: Double, b: Double)) -> Int {
        var worst = 0
        for y in 0..<200 { for x in 0..<200 {
            let c = polygonCoverage(of: Self.screenTriangle, inPixel: x, y)
            let e = expected(c), p = canvas.pixel(topDown: x, y)
            worst = max(worst, abs(p.r - Int((e.r * 255).rounded())), abs(p.g - Int((e.g * 255).rounded())),
                        abs(p.b - Int((e.b * 255).rounded())))
        } }
        return worst
    }

    @Test func aFillSlidOffThePixelGridHasExactCoverage() {
        let (canvas, _, _) = slidFrame(Self.triangleShape(CGColor(red: 1, green: 0.8, blue: 0, alpha: 1)), filter: nil)
        let b = Self.background
        // Exact coverage, rounded to 8 bits (a raster resampled at a fraction of a pixel is tens of levels off
        // along the edges).
        let worst = worstDifference(canvas) { c in (b.r + (1 - b.r) * c, b.g + (0.8 - b.g) * c, b.b - b.b * c) }
        #expect(worst <= 2, "largest difference from exact coverage: \(worst) levels")
    }

    /// Multiply and lighten, the triangle's picture laid by the mode: inside, S·B or max(S, B) per channel;
    /// along the edges, that weighted by coverage over the background. No group picture is made.
    @Test(arguments: [("multiplyBlendMode", 0), ("lightenBlendMode", 1)])
    func aBlendedSubtreeOfOneShapeIsFilledByTheMode(_ filter: String, _ kind: Int) {
        let colour = (r: 0.9, g: 0.3, b: 0.6)
        let (canvas, renderer, container) = slidFrame(
            Self.triangleShape(CGColor(red: colour.r, green: colour.g, blue: colour.b, alpha: 1)), filter: filter)
        let b = Self.background
        func mode(_ s: Double, _ d: Double) -> Double { kind == 0 ? s * d : max(s, d) }
        let worst = worstDifference(canvas) { c in
            (b.r + (mode(colour.r, b.r) - b.r) * c, b.g + (mode(colour.g, b.g) - b.g) * c, b.b + (mode(colour.b, b.b) - b.b) * c)
        }
        #expect(worst <= 2, "\(filter): largest difference from the blended coverage: \(worst) levels")
        #expect(renderer.compositor.rasters.content[ObjectIdentifier(container)] == nil, "\(filter): a group picture was made")
    }

    /// A container blended by multiply holding one red square layer (a raster blit, standing still): the blit is
    /// laid by the mode, red × background = (128, 0, 0) inside, the background outside, and no group picture.
    @Test func aBlendedSubtreeOfOneRasterBlendsTheRaster() {
        withClock(at: 0) { _ in
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            root.backgroundColor = CGColor(red: 0.5, green: 0.5, blue: 1, alpha: 1)
            let container = CALayer(); container.frame = root.bounds
            container.compositingFilter = "multiplyBlendMode"
            let square = CALayer(); square.frame = CGRect(x: 40, y: 40, width: 20, height: 20)
            square.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            container.addSublayer(square)
            root.addSublayer(container)
            CATransaction.flush()
            let (canvas, renderer) = frameRenderer(for: root)
            renderer.drawFrame(at: 0)
            for (x, y) in [(41, 41), (50, 50), (58, 58)] {
                let p = canvas.pixel(topDown: x, y)
                #expect(abs(p.r - 128) <= 1 && p.g <= 1 && p.b <= 1, "(\(x), \(y)) is \(p)")
            }
            for (x, y) in [(38, 50), (50, 61), (5, 5)] {
                let p = canvas.pixel(topDown: x, y)
                #expect(abs(p.r - 128) <= 1 && abs(p.g - 128) <= 1 && p.b >= 254, "(\(x), \(y)) is \(p)")
            }
            #expect(renderer.compositor.rasters.content[ObjectIdentifier(container)] == nil)
        }
    }
}
