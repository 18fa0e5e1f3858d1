import Testing
import CalyxTestSupport
@testable import QuartzCore

/// A layer whose content animations redraw it every frame, or one standing still, is rastered in the frame's
/// pixels under its own map, and copied: one-pixel stripes at a scale of 1.6, turned or not, arrive as one-pixel
/// stripes. (Rastered at the next power of two, 2, and resampled by 0.8, they blur into greys: every probe below
/// would miss.) A layer that animations or commits move keeps one raster in its own space for the whole motion.
@Suite struct PixelAlignedRasterTests {
    /// Ten stripes 0.625 points wide (one pixel at 1.6) every 1.25 points, 20 points tall.
    static let stripes: CGPath = {
        let path = CGMutablePath()
        for k in 0..<10 { path.addRect(CGRect(x: CGFloat(2 * k) * 0.625, y: 0, width: 0.625, height: 20)) }
        return path
    }()

    /// A shape layer scaled by 1.6 about its corner, at pixel (10, 10), its path animated (to the same stripes,
    /// so only the fact that the raster is redrawn each frame changes).
    static func stripedLayer(animated: Bool = true) -> CAShapeLayer {
        let shape = CAShapeLayer()
        shape.anchorPoint = .zero
        shape.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        shape.position = CGPoint(x: 10, y: 10)
        shape.transform = CATransform3DMakeScale(1.6, 1.6, 1)
        shape.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        shape.path = stripes
        guard animated else { return shape }
        let animation = CABasicAnimation(keyPath: "path")
        animation.fromValue = stripes
        animation.toValue = stripes
        animation.duration = 1
        shape.add(animation, forKey: "redraw")
        return shape
    }

    static func frame(of root: CALayer) -> TestCanvas {
        renderedFrame(root, at: 0.25, background: nil)
    }

    @Test func redrawnContentKeepsOnePixelStripes() {
        withClock(at: 0) { _ in
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
            root.addSublayer(Self.stripedLayer())
            CATransaction.flush()
            let canvas = Self.frame(of: root)
            for x in 10..<30 {
                let expected = (x - 10) % 2 == 0 ? Pixel.red : Pixel.clear
                #expect(canvas.pixel(topDown: x, 20).isClose(to: expected, tolerance: 2), "column \(x)")
            }
        }
    }

    /// Turned a quarter turn about the layer's corner, now at pixel (30, 10): stripe k covers rows 10 + 2k.
    @Test func turnedRedrawnContentKeepsOnePixelStripes() {
        withClock(at: 0) { _ in
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
            let shape = Self.stripedLayer()
            shape.position = CGPoint(x: 30, y: 10)
            shape.transform = CATransform3DRotate(CATransform3DMakeScale(1.6, 1.6, 1), .pi / 2, 0, 0, 1)
            root.addSublayer(shape)
            CATransaction.flush()
            let canvas = Self.frame(of: root)
            for y in 10..<30 {
                let expected = (y - 10) % 2 == 0 ? Pixel.red : Pixel.clear
                #expect(canvas.pixel(topDown: 20, y).isClose(to: expected, tolerance: 2), "row \(y)")
            }
        }
    }

    /// The same through a mask (the masked kernel's path), which covers the stripes' left half only.
    @Test func maskedRedrawnContentKeepsOnePixelStripes() {
        withClock(at: 0) { _ in
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
            let shape = Self.stripedLayer()
            let mask = CALayer()
            mask.frame = CGRect(x: 0, y: 0, width: 6.25, height: 20)   // 10 pixels at 1.6
            mask.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            shape.mask = mask
            root.addSublayer(shape)
            CATransaction.flush()
            let canvas = Self.frame(of: root)
            // (Columns 18–23 are skipped: the mask's picture is composited at its own scale and resampled, which
            // softens its edge at column 20 by a fraction of a pixel.)
            for x in Array(10..<18) + Array(24..<30) {
                let expected = x < 20 && (x - 10) % 2 == 0 ? Pixel.red : Pixel.clear
                #expect(canvas.pixel(topDown: x, 20).isClose(to: expected, tolerance: 2), "column \(x)")
            }
        }
    }

    /// Standing still, with no animation at all: drawn once, in the frame's pixels.
    @Test func aStillLayerKeepsOnePixelStripes() {
        withClock(at: 0) { _ in
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
            root.addSublayer(Self.stripedLayer(animated: false))
            CATransaction.flush()
            let (canvas, renderer) = frameRenderer(for: root, background: nil)
            for frame in 0..<3 {
                renderer.drawFrame(at: Double(frame) / 30)
                for x in 10..<30 {
                    let expected = (x - 10) % 2 == 0 ? Pixel.red : Pixel.clear
                    #expect(canvas.pixel(topDown: x, 20).isClose(to: expected, tolerance: 2), "frame \(frame), column \(x)")
                }
            }
            #expect(renderer.rasterizations == 1)
        }
    }

