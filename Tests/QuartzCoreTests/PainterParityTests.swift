import Testing
import CalyxTestSupport
@testable import QuartzCore

/// Decisions `render(in:)` and `CARenderer` must make alike, each checked through both with expectations worked
/// out by hand: group opacity of a rasterized layer, single-sided layers seen from behind, the time that
/// painter-drawn particles show, what a transform layer ignores, and the border over sublayers.
@Suite struct PainterParityTests {
    func bothRenderers(_ root: CALayer, at t: Double = 0, _ check: (TestCanvas, String) -> Void) {
        withClock(at: 0) { _ in
            check(renderedFrame(root, at: t), "CARenderer")
        }
        withClock(at: t) { _ in
            let snapshot = TestCanvas(width: Int(root.bounds.width), height: Int(root.bounds.height))
            snapshot.flipToTopLeftOrigin()
            root.render(in: snapshot.context)
            check(snapshot, "render(in:)")
        }
    }

    /// A white 60-point root holding `parent` (filling it), which holds two opaque red 20-point squares at
    /// x = 10 and x = 20, y = 10: they overlap from x = 20 to 30.
    func overlappingRedSquares(in parent: CALayer) -> CALayer {
        let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 60, height: 60); root.backgroundColor = CGColor.white
        parent.frame = root.bounds
        for x in [10.0, 20.0] {
            let square = CALayer(); square.frame = CGRect(x: x, y: 10, width: 20, height: 20)
            square.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            parent.addSublayer(square)
        }
        root.addSublayer(parent)
        return root
    }

    /// Two overlapping opaque red squares in a half-opaque parent that does not allow group opacity but
    /// rasterizes: the rasterized image fades as one, so the overlap is 50 % red over white (255, 128, 128),
    /// not 75 % (each square fading on its own would give 255, 64, 64).
    @Test func rasterizedLayersFadeAsOneImage() {
        let parent = CALayer()
        parent.opacity = 0.5; parent.allowsGroupOpacity = false; parent.shouldRasterize = true
        let root = overlappingRedSquares(in: parent)
        bothRenderers(root) { canvas, renderer in
            let overlap = canvas.pixel(topDown: 25, 20)
            #expect(abs(overlap.g - 128) <= 3 && abs(overlap.b - 128) <= 3 && overlap.r == 255, "\(renderer): \(overlap)")
        }
    }

    /// A single-sided layer mirrored by its transform shows its back and is hidden; double-sided it draws.
    @Test func singleSidedLayersSeenFromBehindAreHidden() {
        for doubleSided in [true, false] {
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 40, height: 40); root.backgroundColor = CGColor.white
            let card = CALayer(); card.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
            card.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            card.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
            card.isDoubleSided = doubleSided
            root.addSublayer(card)
            bothRenderers(root) { canvas, renderer in
                #expect(canvas.pixel(topDown: 20, 20) == (doubleSided ? .blue : .white), "\(renderer) doubleSided \(doubleSided)")
            }
        }
    }

    /// Particles drawn by the snapshot painter inside a frame (here the root emitter clips, which makes the
    /// compositor paint it) show the frame's time, not the clock's: velocity 20 from x = 10, one a second, at
    /// t = 2.5 they are at x = 60, 40 and 20 (the clock reads 0 while the frame is drawn).
    @Test func painterDrawnParticlesShowTheFramesTime() {
        let emitter = CAEmitterLayer(); emitter.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        emitter.backgroundColor = CGColor.white; emitter.masksToBounds = true
        emitter.emitterPosition = CGPoint(x: 10, y: 50)
        let cell = CAEmitterCell(); cell.birthRate = 1; cell.lifetime = 10; cell.velocity = 20
        cell.contents = testBitmap(width: 10, height: 10) { ctx in
            ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1)); ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        }
        emitter.emitterCells = [cell]
        withClock(at: 0) { _ in
            let canvas = renderedFrame(emitter, at: 2.5)
            for x in [20, 40, 60] { #expect(canvas.pixel(topDown: x, 50) == .red, "x = \(x)") }
            #expect(canvas.pixel(topDown: 30, 50) == .white)
        }
    }

    /// A transform layer's opacity applies to each sublayer separately (Apple's class reference): two overlapping
    /// opaque red squares under a half-opaque transform layer are each 50 % red over white, (255, 128, 128), and
    /// their overlap 75 %, (255, 64, 64). Faded as one group the overlap would be (255, 128, 128).
    @Test func transformLayerOpacityFadesEachSublayer() {
        let holder = CATransformLayer(); holder.opacity = 0.5
        let root = overlappingRedSquares(in: holder)
        bothRenderers(root) { canvas, renderer in
            let single = canvas.pixel(topDown: 15, 20), overlap = canvas.pixel(topDown: 25, 20)
            #expect(single.r == 255 && abs(single.g - 128) <= 3 && abs(single.b - 128) <= 3, "\(renderer) single: \(single)")
            #expect(overlap.r == 255 && abs(overlap.g - 64) <= 3 && abs(overlap.b - 64) <= 3, "\(renderer) overlap: \(overlap)")
        }
    }

    /// A transform layer draws no background, border or shadow and does not clip (Apple's class reference):
    /// only its sublayer shows, overflowing the transform layer's bounds.
    @Test func transformLayerIgnoresWhatNeedsAFlatPicture() {
        let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 60, height: 60); root.backgroundColor = CGColor.white
        let holder = CATransformLayer(); holder.frame = CGRect(x: 10, y: 10, width: 30, height: 30)
        holder.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        holder.borderWidth = 4; holder.borderColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        holder.shadowOpacity = 1; holder.shadowOffset = CGSize(width: 5, height: 5); holder.shadowRadius = 0
        holder.masksToBounds = true; holder.cornerRadius = 10
        let child = CALayer(); child.frame = CGRect(x: 20, y: 20, width: 20, height: 20)
        child.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        holder.addSublayer(child)
        root.addSublayer(holder)
        bothRenderers(root) { canvas, renderer in
            #expect(canvas.pixel(topDown: 15, 15) == .white, "\(renderer): no background")
            #expect(canvas.pixel(topDown: 11, 25) == .white, "\(renderer): no border")
            #expect(canvas.pixel(topDown: 45, 45) == .red, "\(renderer): the sublayer overflows unclipped")
            #expect(canvas.pixel(topDown: 52, 52) == .white, "\(renderer): no shadow")
        }
    }

    /// A border lies over the layer's sublayers, following its rounded corners: a 4-point green border on a
    /// 40-point layer whose red sublayer fills it shows green at the edge, red inside, and nothing outside the
    /// rounded corner.
    @Test func borderLiesOverSublayers() {
        let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 60, height: 60); root.backgroundColor = CGColor.white
        let card = CALayer(); card.frame = CGRect(x: 10, y: 10, width: 40, height: 40)
        card.borderWidth = 4; card.borderColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1); card.cornerRadius = 12
        let fill = CALayer(); fill.frame = CGRect(x: 8, y: 0, width: 24, height: 40)
        fill.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        card.addSublayer(fill)
        root.addSublayer(card)
        bothRenderers(root) { canvas, renderer in
            #expect(canvas.pixel(topDown: 30, 11) == .green, "\(renderer): border over the sublayer")
            #expect(canvas.pixel(topDown: 30, 30) == .red, "\(renderer): the sublayer inside")
            #expect(canvas.pixel(topDown: 11, 11) == .white, "\(renderer): outside the rounded corner")
        }
    }
}
