import Testing
import CalyxTestSupport
@testable import QuartzCore

@Suite struct CARendererTests {
    /// A 100×100 white root with a 20×20 red box animating from x = 10 to x = 90 over one second from t = 10.
    func scene() -> CALayer {
        let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 100, height: 100); root.backgroundColor = CGColor.white
        let box = CALayer(); box.bounds = CGRect(x: 0, y: 0, width: 20, height: 20); box.position = CGPoint(x: 10, y: 50)
        box.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(box)
        let move = CABasicAnimation(keyPath: "position.x"); move.fromValue = 10; move.toValue = 90; move.duration = 1
        move.beginTime = 10; move.fillMode = .both; move.isRemovedOnCompletion = false
        box.add(move, forKey: "move")
        return root
    }

    func frame(_ root: CALayer, at t: Double) -> (TestCanvas, CARenderer) {
        let canvas = TestCanvas(width: 100, height: 100, background: nil)
        let renderer = CARenderer(context: canvas.context)
        renderer.layer = root
        renderer.beginFrame(atTime: t, timeStamp: nil)
        renderer.render()
        renderer.endFrame()
        return (canvas, renderer)
    }

    @Test func framesFollowTheChosenTime() {
        withClock(at: 0) { _ in
            let root = scene()
            CATransaction.flush()
            let (start, _) = frame(root, at: 9)      // before the animation: filled backwards at x = 10
            #expect(start.pixel(topDown: 10, 50) == .red && start.pixel(topDown: 50, 50) == .white)
            let (middle, _) = frame(root, at: 10.5)  // halfway: x = 50
            #expect(middle.pixel(topDown: 50, 50) == .red && middle.pixel(topDown: 10, 50) == .white)
            #expect(middle.pixel(topDown: 50, 20) == .white)  // y runs down: the box is at y 40–60
        }
    }

    @Test func sameTreeAndTimeGiveIdenticalBytes() {
        withClock(at: 0) { _ in
            let root = scene()
            CATransaction.flush()
            let a = frame(root, at: 10.37).0.context.makeImage()!, b = frame(root, at: 10.37).0.context.makeImage()!
            #expect(a.pixels.data == b.pixels.data)
            #expect(frame(root, at: 10.38).0.context.makeImage()!.pixels.data != a.pixels.data)
        }
    }

    @Test func nextFrameTimeReadsTheCommittedTreeAndCountsEmitters() {
        withClock(at: 0) { _ in
            let root = scene()
            CATransaction.flush()
            let (_, renderer) = frame(root, at: 5)
            renderer.beginFrame(atTime: 5, timeStamp: nil)
            // An animation added to the model after the frame began is not what this frame draws.
            let soon = CABasicAnimation(keyPath: "opacity"); soon.fromValue = 0; soon.toValue = 1; soon.beginTime = 7
            root.sublayers![0].add(soon, forKey: "soon")
            #expect(renderer.nextFrameTime() == 10)
            renderer.endFrame()
            // An emitting emitter changes every frame.
            let emitter = CAEmitterLayer(); emitter.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            let cell = CAEmitterCell(); cell.birthRate = 10; cell.lifetime = 1
            emitter.emitterCells = [cell]
            let sparks = CALayer(); sparks.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            sparks.addSublayer(emitter)
            CATransaction.flush()
            let (_, emitting) = frame(sparks, at: 1)
            emitting.beginFrame(atTime: 2, timeStamp: nil)
            #expect(emitting.nextFrameTime() == 2)
            emitting.endFrame()
        }
    }

    @Test func nextFrameTimeAndUpdateBounds() {
        withClock(at: 0) { _ in
            let root = scene()
            CATransaction.flush()
            let (_, early) = frame(root, at: 5)
            early.beginFrame(atTime: 5, timeStamp: nil)
            #expect(early.nextFrameTime() == 10)       // the animation starts at 10
            early.beginFrame(atTime: 10.5, timeStamp: nil)
            #expect(early.nextFrameTime() == 10.5)     // running: every frame changes
            early.endFrame()

            let still = CALayer(); still.frame = CGRect(x: 0, y: 0, width: 100, height: 100); still.backgroundColor = CGColor.white
            CATransaction.flush()
            let (_, renderer) = frame(still, at: 1)
            renderer.beginFrame(atTime: 2, timeStamp: nil)
            #expect(renderer.updateBounds() == .zero && renderer.nextFrameTime() == .infinity)  // nothing changed
            renderer.addUpdate(CGRect(x: 0, y: 0, width: 10, height: 10))
            #expect(renderer.updateBounds() == CGRect(x: 0, y: 0, width: 10, height: 10))
            renderer.endFrame()
            still.opacity = 0.5  // a commit: the next frame redraws everything
            CATransaction.flush()
            renderer.beginFrame(atTime: 3, timeStamp: nil)
            #expect(renderer.updateBounds() == CGRect(x: 0, y: 0, width: 100, height: 100))
        }
    }
}

