import Testing
import CalyxTestSupport
@testable import QuartzCore

/// CATransition pixels through CARenderer (semantics §8), probed where the geometry of each type puts the old
/// and the new content. A 100×100 layer turns from red to blue under a one-second linear transition committed at
/// t = 0; y runs down (iOS).
@Suite struct TransitionPixelTests {
    func frame(_ type: CATransitionType, _ subtype: CATransitionSubtype?, at t: Double,
               change: (CALayer) -> Void = { $0.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1) }) -> TestCanvas {
        withClock(at: 0) { _ in
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 100, height: 100); root.backgroundColor = CGColor.white
            let layer = CALayer(); layer.frame = root.bounds; layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            root.addSublayer(layer)
            CATransaction.flush()
            let canvas = TestCanvas(width: 100, height: 100)
            let renderer = CARenderer(context: canvas.context)
            renderer.layer = root
            renderer.beginFrame(atTime: 0, timeStamp: nil); renderer.render(); renderer.endFrame()  // the old state on screen
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            change(layer)
            let transition = CATransition(); transition.type = type; transition.subtype = subtype; transition.duration = 1
            transition.timingFunction = CAMediaTimingFunction(name: .linear)
            layer.add(transition, forKey: kCATransition)
            CATransaction.commit()
            renderer.beginFrame(atTime: t, timeStamp: nil); renderer.render(); renderer.endFrame()
            return canvas
        }
    }

    @Test func pushFromRight() {
        let c = frame(.push, .fromRight, at: 0.25)  // new at x 75…100, old pushed to −25…75
        #expect(c.pixel(topDown: 60, 50) == .red && c.pixel(topDown: 90, 50) == .blue)
    }

    @Test func moveInFromLeftAndFromTop() {
        let c = frame(.moveIn, .fromLeft, at: 0.25)  // new slides over the old: x 0…25
        #expect(c.pixel(topDown: 10, 50) == .blue && c.pixel(topDown: 60, 50) == .red)
        let d = frame(.moveIn, .fromTop, at: 0.25)   // from the visual top: y 0…25
        #expect(d.pixel(topDown: 50, 10) == .blue && d.pixel(topDown: 50, 60) == .red)
    }

    @Test func revealSlidesTheOldAway() {
        let c = frame(.reveal, .fromRight, at: 0.5)  // old moves to −50…50, new underneath
        #expect(c.pixel(topDown: 25, 50) == .red && c.pixel(topDown: 75, 50) == .blue)
    }

    @Test func fadeCrossDissolves() {
        // Blue at P = 0.25 over white, then red at 0.75 over that: (239, 48, 64) within 3 levels of 8-bit rounding.
        let c = frame(.fade, nil, at: 0.25)
        #expect(c.pixel(topDown: 50, 50).isClose(to: Pixel(239, 48, 64), tolerance: 3), "\(c.pixel(topDown: 50, 50))")
    }

    @Test func fadesAHiddenLayerOut() {
        // Hiding under a fade: the old (red) at 1 − P = 0.75 over nothing (white).
        let c = frame(.fade, nil, at: 0.25) { $0.isHidden = true }
        #expect(c.pixel(topDown: 50, 50).isClose(to: Pixel(255, 64, 64), tolerance: 3), "\(c.pixel(topDown: 50, 50))")
    }

    @Test func newSublayersArriveWithTheTransition() {
        // The transition is on the container; in the same transaction its red fill goes and a blue sublayer arrives,
        // so the new state is the whole new subtree.
        let c = frame(.push, .fromRight, at: 0.25) { container in
            container.backgroundColor = nil
            let blue = CALayer(); blue.frame = container.bounds; blue.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            container.addSublayer(blue)
        }
        // Before: the red container; after: a clear container holding a blue sublayer, pushed in from the right.
        #expect(c.pixel(topDown: 60, 50) == .red && c.pixel(topDown: 90, 50) == .blue)
    }

    @Test func sublayersOverflowingTheBoundsStayVisible() {
        // A 50×100 layer whose green sublayer sits outside its bounds, at x 60…90; the layer turns blue under a fade.
        // The sublayer is in both states: at P = 0.5, the new at 0.5 over white, then the old at 0.5 over that:
        // a quarter white and three quarters green, (64, 255, 64) within 3 levels. Cut at the bounds, it was white.
        let c = withClock(at: 0) { _ -> TestCanvas in
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 100, height: 100); root.backgroundColor = CGColor.white
            let layer = CALayer(); layer.frame = CGRect(x: 0, y: 0, width: 50, height: 100)
            layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            let overflow = CALayer(); overflow.frame = CGRect(x: 60, y: 0, width: 30, height: 30)
            overflow.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
            layer.addSublayer(overflow)
            root.addSublayer(layer)
            CATransaction.flush()
            let (canvas, renderer) = frameRenderer(for: root)
            renderer.drawFrame(at: 0)
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            let fade = CATransition(); fade.type = .fade; fade.duration = 1; fade.timingFunction = CAMediaTimingFunction(name: .linear)
            layer.add(fade, forKey: kCATransition)
            CATransaction.commit()
            renderer.drawFrame(at: 0.5)
            return canvas
        }
        #expect(c.pixel(topDown: 75, 15).isClose(to: Pixel(64, 255, 64), tolerance: 3), "\(c.pixel(topDown: 75, 15))")
        #expect(c.pixel(topDown: 75, 60) == .white)
    }

    @Test func afterTheTransitionOnlyTheNewStateShows() {
        #expect(frame(.push, .fromRight, at: 1.5).pixel(topDown: 10, 50) == .blue)
    }
}
