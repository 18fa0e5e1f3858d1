import Testing
import CalyxTestSupport
@testable import QuartzCore

/// CAReplicatorLayer instances through CARenderer (semantics §9.5), probed where each instance must land; the
/// expectations are hand-computed from the instance rules. A 100×100 replicator fills a white 100×100 root.
@Suite struct ReplicatorTests {
    func scene(_ configure: (CAReplicatorLayer, CALayer) -> Void) -> CALayer {
        let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 100, height: 100); root.backgroundColor = CGColor.white
        let replicator = CAReplicatorLayer(); replicator.frame = root.bounds
        let dot = CALayer(); dot.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        dot.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        replicator.addSublayer(dot)
        configure(replicator, dot)
        root.addSublayer(replicator)
        return root
    }

    func frame(at t: Double = 0, _ configure: (CAReplicatorLayer, CALayer) -> Void) -> TestCanvas {
        withClock(at: 0) { _ in renderedFrame(scene(configure), at: t) }
    }

    /// The same scene drawn by `render(in:)`: its presentation at media time `t` (the model tree before the
    /// first commit has no presentation, so it is committed at time 0 first).
    func painted(at t: Double = 0, _ configure: (CAReplicatorLayer, CALayer) -> Void) -> TestCanvas {
        withClock(at: 0) { clock in
            let root = scene(configure)
            CATransaction.flush()
            clock.setManualTime(t)
            let canvas = TestCanvas(width: 100, height: 100)
            canvas.flipToTopLeftOrigin()
            root.presentation()!.render(in: canvas.context)
            return canvas
        }
    }

    @Test func instancesStepByTheTransform() {
        let c = frame { r, _ in r.instanceCount = 3; r.instanceTransform = CATransform3DMakeTranslation(20, 0, 0) }
        #expect(c.pixel(topDown: 5, 5) == .red && c.pixel(topDown: 25, 5) == .red && c.pixel(topDown: 45, 5) == .red)
        #expect(c.pixel(topDown: 15, 5) == .white && c.pixel(topDown: 65, 5) == .white)
        // render(in:) draws the same instances.
        let painted = TestCanvas(width: 100, height: 100)
        painted.flipToTopLeftOrigin()
        scene { r, _ in r.instanceCount = 3; r.instanceTransform = CATransform3DMakeTranslation(20, 0, 0) }.render(in: painted.context)
        #expect(painted.pixel(topDown: 45, 5) == .red && painted.pixel(topDown: 65, 5) == .white)
    }

    @Test func rotationIsAboutTheReplicatorsCentre() {
        // A dot at the top middle, four instances a quarter turn apart (clockwise on iOS's y-down screen).
        let c = frame { r, dot in
            dot.frame = CGRect(x: 45, y: 0, width: 10, height: 10)
            r.instanceCount = 4; r.instanceTransform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        }
        #expect(c.pixel(topDown: 50, 5) == .red && c.pixel(topDown: 95, 50) == .red)
        #expect(c.pixel(topDown: 50, 95) == .red && c.pixel(topDown: 5, 50) == .red)
        #expect(c.pixel(topDown: 50, 50) == .white)
    }

    @Test func alphaAndColourOffsetsStepPerInstance() {
        // Alphas 1, 0.5, 0: red, red at half over white (255, 128, 128) within 2, nothing.
        let a = frame { r, _ in
            r.instanceCount = 3; r.instanceTransform = CATransform3DMakeTranslation(20, 0, 0); r.instanceAlphaOffset = -0.5
        }
        #expect(a.pixel(topDown: 5, 5) == .red && a.pixel(topDown: 25, 5).isClose(to: Pixel(255, 128, 128), tolerance: 2))
        #expect(a.pixel(topDown: 45, 5) == .white)
        // A white dot tinted blue, then red stepping up by a half: (0, 0, 255), then (128, 0, 255) within 2.
        let b = frame { r, dot in
            dot.backgroundColor = CGColor.white
            r.instanceCount = 2; r.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
            r.instanceColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1); r.instanceRedOffset = 0.5
        }
        #expect(b.pixel(topDown: 5, 5) == .blue && b.pixel(topDown: 25, 5).isClose(to: Pixel(128, 0, 255), tolerance: 2), "\(b.pixel(topDown: 25, 5))")
        // render(in:) colours the instances the same way.
        let p = painted { r, dot in
            dot.backgroundColor = CGColor.white
            r.instanceCount = 2; r.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
            r.instanceColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1); r.instanceRedOffset = 0.5
        }
        #expect(p.pixel(topDown: 5, 5) == .blue && p.pixel(topDown: 25, 5).isClose(to: Pixel(128, 0, 255), tolerance: 2), "\(p.pixel(topDown: 25, 5))")
        #expect(p.pixel(topDown: 15, 5) == .white && p.pixel(topDown: 45, 5) == .white)
    }

    @Test func instancesRunTheirAnimationsLater() {
        // The dot moves right by 100 points in one second; instance 1 is 20 points lower and half a second behind.
        // At t = 0.75: instance 0 at x 75…85, instance 1 at x 25…35.
        let c = frame(at: 0.75) { r, dot in
            r.instanceCount = 2; r.instanceTransform = CATransform3DMakeTranslation(0, 20, 0); r.instanceDelay = 0.5
            let move = CABasicAnimation(keyPath: "position.x"); move.fromValue = 5; move.toValue = 105; move.duration = 1
            move.timingFunction = CAMediaTimingFunction(name: .linear)
            dot.add(move, forKey: "move")
        }
        #expect(c.pixel(topDown: 80, 5) == .red && c.pixel(topDown: 30, 25) == .red)
        #expect(c.pixel(topDown: 30, 5) == .white && c.pixel(topDown: 80, 25) == .white)
        // render(in:) of the presentation delays the instances the same way.
        let p = painted(at: 0.75) { r, dot in
            r.instanceCount = 2; r.instanceTransform = CATransform3DMakeTranslation(0, 20, 0); r.instanceDelay = 0.5
            let move = CABasicAnimation(keyPath: "position.x"); move.fromValue = 5; move.toValue = 105; move.duration = 1
            move.timingFunction = CAMediaTimingFunction(name: .linear)
            dot.add(move, forKey: "move")
        }
        #expect(p.pixel(topDown: 80, 5) == .red && p.pixel(topDown: 30, 25) == .red)
        #expect(p.pixel(topDown: 30, 5) == .white && p.pixel(topDown: 80, 25) == .white)
    }

    @Test func preservesDepthDrawsInstancesByDepth() {
        // Two white 20×20 dots, the second 10 points right and 20 points farther away (z −20), coloured red then
        // blue. Flattened, tree order puts blue on top where they overlap (x 10…20); with preservesDepth the
        // nearer red is drawn last.
        func overlap(_ preserves: Bool) -> Pixel {
            frame { r, dot in
                dot.frame = CGRect(x: 0, y: 0, width: 20, height: 20); dot.backgroundColor = CGColor.white
                r.instanceCount = 2; r.instanceTransform = CATransform3DMakeTranslation(10, 0, -20)
                r.instanceColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1); r.instanceRedOffset = -1; r.instanceBlueOffset = 1
                r.preservesDepth = preserves
            }.pixel(topDown: 15, 10)
        }
        #expect(overlap(false) == .blue)
        #expect(overlap(true) == .red)
    }

    @Test func badInstanceValuesHaveDefinedResults() {
        // Negative counts draw no instances; enormous counts are capped; NaN delays and transforms draw nothing wrong.
        #expect(frame { r, _ in r.instanceCount = -3 }.pixel(topDown: 5, 5) == .white)
        let huge = frame { r, _ in r.instanceCount = Int.max; r.instanceTransform = CATransform3DMakeTranslation(0.01, 0, 0) }
        #expect(huge.pixel(topDown: 5, 5) == .red)
        let nan = frame { r, _ in r.instanceCount = 2; r.instanceDelay = .nan; r.instanceTransform = CATransform3DMakeTranslation(.nan, 0, 0) }
        #expect(nan.pixel(topDown: 5, 5) == .red)
    }
}
