import Testing
import CalyxTestSupport
@testable import QuartzCore

/// Content that lies outside a layer's bounds draws there unless `masksToBounds` clips it, as on Apple's: the
/// zero-bounds shape layer iOS code builds all the time, round caps past a path's ends, and an aspect-filled
/// image. Probes are placed by hand from the geometry, for both renderers.
@Suite struct ContentOverflowTests {
    func root(_ add: (CALayer) -> Void) -> CALayer {
        let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 100, height: 100); root.backgroundColor = CGColor.white
        add(root)
        return root
    }

    func bothRenderers(_ root: CALayer, _ check: (TestCanvas, String) -> Void) {
        withClock(at: 0) { _ in
            check(renderedFrame(root, at: 0), "CARenderer")
            let snapshot = TestCanvas(width: 100, height: 100)
            snapshot.flipToTopLeftOrigin()
            root.render(in: snapshot.context)
            check(snapshot, "render(in:)")
        }
    }

    @Test func zeroBoundsShapeLayerDrawsItsPath() {
        let scene = root { r in
            let shape = CAShapeLayer()   // no frame: bounds zero at the origin, as `let s = CAShapeLayer()` gives
            shape.path = CGPath(ellipseIn: CGRect(x: 40, y: 40, width: 20, height: 20), transform: nil)
            shape.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            r.addSublayer(shape)
        }
        bothRenderers(scene) { canvas, renderer in
            #expect(canvas.pixel(topDown: 50, 50) == .red, "\(renderer)")
            #expect(canvas.pixel(topDown: 50, 35) == .white, "\(renderer)")
        }
    }

    @Test func roundCapsReachPastThePathsEnds() {
        let scene = root { r in
            let shape = CAShapeLayer()
            shape.frame = CGRect(x: 20, y: 50, width: 60, height: 0)
            let path = CGMutablePath(); path.move(to: .zero); path.addLine(to: CGPoint(x: 60, y: 0))
            shape.path = path
            shape.strokeColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1); shape.lineWidth = 10; shape.lineCap = .round
            r.addSublayer(shape)
        }
        bothRenderers(scene) { canvas, renderer in
            // The cap is a half disc of radius 5 beyond each end: x = 16 and its mirror 83 are inside it, x = 12 outside.
            #expect(canvas.pixel(topDown: 16, 50) == .blue && canvas.pixel(topDown: 83, 50) == .blue, "\(renderer)")
            #expect(canvas.pixel(topDown: 12, 50) == .white && canvas.pixel(topDown: 50, 57) == .white, "\(renderer)")
        }
    }

    @Test func aspectFilledImagesOverflowUnlessMasked() {
        let wide = testBitmap(width: 40, height: 20) { ctx in
            ctx.setFillColor(CGColor(red: 0, green: 1, blue: 0, alpha: 1)); ctx.fill(CGRect(x: 0, y: 0, width: 40, height: 20))
        }
        for masks in [false, true] {
            let scene = root { r in
                let layer = CALayer(); layer.frame = CGRect(x: 40, y: 40, width: 20, height: 20)
                layer.contents = wide; layer.contentsGravity = .resizeAspectFill; layer.masksToBounds = masks
                r.addSublayer(layer)
            }
            // Filled to the 20-point height, the image is 40 wide: it reaches 10 points past each side.
            bothRenderers(scene) { canvas, renderer in
                #expect(canvas.pixel(topDown: 50, 50) == .green, "\(renderer)")
                #expect(canvas.pixel(topDown: 34, 50) == (masks ? .white : .green), "\(renderer) masks \(masks)")
                #expect(canvas.pixel(topDown: 26, 50) == .white, "\(renderer)")
            }
        }
    }
}