/// Renderers draw what was committed (design: "commit copies dirty model state"; Apple's render server sees only
/// committed transactions): changes inside a transaction that is still open are not on screen yet.
@Suite struct CommittedStateTests {
    @Test func openTransactionsAreNotDrawn() {
        withClock(at: 0) { _ in
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 100, height: 100); root.backgroundColor = CGColor.white
            let box = CALayer(); box.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
            box.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            root.addSublayer(box)
            CATransaction.flush()
            let (canvas, renderer) = frameRenderer(for: root)
            renderer.drawFrame(at: 0)
            #expect(canvas.pixel(topDown: 25, 25) == .red)
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            box.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            let late = CALayer(); late.frame = CGRect(x: 50, y: 50, width: 50, height: 50)
            late.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
            root.addSublayer(late)
            renderer.drawFrame(at: 0.1)   // the transaction is still open
            #expect(canvas.pixel(topDown: 25, 25) == .red && canvas.pixel(topDown: 75, 75) == .white)
            CATransaction.commit()
            renderer.drawFrame(at: 0.2)
            #expect(canvas.pixel(topDown: 25, 25) == .blue && canvas.pixel(topDown: 75, 75) == Pixel(0, 255, 0))
            // A layer that joined the tree with no changes of its own is committed with it: its later changes
            // also wait for their commit.
            let plain = CALayer()
            root.addSublayer(plain)
            CATransaction.flush()
            CATransaction.begin()
            plain.frame = CGRect(x: 0, y: 50, width: 50, height: 50); plain.backgroundColor = CGColor.black
            renderer.drawFrame(at: 0.3)
            #expect(canvas.pixel(topDown: 25, 75) == .white)
            CATransaction.commit()
            renderer.drawFrame(at: 0.4)
            #expect(canvas.pixel(topDown: 25, 75) == .black)
        }
    }
}

@Suite struct FrameCompositorTests {
    /// A delegate-drawn layer animated in position for 60 frames is drawn once (issue 4's caching test).
    @Test func movingContentIsRasterizedOnce() {
        withClock(at: 0) { _ in
            final class Drawer: CALayerDelegate {
                var draws = 0
                func draw(_ layer: CALayer, in ctx: CGContext) { draws += 1; ctx.setFillColor(CGColor.black); ctx.fill(layer.bounds) }
            }
            let drawer = Drawer()
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            let sprite = CALayer(); sprite.bounds = CGRect(x: 0, y: 0, width: 20, height: 20); sprite.delegate = drawer
            sprite.setNeedsDisplay(); sprite.displayIfNeeded()
            root.addSublayer(sprite)
            let move = CABasicAnimation(keyPath: "position"); move.fromValue = CGPoint(x: 10, y: 10); move.toValue = CGPoint(x: 90, y: 90)
            move.duration = 1; move.beginTime = 1
            sprite.add(move, forKey: "move")
            CATransaction.flush()
            let canvas = TestCanvas(width: 100, height: 100, background: nil)
            let renderer = CARenderer(context: canvas.context)
            renderer.layer = root
            for frame in 0..<60 {
                renderer.beginFrame(atTime: 1 + Double(frame) / 60, timeStamp: nil)
                renderer.render()
                renderer.endFrame()
            }
            #expect(drawer.draws == 1)
            #expect(renderer.rasterizations == 1)  // the sprite's, once (the empty root draws nothing)
            #expect(canvas.pixel(topDown: Int(10 + 80 * 59.0 / 60), Int(10 + 80 * 59.0 / 60)) == .black)
        }
    }

