import Testing
@testable import CoreGraphics
import CalyxTestSupport
import Foundation

/// Plain solid strokes are outlined (`StrokeOutline`) and the outline filled by exact area coverage
/// (CGContext+Coverage.swift). The expectations are areas and edge pixels worked out from the geometry, or
/// (for curves and sharp turns) Cairo stroking the same path, which a clip of the whole bitmap sends it to.
@Suite struct CoverageStrokeTests {
    /// A transparent canvas with `path` stroked opaque black.
    func stroked(_ path: CGPath, width: CGFloat, cap: CGLineCap = .butt, join: CGLineJoin = .miter, size: Int = 80,
                 throughCairo: Bool = false, flatness: CGFloat? = nil, transform: CGAffineTransform = .identity) -> TestCanvas {
        let canvas = TestCanvas(width: size, height: size, background: nil)
        let ctx = canvas.context
        if let flatness { ctx.setFlatness(flatness) }
        if throughCairo { ctx.clip(to: CGRect(x: -0.5, y: -0.5, width: CGFloat(size) + 1, height: CGFloat(size) + 1)) }
        ctx.concatenate(transform)
        ctx.setStrokeColor(CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        ctx.setLineWidth(width); ctx.setLineCap(cap); ctx.setLineJoin(join)
        ctx.addPath(path)
        ctx.strokePath()
        return canvas
    }

    /// The canvas's summed alpha in whole pixels.
    func coveredArea(_ canvas: TestCanvas) -> Double {
        var sum = 0
        for y in 0..<canvas.height { for x in 0..<canvas.width { sum += canvas.pixel(x, y).a } }
        return Double(sum) / 255
    }

    /// Mean and largest alpha difference between two canvases of one size.
    func difference(_ a: TestCanvas, _ b: TestCanvas) -> (mean: Double, worst: Int) {
        var total = 0, worst = 0
        for y in 0..<a.height { for x in 0..<a.width {
            let d = abs(a.pixel(x, y).a - b.pixel(x, y).a)
            total += d; worst = max(worst, d)
        } }
        return (Double(total) / Double(a.width * a.height), worst)
    }

    func line(_ points: [CGPoint], closed: Bool = false) -> CGPath {
        let path = CGMutablePath()
        path.addLines(between: points)
        if closed { path.closeSubpath() }
        return path
    }

    @Test func aStraightLineCoversItsRectangleExactly() {
        // From x 10 to 50 at y 20.25, 4 wide: rows y 18.25…22.25, so the row of pixels from 18 is ¾ covered,
        // the one from 22 ¼; butt caps end the stroke at the path's ends.
        let canvas = stroked(line([CGPoint(x: 10, y: 20.25), CGPoint(x: 50, y: 20.25)]), width: 4)
        #expect(canvas.pixel(30, 19).a == 255 && canvas.pixel(30, 21).a == 255)
        #expect(abs(canvas.pixel(30, 18).a - 191) <= 1 && abs(canvas.pixel(30, 22).a - 64) <= 1)
        #expect(canvas.pixel(9, 20).a == 0 && canvas.pixel(50, 20).a == 0 && canvas.pixel(10, 20).a == 255)
        #expect(abs(coveredArea(canvas) - 160) < 0.5)
    }

    @Test func aStraightCubicIsStrokedAsFarAsItRuns() {
        // Cubics whose controls lie on their chord: one with controls at its ends (a straight side as After
        // Effects writes it) strokes exactly its chord's rectangle; one whose control reaches past its end runs
        // out beyond it and back, and its stroke reaches as far as the curve does, not only to its end.
        let straight = CGMutablePath()
        straight.move(to: CGPoint(x: 10, y: 20))
        straight.addCurve(to: CGPoint(x: 60, y: 20), control1: CGPoint(x: 10, y: 20), control2: CGPoint(x: 60, y: 20))
        #expect(abs(coveredArea(stroked(straight, width: 6)) - 300) < 0.5)
        // Controls at x = 10 and 90 on a chord from 10 to 50: x(t) = 10(1−t)³ + 30(1−t)²t + 270(1−t)t² + 50t³
        // reaches its furthest, 61.2, at t = 0.8.
        let overshooting = CGMutablePath()
        overshooting.move(to: CGPoint(x: 10, y: 50))
        overshooting.addCurve(to: CGPoint(x: 50, y: 50), control1: CGPoint(x: 10, y: 50), control2: CGPoint(x: 90, y: 50))
        let canvas = stroked(overshooting, width: 6)
        // (Where it turns back, the join reaches at most half the width further: nothing from x = 64.2 on.)
        #expect(canvas.pixel(52, 50).a == 255 && canvas.pixel(60, 50).a == 255, "\(canvas.pixel(52, 50)) \(canvas.pixel(60, 50))")
        #expect(canvas.pixel(65, 50).a == 0)
    }

    @Test func capsAddTheirAreas() {
        let segment = line([CGPoint(x: 10, y: 20.5), CGPoint(x: 50, y: 20.5)])
        // Square caps lengthen the stroke by half its width at each end; round caps add a disc in all.
        #expect(abs(coveredArea(stroked(segment, width: 6, cap: .square)) - 46 * 6) < 0.5)
        let round = coveredArea(stroked(segment, width: 6, cap: .round, flatness: 0.002))
        #expect(abs(round - (40 * 6 + Double.pi * 9)) < 0.5, "\(round)")
    }

    @Test func joinsAddTheirCorners() {
        // An L of two 40-long segments, 4 wide: the two rectangles overlap in a 4 × 4 square; beyond it, outside
        // the corner, a miter fills the 2 × 2 square, a bevel half of it, a round join a quarter disc.
        let corner = line([CGPoint(x: 10, y: 10), CGPoint(x: 50, y: 10), CGPoint(x: 50, y: 50)])
        let base = 40.0 * 4 * 2 - 4  // the two rectangles, their 2 × 2 overlap counted once: 316
        #expect(abs(coveredArea(stroked(corner, width: 4, join: .miter)) - (base + 4)) < 0.5)
        #expect(abs(coveredArea(stroked(corner, width: 4, join: .bevel)) - (base + 2)) < 0.5)
        #expect(abs(coveredArea(stroked(corner, width: 4, join: .round, flatness: 0.002)) - (base + .pi)) < 0.5)
        // The miter's tip: the pixel (51, 8) inside the outer square is covered by a miter, by none of the others.
        #expect(stroked(corner, width: 4, join: .miter).pixel(51, 8).a == 255)
        #expect(stroked(corner, width: 4, join: .bevel).pixel(51, 8).a == 0)
    }

    @Test func aClosedCircleIsARing() {
        // A ring 6 wide about a circle of radius 20: π((r + 3)² − (r − 3)²) = 2π · r · 6, nothing at the centre.
        let circle = CGPath(ellipseIn: CGRect(x: 20, y: 20, width: 40, height: 40), transform: nil)
        let canvas = stroked(circle, width: 6, flatness: 0.002)
        #expect(abs(coveredArea(canvas) - 2 * .pi * 20 * 6) < 1, "\(coveredArea(canvas))")
        #expect(canvas.pixel(40, 40).a == 0 && canvas.pixel(40, 60).a == 255)
    }

    @Test func aStrokeWiderThanItsCircleCoversTheWholeDisc() {
        // Radius 4, 20 wide: the inner side turns inside out; the stroke is the disc of radius 14.
        let circle = CGPath(ellipseIn: CGRect(x: 36, y: 36, width: 8, height: 8), transform: nil)
        let canvas = stroked(circle, width: 20, flatness: 0.002)
        #expect(canvas.pixel(40, 40).a == 255 && canvas.pixel(40, 52).a == 255 && canvas.pixel(40, 55).a == 0)
        #expect(abs(coveredArea(canvas) - .pi * 196) < 1.5, "\(coveredArea(canvas))")
        // A square of side 6 stroked 20 wide with miters: the inner side goes round each right-angled corner
        // (the overlap stays inside), and the stroke is the 26 × 26 square, whole.
        let square = stroked(CGPath(rect: CGRect(x: 30.3, y: 30.7, width: 6, height: 6), transform: nil), width: 20)
        #expect(abs(coveredArea(square) - 676) < 0.5 && square.pixel(33, 33).a == 255)
    }

    @Test func zeroLengthSubpathsGetTheirCapsOnly() {
        let dot = CGMutablePath()
        dot.move(to: CGPoint(x: 40, y: 40)); dot.addLine(to: CGPoint(x: 40, y: 40))
        #expect(coveredArea(stroked(dot, width: 6, cap: .butt)) == 0)
        #expect(abs(coveredArea(stroked(dot, width: 6, cap: .square)) - 36) < 0.5)
        #expect(abs(coveredArea(stroked(dot, width: 6, cap: .round, flatness: 0.002)) - .pi * 9) < 0.5)
        let alone = CGMutablePath()
        alone.move(to: CGPoint(x: 40, y: 40))
        #expect(coveredArea(stroked(alone, width: 6, cap: .round)) == 0)
    }

    @Test func curvesAndSharpTurnsAgreeWithCairo() {
        // A zigzag with turns of up to 170°, a curve turning back on itself and a closed star, in every join:
        // Cairo samples 15 rows a pixel where the coverage is exact, so the two differ by a few levels on edges.
        let shape = CGMutablePath()
        shape.addLines(between: [CGPoint(x: 5, y: 10), CGPoint(x: 30, y: 14), CGPoint(x: 8, y: 18), CGPoint(x: 60, y: 22),
                                 CGPoint(x: 62, y: 8)])
        shape.move(to: CGPoint(x: 10, y: 70))
        shape.addCurve(to: CGPoint(x: 70, y: 75), control1: CGPoint(x: 20, y: 95), control2: CGPoint(x: 60, y: 30))
        shape.addQuadCurve(to: CGPoint(x: 15, y: 40), control: CGPoint(x: 90, y: 40))
        for i in 0..<10 {
            let r: CGFloat = i % 2 == 0 ? 16 : 7, a = CGFloat(i) * .pi / 5 + 0.3
            let p = CGPoint(x: 45 + r * cos(a), y: 45 + r * sin(a))
            if i == 0 { shape.move(to: p) } else { shape.addLine(to: p) }
        }
        shape.closeSubpath()
        for join in [CGLineJoin.miter, .round, .bevel] {
            for cap in [CGLineCap.butt, .round, .square] {
                let ours = stroked(shape, width: 3.5, cap: cap, join: join)
                let cairo = stroked(shape, width: 3.5, cap: cap, join: join, throughCairo: true)
                let (mean, worst) = difference(ours, cairo)
                #expect(mean < 0.6 && worst <= 48, "\(join) \(cap): mean \(mean), worst \(worst)")
                #expect(abs(coveredArea(ours) - coveredArea(cairo)) < 3, "\(join) \(cap)")
            }
        }
    }

    @Test func aTurnedAndScaledUserSpaceStrokesInPixels() {
        // Rotated 30° and scaled 2×: the pen stays round, the line is 2 × 3 pixels wide; a stretched user space
        // (an elliptical pen) goes to Cairo and agrees with itself.
        let path = line([CGPoint(x: 5, y: 5), CGPoint(x: 25, y: 5), CGPoint(x: 20, y: 25)])
        let turned = CGAffineTransform(translationX: 30, y: 10).rotated(by: .pi / 6).scaledBy(x: 2, y: 2)
        let ours = stroked(path, width: 3, join: .round, transform: turned)
        let cairo = stroked(path, width: 3, join: .round, throughCairo: true, transform: turned)
        let (mean, worst) = difference(ours, cairo)
        #expect(mean < 0.6 && worst <= 48, "mean \(mean), worst \(worst)")
        let stretched = CGAffineTransform(scaleX: 3, y: 1)
        #expect(difference(stroked(path, width: 3, transform: stretched),
                           stroked(path, width: 3, throughCairo: true, transform: stretched)).worst == 0)
    }

    @Test func hostileStrokesDrawOnlyWhatShows() {
        // Far out: Cairo draws the part inside. Not a number: no crash. Hairlines and reversals: Cairo.
        let far = stroked(line([CGPoint(x: -1e9, y: 20), CGPoint(x: 1e9, y: 20)]), width: 4)
        #expect(far.pixel(40, 20).a == 255 && far.pixel(40, 25).a == 0)
        let broken = CGMutablePath()
        broken.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: CGFloat.nan, y: 5), CGPoint(x: 10, y: CGFloat.infinity)])
        _ = stroked(broken, width: 3)
        // A path that turns straight back on itself: both sides trace one outline twice, so Cairo draws it.
        let back = line([CGPoint(x: 10, y: 30), CGPoint(x: 60, y: 30), CGPoint(x: 20, y: 30)])
        #expect(difference(stroked(back, width: 6, cap: .round, join: .round),
                           stroked(back, width: 6, cap: .round, join: .round, throughCairo: true)).worst == 0)
        let thin = line([CGPoint(x: 10, y: 10), CGPoint(x: 60, y: 40)])
        #expect(difference(stroked(thin, width: 0.5), stroked(thin, width: 0.5, throughCairo: true)).worst == 0)
    }

    @Test func theOutlineIsOnePolygonPerOpenSubpathAndTwoPerClosedOne() {
        var outline = StrokeOutline(halfWidth: 2, cap: .butt, join: .miter, miterLimit: 10, tolerance: 0.1)
        outline.add(polyline: [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0)], closed: false)
        // Out along one side and back along the other: the rectangle itself, no piece per segment.
        #expect(outline.polygons == [[CGPoint(x: 0, y: 2), CGPoint(x: 10, y: 2), CGPoint(x: 10, y: -2), CGPoint(x: 0, y: -2)]])
        outline.add(polyline: [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10), CGPoint(x: 0, y: 10)], closed: true)
        #expect(outline.polygons.count == 3 && !outline.overlapsItself)
        // Square corners: the inner side is its four meeting points, the outer side its four miters (the sides'
        // ends on either side of a miter lie on the lines through it, so they add nothing).
        #expect(outline.polygons.map(\.count).sorted() == [4, 4, 4])
        #expect(Set(outline.polygons[1] + outline.polygons[2]).isSuperset(of: [
            CGPoint(x: 2, y: 2), CGPoint(x: 8, y: 2), CGPoint(x: 8, y: 8), CGPoint(x: 2, y: 8),
            CGPoint(x: -2, y: -2), CGPoint(x: 12, y: -2), CGPoint(x: 12, y: 12), CGPoint(x: -2, y: 12)]))
        // A turn sharper than a right angle on short segments goes round its vertex: the outline says so.
        outline.add(polyline: [CGPoint(x: 0, y: 0), CGPoint(x: 3, y: 0), CGPoint(x: 0, y: 1)], closed: false)
        #expect(outline.overlapsItself)
    }
}

