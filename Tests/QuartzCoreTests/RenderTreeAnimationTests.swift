import Testing
import Foundation
@testable import QuartzCore

/// One evaluator (AnimationPlan.swift) serves the render tree's frames and `presentation()`. These check its
/// values against values worked out by hand from the animations' definitions (linear timing, so each is a line
/// or a known curve in time): slots, the order of animations sharing a property, additive and cumulative
/// stacking, flattened groups with their own timing, nested groups, and turning along a path.
@Suite struct RenderTreeAnimationTests {
    /// The layer's frame (render tree) and presentation at `t`, which must agree.
    func frames(of layer: CALayer, at t: Double, clock: CAMediaClock) throws -> (frame: CALayer, presented: CALayer) {
        let tree = RenderTree()
        tree.sync(with: layer)
        let node = try #require(tree.root)
        clock.setManualTime(t)
        let frame = node.frameLayer(parentTime: t).layer
        let presented = try #require(layer.presentation())
        #expect(close(frame.position, presented.position, 1e-9) && abs(frame.opacity - presented.opacity) < 1e-6)
        #expect(CATransform3DEqualToTransform(frame.transform, presented.transform))
        return (frame, presented)
    }

    /// Sets model values without the implicit animations a committed layer would start.
    func quietly(_ changes: () -> Void) {
        CATransaction.begin(); CATransaction.setDisableActions(true); changes(); CATransaction.commit()
    }

    func linear(_ a: CAAnimation) -> CAAnimation { a.timingFunction = CAMediaTimingFunction(name: .linear); return a }