    /// The compositor's frames match the snapshot renderer's pixels for scenes it composites itself.
    @Test func compositorAgreesWithTheSnapshotPainter() throws {
        try withClock(at: 0) { _ in
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 120, height: 100); root.backgroundColor = CGColor.white
            let a = CALayer(); a.frame = CGRect(x: 10, y: 10, width: 50, height: 40); a.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            a.cornerRadius = 8; a.opacity = 0.7
            let b = CAShapeLayer(); b.frame = CGRect(x: 30, y: 30, width: 60, height: 60)
            b.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 60, height: 60), transform: nil)
            b.fillColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1); b.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
            root.addSublayer(a); root.addSublayer(b)
            CATransaction.flush()
            let composited = TestCanvas(width: 120, height: 100, background: nil)
            let renderer = CARenderer(context: composited.context)
            renderer.layer = root
            renderer.beginFrame(atTime: 1, timeStamp: nil); renderer.render(); renderer.endFrame()
            let painted = TestCanvas(width: 120, height: 100, background: nil)
            painted.flipToTopLeftOrigin()
            root.render(in: painted.context)
            let d = try #require(ImageDifference(composited.context.makeImage()!, painted.context.makeImage()!))
            // Resampling a cached raster (bilinear) versus drawing vectors directly: edges within a few levels.
            #expect(d.mean < 1 && d.p99 <= 32)
        }
    }
}

