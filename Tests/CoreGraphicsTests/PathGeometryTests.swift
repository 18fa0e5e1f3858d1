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

    /// The tight box against the curves sampled densely (an independent computation): every sample inside it,
    /// and each side touched by a sample within the sampling's error. Random paths of lines, quadratics and
    /// cubics, several subpaths, closes, lone moves; a fixed seed.
    @Test func tightBoxesHoldTheirCurvesExactly() {
        var seed: UInt64 = 0x9E3779B97F4A7C15
        func random() -> CGFloat {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return CGFloat(seed >> 11) / CGFloat(1 << 53) * 200 - 100
        }
        func point() -> CGPoint { CGPoint(x: random(), y: random()) }
        for _ in 0..<200 {
            let p = CGMutablePath()
            var samples: [CGPoint] = []
            var current = CGPoint.zero, start = CGPoint.zero
            for k in 0..<Int(abs(random()) / 20 + 1) {
                let step = Int(abs(random())) % 5
                if k == 0 || step == 0 {
                    current = point(); start = current; p.move(to: current); samples.append(current); continue
                }
                let end = point(), c1 = point(), c2 = point()
                let segment: (CGFloat) -> CGPoint
                switch step {
                case 1: p.addLine(to: end); segment = { lerp(current, end, $0) }
                case 2:
                    p.addQuadCurve(to: end, control: c1)
                    segment = { [current] t in lerp(lerp(current, c1, t), lerp(c1, end, t), t) }
                case 3:
                    p.addCurve(to: end, control1: c1, control2: c2)
                    segment = { [current] t in
                        let a = lerp(current, c1, t), b = lerp(c1, c2, t), c = lerp(c2, end, t)
                        return lerp(lerp(a, b, t), lerp(b, c, t), t)
                    }
                default:
                    p.closeSubpath(); current = start; continue
                }
                for i in 0...2000 { samples.append(segment(CGFloat(i) / 2000)) }
                current = end
            }
            let box = p.boundingBoxOfPath
            let sampled = CGRect.enclosing(samples)
            // (Rect containment would refuse a lone point's empty box: compare the sides.)
            #expect(box.minX <= sampled.minX + 1e-9 && box.minY <= sampled.minY + 1e-9)
            #expect(box.maxX >= sampled.maxX - 1e-9 && box.maxY >= sampled.maxY - 1e-9)
            // 2000 samples of a curve at most ~600 long: a side is missed by under a thousandth of a unit.
            #expect(abs(box.minX - sampled.minX) < 1e-3 && abs(box.maxX - sampled.maxX) < 1e-3)
            #expect(abs(box.minY - sampled.minY) < 1e-3 && abs(box.maxY - sampled.maxY) < 1e-3)
        }
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