    @Test func propertiesStackAsDefined() throws {
        try withClock(at: 100) { clock in
            let layer = committedLayer()
            quietly { layer.position = CGPoint(x: 40, y: 60); layer.transform = CATransform3DMakeScale(1.5, 1.5, 1) }
            let fade = CABasicAnimation(keyPath: "opacity"); fade.fromValue = 0.2; fade.toValue = 0.9; fade.duration = 2
            let path = CAKeyframeAnimation(keyPath: "position")
            path.values = [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 80)]; path.keyTimes = [0, 0.3, 1]
            path.duration = 3
            let nudge = CABasicAnimation(keyPath: "position.x"); nudge.fromValue = 0; nudge.toValue = 10; nudge.isAdditive = true
            nudge.duration = 1; nudge.repeatCount = .infinity; nudge.isCumulative = true
            let spin = CABasicAnimation(keyPath: "transform.rotation.z"); spin.fromValue = 0; spin.toValue = Double.pi; spin.duration = 4
            for (i, a) in [fade, path, nudge, spin].enumerated() { layer.add(linear(a), forKey: "a\(i)") }
            CATransaction.flush()
            for e in [0.1, 0.45, 0.9, 1.3, 1.95] {
                let (frame, _) = try frames(of: layer, at: 100 + e, clock: clock)
                #expect(abs(Double(frame.opacity) - (0.2 + 0.7 * e / 2)) < 1e-6, "opacity at \(e)")
                // The path, then the additive, cumulative nudge on top: 10 points a second.
                let f = e / 3
                let x = (f < 0.3 ? 100 * f / 0.3 : 100) + 10 * e, y = f < 0.3 ? 0 : 80 * (f - 0.3) / 0.7
                #expect(close(frame.position, CGPoint(x: x, y: y), 1e-6), "position at \(e): \(frame.position)")
                // transform.rotation.z turns the scaled model transform: scale 1.5 at angle π·e/4.
                let angle = Double.pi * e / 4
                #expect(abs(frame.transform.m11 - 1.5 * cos(angle)) < 1e-9 && abs(frame.transform.m12 - 1.5 * sin(angle)) < 1e-9, "\(frame.transform) at \(e)")
            }
        }
    }

    /// A group running twice as fast holds a move for its first half and a fade for its second; a nested group
    /// starts halfway; after the group ends (no fill) the model shows again.
    @Test func groupsAreFlattenedWithTheirTiming() throws {
        try withClock(at: 100) { clock in
            let layer = committedLayer()
            quietly { layer.position = CGPoint(x: 7, y: 9) }
            let move = CABasicAnimation(keyPath: "position.x"); move.fromValue = 0; move.toValue = 100; move.duration = 1
            let fade = CABasicAnimation(keyPath: "opacity"); fade.fromValue = 1; fade.toValue = 0; fade.duration = 2; fade.beginTime = 1
            let drop = CABasicAnimation(keyPath: "position.y"); drop.fromValue = 0; drop.toValue = 50; drop.duration = 1
            let inner = CAAnimationGroup(); inner.animations = [linear(drop)]; inner.beginTime = 0.5; inner.duration = 1
            let group = CAAnimationGroup(); group.animations = [linear(move), linear(fade), linear(inner)]
            group.duration = 2; group.speed = 2
            layer.add(linear(group), forKey: "g")
            CATransaction.flush()
            for e in [0.1, 0.3, 0.6, 0.9] {
                let (frame, _) = try frames(of: layer, at: 100 + e, clock: clock)
                let g = 2 * e   // the group's time
                #expect(abs(frame.position.x - (g < 1 ? 100 * g : 7)) < 1e-6, "x at \(e)")
                #expect(abs(Double(frame.opacity) - (g >= 1 ? 1 - (g - 1) / 2 : 1)) < 1e-6, "opacity at \(e)")
                #expect(abs(frame.position.y - (g >= 0.5 && g < 1.5 ? 50 * (g - 0.5) : 9)) < 1e-6, "y at \(e): \(frame.position.y)")
            }
            let (after, _) = try frames(of: layer, at: 101.2, clock: clock)
            #expect(after.position == CGPoint(x: 7, y: 9) && after.opacity == 1)
        }
    }

    /// A group that autoreverses plays its child backwards on the way back; a group's timing function eases its
    /// children (semantics §1.8).
    @Test func groupTimingReachesChildren() throws {
        try withClock(at: 100) { clock in
            let layer = committedLayer()
            let move = CABasicAnimation(keyPath: "position.x"); move.fromValue = 0; move.toValue = 100; move.duration = 1
            let group = CAAnimationGroup(); group.animations = [linear(move)]; group.duration = 1; group.autoreverses = true
            layer.add(linear(group), forKey: "g")
            let eased = CABasicAnimation(keyPath: "opacity"); eased.fromValue = 0; eased.toValue = 1; eased.duration = 1
            let easing = CAAnimationGroup(); easing.animations = [linear(eased)]; easing.duration = 1
            easing.timingFunction = CAMediaTimingFunction(controlPoints: 0.42, 0, 1, 1)
            layer.add(easing, forKey: "e")
            CATransaction.flush()
            let (frame, _) = try frames(of: layer, at: 101.5, clock: clock)
            #expect(abs(frame.position.x - 50) < 1e-6)
            let (mid, _) = try frames(of: layer, at: 100.5, clock: clock)
            let expected = CAMediaTimingFunction(controlPoints: 0.42, 0, 1, 1).evaluate(0.5)
            #expect(abs(Double(mid.opacity) - expected) < 1e-6 && expected < 0.4)
        }
    }

    /// `rotationMode` turns the layer along a straight path from (0, 0) to (100, 100): 45°, or 225° with
    /// `rotateAutoReverse`, on top of the model transform; inside a group too.
    @Test func turningAlongAPath() throws {
        try withClock(at: 100) { clock in
            let layer = committedLayer()
            let path = CGMutablePath(); path.move(to: .zero); path.addLine(to: CGPoint(x: 100, y: 100))
            let ride = CAKeyframeAnimation(keyPath: "position"); ride.path = path; ride.duration = 1; ride.rotationMode = .rotateAuto
            layer.add(linear(ride), forKey: "ride")
            CATransaction.flush()
            let (frame, _) = try frames(of: layer, at: 100.5, clock: clock)
            #expect(close(frame.position, CGPoint(x: 50, y: 50), 1e-6))
            #expect(abs(frame.transform.m11 - cos(.pi / 4)) < 1e-9 && abs(frame.transform.m12 - sin(.pi / 4)) < 1e-9)

            let grouped = committedLayer()
            quietly { grouped.transform = CATransform3DMakeScale(2, 2, 1) }
            let back = CAKeyframeAnimation(keyPath: "position"); back.path = path; back.duration = 1; back.rotationMode = .rotateAutoReverse
            let group = CAAnimationGroup(); group.animations = [linear(back)]; group.duration = 1
            grouped.add(group, forKey: "g")
            CATransaction.flush()
            let (turned, _) = try frames(of: grouped, at: 100.5, clock: clock)
            let angle = Double.pi / 4 + .pi
            #expect(abs(turned.transform.m11 - 2 * cos(angle)) < 1e-9 && abs(turned.transform.m12 - 2 * sin(angle)) < 1e-9, "\(turned.transform)")
        }
    }
}