/// The span compositor against pixman's general transformed path (an independent implementation of the same
/// operation: bilinear sampling, transparent outside the source, source-over).
@Suite struct SpanCompositorTests {
    func image(_ size: Int) -> PixelBuffer {
        let ctx = CGContext(data: nil, width: size, height: size, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        ctx.setFillColor(CGColor(red: 0.9, green: 0.3, blue: 0.1, alpha: 1)); ctx.fill(CGRect(x: 0, y: 0, width: size, height: size))
        ctx.setFillColor(CGColor(red: 0.1, green: 0.2, blue: 0.8, alpha: 0.6)); ctx.fillEllipse(in: CGRect(x: 4, y: 4, width: size - 8, height: size - 8))
        return ctx.makeImage()!.pixels
    }

    @Test(arguments: [(0.3, 1.0, 1.0), (2.1, 1.7, 0.6), (-0.8, 0.5, 0.35)])
    func matchesPixmansGeneralPath(angle: Double, scale: Double, opacity: Double) throws {
        let source = image(64)
        let m = CGAffineTransform(translationX: -32, y: -32).concatenating(CGAffineTransform(rotationAngle: angle))
            .concatenating(CGAffineTransform(scaleX: scale, y: scale)).concatenating(CGAffineTransform(translationX: 70.3, y: 61.7))
        func render(_ draw: (UnsafeMutableRawPointer, Int) -> Void) -> CGImage {
            let canvas = TestCanvas(width: 140, height: 120)
            canvas.context.withCanonicalPixels { draw($0, $1) }
            return canvas.context.makeImage()!
        }
        let ours = render { SpanCompositor.composite(source: source, into: $0, bytesPerRow: $1, width: 140, height: 120, sourceToTarget: m, opacity: opacity) }
        let pixman = render { PixmanBlit.composite(source: source, into: $0, bytesPerRow: $1, width: 140, height: 120, sourceToTarget: m, opacity: opacity) }
        let d = try #require(ImageDifference(ours, pixman))
        // Same sampling model; fixed-point precision differs (pixman 7-bit weights, ours 8-bit), so interiors agree
        // within a couple of levels and the one-texel rim within a few more.
        #expect(d.mean < 0.3 && d.p99 <= 4 && d.max <= 24, "\(d)")
        // Banded rendering (for threads) gives the same bytes as one pass.
        let banded = render { pixels, rowBytes in
            for band in stride(from: 0, to: 120, by: 37) {
                SpanCompositor.composite(source: source, into: pixels, bytesPerRow: rowBytes, width: 140, height: 120,
                                         sourceToTarget: m, opacity: opacity, rows: band..<min(band + 37, 120))
            }
        }
        #expect(banded.pixels.data == ours.pixels.data)
    }
}

@Suite struct DamageTests {
    @Test func damageFollowsTheMovingLayerOnly() {
        withClock(at: 0) { _ in
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 400, height: 300); root.backgroundColor = CGColor.white
            for i in 0..<20 {
                let still = CALayer(); still.bounds = CGRect(x: 0, y: 0, width: 30, height: 30)
                still.position = CGPoint(x: 20 + 18 * i, y: 150); still.opacity = 0.5
                still.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
                still.transform = CATransform3DMakeRotation(0.3 * Double(i), 0, 0, 1)
                root.addSublayer(still)
            }
            let mover = CALayer(); mover.bounds = CGRect(x: 0, y: 0, width: 20, height: 20); mover.backgroundColor = CGColor.black
            root.addSublayer(mover)
            let move = CABasicAnimation(keyPath: "position.x"); move.fromValue = 0; move.toValue = 400; move.duration = 4; move.beginTime = 0.5
            move.repeatCount = .infinity
            mover.add(move, forKey: "move")
            CATransaction.flush()
            let canvas = TestCanvas(width: 400, height: 300, background: nil)
            let renderer = CARenderer(context: canvas.context)
            renderer.layer = root
            for frame in 0..<5 {
                renderer.beginFrame(atTime: 1 + Double(frame) / 60, timeStamp: nil)
                let damage = renderer.updateBounds()
                if frame > 0 {
                    // The mover travels 100 points a second: about 2 points a frame, within a 20-point box.
                    #expect(damage.width <= 30 && damage.height <= 30, "frame \(frame): \(damage)")
                }
                renderer.render()
                renderer.endFrame()
            }
        }
    }
}

@Suite struct PerspectiveTests {
    @Test func projectiveSpansMatchPixman() throws {
        let source = SpanCompositorTests().image(64)
        var t = CATransform3DIdentity
        t.m34 = -1.0 / 150
        let chain = CATransform3DMakeTranslation(-32, -32, 0).concatenating(CATransform3DMakeRotation(0.9, 0.3, 1, 0))
            .concatenating(t).concatenating(CATransform3DMakeTranslation(70, 60, 0))
        let h = Homography(flattening: chain)
        func render(_ draw: (UnsafeMutableRawPointer, Int) -> Void) -> CGImage {
            let canvas = TestCanvas(width: 140, height: 120)
            canvas.context.withCanonicalPixels { draw($0, $1) }
            return canvas.context.makeImage()!
        }
        let ours = render { SpanCompositor.compositeProjective(source: source, into: $0, bytesPerRow: $1, width: 140, height: 120, sourceToTarget: h, opacity: 0.8) }
        let pixman = render { PixmanBlit.composite(source: source, into: $0, bytesPerRow: $1, width: 140, height: 120, sourceToTarget: h, opacity: 0.8) }
        let d = try #require(ImageDifference(ours, pixman))
        print("projective spans vs pixman: \(d)")
        // Interiors agree within a level; on the compressed far rim pixman's 16.16 fixed-point division places
        // samples slightly differently across a steep edge, so isolated rim pixels may differ more.
        #expect(d.mean < 0.3 && d.p99 <= 4 && d.max <= 128, "\(d)")
    }

