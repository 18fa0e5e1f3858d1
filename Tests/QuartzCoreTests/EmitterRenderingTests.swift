import Testing
import CalyxTestSupport
@testable import QuartzCore

/// CAEmitterLayer particles through CARenderer, probed where hand-computed motion puts them. One cell emits a
/// 10×10 red square once a second from (10, 50) in a white 100×100 root; particles live 10 s unless stated.
@Suite struct EmitterRenderingTests {
    func redSquare() -> CGImage {
        testBitmap(width: 10, height: 10) { ctx in
            ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        }
    }

    func frame(at t: Double, _ configure: (CAEmitterLayer, CAEmitterCell) -> Void = { _, _ in }) -> TestCanvas {
        withClock(at: 0) { _ in
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 100, height: 100); root.backgroundColor = CGColor.white
            let emitter = CAEmitterLayer(); emitter.frame = root.bounds; emitter.emitterPosition = CGPoint(x: 10, y: 50)
            let cell = CAEmitterCell(); cell.contents = redSquare(); cell.birthRate = 1; cell.lifetime = 10
            configure(emitter, cell)
            emitter.emitterCells = [cell]
            root.addSublayer(emitter)
            return renderedFrame(root, at: t)
        }
    }

    @Test func particlesMoveAlongTheirDirection() {
        // Velocity 20 along +x: at t = 2.5 the particles born at 0, 1 and 2 are at x = 60, 40 and 20.
        let c = frame(at: 2.5) { _, cell in cell.velocity = 20 }
        for x in [20, 40, 60] { #expect(c.pixel(topDown: x, 50) == .red, "x = \(x)") }
        for x in [30, 50, 70] { #expect(c.pixel(topDown: x, 50) == .white, "x = \(x)") }
        // Longitude π/2 sends them along +y (down on iOS): at t = 1.5, y = 80 and 60 at x = 10.
        let d = frame(at: 1.5) { _, cell in cell.velocity = 20; cell.emissionLongitude = .pi / 2 }
        #expect(d.pixel(topDown: 10, 80) == .red && d.pixel(topDown: 10, 60) == .red && d.pixel(topDown: 10, 70) == .white)
    }

    @Test func renderInContextDrawsParticlesNow() {
        // render(in:) draws the particles at the current media time: at 2.5 s, x = 60, 40 and 20 as above.
        let canvas = withClock(at: 2.5) { _ -> TestCanvas in
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 100, height: 100); root.backgroundColor = CGColor.white
            let emitter = CAEmitterLayer(); emitter.frame = root.bounds; emitter.emitterPosition = CGPoint(x: 10, y: 50)
            let cell = CAEmitterCell(); cell.contents = redSquare(); cell.birthRate = 1; cell.lifetime = 10; cell.velocity = 20
            cell.color = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
            emitter.emitterCells = [cell]
            root.addSublayer(emitter)
            let canvas = TestCanvas(width: 100, height: 100)
            canvas.flipToTopLeftOrigin()
            root.render(in: canvas.context)
            return canvas
        }
        for x in [20, 40, 60] { #expect(canvas.pixel(topDown: x, 50) == .red, "x = \(x)") }
        for x in [30, 50, 70] { #expect(canvas.pixel(topDown: x, 50) == .white, "x = \(x)") }
    }

    @Test func lifetimeAndTheLayersMultipliers() {
        // Lifetime 1: at t = 2.5 only the particle born at 2 is alive (x = 20).
        let c = frame(at: 2.5) { _, cell in cell.velocity = 20; cell.lifetime = 1 }
        #expect(c.pixel(topDown: 20, 50) == .red && c.pixel(topDown: 40, 50) == .white && c.pixel(topDown: 60, 50) == .white)
        // The layer's birthRate 2 doubles the cell's: at t = 1.25, particles born at 0, 0.5 and 1 (x 35, 25, 15).
        let d = frame(at: 1.25) { emitter, cell in cell.velocity = 20; emitter.birthRate = 2 }
        #expect(d.pixel(topDown: 35, 50) == .red && d.pixel(topDown: 25, 50) == .red && d.pixel(topDown: 15, 50) == .red)
        // The layer's velocity 0.5 halves it: the particle born at 0 is at x = 30 at t = 2.
        let e = frame(at: 2) { emitter, cell in cell.velocity = 20; emitter.velocity = 0.5 }
        #expect(e.pixel(topDown: 30, 50) == .red && e.pixel(topDown: 50, 50) == .white)
    }

    @Test func accelerationColourAndAlpha() {
        // yAcceleration 20, one birth every 2 s: at t = 1.9 the only particle has fallen ½·20·1.9² = 36.1 (y ≈ 86).
        let falling = frame(at: 1.9) { _, cell in cell.yAcceleration = 20; cell.birthRate = 0.5 }
        #expect(falling.pixel(topDown: 10, 86) == .red && falling.pixel(topDown: 10, 50) == .white)
        // The cell's colour multiplies the image: (0.5, 1, 1) halves the red square's red: (128, 0, 0) within 2.
        let tinted = frame(at: 0.5) { _, cell in cell.color = CGColor(red: 0.5, green: 1, blue: 1, alpha: 1) }
        #expect(tinted.pixel(topDown: 10, 50).isClose(to: Pixel(128, 0, 0), tolerance: 2), "\(tinted.pixel(topDown: 10, 50))")
        // alphaSpeed −0.5: at age 1 the particle is at half alpha over white: (255, 128, 128) within 2.
        let fading = frame(at: 1) { _, cell in cell.alphaSpeed = -0.5; cell.birthRate = 0.9 }
        #expect(fading.pixel(topDown: 10, 50).isClose(to: Pixel(255, 128, 128), tolerance: 2), "\(fading.pixel(topDown: 10, 50))")
    }

    @Test func sparksOutliveTheEmission() {
        // Particles born at 0 and 1 (velocity 20); then the layer's birthRate goes to 0. At t = 2.5 they are at
        // x = 60 and 40, and none was born at 2 (x = 20): turning emission off does not take back its particles.
        let c = withClock(at: 0) { _ -> TestCanvas in
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 100, height: 100); root.backgroundColor = CGColor.white
            let emitter = CAEmitterLayer(); emitter.frame = root.bounds; emitter.emitterPosition = CGPoint(x: 10, y: 50)
            let cell = CAEmitterCell(); cell.contents = redSquare(); cell.birthRate = 1; cell.lifetime = 10; cell.velocity = 20
            emitter.emitterCells = [cell]
            root.addSublayer(emitter)
            CATransaction.flush()
            let (canvas, renderer) = frameRenderer(for: root)
            renderer.drawFrame(at: 1.5)
            emitter.birthRate = 0
            CATransaction.flush()
            renderer.drawFrame(at: 2.5)
            return canvas
        }
        #expect(c.pixel(topDown: 60, 50) == .red && c.pixel(topDown: 40, 50) == .red)
        #expect(c.pixel(topDown: 20, 50) == .white)
    }

    @Test func subCellsEmitFromTheirParticles() {
        // An invisible parent (no contents) moves along +x at 20 points a second; its sub-cell drops a red square
        // once a second from parent age 1, where the parent is then. At t = 2.5: squares at x = 30 and 50.
        func scene(parentLifetime: Float) -> TestCanvas {
            frame(at: 2.5) { _, cell in
                let child = CAEmitterCell(); child.contents = cell.contents; child.birthRate = 1; child.lifetime = 10
                child.beginTime = 1
                cell.contents = nil; cell.velocity = 20; cell.lifetime = parentLifetime; cell.birthRate = 0.3
                cell.emitterCells = [child]
            }
        }
        let c = scene(parentLifetime: 10)
        #expect(c.pixel(topDown: 30, 50) == .red && c.pixel(topDown: 50, 50) == .red, "\(c.pixel(topDown: 30, 50))")
        #expect(c.pixel(topDown: 60, 50) == .white && c.pixel(topDown: 10, 50) == .white && c.pixel(topDown: 40, 50) == .white)
        // A parent that dies at age 1.5 drops only the first; its dropped square lives on.
        let d = scene(parentLifetime: 1.5)
        #expect(d.pixel(topDown: 30, 50) == .red && d.pixel(topDown: 50, 50) == .white)
    }

    @Test func contentsRectSelectsPartOfTheImage() throws {
        // The right half of the 2×2 orientation image (blue over white) at scale 5: a 5×10-point particle centred
        // on (10, 50), blue above white, sampled bilinearly (its texel centres at y 47.5 and 52.5). Whole, the top
        // row would be red and blue; cut wrongly, no blue.
        let image = try quadrantImage()
        let c = frame(at: 0.5) { _, cell in
            cell.contents = image; cell.contentsRect = CGRect(x: 0.5, y: 0, width: 0.5, height: 1); cell.scale = 5
        }
        #expect(c.pixel(topDown: 9, 47).isClose(to: .blue, tolerance: 48), "\(c.pixel(topDown: 9, 47))")
        #expect(c.pixel(topDown: 9, 52).isClose(to: .white, tolerance: 48), "\(c.pixel(topDown: 9, 52))")
        #expect(c.pixel(topDown: 18, 47) == .white)   // beyond the particle and its one-texel rim
    }

    @Test func additiveParticlesAddUp() {
        // Still particles tinted to (0.4, 0, 0) over a (0, 0, 128) background: one adds (102, 0, 128); at t = 1.5
        // two lie on the same spot, (204, 0, 128). Source-over would show (102, 0, 0). Within 2 levels.
        func scene(at t: Double) -> Pixel {
            withClock(at: 0) { _ in
                let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
                root.backgroundColor = CGColor(red: 0, green: 0, blue: 128.0 / 255, alpha: 1)
                let emitter = CAEmitterLayer(); emitter.frame = root.bounds; emitter.emitterPosition = CGPoint(x: 50, y: 50)
                emitter.renderMode = .additive
                let cell = CAEmitterCell(); cell.contents = redSquare(); cell.birthRate = 1; cell.lifetime = 10
                cell.color = CGColor(red: 0.4, green: 0, blue: 0, alpha: 1)
                emitter.emitterCells = [cell]
                root.addSublayer(emitter)
                return renderedFrame(root, at: t).pixel(topDown: 50, 50)
            }
        }
        #expect(scene(at: 0.5).isClose(to: Pixel(102, 0, 128), tolerance: 2), "\(scene(at: 0.5))")
        #expect(scene(at: 1.5).isClose(to: Pixel(204, 0, 128), tolerance: 2), "\(scene(at: 1.5))")
    }

    @Test func framesAreReproducibleAndSeeded() {
        func spray(_ seed: UInt32) -> [Int] {
            let canvas = frame(at: 3) { emitter, cell in
                emitter.seed = seed; emitter.emitterShape = .circle; emitter.emitterSize = CGSize(width: 40, height: 40)
                emitter.emitterPosition = CGPoint(x: 50, y: 50)
                cell.birthRate = 20; cell.velocity = 10; cell.velocityRange = 10; cell.emissionRange = 2 * .pi
            }
            return (0..<100).flatMap { y in (0..<100).map { x in Int(canvas.pixel(topDown: x, y).g) } }
        }
        #expect(spray(7) == spray(7))
        #expect(spray(7) != spray(8))
    }

    @Test func badRatesHaveDefinedResults() {
        // A NaN or negative rate emits nothing; an enormous one is capped (and still draws).
        #expect(frame(at: 1) { _, cell in cell.birthRate = .nan }.pixel(topDown: 10, 50) == .white)
        #expect(frame(at: 1) { _, cell in cell.birthRate = -5 }.pixel(topDown: 10, 50) == .white)
        #expect(frame(at: 1) { _, cell in cell.birthRate = 1e9; cell.lifetime = 1e9 }.pixel(topDown: 10, 50) == .red)
        #expect(frame(at: 1e6) { _, cell in cell.birthRate = .greatestFiniteMagnitude; cell.lifetime = .infinity }
            .pixel(topDown: 10, 50) == .white)   // an infinite lifetime has no defined particles: none
        #expect(frame(at: 1e6) { _, cell in cell.birthRate = .greatestFiniteMagnitude }.pixel(topDown: 10, 50) == .red)
        // A cell among its own sub-cells nests only so deep, and still draws.
        var nested: CAEmitterCell?
        #expect(frame(at: 1) { _, cell in cell.emitterCells = [cell]; nested = cell }.pixel(topDown: 10, 50) == .red)
        nested?.emitterCells = nil   // (the cell held itself)
    }
}
