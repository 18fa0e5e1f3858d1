import Testing
import CoreGraphics
import CalyxTestSupport

/// Pixel probes whose expected colour follows from geometry. Pixels are probed at their centres; probes sit at
/// least one pixel from any edge unless the test is about the edge, so antialiasing cannot affect them and the
/// tolerance is 0–1 levels (8-bit rounding).
@Suite struct ContextFillStrokeTests {
    @Test func originIsBottomLeftAndYGoesUp() {
        let canvas = TestCanvas(width: 20, height: 10)
        canvas.context.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        canvas.context.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
        #expect(canvas.pixel(2, 2) == .red)
        #expect(canvas.pixel(2, 7) == .white)
        // The bottom rows are the last rows in memory.
        let lastRow = canvas.context.data!.assumingMemoryBound(to: UInt8.self) + 9 * canvas.context.bytesPerRow
        #expect(lastRow[2] == 255 && lastRow[1] == 0 && lastRow[0] == 0)
    }

    @Test func circleInsideAndOutside() {
        let canvas = TestCanvas(width: 100, height: 100)
        canvas.context.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        canvas.context.fillEllipse(in: CGRect(x: 10, y: 10, width: 80, height: 80))
        // Centre (50, 50), radius 40: probes 1.5 px inside and outside the circle along a diagonal.
        for angle in stride(from: 0.0, to: 2 * .pi, by: .pi / 7) {
            let inside = (50 + 38.5 * cos(angle) - 0.5, 50 + 38.5 * sin(angle) - 0.5)
            let outside = (50 + 41.5 * cos(angle) - 0.5, 50 + 41.5 * sin(angle) - 0.5)
            #expect(canvas.pixel(Int(inside.0.rounded()), Int(inside.1.rounded())).isClose(to: .blue, tolerance: 1))
            #expect(canvas.pixel(Int(outside.0.rounded()), Int(outside.1.rounded())).isClose(to: .white, tolerance: 1))
        }
    }

    @Test func antialiasedEdgeIsHalfCovered() {
        // A rectangle edge through the middle of a pixel column covers it by half: 50 % blend (±2 levels).
        let canvas = TestCanvas(width: 10, height: 10)
        canvas.context.setFillColor(CGColor.black)
        canvas.context.fill(CGRect(x: 0, y: 0, width: 4.5, height: 10))
        #expect(canvas.pixel(4, 5).isClose(to: Pixel(128, 128, 128), tolerance: 2))
        canvas.context.setShouldAntialias(false)
        canvas.context.fill(CGRect(x: 6.3, y: 0, width: 0.4, height: 10))  // covers pixel 6's centre? no: 6.3–6.7 does
        #expect(canvas.pixel(6, 5) == .black)
    }

    @Test func strokeWidthCapsAndDashes() {
        let canvas = TestCanvas(width: 120, height: 40)
        let ctx = canvas.context
        ctx.setStrokeColor(CGColor.black)
        ctx.setLineWidth(10)
        ctx.setLineCap(.butt)
        ctx.move(to: CGPoint(x: 10, y: 20)); ctx.addLine(to: CGPoint(x: 110, y: 20)); ctx.strokePath()
        #expect(canvas.pixel(60, 16) == .black && canvas.pixel(60, 23) == .black)  // within ±5 of y = 20
        #expect(canvas.pixel(60, 26) == .white && canvas.pixel(60, 13) == .white)
        #expect(canvas.pixel(8, 20) == .white)  // butt cap ends at x = 10

        let dashed = TestCanvas(width: 120, height: 40)
        dashed.context.setLineWidth(4)
        dashed.context.setLineDash(phase: 0, lengths: [10, 10])
        dashed.context.move(to: CGPoint(x: 0, y: 20)); dashed.context.addLine(to: CGPoint(x: 120, y: 20)); dashed.context.strokePath()
        for k in 0..<6 {  // on 0–10, off 10–20, …
            #expect(dashed.pixel(20 * k + 5, 20) == .black)
            #expect(dashed.pixel(20 * k + 15, 20) == .white)
        }

        let capped = TestCanvas(width: 60, height: 40)
        capped.context.setLineWidth(10)
        capped.context.setLineCap(.square)
        capped.context.move(to: CGPoint(x: 20, y: 20)); capped.context.addLine(to: CGPoint(x: 40, y: 20)); capped.context.strokePath()
        #expect(capped.pixel(16, 20) == .black && capped.pixel(43, 20) == .black && capped.pixel(46, 20) == .white)
    }