    /// A 200×100 layer centred in a 400×300 container whose sublayerTransform has m34 = −1/500, turned 60°
    /// about y. With x′ = x·cos θ, z′ = −x·sin θ and w = 1 − z′/500 (row vectors), the right edge (x = 100) lands
    /// at 50/1.1732 = 42.6 px right of centre with half-height 42.6, the left edge (x = −100) at 60.5 px left
    /// with half-height 60.5 (hand-computed): the nearer edge is taller.
    @Test func perspectiveMatchesTheProjectionFormula() {
        withClock(at: 0) { _ in
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 400, height: 300); root.backgroundColor = CGColor.white
            var perspective = CATransform3DIdentity; perspective.m34 = -1.0 / 500
            root.sublayerTransform = perspective
            let card = CALayer(); card.bounds = CGRect(x: 0, y: 0, width: 200, height: 100); card.position = CGPoint(x: 200, y: 150)
            card.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            card.transform = CATransform3DMakeRotation(.pi / 3, 0, 1, 0)
            root.addSublayer(card)
            let canvas = renderedFrame(root)
            #expect(canvas.pixel(topDown: 240, 112) == .red)    // inside the short right edge (half-height 42.6)
            #expect(canvas.pixel(topDown: 240, 104) == .white)  // above it
            #expect(canvas.pixel(topDown: 143, 93) == .red)     // inside the tall left edge (half-height 60.5)
            #expect(canvas.pixel(topDown: 137, 150) == .white)  // left of the left edge (x = 139.5)
            #expect(canvas.pixel(topDown: 245, 150) == .white)  // right of the right edge (x = 242.6)
        }
    }

    @Test func singleSidedLayersFacingAwayAreHidden() {
        withClock(at: 0) { _ in
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 100, height: 100); root.backgroundColor = CGColor.white
            let card = CALayer(); card.frame = CGRect(x: 20, y: 20, width: 60, height: 60)
            card.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            card.transform = CATransform3DMakeRotation(.pi * 0.9, 0, 1, 0)  // turned past edge-on: its back shows
            root.addSublayer(card)
            CATransaction.flush()
            func draw() -> TestCanvas {
                let canvas = TestCanvas(width: 100, height: 100)
                let renderer = CARenderer(context: canvas.context)
                renderer.layer = root
                renderer.beginFrame(atTime: 1, timeStamp: nil); renderer.render(); renderer.endFrame()
                return canvas
            }
            #expect(draw().pixel(topDown: 50, 50) == .red)   // double-sided by default: the back is drawn
            card.isDoubleSided = false
            CATransaction.flush()
            #expect(draw().pixel(topDown: 50, 50) == .white)
        }
    }
}

/// How finely layer content is rasterized for the compositor.
@Suite struct RasterScaleTests {
    func bitmap(_ width: Int, _ height: Int) -> CGImage {
        let ctx = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpace(name: CGColorSpace.sRGB)!,
                            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        return ctx.makeImage()!
    }

