import Testing
import Foundation
@testable import QuartzCore

/// The render tree evaluates a node's animations through a prepared plan (slots and a batch); the presentation
/// layer goes through the general path. The two must agree: this checks the plan's slot assignment, ordering of
/// animations sharing a property, additive stacking and base values against an independent route.
@Suite struct RenderTreeAnimationTests {
    private func animatedLayer() -> CALayer {
        let layer = committedLayer()
        layer.position = CGPoint(x: 40, y: 60)
        layer.transform = CATransform3DMakeScale(1.5, 1.5, 1)
        let fade = CABasicAnimation(keyPath: "opacity"); fade.fromValue = 0.2; fade.toValue = 0.9; fade.duration = 2
        fade.timingFunction = CAMediaTimingFunction(name: .easeIn)
        let path = CAKeyframeAnimation(keyPath: "position")
        path.values = [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 80)]; path.keyTimes = [0, 0.3, 1]
        path.duration = 3
        let nudge = CABasicAnimation(keyPath: "position.x"); nudge.fromValue = 0; nudge.toValue = 10; nudge.isAdditive = true
        nudge.duration = 1; nudge.repeatCount = .infinity; nudge.isCumulative = true
        let spin = CABasicAnimation(keyPath: "transform.rotation.z"); spin.fromValue = 0; spin.toValue = Double.pi; spin.duration = 4
        let width = CASpringAnimation(keyPath: "bounds.size.width"); width.fromValue = 50; width.toValue = 120
        width.duration = width.settlingDuration
        let tint = CABasicAnimation(keyPath: "backgroundColor")
        tint.fromValue = CGColor(red: 1, green: 0, blue: 0, alpha: 1); tint.toValue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        for (i, a) in [fade, path, nudge, spin, width, tint].enumerated() { layer.add(a, forKey: "a\(i)") }
        CATransaction.flush()
        return layer
    }

    @Test func planAgreesWithPresentation() throws {
        try withClock(at: 100) { clock in
            let layer = animatedLayer()
            let tree = RenderTree()
            tree.sync(with: layer)
            let node = try #require(tree.root)
            for step in 0..<12 {
                let t = 100 + Double(step) * 0.37
                clock.setManualTime(t)
                let frame = node.frameLayer(parentTime: t).layer
                let presented = try #require(layer.presentation())
                #expect(abs(Double(frame.opacity) - Double(presented.opacity)) < 1e-6)
                #expect(close(frame.position, presented.position, 1e-9))
                #expect(close(frame.bounds, presented.bounds, 1e-9))
                #expect(CATransform3DEqualToTransform(frame.transform, presented.transform))
                #expect(frame.backgroundColor?.components == presented.backgroundColor?.components)
            }
            if case .some(.some) = node.animationPlan {} else { Issue.record("the node should use a plan") }
        }
    }

    @Test func nodesWithGroupsKeepTheGeneralPath() throws {
        try withClock(at: 100) { clock in
            let layer = committedLayer()
            let move = CABasicAnimation(keyPath: "position.x"); move.fromValue = 0; move.toValue = 100
            let group = CAAnimationGroup(); group.animations = [move]; group.duration = 1
            layer.add(group, forKey: "g")
            CATransaction.flush()
            let tree = RenderTree()
            tree.sync(with: layer)
            let node = try #require(tree.root)
            clock.setManualTime(100.5)
            let frame = node.frameLayer(parentTime: 100.5).layer
            #expect(abs(frame.position.x - 50) < 1e-9)
            if case .some(.none) = node.animationPlan {} else { Issue.record("a group needs the general path") }
        }
    }
}
