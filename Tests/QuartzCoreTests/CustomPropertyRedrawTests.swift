import Testing
import CalyxTestSupport
@testable import QuartzCore

/// A bar filled to `progress` of its width: the iOS way to animate a custom property that redraws.
final class ProgressBarLayer: CALayer, @unchecked Sendable {
    @Managed var progress: CGFloat = 0

    override class func needsDisplay(forKey key: String) -> Bool { key == "progress" || super.needsDisplay(forKey: key) }

    override func draw(in ctx: CGContext) {
        ctx.setFillColor(CGColor.black)
        ctx.fill(CGRect(x: 0, y: 0, width: bounds.width * progress, height: bounds.height))
    }
}

@Suite struct CustomPropertyRedrawTests {
    /// A 100×20 bar on white, its progress animated from 0 to 1 over a second (inside a group when `grouped`,
    /// which the render tree evaluates on its general path).
    func animatedBar(grouped: Bool = false) -> CALayer {
        let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 100, height: 20); root.backgroundColor = CGColor.white
        let bar = ProgressBarLayer(); bar.frame = root.bounds   // (progress never set: it reads as 0)
        bar.setNeedsDisplay()
        root.addSublayer(bar)
        let fill = CABasicAnimation(keyPath: "progress"); fill.fromValue = 0; fill.toValue = 1; fill.duration = 1
        if grouped {
            let group = CAAnimationGroup(); group.animations = [fill]; group.duration = 1
            bar.add(group, forKey: "fill")
        } else {
            bar.add(fill, forKey: "fill")
        }
        CATransaction.flush()
        return root
    }

    @Test(arguments: [false, true])
    func theCompositorRedrawsALayerAsItsCustomPropertyAnimates(grouped: Bool) {
        withClock(at: 0) { _ in
            let root = animatedBar(grouped: grouped)
            let canvas = TestCanvas(width: 100, height: 20, background: nil)
            let renderer = CARenderer(context: canvas.context)
            renderer.layer = root
            // (Frame after frame: a picture drawn for one frame is freed when the next is drawn, so the next may
            // come at the same address, which must not pass for the same content.)
            for filledTo in stride(from: 15, through: 85, by: 10) {
                let t = Double(filledTo) / 100
                renderer.beginFrame(atTime: t, timeStamp: nil); renderer.render(); renderer.endFrame()
                #expect(canvas.pixel(topDown: filledTo - 3, 10) == .black, "at \(t), inside the bar")
                #expect(canvas.pixel(topDown: filledTo + 3, 10) == .white, "at \(t), beyond the bar")
            }
        }
    }

    @Test func anUnsetCustomPropertyAnimatesFromItsFromValue() throws {
        try withClock(at: 0) { clock in
            let root = animatedBar()
            let bar = try #require(root.sublayers?.first as? ProgressBarLayer)
            clock.advance(by: 0.4)
            #expect(abs((bar.presentation()?.progress ?? -1) - 0.4) < 1e-9)
            #expect(bar.progress == 0, "the model keeps its own (unset) value")
        }
    }
}

/// A layer whose managed properties have no initial value, as `@NSManaged` properties are written.
final class DialLayer: CALayer, @unchecked Sendable {
    @Managed var angle: Double
    @Managed var caption: String?
    @Managed var isLit: Bool
    @Managed var centre: CGPoint
}

@Suite struct ManagedDefaultTests {
    @Test func aManagedPropertyWithNoInitialValueReadsAsObjectiveCReadsAnUnsetOne() throws {
        try withClock(at: 0) { clock in
            let dial = DialLayer()
            #expect(dial.angle == 0 && dial.caption == nil && dial.isLit == false && dial.centre == .zero)
            dial.angle = 90; dial.caption = "N"; dial.isLit = true; dial.centre = CGPoint(x: 1, y: 2)
            #expect(dial.angle == 90 && dial.caption == "N" && dial.isLit && dial.centre == CGPoint(x: 1, y: 2))
            #expect(dial.value(forKey: "angle") as? Double == 90)

            let turn = CABasicAnimation(keyPath: "angle"); turn.fromValue = 0; turn.toValue = 360; turn.duration = 1
            dial.add(turn, forKey: "turn")
            CATransaction.flush()
            clock.advance(by: 0.25)
            let presented = try #require(dial.presentation())
            #expect(abs(presented.angle - 90) < 1e-9)
        }
    }
}