    @Test func bitmapOnlyLayersRasterNoFinerThanTheirBitmap() {
        let layer = CALayer(); layer.bounds = CGRect(x: 0, y: 0, width: 64, height: 32)
        layer.contents = bitmap(128, 32)
        #expect(LayerGeometry.bitmapResolution(of: layer, includeBorder: true) == 2)  // 128 px across 64 pt
        layer.contentsRect = CGRect(x: 0, y: 0, width: 0.25, height: 1)              // a sprite: 32 px across 64 pt
        #expect(LayerGeometry.bitmapResolution(of: layer, includeBorder: true) == 1)  // contentsScale bounds it below
        layer.backgroundColor = CGColor.white                                         // vector content: no cap
        #expect(LayerGeometry.bitmapResolution(of: layer, includeBorder: true) == nil)
        #expect(LayerGeometry.bitmapResolution(of: CAShapeLayer(), includeBorder: true) == nil)
        layer.backgroundColor = nil; layer.magnificationFilter = .nearest                // crisp magnification: no cap
        #expect(LayerGeometry.bitmapResolution(of: layer, includeBorder: true) == nil)
        #expect(LayerGeometry.powerOfTwo(atLeast: 1.0000000000000002) == 1 && LayerGeometry.powerOfTwo(atLeast: 1.3) == 2)
    }
}

/// `CATransformLayer` subtrees through CARenderer: layers drawn in depth order, not tree order.
@Suite struct TransformLayerTests {
    /// Two 40×40 faces centred in a 100×100 container: red 10 points toward the viewer, blue 10 away, added red
    /// first (so tree order alone would put blue on top). The container turns `turn` about y under m34 = −1/400.
    func centre(container: CALayer, turn: Double) -> Pixel {
        withClock(at: 0) { _ in
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 100, height: 100); root.backgroundColor = CGColor.white
            var eye = CATransform3DIdentity; eye.m34 = -1.0 / 400
            root.sublayerTransform = eye
            container.bounds = CGRect(x: 0, y: 0, width: 100, height: 100); container.position = CGPoint(x: 50, y: 50)
            container.transform = CATransform3DMakeRotation(turn, 0, 1, 0)
            for (z, color) in [(10.0, CGColor(red: 1, green: 0, blue: 0, alpha: 1)), (-10.0, CGColor(red: 0, green: 0, blue: 1, alpha: 1))] {
                let face = CALayer(); face.bounds = CGRect(x: 0, y: 0, width: 40, height: 40); face.position = CGPoint(x: 50, y: 50)
                face.zPosition = z; face.backgroundColor = color
                container.addSublayer(face)
            }
            root.addSublayer(container)
            let canvas = renderedFrame(root)
            return canvas.pixel(topDown: 50, 50)
        }
    }

    @Test func facesDrawInDepthOrder() {
        // Within a transform layer the nearer face wins whatever the tree order…
        #expect(centre(container: CATransformLayer(), turn: 0) == .red)
        #expect(centre(container: CATransformLayer(), turn: .pi) == .blue)  // turned round: blue is now in front
        // …while a plain layer flattens its sublayers and draws them in zPosition order (blue at −10 first, red last).
        #expect(centre(container: CALayer(), turn: 0) == .red)
        #expect(centre(container: CALayer(), turn: .pi) == .red)
    }

    @Test func hiddenTransformLayerHidesItsPlanes() {
        let container = CATransformLayer(); container.isHidden = true
        #expect(centre(container: container, turn: 0) == .white)
    }
}

@Suite struct MagnificationFilterTests {
    /// A 2×2 bitmap (red, blue / green, white) magnified 50× (25× by contents, 2× by transform) through CARenderer: with `.nearest` the texels stay
    /// hard-edged, so the pixels either side of the middle are pure; with the default (linear) they blend.
    func middle(_ filter: CALayerContentsFilter) throws -> (Pixel, Pixel) {
        let bytes: [UInt8] = [255, 0, 0, 255, 0, 0, 255, 255, 0, 255, 0, 255, 255, 255, 255, 255]
        let image = try #require(CGImage(width: 2, height: 2, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 8,
                                         space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue),
                                         provider: CGDataProvider(data: Data(bytes))!, decode: nil, shouldInterpolate: true, intent: .defaultIntent))
        return withClock(at: 0) { _ in
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            // 50×50 points scaled 2× on screen: finer than the layer's contentsScale of 1.
            let l = CALayer(); l.bounds = CGRect(x: 0, y: 0, width: 50, height: 50); l.position = CGPoint(x: 50, y: 50)
            l.transform = CATransform3DMakeScale(2, 2, 1); l.contents = image; l.magnificationFilter = filter
            root.addSublayer(l)
            let canvas = renderedFrame(root, at: 0)
            return (canvas.pixel(topDown: 49, 37), canvas.pixel(topDown: 50, 37))
        }
    }

    @Test func nearestStaysCrisp() throws {
        let (left, right) = try middle(.nearest)
        #expect(left == .red && right == .blue)
        let (l, r) = try middle(.linear)
        #expect(l != .red && r != .blue)
    }
}

