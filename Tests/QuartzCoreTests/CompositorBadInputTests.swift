import Testing
import CalyxTestSupport
@testable import QuartzCore

/// Non-finite and degenerate geometry through every compositor path (plain blits, perspective, transform
/// layers, groups, transitions) and through `render(in:)`: frames complete without trapping, and finite layers
/// beside them still draw.
@Suite struct CompositorBadInputTests {
    static let bad: [CGFloat] = [.nan, .infinity, -.infinity, 0, 1e300, -1e-300]

    @Test(arguments: bad)
    func nonFiniteGeometryDrawsWhatIsFinite(_ v: CGFloat) {
        withClock(at: 0) { _ in
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 60, height: 60); root.backgroundColor = CGColor.white
            var eye = CATransform3DIdentity; eye.m34 = -1.0 / 200
            root.sublayerTransform = eye
            let good = CALayer(); good.frame = CGRect(x: 0, y: 0, width: 10, height: 10); good.backgroundColor = CGColor.black
            root.addSublayer(good)
            func odd(_ l: CALayer) {
                var t = CATransform3DMakeRotation(0.5, 0, 1, 0); t.m34 = v; t.m41 = v
                l.bounds = CGRect(x: 0, y: 0, width: 20, height: v); l.position = CGPoint(x: v, y: 30); l.transform = t
                l.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            }
            let plain = CALayer(); odd(plain)
            let cube = CATransformLayer(); odd(cube)
            let face = CALayer(); odd(face); face.zPosition = v; cube.addSublayer(face)
            let group = CALayer(); odd(group); group.masksToBounds = true; group.shadowOpacity = 1; group.opacity = 0.5
            group.addSublayer({ let l = CALayer(); odd(l); return l }())
            let sliced = CALayer(); sliced.frame = CGRect(x: 30, y: 30, width: 20, height: 20)
            sliced.contents = CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0,
                                        space: CGColorSpaceCreateDeviceRGB(),
                                        bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!.makeImage()
            sliced.contentsCenter = CGRect(x: v, y: 0.2, width: 0.5, height: v)
            sliced.contentsRect = CGRect(x: 0, y: v, width: 1, height: 1)
            for l in [plain, cube, group, sliced] { root.addSublayer(l) }
            CATransaction.flush()
            let canvas = TestCanvas(width: 60, height: 60)
            let renderer = CARenderer(context: canvas.context)
            renderer.layer = root
            renderer.beginFrame(atTime: 1, timeStamp: nil); renderer.render(); renderer.endFrame()
            // A transition whose progress is not finite, on a layer with broken geometry.
            CATransaction.begin(); CATransaction.setDisableActions(true)
            plain.backgroundColor = CGColor.black
            let t = CATransition(); t.type = .push; t.subtype = .fromTop; t.startProgress = Float(v); t.endProgress = .nan; t.duration = 1
            plain.add(t, forKey: kCATransition)
            CATransaction.commit()
            renderer.beginFrame(atTime: 1.5, timeStamp: nil); renderer.render(); renderer.endFrame()
            #expect(canvas.pixel(topDown: 5, 5) == .black)
            // The snapshot path too.
            let snapshot = TestCanvas(width: 60, height: 60)
            snapshot.flipToTopLeftOrigin()
            root.render(in: snapshot.context)
            #expect(snapshot.pixel(topDown: 5, 5) == .black)
        }
    }

    /// Found by the random programs (seed 87806): a rounded clip whose on-screen scale overflowed to infinity made
    /// the loop that halves a raster's scale until it fits run forever.
    @Test func aRoundedClipUnderAnOverflowingScaleFinishesItsFrame() {
        withClock(at: 0) { _ in
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            let outer = CALayer(); outer.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
            outer.transform = CATransform3DMakeScale(1e200, 1e200, 1)
            let clip = CALayer(); clip.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            clip.transform = CATransform3DMakeScale(1e200, 1e200, 1)
            clip.masksToBounds = true; clip.cornerRadius = 3
            let inside = CALayer(); inside.frame = CGRect(x: 0, y: 0, width: 5, height: 5); inside.backgroundColor = CGColor.black
            clip.addSublayer(inside); outer.addSublayer(clip); root.addSublayer(outer)
            CATransaction.flush()
            let canvas = TestCanvas(width: 40, height: 40)
            let renderer = CARenderer(context: canvas.context)
            renderer.layer = root
            renderer.beginFrame(atTime: 1, timeStamp: nil); renderer.render(); renderer.endFrame()
            #expect(LayerGeometry.powerOfTwo(atLeast: .infinity) == 0x1p64)
        }
    }
}
