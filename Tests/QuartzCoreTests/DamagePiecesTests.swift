import Testing
import CalyxTestSupport
@testable import QuartzCore

/// A frame's damage is kept as separate rectangles: two small layers moving in opposite corners are redrawn
/// where they were and are, not across the whole frame between them.
@Suite struct DamagePiecesTests {
    /// A 400×300 white root, a red 10×10 box moving from x 10 to 20 at the top left and a blue one from 370 to
    /// 380 at the bottom right, over one second from t = 10.
    func scene() -> CALayer {
        let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 400, height: 300); root.backgroundColor = CGColor.white
        for (colour, y, from) in [(CGColor(red: 1, green: 0, blue: 0, alpha: 1), 10.0, 10.0),
                                  (CGColor(red: 0, green: 0, blue: 1, alpha: 1), 280.0, 370.0)] {
            let box = CALayer(); box.frame = CGRect(x: from, y: y, width: 10, height: 10); box.backgroundColor = colour
            let move = CABasicAnimation(keyPath: "position.x"); move.byValue = 10; move.duration = 1
            move.beginTime = 10; move.fillMode = .both; move.isRemovedOnCompletion = false
            box.add(move, forKey: "move")
            root.addSublayer(box)
        }
        return root
    }

    /// Sets the pixel at (x, y), counted from the top left, to transparent black behind the renderer's back.
    func poke(_ canvas: TestCanvas, _ x: Int, _ y: Int) {
        canvas.context.withCanonicalPixels { pixels, stride in (pixels + y * stride + x * 4).storeBytes(of: 0, as: UInt32.self) }
    }

    func draw(_ renderer: CARenderer, at t: Double, adding extra: CGRect? = nil) {
        renderer.beginFrame(atTime: t, timeStamp: nil)
        if let extra { renderer.addUpdate(extra) }
        renderer.render()
        renderer.endFrame()
    }

    @Test func distantMovesAreRedrawnApart() {
        withClock(at: 0) { _ in
            let root = scene()
            CATransaction.flush()
            let canvas = TestCanvas(width: 400, height: 300, background: nil)
            let renderer = CARenderer(context: canvas.context)
            renderer.layer = root
            draw(renderer, at: 10)
            #expect(canvas.pixel(topDown: 15, 15) == .red && canvas.pixel(topDown: 375, 285) == .blue)
            // A pixel between the boxes, which no layer changes: a frame redrawing the bounds of the damage would
            // paint it white again.
            poke(canvas, 200, 150)
            draw(renderer, at: 10.5)  // the boxes at x 15–25 and 375–385
            // The bounds are reported as the update region (Core Animation's API has one rectangle)...
            let bounds = renderer.updateBounds()
            #expect(bounds.contains(CGRect(x: 10, y: 10, width: 15, height: 10)) && bounds.contains(CGRect(x: 370, y: 280, width: 15, height: 10)))
            // ...but only the pieces were drawn: the boxes moved, their old places are white again.
            #expect(canvas.pixel(topDown: 22, 15) == .red && canvas.pixel(topDown: 12, 15) == .white)
            #expect(canvas.pixel(topDown: 382, 285) == .blue && canvas.pixel(topDown: 372, 285) == .white)
            #expect(canvas.pixel(topDown: 200, 150) == .clear)
            // An update asked for is drawn whole, pieces or not.
            draw(renderer, at: 10.75, adding: CGRect(x: 195, y: 145, width: 10, height: 10))
            #expect(canvas.pixel(topDown: 200, 150) == .white)
            #expect(canvas.pixel(topDown: 24, 15) == .red && canvas.pixel(topDown: 16, 15) == .white)
        }
    }

    @Test func piecesMergeWhenTheirBoundsCostNoMore() {
        let a = CGRect(x: 0, y: 0, width: 100, height: 100)
        // Far apart: kept apart.
        #expect(DamageTracker.coalesce([a, CGRect(x: 400, y: 400, width: 100, height: 100)]).count == 2)
        // Mostly overlapping, or the same: one rectangle, their bounds.
        #expect(DamageTracker.coalesce([a, CGRect(x: 10, y: 10, width: 100, height: 100)]) == [CGRect(x: 0, y: 0, width: 110, height: 110)])
        #expect(DamageTracker.coalesce([a, a]) == [a])
        // Small and close: cheaper as one than as two passes.
        #expect(DamageTracker.coalesce([CGRect(x: 0, y: 0, width: 8, height: 8), CGRect(x: 20, y: 0, width: 8, height: 8)]).count == 1)
        // Many separate rectangles: at most `maximumPieces`, covering all of them.
        let grid = (0..<4).flatMap { i in (0..<4).map { j in CGRect(x: i * 300, y: j * 300, width: 100, height: 100) } }
        let merged = DamageTracker.coalesce(grid)
        #expect(merged.count == DamageTracker.maximumPieces)
        #expect(grid.allSatisfy { r in merged.contains { $0.contains(r) } })
        // Too many to weigh pairwise: their bounds.
        let many = (0..<30).map { CGRect(x: $0 * 200, y: 0, width: 10, height: 10) }
        #expect(DamageTracker.coalesce(many) == [CGRect(x: 0, y: 0, width: 29 * 200 + 10, height: 10)])
    }

    @Test func piecesOnePaintedEntryReachesMergeSoItIsDrawnOnce() {
        // Two 200-pixel squares 100 apart: their bounds would clear and composite 20,000 pixels more than both,
        // a little more than a second pass costs, so they stay apart — unless a painted entry (a shape drawn
        // into the frame) reaches both, which each pass would draw again.
        let a = CGRect(x: 0, y: 0, width: 200, height: 200), b = CGRect(x: 300, y: 0, width: 200, height: 200)
        #expect(DamageTracker.coalesce([a, b]).count == 2)
        #expect(DamageTracker.coalesce([a, b], painted: [CGRect(x: 600, y: 0, width: 50, height: 50)]).count == 2)
        #expect(DamageTracker.coalesce([a, b], painted: [CGRect(x: 150, y: 50, width: 200, height: 50)])
                == [CGRect(x: 0, y: 0, width: 500, height: 200)])
    }
}
