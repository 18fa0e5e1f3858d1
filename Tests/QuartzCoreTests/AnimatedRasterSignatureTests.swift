import Testing
import CalyxTestSupport
@testable import QuartzCore

/// A layer whose raster properties animate keeps its raster while the animated values stay the same (a hold
/// keyframe), draws it again as soon as they change or its committed properties change, and each replicator
/// instance that shows the layer at its own time gets the picture of that time. Expectations are pixel probes of
/// rectangles whose places follow from the paths (on a transparent canvas).
@Suite struct AnimatedRasterSignatureTests {
    static let top = CGPath(rect: CGRect(x: 0, y: 0, width: 20, height: 20), transform: nil)
    static let bottom = CGPath(rect: CGRect(x: 0, y: 60, width: 20, height: 20), transform: nil)
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)

    /// A shape layer 50 × 100 at the root's corner whose path holds `top` for the first half second and
    /// `bottom` for the second (discrete keyframes).
    static func holdingShape() -> CAShapeLayer {
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 0, y: 0, width: 50, height: 100)
        shape.fillColor = red
        shape.path = top
        let hold = CAKeyframeAnimation(keyPath: "path")
        hold.values = [top, bottom]
        hold.calculationMode = .discrete
        hold.duration = 1
        shape.add(hold, forKey: "hold")
        return shape
    }

    static func render(_ root: CALayer, frames: Range<Int>, each: (Int, TestCanvas) -> Void = { _, _ in }) -> CARenderer {
        let (canvas, renderer) = frameRenderer(for: root, background: nil)
        for frame in frames {
            renderer.drawFrame(at: Double(frame) / 30)
            each(frame, canvas)
        }
        return renderer
    }

    @Test func holdKeyframesRasterOncePerValue() {
        withClock(at: 0) { _ in
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            root.addSublayer(Self.holdingShape())
            CATransaction.flush()
            let renderer = Self.render(root, frames: 0..<29) { frame, canvas in
                let showsTop = frame < 15
                #expect(canvas.pixel(topDown: 10, 10).isClose(to: showsTop ? Pixel.red : Pixel.clear, tolerance: 2), "frame \(frame)")
                #expect(canvas.pixel(topDown: 10, 70).isClose(to: showsTop ? Pixel.clear : Pixel.red, tolerance: 2), "frame \(frame)")
            }
            #expect(renderer.rasterizations == 2, "one raster per held path: \(renderer.rasterizations)")
        }
    }

    @Test func aCommittedChangeRedrawsWhileTheAnimatedValuesHold() {
        withClock(at: 0) { _ in
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            let shape = Self.holdingShape()
            root.addSublayer(shape)
            CATransaction.flush()
            let (canvas, renderer) = frameRenderer(for: root, background: nil)
            renderer.drawFrame(at: 0.1)
            #expect(canvas.pixel(topDown: 10, 10).isClose(to: .red, tolerance: 2))
            CATransaction.begin(); CATransaction.setDisableActions(true)
            shape.fillColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            CATransaction.commit()
            CATransaction.flush()
            renderer.drawFrame(at: 0.2)
            #expect(canvas.pixel(topDown: 10, 10).isClose(to: .blue, tolerance: 2), "the held path in the new colour")
        }
    }

    /// A replicator that preserves depth gathers every instance before drawing any: each instance's copy of the
    /// shape must still show its own time's path (instance 1 is half a second behind, 50 points to the right).
    @Test func delayedReplicatorInstancesShowTheirOwnTimesPicture() {
        withClock(at: 0) { _ in
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            let replicator = CAReplicatorLayer()
            replicator.frame = root.bounds
            replicator.preservesDepth = true
            replicator.instanceCount = 2
            replicator.instanceDelay = 0.5
            replicator.instanceTransform = CATransform3DMakeTranslation(50, 0, 0)
            replicator.addSublayer(Self.holdingShape())
            root.addSublayer(replicator)
            CATransaction.flush()
            _ = Self.render(root, frames: 18..<22) { frame, canvas in
                // Instance 0 at 0.6–0.7 s holds the bottom path; instance 1, at 0.1–0.2 s, the top one.
                #expect(canvas.pixel(topDown: 10, 70).isClose(to: .red, tolerance: 2), "frame \(frame)")
                #expect(canvas.pixel(topDown: 10, 10).isClose(to: Pixel.clear, tolerance: 2), "frame \(frame)")
                #expect(canvas.pixel(topDown: 60, 10).isClose(to: .red, tolerance: 2), "frame \(frame)")
                #expect(canvas.pixel(topDown: 60, 70).isClose(to: Pixel.clear, tolerance: 2), "frame \(frame)")
            }
        }
    }
}
