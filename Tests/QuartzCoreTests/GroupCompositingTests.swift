import Testing
import CalyxTestSupport
@testable import QuartzCore

/// Subtrees composited as one offscreen group (masksToBounds, masks, shadows, group opacity) through CARenderer.
@Suite struct GroupCompositingTests {
    func render(_ root: CALayer, _ renderer: CARenderer, at t: Double) {
        renderer.beginFrame(atTime: t, timeStamp: nil); renderer.render(); renderer.endFrame()
    }

    /// The card of `perspectiveMatchesTheProjectionFormula`, but clipping an oversized sublayer: the group is
    /// mapped by the same homography, so the hand-computed edges hold (right edge x = 242.6, half-height 42.6;
    /// left edge x = 139.5, half-height 60.5) and nothing of the sublayer shows outside them.
    @Test func clippedGroupFollowsThePerspectiveMap() {
        withClock(at: 0) { _ in
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 400, height: 300); root.backgroundColor = CGColor.white
            var perspective = CATransform3DIdentity; perspective.m34 = -1.0 / 500
            root.sublayerTransform = perspective
            let card = CALayer(); card.bounds = CGRect(x: 0, y: 0, width: 200, height: 100); card.position = CGPoint(x: 200, y: 150)
            card.masksToBounds = true
            card.transform = CATransform3DMakeRotation(.pi / 3, 0, 1, 0)
            let big = CALayer(); big.frame = CGRect(x: -100, y: -100, width: 400, height: 300)
            big.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            card.addSublayer(big)
            root.addSublayer(card)
            let canvas = renderedFrame(root)
            #expect(canvas.pixel(topDown: 240, 112) == .red)    // inside the short right edge
            #expect(canvas.pixel(topDown: 240, 104) == .white)  // above it: clipped
            #expect(canvas.pixel(topDown: 143, 93) == .red)     // inside the tall left edge
            #expect(canvas.pixel(topDown: 137, 150) == .white)  // left of the left edge
            #expect(canvas.pixel(topDown: 245, 150) == .white)  // right of the right edge
        }
    }

    /// A group's picture covers what its sublayers draw outside their bounds: a shape layer with zero-origin
    /// bounds whose circle (radius 12) is centred on the bounds' corner, inside a half-transparent container.
    /// Half the black circle over white at 0.5 opacity is grey 128 (± 2) at a point up and left of the corner;
    /// before, the group's picture was cut at the sublayer's bounds and that point stayed white.
    @Test func aGroupKeepsWhatItsShapesDrawOutsideTheirBounds() {
        withClock(at: 0) { _ in
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 100, height: 100); root.backgroundColor = CGColor.white
            let container = CALayer(); container.frame = CGRect(x: 50, y: 50, width: 40, height: 40); container.opacity = 0.5
            let shape = CAShapeLayer(); shape.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            shape.path = CGPath(ellipseIn: CGRect(x: -12, y: -12, width: 24, height: 24), transform: nil)
            shape.fillColor = CGColor.black
            container.addSublayer(shape)
            root.addSublayer(container)
            let canvas = renderedFrame(root)
            for (x, y) in [(45, 45), (55, 55), (45, 55)] {
                let p = canvas.pixel(topDown: x, y)
                #expect(abs(p.r - 128) <= 2 && abs(p.g - 128) <= 2, "(\(x), \(y)) is \(p)")
            }
            #expect(canvas.pixel(topDown: 30, 30) == .white)
        }
    }

    /// A half-transparent container holding one picture is drawn as that picture at half opacity (the same
    /// pixels: black at 0.5 over white is 128) without a group picture: the frame's only entry is the child's. Two
    /// overlapping children still make a group (their overlap is 128, not the 64 of fading each).
    @Test func fadingOnePictureNeedsNoGroup() {
        withClock(at: 0) { _ in
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 100, height: 100); root.backgroundColor = CGColor.white
            let container = CALayer(); container.frame = CGRect(x: 0, y: 0, width: 100, height: 100); container.opacity = 0.5
            let child = CALayer(); child.frame = CGRect(x: 20, y: 20, width: 40, height: 40); child.backgroundColor = CGColor.black
            container.addSublayer(child)
            root.addSublayer(container)
            CATransaction.flush()
            let canvas = TestCanvas(width: 100, height: 100)
            let renderer = CARenderer(context: canvas.context)
            renderer.layer = root
            render(root, renderer, at: 1)
            let keys = Set(renderer.compositor.list.map(\.key))
            #expect(keys.contains(ObjectIdentifier(child)) && !keys.contains(ObjectIdentifier(container)))
            #expect(abs(canvas.pixel(topDown: 40, 40).r - 128) <= 1)
            let second = CALayer(); second.frame = CGRect(x: 40, y: 40, width: 40, height: 40); second.backgroundColor = CGColor.black
            container.addSublayer(second)
            CATransaction.flush()
            render(root, renderer, at: 2)
            #expect(Set(renderer.compositor.list.map(\.key)).contains(ObjectIdentifier(container)))
            #expect(abs(canvas.pixel(topDown: 50, 50).r - 128) <= 1 && abs(canvas.pixel(topDown: 30, 30).r - 128) <= 1)
        }
    }

    @Test func aMovingGroupIsRasterizedOnce() {
        withClock(at: 0) { _ in
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 200, height: 100); root.backgroundColor = CGColor.white
            let group = CALayer(); group.frame = CGRect(x: 0, y: 30, width: 40, height: 40); group.opacity = 0.5
            group.addSublayer({ let l = CALayer(); l.frame = CGRect(x: 0, y: 0, width: 30, height: 30); l.backgroundColor = CGColor.black; return l }())
            group.addSublayer({ let l = CALayer(); l.frame = CGRect(x: 10, y: 10, width: 30, height: 30); l.backgroundColor = CGColor.black; return l }())
            root.addSublayer(group)
            let move = CABasicAnimation(keyPath: "position.x"); move.fromValue = 20; move.toValue = 180; move.duration = 1
            group.add(move, forKey: "move")
            CATransaction.flush()
            let canvas = TestCanvas(width: 200, height: 100)
            let renderer = CARenderer(context: canvas.context)
            renderer.layer = root
            render(root, renderer, at: 0.1)
            let first = renderer.rasterizations
            for frame in 1...20 { render(root, renderer, at: 0.1 + Double(frame) / 60) }
            // The group's own animation moves it; its subtree never changes, so its image is reused.
            #expect(renderer.rasterizations == first)
            // Group opacity: where the two squares overlap the group is one 50 % black, not two.
            let x = Int((20 + 160 * (0.1 + 20.0 / 60)).rounded())  // the group's centre now
            #expect(canvas.pixel(topDown: x, 50).isClose(to: Pixel(128, 128, 128), tolerance: 2), "\(canvas.pixel(topDown: x, 50))")
        }
    }
}