/// A path's outline is kept for the pen it was worked out for, and serves a pen flattened a little more coarsely —
/// what the same shape turning on screen asks for, its scale moving in the last bits — but not a finer one, nor
/// one far coarser, nor another width, cap, join or miter limit.
@Suite struct StrokeOutlineReuseTests {
    let pen = PathStrokeOutlineCache.Pen(halfWidth: 2, miterLimit: 4, tolerance: 0.1 / 4.2667, cap: .round, join: .round)

    @Test func aTolerancesLastBitsDoNotOutlineAgain() {
        var turned = pen
        turned.tolerance = pen.tolerance * (1 + 2e-16)
        #expect(pen.serves(turned))
        #expect(pen.serves(pen))
    }

    @Test func onlyAnOutlineAtLeastAsFineAndNotFarFinerServes() {
        var coarser = pen, finer = pen
        coarser.tolerance = pen.tolerance * 2
        finer.tolerance = pen.tolerance * 0.99
        #expect(!pen.serves(coarser))
        #expect(!pen.serves(finer))
    }

    @Test func anyOtherPenPropertyOutlinesAgain() {
        var wider = pen, capped = pen, joined = pen, mitred = pen
        wider.halfWidth = 2.5; capped.cap = .butt; joined.join = .miter; mitred.miterLimit = 10
        for other in [wider, capped, joined, mitred] { #expect(!pen.serves(other)) }
    }

    @Test func aTurningPathIsOutlinedOnce() {
        let path = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 40, height: 20), cornerWidth: 4, cornerHeight: 4, transform: nil)
        let first = path.strokeOutline(pen: pen)
        var turned = pen
        turned.tolerance = pen.tolerance * (1 + 4e-16)
        let second = path.strokeOutline(pen: turned)
        // (An outline remembers the tolerance it was flattened to: the second is the first, not worked out again.)
        #expect(first != nil)
        #expect(second?.tolerance == pen.tolerance)
        #expect(second?.polygons == first?.polygons)
    }
}
