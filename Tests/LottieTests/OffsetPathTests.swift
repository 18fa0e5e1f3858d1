import Testing
import Foundation
import CoreGraphics
@testable import Lottie

/// Offset Paths (BezierShape+Offset.swift) against geometry worked by hand: a 10-point square grown by 2 is a
/// 14-point square with mitred corners, or with corners rounded to a radius of 2 about the old ones; shrunk by 2
/// it is a 6-point square; a circle of radius 10 grown by 3 has radius 13. ThorVGReferenceTests compares whole
/// frames (References/offset-paths.json).
@Suite struct OffsetPathTests {
    /// The square (0, 0)–(10, 10) from the top right, clockwise on screen as After Effects draws rectangles.
    let square = BezierShape.rectangle(CGRect(x: 0, y: 0, width: 10, height: 10), radius: 0)

    func close(_ a: CGRect, _ b: CGRect, _ tolerance: CGFloat = 1e-6) -> Bool {
        abs(a.minX - b.minX) < tolerance && abs(a.minY - b.minY) < tolerance && abs(a.maxX - b.maxX) < tolerance
            && abs(a.maxY - b.maxY) < tolerance
    }

    @Test func aGrownSquareIsALargerSquareWithMitredCorners() {
        for shape in [square, square.reversed()] {
            let grown = shape.offset(by: 2, join: .miter, miterLimit: 4).path()
            #expect(close(grown.boundingBoxOfPath, CGRect(x: -2, y: -2, width: 14, height: 14)), "\(grown.boundingBoxOfPath)")
            #expect(grown.contains(CGPoint(x: 11.8, y: 11.8)) && grown.contains(CGPoint(x: -1.8, y: -1.8)))
        }
    }

    @Test func roundJoinsAreArcsAboutTheOldCorners() {
        let grown = square.offset(by: 2, join: .round, miterLimit: 4).path()
        #expect(close(grown.boundingBoxOfPath, CGRect(x: -2, y: -2, width: 14, height: 14), 1e-3), "\(grown.boundingBoxOfPath)")
        // (11.3, 11.3) is 1.84 from the corner (10, 10): inside the arc; (11.6, 11.6) is 2.26 away: outside.
        #expect(grown.contains(CGPoint(x: 11.3, y: 11.3)) && !grown.contains(CGPoint(x: 11.6, y: 11.6)))
        // The arc's midpoint lies 2 from the corner along the diagonal.
        let mid = 10 + 2 / 2.squareRoot()
        #expect(grown.contains(CGPoint(x: mid - 0.02, y: mid - 0.02)) && !grown.contains(CGPoint(x: mid + 0.02, y: mid + 0.02)))
    }

    @Test func aBevelCutsTheCornerStraight() {
        let grown = square.offset(by: 2, join: .bevel, miterLimit: 4).path()
        // The bevel runs from (12, 10) to (10, 12): (10.9, 10.9) is inside it, (11.1, 11.1) outside.
        #expect(grown.contains(CGPoint(x: 10.9, y: 10.9)) && !grown.contains(CGPoint(x: 11.1, y: 11.1)))
    }

    @Test func aShrunkSquareIsASmallerSquare() {
        for shape in [square, square.reversed()] {
            let shrunk = shape.offset(by: -2, join: .miter, miterLimit: 4).path()
            #expect(close(shrunk.boundingBoxOfPath, CGRect(x: 2, y: 2, width: 6, height: 6)), "\(shrunk.boundingBoxOfPath)")
        }
    }

    @Test func aGrownCircleKeepsItsCentre() {
        let circle = BezierShape.ellipse(center: CGPoint(x: 50, y: 50), radii: CGSize(width: 10, height: 10), counterclockwise: false)
        let grown = circle.offset(by: 3, join: .round, miterLimit: 4).path()
        // Every point of the curve within 0.005 of radius 13 (measured: 0.0021; the cubic circle itself is within
        // 0.003 of 10; Tiller and Hanson alone, 0.055).
        for sub in grown.subpaths {
            for segment in sub.segments {
                for i in 0...16 {
                    let p = segment.point(at: CGFloat(i) / 16)
                    let r = hypot(p.x - 50, p.y - 50)
                    #expect(abs(r - 13) < 0.005, "radius \(r) at \(p)")
                }
            }
        }
    }

    /// A miter past the limit (limit × amount from the corner) becomes a bevel.
    @Test func aLongMiterIsCutToABevel() {
        // A thin spike: its tip's miter would reach far past 1 × the amount.
        let spike = BezierShape(closed: true, vertices: [CGPoint(x: 0, y: 0), CGPoint(x: 40, y: 2), CGPoint(x: 0, y: 4)],
                                inTangents: [.zero, .zero, .zero], outTangents: [.zero, .zero, .zero])
        let limited = spike.offset(by: 1, join: .miter, miterLimit: 1).path().boundingBoxOfPath
        let mitred = spike.offset(by: 1, join: .miter, miterLimit: 100).path().boundingBoxOfPath
        #expect(limited.maxX < 41.1 && mitred.maxX > 50, "\(limited) \(mitred)")
    }

    @Test func hostileAmountsLeaveTheShape() {
        for amount in [CGFloat.nan, .infinity, 0] {
            #expect(square.offset(by: amount, join: .round, miterLimit: 4).vertices == square.vertices)
        }
    }

    /// An open path is outlined, as After Effects' reference renders of LottieFiles' offset-path files show: a
    /// line from (0, 0) to (20, 0) offset by 3 becomes the 20 × 6 box around it, its ends cut straight across
    /// for a miter or bevel join and rounded (radius 3 about each end) for a round one, whichever way it runs
    /// and whatever the amount's sign.
    @Test func anOpenPathIsOutlinedWithCapsAtItsEnds() {
        let line = BezierShape(closed: false, vertices: [.zero, CGPoint(x: 20, y: 0)], inTangents: [.zero, .zero], outTangents: [.zero, .zero])
        let backwards = BezierShape(closed: false, vertices: [CGPoint(x: 20, y: 0), .zero], inTangents: [.zero, .zero], outTangents: [.zero, .zero])
        for shape in [line, backwards] {
            for amount: CGFloat in [3, -3] {
                let butt = shape.offset(by: amount, join: .miter, miterLimit: 4)
                #expect(butt.closed && close(butt.path().boundingBoxOfPath, CGRect(x: 0, y: -3, width: 20, height: 6)), "\(butt.path().boundingBoxOfPath)")
                #expect(butt.path().contains(CGPoint(x: 10, y: 2.9)) && butt.path().contains(CGPoint(x: 10, y: -2.9)))
                let round = shape.offset(by: amount, join: .round, miterLimit: 4).path()
                #expect(close(round.boundingBoxOfPath, CGRect(x: -3, y: -3, width: 26, height: 6), 1e-3), "\(round.boundingBoxOfPath)")
                // (22.9, 0) is 2.9 past the end: inside the cap; (22, 2.5) is 3.2 from the end: outside.
                #expect(round.contains(CGPoint(x: 22.9, y: 0)) && round.contains(CGPoint(x: -2.9, y: 0)) && !round.contains(CGPoint(x: 22, y: 2.5)))
            }
        }
    }
}
