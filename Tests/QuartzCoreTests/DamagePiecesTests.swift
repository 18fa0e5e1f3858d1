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

    /// A canvas the size of `root` (400 × 300 unless given) and a renderer drawing `root`, committed, into it.
    func renderer(showing root: CALayer, width: Int = 400, height: Int = 300) -> (TestCanvas, CARenderer) {
        CATransaction.flush()
        let canvas = TestCanvas(width: width, height: height, background: nil)
        let renderer = CARenderer(context: canvas.context)
        renderer.layer = root
        return (canvas, renderer)
    }

    func draw(_ renderer: CARenderer, at t: Double, adding extra: CGRect? = nil) {
        renderer.beginFrame(atTime: t, timeStamp: nil)
        if let extra { renderer.addUpdate(extra) }
        renderer.render()
        renderer.endFrame()
    }

    /// A frame whose layers differ from the last's — one removed, two swapped — is redrawn where they were and
    /// are, and nowhere else.
    @Test func removedAndReorderedLayersAreRedrawnWhereTheyWere() {
        withClock(at: 0) { _ in
            // (The white is a layer of its own: a layer whose sublayers change is redrawn whole.)
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
            func box(_ x: Double, _ y: Double, _ colour: CGColor, side: Double = 10) -> CALayer {
                let b = CALayer(); b.frame = CGRect(x: x, y: y, width: side, height: side); b.backgroundColor = colour; return b
            }
            let red = box(10, 10, CGColor(red: 1, green: 0, blue: 0, alpha: 1)), green = box(15, 10, CGColor(red: 0, green: 1, blue: 0, alpha: 1))
            let blue = box(370, 280, CGColor(red: 0, green: 0, blue: 1, alpha: 1))
            for b in [box(0, 0, CGColor.white, side: 400), red, green, blue] { root.addSublayer(b) }
            let (canvas, renderer) = self.renderer(showing: root)
            draw(renderer, at: 0)
            #expect(canvas.pixel(topDown: 17, 15) == .green && canvas.pixel(topDown: 375, 285) == .blue)
            poke(canvas, 200, 150)
            blue.removeFromSuperlayer()
            CATransaction.flush()
            draw(renderer, at: 0.1)
            #expect(canvas.pixel(topDown: 375, 285) == .white && canvas.pixel(topDown: 200, 150) == .clear)
            red.removeFromSuperlayer(); root.addSublayer(red)   // red now in front of green
            CATransaction.flush()
            draw(renderer, at: 0.2)
            #expect(canvas.pixel(topDown: 17, 15) == .red && canvas.pixel(topDown: 22, 15) == .green)
            #expect(canvas.pixel(topDown: 200, 150) == .clear)
        }
    }

    @Test func distantMovesAreRedrawnApart() {
        withClock(at: 0) { _ in
            let root = scene()
            let (canvas, renderer) = self.renderer(showing: root)
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

    @Test func overlappingPiecesAreCutApartWithoutGapsOrOverlaps() {
        // An L: a wide bar and a tall one sharing their corner. Their bounds would clear 80,000 pixels more than
        // both, so they stay two pieces; drawn, they must cover each pixel once.
        let wide = CGRect(x: 0, y: 0, width: 300, height: 20), tall = CGRect(x: 0, y: 0, width: 20, height: 300)
        #expect(DamageTracker.coalesce([wide, tall]).count == 2)
        var parts = [wide, tall]
        DamageTracker.makeDisjoint(&parts)
        #expect(parts == [wide, CGRect(x: 0, y: 20, width: 20, height: 280)])
        // Each of a set of random overlapping rectangles' pixels lies in exactly one piece.
        var rng = SeededRandom(seed: 7)
        let rects = (0..<6).map { _ in
            CGRect(x: Int(rng.next() % 40), y: Int(rng.next() % 40), width: 1 + Int(rng.next() % 30), height: 1 + Int(rng.next() % 30))
        }
        var pieces = rects
        DamageTracker.makeDisjoint(&pieces)
        for x in 0..<72 {
            for y in 0..<72 {
                let p = CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5)
                #expect(pieces.filter { $0.contains(p) }.count == (rects.contains { $0.contains(p) } ? 1 : 0), "\(p)")
            }
        }
    }

    /// Two shape layers whose fills change every frame (so each is drawn straight into the frame again) form an
    /// L: a wide bar over a tall one. Their corner lies in one of the two damaged pieces, so one bar's box reaches
    /// both; each bar is drawn once, and every pixel comes out as the layers say — the wide bar over the tall one
    /// where they cross.
    @Test func aShapeAcrossPiecesIsDrawnOnce() {
        withClock(at: 0) { _ in
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 320, height: 320)
            func bar(_ rect: CGRect, _ from: CGColor, _ to: CGColor) -> CAShapeLayer {
                // (No bounds of its own, as Lottie's shape layers: what it draws is its path's box.)
                let shape = CAShapeLayer(); shape.anchorPoint = .zero; shape.frame = .zero
                shape.path = CGPath(rect: rect, transform: nil); shape.fillColor = from
                let change = CABasicAnimation(keyPath: "fillColor"); change.fromValue = from; change.toValue = to
                change.duration = 1; change.beginTime = 10; change.fillMode = .both; change.isRemovedOnCompletion = false
                shape.add(change, forKey: "change")
                return shape
            }
            let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1), blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            root.addSublayer(bar(CGRect(x: 10, y: 10, width: 20, height: 300), blue, red))   // the tall bar, below
            root.addSublayer(bar(CGRect(x: 10, y: 10, width: 300, height: 20), red, blue))   // the wide bar, above
            let (canvas, renderer) = self.renderer(showing: root, width: 320, height: 320)
            draw(renderer, at: 10)
            draw(renderer, at: 10.25)
            let before = canvas.context.coverageShapesDrawn
            draw(renderer, at: 10.5)   // both bars purple
            #expect(canvas.context.coverageShapesDrawn - before == 2)
            let purple = canvas.pixel(topDown: 20, 200)
            #expect(purple.r > 100 && purple.b > 100 && purple.a == 255, "\(purple)")
            #expect(canvas.pixel(topDown: 20, 20) == canvas.pixel(topDown: 200, 20))   // the wide bar where they cross
            #expect(canvas.pixel(topDown: 5, 200) == .clear && canvas.pixel(topDown: 200, 200) == .clear)
        }
    }
}