    @Test func evenOddFillLeavesTheHole() {
        let canvas = TestCanvas(width: 40, height: 40)
        canvas.context.addRect(CGRect(x: 0, y: 0, width: 40, height: 40))
        canvas.context.addRect(CGRect(x: 10, y: 10, width: 20, height: 20))
        canvas.context.setFillColor(CGColor.black)
        canvas.context.fillPath(using: .evenOdd)
        #expect(canvas.pixel(20, 20) == .white && canvas.pixel(5, 5) == .black)
    }

    @Test func transformsAndStateStack() {
        let canvas = TestCanvas(width: 100, height: 100)
        let ctx = canvas.context
        ctx.setFillColor(CGColor.black)
        ctx.saveGState()
        ctx.translateBy(x: 50, y: 50)
        ctx.rotate(by: .pi / 2)  // +x now points up
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 10, y: -5, width: 30, height: 10))  // becomes x 45–55, y 60–90
        #expect(abs(ctx.ctm.tx - 50) < 1e-9)
        ctx.restoreGState()
        #expect(ctx.ctm.isIdentity)
        #expect(canvas.pixel(50, 75) == .red && canvas.pixel(75, 50) == .white)
        ctx.fill(CGRect(x: 0, y: 0, width: 5, height: 5))  // restored fill colour is black again
        #expect(canvas.pixel(2, 2) == .black)
        ctx.restoreGState()  // unbalanced: ignored
    }

    @Test func globalAlphaAndBlendModes() {
        let canvas = TestCanvas(width: 20, height: 20)
        let ctx = canvas.context
        ctx.setAlpha(0.5)
        ctx.setFillColor(CGColor.black)
        ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 20))
        #expect(canvas.pixel(5, 5).isClose(to: Pixel(128, 128, 128), tolerance: 1))  // black at 50 % over white
        ctx.setAlpha(1)
        ctx.setBlendMode(.multiply)
        ctx.setFillColor(CGColor(red: 1, green: 0.5, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(canvas.pixel(15, 5).isClose(to: Pixel(255, 128, 0), tolerance: 1))  // white × colour
        #expect(canvas.pixel(5, 5).isClose(to: Pixel(128, 64, 0), tolerance: 1))    // 50 % gray × colour
        ctx.setBlendMode(.normal)
        ctx.clear(CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(canvas.pixel(1, 1) == .clear)
    }

    @Test func pathQueriesInUserSpace() {
        let ctx = TestCanvas(width: 10, height: 10).context
        ctx.translateBy(x: 5, y: 5)
        ctx.addRect(CGRect(x: 0, y: 0, width: 2, height: 3))
        #expect(ctx.boundingBoxOfPath == CGRect(x: 0, y: 0, width: 2, height: 3))
        #expect(ctx.pathContains(CGPoint(x: 1, y: 1), mode: .fill))
        #expect(ctx.currentPointOfPath == CGPoint(x: 0, y: 0))
        ctx.setLineWidth(2)
        ctx.replacePathWithStrokedPath()
        #expect(ctx.pathContains(CGPoint(x: -0.9, y: 1.5), mode: .fill))
        ctx.beginPath()
        #expect(ctx.isPathEmpty && ctx.path == nil)
    }

    @Test func aPathTakenFromTheContextOutlivesItsNextPaths() {
        // The context empties its own path in place for the next drawing; what `path` answered must not change.
        let ctx = TestCanvas(width: 10, height: 10).context
        ctx.addRect(CGRect(x: 1, y: 1, width: 2, height: 3))
        let taken = ctx.path
        ctx.fillPath()
        ctx.addEllipse(in: CGRect(x: 4, y: 4, width: 5, height: 5))
        ctx.beginPath()
        ctx.move(to: CGPoint(x: 0, y: 0))
        #expect(taken?.boundingBox == CGRect(x: 1, y: 1, width: 2, height: 3))
        #expect(ctx.boundingBoxOfPath == CGRect(x: 0, y: 0, width: 0, height: 0))
    }
}
