import Testing
import CoreGraphics
import CalyxTestSupport

/// Paths whose device coordinates lie far beyond Cairo's fixed-point range (about ±8.4 million pixels). Each
/// expectation follows from the geometry: the straight edges through the canvas are known lines, probed at least a
/// pixel away from them.
@Suite struct FarCoordinateTests {
    @Test func aFarOutPolygonFillsTheSideOfItsEdgeThatIsInside() {
        let canvas = TestCanvas(width: 48, height: 48)
        let ctx = canvas.context
        ctx.setFillColor(CGColor.black)
        // A triangle below the diagonal y = x, its corners 10¹⁵ pixels away.
        ctx.move(to: CGPoint(x: -1e15, y: -1e15))
        ctx.addLine(to: CGPoint(x: 1e15, y: 1e15))
        ctx.addLine(to: CGPoint(x: 1e15, y: -1e15))
        ctx.fillPath()
        for (x, y) in [(30, 10), (40, 2), (20, 5), (46, 44)] { #expect(canvas.pixel(x, y) == .black) }
        for (x, y) in [(10, 30), (2, 40), (5, 20), (44, 46)] { #expect(canvas.pixel(x, y) == .white) }
    }

    @Test func aFarOutRectangleWithAHoleKeepsItsWindingNumbers() {
        let canvas = TestCanvas(width: 48, height: 48)
        let ctx = canvas.context
        ctx.setFillColor(CGColor.black)
        ctx.addRect(CGRect(x: -1e300, y: -1e300, width: 2e300, height: 2e300))
        ctx.addRect(CGRect(x: 16, y: 16, width: 16, height: 16))
        ctx.fillPath(using: .evenOdd)
        #expect(canvas.pixel(2, 2) == .black && canvas.pixel(45, 45) == .black && canvas.pixel(24, 8) == .black)
        #expect(canvas.pixel(24, 24) == .white && canvas.pixel(18, 30) == .white)
    }

    @Test func aFarOutCurveIsCutWhereItLeavesAndKeptWhereItIsVisible() {
        let canvas = TestCanvas(width: 48, height: 48)
        let ctx = canvas.context
        ctx.setFillColor(CGColor.black)
        // A circle of radius 10¹², centred 10¹² − 24 below the canvas's centre: its top is the line y = 24 to
        // well under a pixel across the canvas (the sagitta over 24 px is 3 × 10⁻¹⁰ px).
        let r = 1e12
        ctx.addEllipse(in: CGRect(x: 24 - r, y: 24 - 2 * r, width: 2 * r, height: 2 * r))
        ctx.fillPath()
        for x in stride(from: 1, to: 48, by: 6) {
            #expect(canvas.pixel(x, 22) == .black)
            #expect(canvas.pixel(x, 25) == .white)
        }
    }

    @Test func aFarOutStrokeKeepsItsVisiblePart() {
        let canvas = TestCanvas(width: 48, height: 48)
        let ctx = canvas.context
        ctx.setStrokeColor(CGColor.black)
        ctx.setLineWidth(4)
        ctx.move(to: CGPoint(x: -1e18, y: 24))
        ctx.addLine(to: CGPoint(x: 1e18, y: 24))
        ctx.addLine(to: CGPoint(x: 1e18, y: 1e18))   // off the canvas: must not come back as a line along the box
        ctx.strokePath()
        for x in stride(from: 1, to: 48, by: 6) {
            #expect(canvas.pixel(x, 24) == .black && canvas.pixel(x, 22) == .black)
            #expect(canvas.pixel(x, 28) == .white && canvas.pixel(x, 19) == .white)
        }
    }

    /// Found by the random programs (seed 1280): a radial gradient layer under a 10¹² perspective, drawn by
    /// `render(in:)` inside a mask clip, crashed inside Cairo. The CTM below is the one that layer was drawn with.
    @Test func aRadialGradientUnderAnExtremeMatrixInsideAMaskClipDrawsWithoutCrashing() {
        let canvas = TestCanvas(width: 48, height: 48)
        let ctx = canvas.context
        let mask = TestCanvas(width: 4, height: 4)
        mask.context.setFillColor(CGColor.white); mask.context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        ctx.clip(to: CGRect(x: 0, y: 0, width: 48, height: 48), mask: mask.context.makeImage()!)
        ctx.concatenate(CGAffineTransform(a: 668356664521.2378e6, b: 205634093845.7763e6, c: -1225624385665.429,
                                          d: -377089319701.0029, tx: -39850963253274.1 + 6.36 * 668356664521.2378e6,
                                          ty: -12260993497154.785 + 6.36 * 205634093845.7763e6))
        ctx.addRect(CGRect(x: 0, y: 0, width: 12.72, height: 1.86))
        ctx.clip()
        ctx.translateBy(x: 6.36, y: 0)
        ctx.scaleBy(x: 1e-6, y: 1)
        let colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
        let gradient = CGGradient(colorsSpace: nil, colors: colors as CFArray, locations: nil)!
        ctx.drawRadialGradient(gradient, startCenter: .zero, startRadius: 0, endCenter: .zero, endRadius: 20,
                               options: [.drawsAfterEndLocation])
        #expect(ctx.makeImage() != nil)
    }

    /// Found by the random programs (seed 80945): a curve whose control points sit near the largest doubles
    /// overflowed when split, and the box test trapped on the result.
    @Test func aCurveNearTheLargestDoublesDrawsWithoutTrapping() {
        let canvas = TestCanvas(width: 48, height: 48)
        let ctx = canvas.context
        ctx.setFillColor(CGColor.black)
        ctx.move(to: CGPoint(x: 0, y: 0))
        ctx.addCurve(to: CGPoint(x: 40, y: 40), control1: CGPoint(x: .greatestFiniteMagnitude, y: -.greatestFiniteMagnitude),
                     control2: CGPoint(x: -.greatestFiniteMagnitude, y: .greatestFiniteMagnitude))
        ctx.addLine(to: CGPoint(x: 40, y: 0))
        ctx.fillPath()
        ctx.move(to: CGPoint(x: -1e308, y: 0))
        ctx.addCurve(to: CGPoint(x: 1e308, y: 10), control1: CGPoint(x: 1.7e308, y: 1.7e308), control2: CGPoint(x: -1.7e308, y: -1.7e308))
        ctx.strokePath()
        #expect(ctx.makeImage() != nil)
    }
}