/// Static leaves reuse last frame's display-list entries; any change to them or their placement must show.
@Suite struct LeafReuseTests {
    @Test func changesAfterReusedFramesStillShow() {
        withClock(at: 0) { _ in
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 100, height: 100); root.backgroundColor = CGColor.white
            let holder = CALayer(); holder.frame = root.bounds
            let leaf = CALayer(); leaf.frame = CGRect(x: 10, y: 10, width: 20, height: 20); leaf.backgroundColor = CGColor.black
            holder.addSublayer(leaf); root.addSublayer(holder)
            CATransaction.flush()
            let canvas = TestCanvas(width: 100, height: 100)
            let renderer = CARenderer(context: canvas.context)
            renderer.layer = root
            func frame(_ t: Double) { renderer.beginFrame(atTime: t, timeStamp: nil); renderer.render(); renderer.endFrame() }
            frame(1); frame(2)  // the second frame reuses the leaf's entries
            #expect(canvas.pixel(topDown: 20, 20) == .black)
            CATransaction.begin(); CATransaction.setDisableActions(true)
            leaf.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            CATransaction.commit()
            frame(3)
            #expect(canvas.pixel(topDown: 20, 20) == .red)       // its own change
            CATransaction.begin(); CATransaction.setDisableActions(true)
            holder.position = CGPoint(x: 100, y: 50)                // its parent moves it 50 points right
            CATransaction.commit()
            frame(4)
            #expect(canvas.pixel(topDown: 70, 20) == .red && canvas.pixel(topDown: 20, 20) == .white)
            CATransaction.begin(); CATransaction.setDisableActions(true)
            holder.opacity = 0.5                                    // and fades it
            CATransaction.commit()
            frame(5)
            #expect(canvas.pixel(topDown: 70, 20).isClose(to: Pixel(255, 128, 128), tolerance: 2))
        }
    }
}

/// The span kernels' wide paths (AVX2, eight pixels at a time, and AVX-512, sixteen, each used where the processor
/// has it) against their SSE2 and scalar paths, which the pixman comparisons above check independently: identical
/// bytes.
@Suite(.serialized) struct SpanKernelPathTests {
    /// A 200×180 opaque background (BGRA `background`) with `draw` run on its pixels, the kernels limited to `widest`.
    func render(widest: SpanCompositor.KernelWidth, background: (UInt8, UInt8, UInt8),
                _ draw: (UnsafeMutableRawPointer) -> Void) -> [UInt8] {
        SpanCompositor.limitKernelWidth(to: widest)
        defer { SpanCompositor.limitKernelWidth(to: .avx512) }
        var pixels = [UInt8](repeating: 255, count: 200 * 180 * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) { (pixels[i], pixels[i + 1], pixels[i + 2]) = background }
        pixels.withUnsafeMutableBytes { draw($0.baseAddress!) }
        return pixels
    }

    /// The wide paths this processor has (none on one without AVX2: then there is nothing to compare).
    var widePaths: [SpanCompositor.KernelWidth] {
        [.avx2, .avx512].filter { $0.rawValue <= SpanCompositor.kernelWidth.rawValue }
    }