    /// A 64-point root and a container filling it (not yet added) that holds the still striped layer. (Its
    /// transparent background keeps it a raster: a bare shape of its size that moves is filled straight into the
    /// frame instead, FrameCompositor+DirectShapes.swift, and these tests are about the raster.)
    static func stillStripesInAContainer() -> (root: CALayer, container: CALayer) {
        let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        let container = CALayer(); container.frame = root.bounds
        let stripes = stripedLayer(animated: false)
        stripes.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 0)
        container.addSublayer(stripes)
        return (root, container)
    }

    /// A still layer inside a container an animation moves by fractions of a pixel is rastered once, in its own
    /// space, and resampled as it moves (its stripes are greys part of the time).
    @Test func aLayerAnAncestorsAnimationMovesKeepsOneRaster() {
        withClock(at: 0) { clock in
            let (root, container) = Self.stillStripesInAContainer()
            let slide = CABasicAnimation(keyPath: "position.x")
            slide.fromValue = 32; slide.toValue = 33.7; slide.duration = 1
            container.add(slide, forKey: "slide")
            root.addSublayer(container)
            CATransaction.flush()
            let (_, renderer) = frameRenderer(for: root, background: nil)
            for frame in 0..<6 {
                clock.setManualTime(Double(frame) / 5)
                renderer.drawFrame(at: Double(frame) / 5)
            }
            #expect(renderer.rasterizations == 1)
        }
    }

    /// A layer whose container a commit moves every frame: rastered in the frame's pixels while it stood still,
    /// then once in its own space when it starts moving, then never again.
    @Test func aLayerCommitsMoveRastersOnceMoreWhenItStartsMoving() {
        withClock(at: 0) { _ in
            let (root, container) = Self.stillStripesInAContainer()
            root.addSublayer(container)
            CATransaction.flush()
            let (_, renderer) = frameRenderer(for: root, background: nil)
            renderer.drawFrame(at: 0)
            for frame in 1..<6 {
                CATransaction.begin(); CATransaction.setDisableActions(true)
                container.position.x += 0.3
                CATransaction.commit()
                CATransaction.flush()
                renderer.drawFrame(at: Double(frame) / 30)
            }
            #expect(renderer.rasterizations == 2)
        }
    }

    /// A group (here: two overlapping squares faded together) of a layer with empty bounds, zoomed eight times,
    /// is pictured at eight pixels a point: its edge is sharp. Measured by the bounds, it was pictured at one
    /// pixel a point and magnified, a ramp eight pixels wide (pixel 37 at three quarters, pixel 42 at a fifth).
    @Test func aZoomedGroupOfAnEmptyBoundedLayerIsSharp() {
        withClock(at: 0) { _ in
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
            let container = CALayer()  // bounds empty, as Lottie's containers are
            container.anchorPoint = .zero
            container.position = .zero
            container.transform = CATransform3DMakeScale(8, 8, 1)
            container.opacity = 0.5
            for origin in [CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 1)] {
                let square = CAShapeLayer()
                square.path = CGPath(rect: CGRect(origin: origin, size: CGSize(width: 4, height: 4)), transform: nil)
                square.fillColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
                container.addSublayer(square)
            }
            root.addSublayer(container)
            let canvas = renderedFrame(root, at: 0, background: nil)
            // The union covers x 0…40 pixels in rows 8…32 (top down): half-opaque blue inside, nothing past it.
            #expect(abs(canvas.pixel(topDown: 37, 20).a - 128) <= 2, "\(canvas.pixel(topDown: 37, 20))")
            #expect(canvas.pixel(topDown: 42, 20).a == 0, "\(canvas.pixel(topDown: 42, 20))")
            #expect(LayerGeometry.onScreenScale(of: .zero, under: Homography(CGAffineTransform(scaleX: 8, y: 8))) == 8)
        }
    }
    /// A shape whose path starts and ends between pixels (x 10.25 to 30.75), under a container an animation
    /// moves (by nothing, so it sits on whole pixels), is rastered for motion in its own space and copied: pixel
    /// 10 three quarters covered, 30 three quarters. With the raster cornered at the path's own origin, the blit
    /// was a quarter-pixel resample, which blurs what is not on the raster's grid: pixel 30 came out 159.
    @Test func aShapeBetweenPixelsUnderAMovingContainerLandsWhereItDraws() {
        withClock(at: 0) { _ in
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
            let container = CALayer()
            container.frame = root.bounds
            let move = CABasicAnimation(keyPath: "position")
            move.fromValue = CGPoint(x: 32, y: 32)
            move.toValue = CGPoint(x: 32, y: 32)
            move.duration = 1
            container.add(move, forKey: "move")
            let shape = CAShapeLayer()
            shape.path = CGPath(rect: CGRect(x: 10.25, y: 10, width: 20.5, height: 20), transform: nil)
            shape.fillColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            container.addSublayer(shape)
            root.addSublayer(container)
            CATransaction.flush()
            let canvas = Self.frame(of: root)
            #expect(abs(canvas.pixel(topDown: 10, 20).a - 191) <= 2, "\(canvas.pixel(topDown: 10, 20))")
            #expect(canvas.pixel(topDown: 20, 20).a == 255)
            #expect(abs(canvas.pixel(topDown: 30, 20).a - 191) <= 2, "\(canvas.pixel(topDown: 30, 20))")
        }
    }

    /// Under a container of speed zero (a paused animation), a scaled layer with a placement animation is
    /// rastered in place: nothing can move it. Its slanted edge, from (20, 41) to (8.91, 65) scaled by 1.5,
    /// crosses row 70 between x 26.07 and 25.61, so pixel 25 is 16 % covered (42) and 26 99 % (254). Counted as
    /// moving, it was rastered at twice its size and resampled by 0.75, which blurred the edge (68, 235).
    @Test func aLayerUnderAPausedContainerIsRasteredInPlace() {
        withClock(at: 0) { _ in
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 100, height: 80)
            let paused = CALayer()
            paused.frame = root.bounds
            paused.speed = 0
            let shape = CAShapeLayer()
            shape.anchorPoint = .zero
            shape.transform = CATransform3DMakeScale(1.5, 1.5, 1)
            let path = CGMutablePath()
            path.addLines(between: [CGPoint(x: 20, y: 41), CGPoint(x: 60, y: 41), CGPoint(x: 60, y: 80), CGPoint(x: 8.91, y: 65)])
            path.closeSubpath()
            shape.path = path
            shape.fillColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            let hold = CABasicAnimation(keyPath: "position")
            hold.fromValue = CGPoint.zero
            hold.toValue = CGPoint.zero
            hold.duration = 1
            shape.add(hold, forKey: "hold")
            paused.addSublayer(shape)
            root.addSublayer(paused)
            CATransaction.flush()
            let canvas = renderedFrame(root, at: 0.25, background: nil)
            let alpha = { (x: Int) in Int(canvas.pixel(topDown: x, 70).a) }
            #expect(alpha(24) == 0 && abs(alpha(25) - 42) <= 2 && abs(alpha(26) - 254) <= 2, "\(alpha(24)) \(alpha(25)) \(alpha(26))")
        }
    }

    /// A triangle turned 30° by an animation of its container (as a Lottie layer turns its shapes), at one pixel
    /// a point: its raster, kept in its own space for the motion, is resampled every frame. Against the same
    /// triangle turned still — drawn in the frame's pixels by exact area coverage — every pixel is within 60
    /// levels (measured: 48, 6 pixels beyond 32). A raster at the screen's own scale, its slanted edges already
    /// partly covering texels, then resampled bilinearly, blurs them (85 levels off, 55 pixels beyond 32); kept
    /// rasters are at least one and a half times finer than the screen. (After Effects' renders of LottieFiles' turning shapes are as
    /// crisp as the still drawing.)
    @Test func aShapeTurnedByAnAnimationKeepsItsEdgesCrisp() {
        func frame(animated: Bool) -> TestCanvas {
            withClock(at: 0) { _ in
                let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
                let container = CALayer()
                container.bounds = CGRect(x: 0, y: 0, width: 60, height: 60)
                container.position = CGPoint(x: 50, y: 50)
                let triangle = CAShapeLayer()
                triangle.frame = container.bounds
                let path = CGMutablePath()
                path.addLines(between: [CGPoint(x: 27.75, y: 5.25), CGPoint(x: 23.25, y: 51.25), CGPoint(x: 36.25, y: 51.25)])
                path.closeSubpath()
                triangle.path = path
                triangle.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                container.addSublayer(triangle)
                if animated {
                    let turn = CABasicAnimation(keyPath: "transform.rotation.z")
                    turn.fromValue = 0; turn.toValue = Double.pi / 3; turn.duration = 1
                    container.add(turn, forKey: "turn")
                } else {
                    container.transform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
                }
                root.addSublayer(container)
                CATransaction.flush()
                return renderedFrame(root, at: 0.5, background: nil)
            }
        }
        let moving = frame(animated: true), still = frame(animated: false)
        var worst = 0, beyond32 = 0
        for y in 0..<100 {
            for x in 0..<100 {
                let d = abs(moving.pixel(topDown: x, y).a - still.pixel(topDown: x, y).a)
                worst = max(worst, d)
                if d > 32 { beyond32 += 1 }
            }
        }
        #expect(worst <= 60, "largest difference from the still drawing: \(worst) levels (\(beyond32) pixels beyond 32)")
    }
}
