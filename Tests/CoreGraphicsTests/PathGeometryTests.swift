import Testing
import CoreGraphics

@Suite struct PathGeometryTests {
    /// Cubic (0,0) (0,100) (100,100) (100,0): y(t) = 300t(1−t) peaks at t = ½ with y = 75 (hand-computed).
    let arch: CGPath = {
        let p = CGMutablePath()
        p.move(to: .zero)
        p.addCurve(to: CGPoint(x: 100, y: 0), control1: CGPoint(x: 0, y: 100), control2: CGPoint(x: 100, y: 100))
        return p
    }()

    @Test func boundingBoxesWithAndWithoutControlPoints() {
        #expect(arch.boundingBox == CGRect(x: 0, y: 0, width: 100, height: 100))
        let tight = arch.boundingBoxOfPath
        #expect(abs(tight.height - 75) < 1e-9 && tight.width == 100)
        #expect(CGPath().boundingBox.isNull)
        #expect(CGMutablePath().boundingBoxOfPath.isNull)
    }

    @Test func fillRules() {
        // Two nested squares wound the same way: winding fills the hole, even-odd does not.
        let p = CGMutablePath()
        p.addRect(CGRect(x: 0, y: 0, width: 100, height: 100))
        p.addRect(CGRect(x: 25, y: 25, width: 50, height: 50))
        #expect(p.contains(CGPoint(x: 50, y: 50), using: .winding))
        #expect(!p.contains(CGPoint(x: 50, y: 50), using: .evenOdd))
        #expect(p.contains(CGPoint(x: 10, y: 10), using: .evenOdd))
        #expect(!p.contains(CGPoint(x: 101, y: 50)))
    }

    @Test func containsTransformsThePoint() {
        let p = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        #expect(!p.contains(CGPoint(x: 15, y: 5)))
        #expect(p.contains(CGPoint(x: 15, y: 5), transform: CGAffineTransform(translationX: -10, y: 0)))
    }

    @Test func containsCircle() {
        let circle = CGPath(ellipseIn: CGRect(x: -10, y: -10, width: 20, height: 20), transform: nil)
        #expect(circle.contains(CGPoint(x: 9.9 / 2.0.squareRoot(), y: 9.9 / 2.0.squareRoot())))
        #expect(!circle.contains(CGPoint(x: 10.1 / 2.0.squareRoot(), y: 10.1 / 2.0.squareRoot())))
        // Open subpaths count as closed.
        let open = CGMutablePath(); open.addLines(between: [.zero, CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10)])
        #expect(open.contains(CGPoint(x: 8, y: 2)))
    }
}