    /// How many bytes differ between each wide path and the SSE2 path, at most; fails if `draw` leaves the
    /// background alone.
    func differingBytes(background: (UInt8, UInt8, UInt8), _ draw: (UnsafeMutableRawPointer) -> Void) -> Int {
        let narrow = render(widest: .sse2, background: background, draw)
        #expect(narrow.enumerated().contains { $0.offset % 4 == 0 && $0.element != background.0 }, "the layer should be drawn")
        return widePaths.map { width in
            zip(render(widest: width, background: background, draw), narrow).filter { $0 != $1 }.count
        }.max() ?? 0
    }

    @Test(arguments: [(0.3, 1.7, 0.6), (2.4, 0.45, 1.0), (-1.1, 1.0, 0.85)])
    func widePathsMatchSSE2(angle: Double, scale: Double, opacity: Double) {
        let source = SpanCompositorTests().image(64)
        let m = CGAffineTransform(translationX: -32, y: -32).concatenating(CGAffineTransform(rotationAngle: angle))
            .concatenating(CGAffineTransform(scaleX: scale, y: scale)).concatenating(CGAffineTransform(translationX: 100, y: 90))
        let differing = differingBytes(background: (200, 120, 40)) { pixels in
            SpanCompositor.composite(source: source, into: pixels, bytesPerRow: 200 * 4, width: 200, height: 180,
                                     sourceToTarget: m, opacity: opacity)
        }
        #expect(differing == 0, "\(differing) bytes differ")
    }

    /// Adding instead of blending source-over, on both kinds of map.
    @Test func widePathsMatchSSE2WhenAdding() {
        let source = SpanCompositorTests().image(64)
        let m = CGAffineTransform(translationX: -32, y: -32).concatenating(CGAffineTransform(rotationAngle: 0.7))
            .concatenating(CGAffineTransform(translationX: 100, y: 90))
        var t = CATransform3DIdentity
        t.m34 = -1.0 / 300
        let toPixel = Homography(flattening: CATransform3DMakeTranslation(-32, -32, 0)
            .concatenating(CATransform3DRotate(t, 0.8, 0, 1, 0)).concatenating(CATransform3DMakeTranslation(100, 90, 0)))
        let affine = differingBytes(background: (90, 60, 30)) { pixels in
            SpanCompositor.composite(source: source, into: pixels, bytesPerRow: 200 * 4, width: 200, height: 180,
                                     sourceToTarget: m, opacity: 0.7, additive: true)
        }
        let projective = differingBytes(background: (90, 60, 30)) { pixels in
            SpanCompositor.compositeProjective(source: source, into: pixels, bytesPerRow: 200 * 4, width: 200, height: 180,
                                               sourceToTarget: toPixel, opacity: 0.7, additive: true)
        }
        #expect(affine == 0 && projective == 0, "\(affine), \(projective) bytes differ")
    }

    /// The same under perspective, whose pieces go through the affine kernel with many short spans and rims.
    @Test(arguments: [(0.7, 150.0), (-1.2, 150.0), (0.5, 600.0)])
    func widePathsMatchSSE2InPerspective(angle: Double, eyeDistance: Double) {
        let source = SpanCompositorTests().image(64)
        var t = CATransform3DIdentity
        t.m34 = -1.0 / eyeDistance
        t = CATransform3DRotate(t, angle, 0, 1, 0.3)
        // Centre the source on the origin, tilt it in perspective, place it at (100, 90).
        let toPixel = Homography(flattening: CATransform3DMakeTranslation(-32, -32, 0)
            .concatenating(t).concatenating(CATransform3DMakeTranslation(100, 90, 0)))
        let differing = differingBytes(background: (30, 160, 90)) { pixels in
            SpanCompositor.compositeProjective(source: source, into: pixels, bytesPerRow: 200 * 4, width: 200,
                                               height: 180, sourceToTarget: toPixel, opacity: 0.8)
        }
        #expect(differing == 0, "\(differing) bytes differ")
    }
}
