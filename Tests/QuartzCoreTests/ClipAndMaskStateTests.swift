import Testing
import CalyxTestSupport
@testable import QuartzCore

/// Clips and masks as state of the compositor's display list: what they clip keeps its rasters when the clip or
/// mask moves, and the pixels match where the clip and mask are at each frame's time (analytic probes: linear
/// animations put them at known places).
@Suite struct ClipAndMaskStateTests {
    func box(_ rect: CGRect, _ color: CGColor) -> CALayer {
        let l = CALayer(); l.frame = rect; l.backgroundColor = color; return l
    }

    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    static let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)

    func linear(_ keyPath: String, from: CGFloat, to: CGFloat) -> CABasicAnimation {
        let a = CABasicAnimation(keyPath: keyPath)
        a.fromValue = from; a.toValue = to; a.duration = 1; a.beginTime = 1e-9
        a.timingFunction = CAMediaTimingFunction(name: .linear)
        a.fillMode = .both; a.isRemovedOnCompletion = false
        return a
    }

    /// A 40-point square mask slides from x = 20 to x = 80 across three overlapping sublayers: each frame shows
    /// the topmost sublayer inside the square and the white root outside, and no sublayer is drawn again.
    @Test func aMovingMaskKeepsWhatItMasks() {
        withClock(at: 0) { clock in
            let root = box(CGRect(x: 0, y: 0, width: 120, height: 100), CGColor.white)
            let container = CALayer(); container.frame = CGRect(x: 0, y: 0, width: 120, height: 100)
            container.addSublayer(box(CGRect(x: 0, y: 0, width: 120, height: 100), Self.red))
            container.addSublayer(box(CGRect(x: 0, y: 0, width: 60, height: 100), Self.green))
            container.addSublayer(box(CGRect(x: 60, y: 0, width: 60, height: 100), Self.blue))
            let mask = box(CGRect(x: 0, y: 30, width: 40, height: 40), CGColor.black)
            mask.add(linear("position.x", from: 20, to: 80), forKey: "slide")
            container.mask = mask
            root.addSublayer(container)
            CATransaction.flush()
            let (canvas, renderer) = frameRenderer(for: root)
            renderer.drawFrame(at: 0)
            let drawn = renderer.rasterizations
            for step in 0...10 {
                let t = Double(step) / 10
                clock.setManualTime(t)
                renderer.drawFrame(at: t)
                let centre = Int((20 + 60 * t).rounded())
                let expected: Pixel = centre < 60 ? .green : .blue
                #expect(canvas.pixel(topDown: centre - 15, 50).isClose(to: centre - 15 < 60 ? .green : .blue, tolerance: 2), "t \(t)")
                #expect(canvas.pixel(topDown: centre, 50).isClose(to: expected, tolerance: 2) || centre == 60, "t \(t)")
                #expect(canvas.pixel(topDown: centre, 20) == .white && canvas.pixel(topDown: centre, 80) == .white, "t \(t)")
                if centre + 25 < 120 { #expect(canvas.pixel(topDown: centre + 25, 50) == .white, "t \(t)") }
                if centre - 25 >= 0 { #expect(canvas.pixel(topDown: centre - 25, 50) == .white, "t \(t)") }
            }
            #expect(renderer.rasterizations == drawn, "the masked sublayers and the mask keep their rasters")
        }
    }

    /// A clipping view scrolls (its bounds origin runs from 0 to 100) over ten 20-point stripes: each frame shows
    /// the stripe under each row, nothing outside the clip changes, and no stripe is drawn again.
    @Test func aScrollingClipKeepsItsContent() {
        withClock(at: 0) { clock in
            let root = box(CGRect(x: 0, y: 0, width: 200, height: 200), CGColor.white)
            let scroller = CALayer(); scroller.frame = CGRect(x: 50, y: 50, width: 100, height: 100); scroller.masksToBounds = true
            let colors = [Self.red, Self.blue]
            for k in 0..<10 { scroller.addSublayer(box(CGRect(x: 0, y: 20 * k, width: 100, height: 20), colors[k % 2])) }
            scroller.add(linear("bounds.origin.y", from: 0, to: 100), forKey: "scroll")
            root.addSublayer(scroller)
            CATransaction.flush()
            let (canvas, renderer) = frameRenderer(for: root)
            renderer.drawFrame(at: 0)
            let drawn = renderer.rasterizations
            for step in 0...10 {
                let t = Double(step) / 10
                clock.setManualTime(t)
                renderer.beginFrame(atTime: t, timeStamp: nil)
                if step > 0 { #expect(renderer.updateBounds() == CGRect(x: 49, y: 49, width: 102, height: 102), "t \(t)") }
                renderer.render(); renderer.endFrame()
                let offset = 100 * t
                for y in stride(from: 52, to: 150, by: 7) {
                    let stripe = Int((Double(y) + 0.5 - 50 + offset) / 20)
                    let expected: Pixel = stripe % 2 == 0 ? .red : .blue
                    let within = (Double(y) + 0.5 - 50 + offset).truncatingRemainder(dividingBy: 20)
                    guard within > 1, within < 19 else { continue }   // (stripe edges are shared pixels)
                    #expect(canvas.pixel(topDown: 100, y) == expected, "t \(t) y \(y)")
                }
                #expect(canvas.pixel(topDown: 100, 45) == .white && canvas.pixel(topDown: 100, 155) == .white, "t \(t)")
            }
            #expect(renderer.rasterizations == drawn)
        }
    }

    /// A clip whose edges fall between pixels covers the edge pixels by their area: the box clips from x = 10.5
    /// to 30.5, so columns 10 and 30 show half the red over white.
    @Test func fractionalClipEdgesCoverByArea() {
        withClock(at: 0) { _ in
            let root = box(CGRect(x: 0, y: 0, width: 40, height: 20), CGColor.white)
            let clip = CALayer(); clip.frame = CGRect(x: 10.5, y: 0, width: 20, height: 20); clip.masksToBounds = true
            clip.addSublayer(box(CGRect(x: -100, y: -100, width: 300, height: 300), Self.red))
            root.addSublayer(clip)
            let canvas = renderedFrame(root, at: 0)
            #expect(canvas.pixel(topDown: 9, 10) == .white && canvas.pixel(topDown: 31, 10) == .white)
            #expect(canvas.pixel(topDown: 11, 10) == .red && canvas.pixel(topDown: 29, 10) == .red)
            #expect(canvas.pixel(topDown: 10, 10).isClose(to: Pixel(255, 128, 128), tolerance: 2), "\(canvas.pixel(topDown: 10, 10))")
            #expect(canvas.pixel(topDown: 30, 10).isClose(to: Pixel(255, 128, 128), tolerance: 2), "\(canvas.pixel(topDown: 30, 10))")
        }
    }

    /// A layer moving inside a clipping container is drawn from its raster: the container is not a group
    /// repainted every frame.
    @Test func movingInsideAClipRedrawsNothing() {
        withClock(at: 0) { clock in
            let root = box(CGRect(x: 0, y: 0, width: 100, height: 100), CGColor.white)
            let container = box(CGRect(x: 10, y: 10, width: 80, height: 80), CGColor(gray: 0.8, alpha: 1))
            container.masksToBounds = true; container.cornerRadius = 12
            let mover = box(CGRect(x: 0, y: 30, width: 20, height: 20), Self.blue)
            mover.add(linear("position.x", from: 0, to: 80), forKey: "move")
            container.addSublayer(mover)
            root.addSublayer(container)
            CATransaction.flush()
            let (canvas, renderer) = frameRenderer(for: root)
            renderer.drawFrame(at: 0)
            let drawn = renderer.rasterizations
            for step in 1...5 {
                let t = Double(step) / 5
                clock.setManualTime(t)
                renderer.drawFrame(at: t)
                let x = 10 + Int(80 * t)   // the mover's centre, in the root
                if x < 85 { #expect(canvas.pixel(topDown: x, 50) == .blue, "t \(t)") }
            }
            // At the end the mover's right half lies outside the container and is cut at its edge.
            #expect(canvas.pixel(topDown: 95, 50) == .white)
            #expect(renderer.rasterizations == drawn)
        }
    }

    /// A mask that is hidden, or draws nothing, hides what it masks.
    @Test func anEmptyMaskHidesEverything() {
        withClock(at: 0) { _ in
            let root = box(CGRect(x: 0, y: 0, width: 40, height: 40), CGColor.white)
            let masked = box(CGRect(x: 0, y: 0, width: 40, height: 40), Self.red)
            masked.addSublayer(box(CGRect(x: 10, y: 10, width: 20, height: 20), Self.blue))
            let mask = box(CGRect(x: 0, y: 0, width: 40, height: 40), CGColor.black)
            mask.isHidden = true
            masked.mask = mask
            root.addSublayer(masked)
            let canvas = renderedFrame(root, at: 0)
            #expect(canvas.pixel(topDown: 5, 5) == .white && canvas.pixel(topDown: 20, 20) == .white)
        }
    }
}
