import Testing
@testable import CoreGraphics

@Suite struct PathMeasureTests {
    @Test func lengths() {
        let line = CGMutablePath(); line.move(to: .zero); line.addLine(to: CGPoint(x: 30, y: 40))
        #expect(line.length == 50)
        // Perimeter of a 10×20 rectangle.
        #expect(CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 20), transform: nil).length == 60)
        // The 4-cubic circle deviates from a true circle by < 0.03 % of r, so its length is 2πr within 1e-3.
        let circle = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 200, height: 200), transform: nil)
        #expect(abs(circle.length / (200 * .pi) - 1) < 1e-3)
        // Quadratic (0,0)–(50,100)–(100,0): closed form ∫√(100² + (200−400t)²) dt = 147.894… (hand-integrated).
        let quad = CGMutablePath(); quad.move(to: .zero); quad.addQuadCurve(to: CGPoint(x: 100, y: 0), control: CGPoint(x: 50, y: 100))
        #expect(abs(quad.length - 147.8942787) < 1e-4)
    }

    @Test func positionAndTangentAtDistance() throws {
        let circle = CGPath(ellipseIn: CGRect(x: -100, y: -100, width: 200, height: 200), transform: nil)
        let m = PathMeasure(circle)
        let quarter = try #require(m.position(atDistance: m.length / 4))
        #expect(abs(quarter.point.x) < 0.05 && abs(quarter.point.y - 100) < 0.05)
        #expect(abs(quarter.tangent.x + 1) < 1e-3)  // moving toward −x at the top
        let end = try #require(m.position(atDistance: .infinity))
        #expect(abs(end.point.x - 100) < 1e-9)
    }

    @Test func trimming() {
        let square = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        let half = square.trimmed(from: 0.25, to: 0.75)
        #expect(abs(half.length - 20) < 1e-9)
        #expect(half.boundingBoxOfPath == CGRect(x: 0, y: 10, width: 10, height: 0).union(CGRect(x: 10, y: 0, width: 0, height: 10)).union(CGRect(x: 0, y: 10, width: 0, height: 0)).union(CGRect(x: 10, y: 10, width: 0, height: 0)).union(CGRect(x: 10, y: 0, width: 0, height: 10)))
        #expect(square.trimmed(from: 0.5, to: 0.5).isEmpty)
        #expect(square.trimmed(from: 0.8, to: 0.2).isEmpty)
        #expect(abs(square.trimmed(from: -1, to: 2).length - 40) < 1e-9)
        // Trimming a curve keeps it a curve, with the right length.
        let circle = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100), transform: nil)
        let arc = circle.trimmed(from: 0, to: 0.1)
        #expect(abs(arc.length - circle.length * 0.1) < 1e-3)
    }

    @Test func dashing() {
        let line = CGMutablePath(); line.move(to: .zero); line.addLine(to: CGPoint(x: 100, y: 0))
        let dashed = line.copy(dashingWithPhase: 0, lengths: [10, 5])
        // Dashes at 0–10, 15–25, … 90–100: seven of them, 70 units in all.
        #expect(elements(of: dashed).filter { $0.0 == .moveToPoint }.count == 7)
        #expect(abs(dashed.length - 70) < 1e-9)
        let shifted = line.copy(dashingWithPhase: 5, lengths: [10, 5])
        #expect(elements(of: shifted)[1].1[0] == CGPoint(x: 5, y: 0))
        // An odd pattern repeats: [10] is 10 on, 10 off.
        #expect(abs(line.copy(dashingWithPhase: 0, lengths: [10]).length - 50) < 1e-9)
        // Degenerate patterns leave the path as it was.
        #expect(line.copy(dashingWithPhase: 0, lengths: []) == line)
        #expect(line.copy(dashingWithPhase: 0, lengths: [0, 0]) == line)
        #expect(line.copy(dashingWithPhase: 0, lengths: [-1, 2]) == line)
        #expect(line.copy(dashingWithPhase: 0, lengths: [1e-9, 1e-9]) == line)  // would be 10¹¹ dashes
    }

    @Test func strokingOutline() {
        let line = CGMutablePath(); line.move(to: .zero); line.addLine(to: CGPoint(x: 100, y: 0))
        let butt = line.copy(strokingWithWidth: 10, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        #expect(butt.contains(CGPoint(x: 50, y: 4.9)) && !butt.contains(CGPoint(x: 50, y: 5.1)))
        #expect(!butt.contains(CGPoint(x: -1, y: 0)))
        let square = line.copy(strokingWithWidth: 10, lineCap: .square, lineJoin: .miter, miterLimit: 10)
        #expect(square.contains(CGPoint(x: -4.9, y: 4.9)))
        let round = line.copy(strokingWithWidth: 10, lineCap: .round, lineJoin: .miter, miterLimit: 10)
        #expect(round.contains(CGPoint(x: -4.9, y: 0)) && !round.contains(CGPoint(x: -4, y: 4)))  // √32 > 5

        // A right-angle corner at (100, 0) turning up: miter fills the outer corner, bevel cuts it.
        let corner = CGMutablePath(); corner.addLines(between: [.zero, CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 100)])
        let miter = corner.copy(strokingWithWidth: 10, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        let bevel = corner.copy(strokingWithWidth: 10, lineCap: .butt, lineJoin: .bevel, miterLimit: 10)
        #expect(miter.contains(CGPoint(x: 104.5, y: -4.5)))
        #expect(!bevel.contains(CGPoint(x: 104.5, y: -4.5)))
        #expect(bevel.contains(CGPoint(x: 101, y: -1)))
        // A miter longer than the limit falls back to bevel (limit 1 forbids any miter).
        let limited = corner.copy(strokingWithWidth: 10, lineCap: .butt, lineJoin: .miter, miterLimit: 1)
        #expect(!limited.contains(CGPoint(x: 104.5, y: -4.5)))
        #expect(CGPath().copy(strokingWithWidth: 0, lineCap: .butt, lineJoin: .miter, miterLimit: 10).isEmpty)
    }
}
