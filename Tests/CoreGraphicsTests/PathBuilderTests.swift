import Testing
import CoreGraphics

/// The path's elements as (type, points) for comparison.
func elements(of path: CGPath) -> [(CGPathElementType, [CGPoint])] {
    var out: [(CGPathElementType, [CGPoint])] = []
    path.applyWithBlock { e in
        let n = [1, 1, 2, 3, 0][Int(e.pointee.type.rawValue)]
        out.append((e.pointee.type, (0..<n).map { e.pointee.points[$0] }))
    }
    return out
}

func close(_ a: CGPoint, _ b: CGPoint, _ tolerance: CGFloat = 1e-9) -> Bool { abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance }

@Suite struct PathBuilderTests {
    @Test func rectStartsAtMinimumCornerAndCloses() {
        let e = elements(of: CGPath(rect: CGRect(x: 10, y: 20, width: 30, height: 40), transform: nil))
        #expect(e.map(\.0) == [.moveToPoint, .addLineToPoint, .addLineToPoint, .addLineToPoint, .closeSubpath])
        #expect(e.map(\.1).flatMap { $0 } == [CGPoint(x: 10, y: 20), CGPoint(x: 40, y: 20), CGPoint(x: 40, y: 60), CGPoint(x: 10, y: 60)])
        var r = CGRect.zero
        #expect(CGPath(rect: CGRect(x: 10, y: 20, width: 30, height: 40), transform: nil).isRect(&r))
        #expect(r == CGRect(x: 10, y: 20, width: 30, height: 40))
        #expect(!CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 1, height: 1), transform: nil).isRect(nil))
    }

    @Test func ellipseIsFourCubicsFromMaxXWithIncreasingAngle() {
        let e = elements(of: CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 200, height: 100), transform: nil))
        #expect(e.map(\.0) == [.moveToPoint, .addCurveToPoint, .addCurveToPoint, .addCurveToPoint, .addCurveToPoint, .closeSubpath])
        #expect(e[0].1[0] == CGPoint(x: 200, y: 50))
        #expect(close(e[1].1[2], CGPoint(x: 100, y: 100)))  // quarter turn reaches the top (y up)
        // Control points sit 4/3·tan(π/8) ≈ 0.5523 of the radius along the tangent (standard circle constant).
        #expect(abs(e[1].1[0].y - 50 - 50 * 0.5522847498) < 1e-6)
    }

    @Test func arcDirectionAndFullCircle() {
        let ccw = CGMutablePath()
        ccw.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(close(ccw.currentPoint, CGPoint(x: 0, y: 10)))
        #expect(elements(of: ccw).count == 2)  // move + one quarter curve
        let cw = CGMutablePath()
        cw.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(elements(of: cw).count == 4)  // three quarters the long way round
        #expect(close(cw.boundingBoxOfPath.origin, CGPoint(x: -10, y: -10), 1e-9))
        let full = CGMutablePath()
        full.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: 7, clockwise: false)
        #expect(close(full.currentPoint, CGPoint(x: 1, y: 0)))
        #expect(abs(full.length - 2 * .pi) < 2e-3)
    }

    @Test func arcAfterCurrentPointAddsALine() {
        let p = CGMutablePath()
        p.move(to: .zero)
        p.addRelativeArc(center: CGPoint(x: 10, y: 0), radius: 5, startAngle: .pi, delta: -.pi)
        let e = elements(of: p)
        #expect(e[1].0 == .addLineToPoint && close(e[1].1[0], CGPoint(x: 5, y: 0)))
        #expect(close(p.currentPoint, CGPoint(x: 15, y: 0)))
    }

    @Test func tangentArcMeetsBothLines() {
        // Corner at (10, 0) between the x axis and the line up to (10, 10): a radius-2 fillet touches (8, 0)
        // and (10, 2), with its centre at (8, 2).
        let p = CGMutablePath()
        p.move(to: .zero)
        p.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 2)
        let e = elements(of: p)
        #expect(close(e[1].1[0], CGPoint(x: 8, y: 0)))
        #expect(close(p.currentPoint, CGPoint(x: 10, y: 2)))
        let mid = CGMutablePath(); mid.move(to: .zero)
        mid.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 20, y: 0), radius: 2)  // collinear
        #expect(mid.currentPoint == CGPoint(x: 10, y: 0))
    }

    @Test func currentPointRulesAndImplicitMove() {
        let p = CGMutablePath()
        p.addLine(to: CGPoint(x: 5, y: 5))  // no current point: ignored, as Apple does
        #expect(p.isEmpty)
        p.move(to: CGPoint(x: 1, y: 1)); p.addLine(to: CGPoint(x: 2, y: 1)); p.closeSubpath()
        #expect(p.currentPoint == CGPoint(x: 1, y: 1))
        p.addLine(to: CGPoint(x: 3, y: 3))
        #expect(elements(of: p).map(\.0) == [.moveToPoint, .addLineToPoint, .closeSubpath, .moveToPoint, .addLineToPoint])
    }

    @Test func roundedRectClampsRadiiAndStaysInside() {
        let p = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 40), cornerWidth: 80, cornerHeight: 10, transform: nil)
        #expect(p.boundingBoxOfPath == CGRect(x: 0, y: 0, width: 100, height: 40))
        #expect(!p.contains(CGPoint(x: 1, y: 1)))  // the corner is cut
        #expect(p.contains(CGPoint(x: 50, y: 20)))
    }

    @Test func transformsAndCopies() {
        var t = CGAffineTransform(translationX: 5, y: 0)
        let p = CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: &t)
        #expect(p.boundingBox == CGRect(x: 5, y: 0, width: 1, height: 1))
        let m = p.mutableCopy()!
        m.addRect(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(m != p)
        #expect(p.copy() == p)
        var s = CGAffineTransform(scaleX: 2, y: 2)
        #expect(p.copy(using: &s)?.boundingBox == CGRect(x: 10, y: 0, width: 2, height: 2))
    }

    @Test func nonFiniteInputIsIgnored() {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: CGFloat.nan, y: 0))
        p.addLine(to: CGPoint(x: CGFloat.infinity, y: 1))
        p.addArc(center: .zero, radius: .nan, startAngle: 0, endAngle: 1, clockwise: false)
        // The documented result (docs/bad-input.md): an element with a non-finite number is ignored, so nothing
        // was added and everything derived from the path is empty.
        #expect(p.isEmpty && p.boundingBoxOfPath.isNull && p.boundingBox.isNull && !p.contains(.zero) && p.length == 0)
        #expect(p.copy(strokingWithWidth: 2, lineCap: .round, lineJoin: .round, miterLimit: 10).isEmpty)
        #expect(p.copy(dashingWithPhase: 0, lengths: [1, 1]).isEmpty)
        #expect(!p.contains(CGPoint(x: CGFloat.nan, y: 0)))
    }
}
