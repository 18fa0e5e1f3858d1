import Testing
import CoreGraphics
import CalyxTestSupport

/// Hostile path input, each case one that trapped or ran away before (docs/bad-input.md): a path holds finite
/// points only, and an arc costs at most one turn of curves however far it sweeps.
@Suite struct PathBadInputTests {
    /// Trapped converting a NaN to `Int` in the arc builder: the tangent construction overflowed on finite input.
    @Test func tangentArcFarAwayAddsOnlyFiniteElements() {
        let p = CGMutablePath()
        p.move(to: .zero)
        p.addArc(tangent1End: CGPoint(x: 0, y: -1e12), tangent2End: CGPoint(x: 100, y: 0), radius: 5)
        p.addArc(tangent1End: CGPoint(x: 1e300, y: -1e300), tangent2End: CGPoint(x: -1e300, y: 0), radius: 1e300)
        #expect(p.elements.allSatisfy { $0.isFinite })
        #expect(!p.isEmpty)
    }

    /// Built about 6·10¹¹ curves (300 MB/s) before.
    @Test func relativeArcOfMillionsOfTurnsCostsOneTurn() {
        let p = CGMutablePath()
        p.addRelativeArc(center: .zero, radius: 10, startAngle: 0, delta: 1e12)
        #expect(p.elements.count <= 1 + 8)
        // It still ends where the whole sweep ends.
        let end = CGPoint(x: 10 * cos(1e12), y: 10 * sin(1e12))
        #expect(abs(p.currentPoint.x - end.x) < 1e-3 && abs(p.currentPoint.y - end.y) < 1e-3)
        // And it covers the circle: the bounding box is the circle's (to the cubic pieces' radial error, 2.7e-4·r).
        let box = p.boundingBoxOfPath
        #expect(abs(box.minX + 10) < 0.01 && abs(box.maxX - 10) < 0.01 && abs(box.minY + 10) < 0.01)
    }

    /// A null rectangle (infinite origin) then a line, and a NaN-wide rectangle then a curve: the subpath walk
    /// force-unwrapped a missing current point.
    @Test func nonFiniteRectanglesAddNothing() {
        let a = CGMutablePath()
        a.addRect(.null)
        a.addLine(to: CGPoint(x: 5, y: 5))
        #expect(a.isEmpty)
        #expect(a.subpaths.isEmpty && a.length == 0)

        let b = CGMutablePath()
        b.addRect(CGRect(x: 0, y: 0, width: CGFloat.nan, height: 4))
        b.addCurve(to: CGPoint(x: 9, y: 9), control1: CGPoint(x: 1, y: 1), control2: CGPoint(x: 2, y: 2))
        _ = b.subpaths; _ = b.length; _ = b.polylines(tolerance: 0.1)
        #expect(b.elements.allSatisfy { $0.isFinite })
    }

    /// A transform that makes points infinite drops those elements from the copy instead of storing them.
    @Test func copiesThroughOverflowingTransformsStayFinite() {
        let p = CGMutablePath()
        p.addRect(CGRect(x: 0, y: 0, width: 1e300, height: 1e300))
        var huge = CGAffineTransform(scaleX: 1e300, y: 1e300)
        let copied = p.copy(using: &huge)!.elements, mutableCopied = p.mutableCopy(using: &huge)!.elements
        #expect(copied.allSatisfy { $0.isFinite } && mutableCopied.allSatisfy { $0.isFinite })
        let q = CGMutablePath(); q.addPath(p, transform: huge)
        #expect(q.elements.allSatisfy { $0.isFinite })
    }