/// `shouldRasterize`: the subtree is drawn once at `rasterizationScale` and the bitmap composited, so a layer
/// magnified 4× with the default scale of 1 has soft edges, while without it the content rasters at the
/// on-screen scale and the edge stays hard. Screen pixel 31 (centre 31.5, the edge at x = 30) maps to layer x =
/// 0.375, raster texel coordinate 2.375 (the group raster has a 2-px margin), so its sample is 7/8 of the black
/// texel 2 and 1/8 of the transparent texel 1: over white, 255 / 8 ≈ 32 (± 2 for 8-bit rounding).
@Suite struct ShouldRasterizeTests {
    func edge(rasterized: Bool, scale: CGFloat = 1) -> Pixel {
        withClock(at: 0) { _ in
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 100, height: 100); root.backgroundColor = CGColor.white
            let l = CALayer(); l.bounds = CGRect(x: 0, y: 0, width: 10, height: 10); l.position = CGPoint(x: 50, y: 50)
            l.backgroundColor = CGColor.black; l.transform = CATransform3DMakeScale(4, 4, 1)
            l.shouldRasterize = rasterized; l.rasterizationScale = scale
            root.addSublayer(l)
            return renderedFrame(root).pixel(topDown: 31, 50)
        }
    }

    @Test func magnifiedRasterSoftens() {
        #expect(edge(rasterized: false) == .black)
        #expect(edge(rasterized: true).isClose(to: Pixel(32, 32, 32), tolerance: 2), "\(edge(rasterized: true))")
        #expect(edge(rasterized: true, scale: 4) == .black)                          // at the screen's scale: hard
        #expect(edge(rasterized: true, scale: .nan).isClose(to: Pixel(32, 32, 32), tolerance: 2))  // unusable → 1
    }
}