    /// Apple's documented arc geometry for sweeps of 0, ±π, ±2π and beyond (`CGPathAddArc`: the arc runs from
    /// the start angle to the end angle in the direction given). iOS code's full circle,
    /// `UIBezierPath(arcCenter:radius:startAngle: 0, endAngle: 2π, clockwise: false)`, is this `CGPath` call
    /// with `clockwise: true` after UIKit's flip.
    @Test(arguments: [
        // (start, end, clockwise, expected sweep)
        (0.0, 0.0, false, 0.0), (0.0, 0.0, true, 0.0), (1.0, 1.0, true, 0.0),
        (0.0, Double.pi, false, Double.pi), (0.0, Double.pi, true, -Double.pi),
        (0.0, -Double.pi, false, Double.pi), (0.0, -Double.pi, true, -Double.pi),
        (0.0, 2 * Double.pi, false, 2 * Double.pi), (0.0, 2 * Double.pi, true, -2 * Double.pi),
        (0.0, -2 * Double.pi, false, 2 * Double.pi), (0.0, -2 * Double.pi, true, -2 * Double.pi),
        (0.0, 4 * Double.pi, true, -2 * Double.pi), (0.0, 5 * Double.pi, false, 2 * Double.pi),
        (0.0, 3 * Double.pi, true, -Double.pi), (Double.pi / 2, -Double.pi / 2, false, Double.pi),
    ])
    func arcSweepMatchesAppleGeometry(_ start: Double, _ end: Double, _ clockwise: Bool, _ expected: Double) {
        let p = CGMutablePath()
        p.addArc(center: .zero, radius: 10, startAngle: start, endAngle: end, clockwise: clockwise)
        let length = p.length
        #expect(abs(length - 10 * abs(expected)) < 0.01, "sweep \(expected): length \(length)")
        // A full circle's box is the circle's; an arc ends where its sweep ends (a sweep clamped to one turn ends
        // where it began).
        if abs(expected) == 2 * .pi {
            #expect(abs(p.boundingBoxOfPath.width - 20) < 1e-9 && abs(p.boundingBoxOfPath.height - 20) < 1e-9)
        }
        #expect(abs(p.currentPoint.x - 10 * cos(start + expected)) < 1e-9 && abs(p.currentPoint.y - 10 * sin(start + expected)) < 1e-9)
    }

    /// `CGContext.addArc` builds the same geometry: a full turn with `clockwise: true` fills the disc.
    @Test func contextFullTurnArcFillsTheDisc() {
        let ctx = CGContext(data: nil, width: 40, height: 40, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(),
                            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        ctx.setFillColor(CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        ctx.addArc(center: CGPoint(x: 20, y: 20), radius: 15, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
        ctx.fillPath()
        let image = ctx.makeImage()!
        // The centre is 15 px inside the circle's edge: fully covered; a corner is 13 px outside it: empty.
        let bytes = image.dataProvider!.data! as Data
        let centre = bytes[20 * image.bytesPerRow + 20 * 4 + 3], corner = bytes[1 * image.bytesPerRow + 1 * 4 + 3]
        #expect(centre == 255 && corner == 0)
    }
}

/// Apple's CoreGraphics draws nothing while the CTM is singular (a scale by zero collapses user space onto a
/// line, which covers no pixels); restoring the graphics state brings drawing back.
@Suite struct SingularCTMTests {
    @Test func drawingUnderASingularCTMPaintsNothing() {
        let ctx = CGContext(data: nil, width: 10, height: 10, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(),
                            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.saveGState()
        ctx.scaleBy(x: 0, y: 1)
        #expect(ctx.ctm.a == 0)
        ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        ctx.translateBy(x: 3, y: 3)
        ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        func alphaAt(_ x: Int, _ y: Int) -> UInt8 {
            let image = ctx.makeImage()!
            return (image.dataProvider!.data! as Data)[y * image.bytesPerRow + x * 4 + 3]
        }
        #expect(alphaAt(5, 5) == 0)
        ctx.restoreGState()
        ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(alphaAt(5, 5) == 255)
    }
}

/// Transforms Cairo cannot take — an image or mask squashed to 10⁻³⁰⁰ under a 10¹² scale — draw nothing and
/// leave the context working: Cairo asserted in its pattern code (a random program's abort), and an error state
/// on a Cairo context is sticky, so one bad draw would have silenced the rest.
@Suite struct DegenerateImagePlacementTests {
    @Test func squashedImagesAndMasksDrawNothingAndLeaveTheContextWorking() {
        let canvas = TestCanvas(width: 10, height: 10, background: nil)
        let ctx = canvas.context
        let image = TestCanvas(width: 2, height: 2, background: CGColor(red: 0, green: 0, blue: 1, alpha: 1)).context.makeImage()!
        ctx.saveGState()
        ctx.scaleBy(x: 1, y: -1e12)
        ctx.draw(image, in: CGRect(x: 0, y: 0, width: 10, height: 1e-300))
        ctx.clip(to: CGRect(x: 0, y: 0, width: 10, height: 1e-300), mask: image)
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: -10, width: 10, height: 20))
        ctx.restoreGState()
        #expect(canvas.pixel(5, 5) == .clear)
        ctx.setFillColor(CGColor(red: 0, green: 1, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(canvas.pixel(5, 5) == .green)
        ctx.draw(image, in: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(canvas.pixel(5, 5) == .blue)
    }
}
