import Testing
import ImageIO
import CalyxTestSupport
@testable import QuartzCore

/// Calyx's `render(in:)` against pixels rendered by a different engine: headless Chromium from the CSS
/// equivalents in References/ (see References/README.md). Both engines antialias edges and approximate Gaussian
/// blur differently, so the comparison is statistical, with tolerances stated per scene.
@Suite struct ChromiumReferenceTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("References")

    func reference(_ name: String) throws -> CGImage {
        let source = try #require(CGImageSourceCreateWithURL(Self.directory.appendingPathComponent("\(name).png"), nil))
        return try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
    }

    func render(_ build: (CALayer) -> Void) -> CGImage {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 160)
        root.backgroundColor = CGColor.white
        build(root)
        let canvas = TestCanvas(width: 200, height: 160)
        canvas.flipToTopLeftOrigin()
        root.render(in: canvas.context)
        return canvas.context.makeImage()!
    }

    func color(_ hex: UInt32) -> CGColor {
        CGColor(red: CGFloat(hex >> 16 & 0xFF) / 255, green: CGFloat(hex >> 8 & 0xFF) / 255, blue: CGFloat(hex & 0xFF) / 255, alpha: 1)
    }

    func box(_ rect: CGRect, _ hex: UInt32) -> CALayer {
        let l = CALayer(); l.frame = rect; l.backgroundColor = color(hex); return l
    }

    func difference(_ name: String, _ build: (CALayer) -> Void) throws -> ImageDifference {
        let d = try #require(ImageDifference(render(build), try reference(name)))
        print("reference \(name): \(d)")
        return d
    }

    @Test func roundedBorder() throws {
        let d = try difference("rounded-border") { root in
            let l = box(CGRect(x: 20, y: 20, width: 120, height: 80), 0x3366cc)
            l.cornerRadius = 24; l.borderWidth = 6; l.borderColor = color(0xff8800)
            root.addSublayer(l)
        }
        // Flat colours agree exactly; only antialiased edge pixels (a 1-px ring, under 2 % of the image) may
        // differ, so the 99th percentile stays small while single edge pixels may differ more.
        #expect(d.mean < 0.5 && d.p99 <= 8 && d.max <= 96)
    }

    func shadowScene(_ root: CALayer) {
        let l = box(CGRect(x: 40, y: 30, width: 80, height: 80), 0xff0000)
        l.shadowOffset = CGSize(width: 10, height: 10); l.shadowRadius = 6; l.shadowOpacity = 0.5
        root.addSublayer(l)
    }

    func groupOpacityScene(_ root: CALayer) {
        let parent = CALayer(); parent.frame = CGRect(x: 20, y: 20, width: 160, height: 120); parent.opacity = 0.5
        parent.addSublayer(box(CGRect(x: 0, y: 0, width: 100, height: 100), 0x0000ff))
        parent.addSublayer(box(CGRect(x: 60, y: 20, width: 100, height: 100), 0xff0000))
        root.addSublayer(parent)
    }

    /// The same scenes through CARenderer, where shadows and group opacity are composited as offscreen groups.
    @Test func shadowAndGroupOpacityThroughTheCompositor() throws {
        let shadow = try #require(ImageDifference(composite(shadowScene), try reference("shadow")))
        let group = try #require(ImageDifference(composite(groupOpacityScene), try reference("group-opacity")))
        print("reference shadow (compositor): \(shadow)\nreference group-opacity (compositor): \(group)")
        #expect(shadow.mean < 0.5 && shadow.p99 <= 4 && shadow.max <= 8)
        #expect(group.max <= 2)
    }

    @Test func shadow() throws {
        let d = try difference("shadow", shadowScene)
        // Both blur with Gaussians of σ = 6 approximated differently (three box passes here): within a few
        // levels across the penumbra. A wrong offset direction or radius would differ by tens of levels.
        #expect(d.mean < 0.5 && d.p99 <= 4 && d.max <= 8)
    }

    @Test func rotated() throws {
        let d = try difference("rotated") { root in
            let l = CALayer(); l.bounds = CGRect(x: 0, y: 0, width: 120, height: 40); l.position = CGPoint(x: 100, y: 80)
            l.backgroundColor = color(0x22aa44); l.transform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
            root.addSublayer(l)
        }
        // Edges of the rotated bar antialias differently; the interior and the background agree exactly.
        #expect(d.mean < 0.5 && d.p99 <= 16 && d.max <= 96)
    }

    @Test func groupOpacity() throws {
        let d = try difference("group-opacity", groupOpacityScene)
        // Axis-aligned flat colours: only 8-bit rounding of the 50 % blend may differ.
        #expect(d.max <= 2)
    }

    @Test func gradient() throws {
        let d = try difference("gradient") { root in
            let g = CAGradientLayer(); g.frame = CGRect(x: 20, y: 20, width: 160, height: 120)
            g.colors = [color(0xffcc00), color(0x3300ff)]
            root.addSublayer(g)
        }
        // Both interpolate sRGB values linearly; rounding and dithering differ by a level or two.
        #expect(d.max <= 4)
    }

    /// The compositor's image of a scene against the reference `name`.
    func compositedDifference(_ name: String, _ build: (CALayer) -> Void) throws -> ImageDifference {
        let d = try #require(ImageDifference(composite(build), try reference(name)))
        print("reference \(name) (compositor): \(d)")
        return d
    }

    /// The compositor's path (CARenderer, projective spans) rather than `render(in:)`.
    func composite(_ build: (CALayer) -> Void) -> CGImage {
        withClock(at: 0) { _ in
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 200, height: 160)
            root.backgroundColor = CGColor.white
            build(root)
            return renderedFrame(root, at: 0, background: nil).context.makeImage()!
        }
    }

    @Test func perspective() throws {
        let d = try compositedDifference("perspective") { root in
            var eye = CATransform3DIdentity
            eye.m34 = -1.0 / 300
            root.sublayerTransform = eye
            let card = CALayer(); card.bounds = CGRect(x: 0, y: 0, width: 120, height: 80); card.position = CGPoint(x: 100, y: 80)
            card.backgroundColor = color(0x2255dd); card.transform = CATransform3DMakeRotation(50 * .pi / 180, 0, 1, 0)
            let front = CALayer(); front.bounds = CGRect(x: 0, y: 0, width: 60, height: 40); front.position = CGPoint(x: 100, y: 80)
            front.backgroundColor = color(0xff8800); front.transform = CATransform3DMakeRotation(-30 * .pi / 180, 1, 0, 0)
            root.addSublayer(card); root.addSublayer(front)
        }
        // Same homographies in both engines: interiors agree; only the slanted, antialiased edges may differ.
        // A wrong sign of m34 or of a rotation would mirror the trapezoids and differ across thousands of pixels.
        #expect(d.mean < 1 && d.p99 <= 32 && d.max <= 128)
    }

    /// A clipping container (a compositor group) whose sublayer turns in perspective: the group's sublayers are
    /// composited in 3-D, then clipped to the rounded bounds.
    @Test func clippedPerspective() throws {
        let d = try compositedDifference("clipped-perspective") { root in
            let container = box(CGRect(x: 20, y: 20, width: 160, height: 120), 0xdddddd)
            container.cornerRadius = 16; container.masksToBounds = true
            var eye = CATransform3DIdentity
            eye.m34 = -1.0 / 300
            container.sublayerTransform = eye
            let card = CALayer(); card.bounds = CGRect(x: 0, y: 0, width: 200, height: 80); card.position = CGPoint(x: 80, y: 60)
            card.backgroundColor = color(0x2255dd); card.transform = CATransform3DMakeRotation(50 * .pi / 180, 0, 1, 0)
            container.addSublayer(card)
            root.addSublayer(container)
        }
        // Painted in 2-D (the card's affine part) the card is a rectangle, not a trapezoid: mean 12.6, p99 187.
        #expect(d.mean < 1 && d.p99 <= 32 && d.max <= 160)
    }

    /// A soft mask over overlapping sublayers, through the compositor (a masked surface): the mask fades the
    /// finished picture, so no blue shows through the red where the fade runs over both. (Masking each sublayer
    /// on its own, as the painter's mask clip does, lets the blue through: mean 1.6, p99 9, max 40.)
    @Test func softMaskFadesTheFinishedPicture() throws {
        let d = try compositedDifference("soft-mask") { root in
            let container = box(CGRect(x: 20, y: 20, width: 160, height: 120), 0xdddddd)
            container.addSublayer(box(CGRect(x: 0, y: 0, width: 100, height: 80), 0x2255dd))
            container.addSublayer(box(CGRect(x: 50, y: 30, width: 100, height: 80), 0xdd3322))
            let spot = CAGradientLayer()
            spot.type = .radial
            spot.colors = [CGColor(gray: 0, alpha: 1), CGColor(gray: 0, alpha: 1), CGColor(gray: 0, alpha: 0)]
            spot.locations = [0, 0.5, 1]
            spot.startPoint = CGPoint(x: 0.5, y: 0.5); spot.endPoint = CGPoint(x: 1, y: 1)
            spot.frame = container.bounds
            container.mask = spot
            root.addSublayer(container)
        }
        // Both engines interpolate the fade in their own steps: within a few levels across it (measured: mean
        // 0.13, p99 1, max 2).
        #expect(d.mean < 0.5 && d.p99 <= 3 && d.max <= 8)
    }

    /// A turned box clipping its content with square corners, through the compositor (a clip picture sampled
    /// along the turned edges).
    @Test func turnedClip() throws {
        let d = try compositedDifference("rotated-clip") { root in
            let container = box(CGRect(x: 40, y: 40, width: 120, height: 80), 0xdddddd)
            container.masksToBounds = true
            container.transform = CATransform3DMakeRotation(20 * .pi / 180, 0, 0, 1)
            container.addSublayer(box(CGRect(x: 60, y: -20, width: 80, height: 120), 0x2255dd))
            root.addSublayer(container)
        }
        // Only antialiased edge pixels differ (measured: mean 0.07, p99 3, max 27).
        #expect(d.mean < 0.3 && d.p99 <= 6 && d.max <= 64)
    }

    /// A square clip inside a rounded one, through the compositor: the inner box's rows and columns, then the
    /// outer box's rounded picture.
    @Test func nestedClips() throws {
        let d = try compositedDifference("nested-clips") { root in
            let outer = box(CGRect(x: 20, y: 20, width: 160, height: 120), 0xdddddd)
            outer.cornerRadius = 24; outer.masksToBounds = true
            let inner = CALayer(); inner.frame = CGRect(x: 20, y: -10, width: 160, height: 60); inner.masksToBounds = true
            inner.addSublayer(box(CGRect(x: -40, y: -40, width: 200, height: 200), 0x2255dd))
            outer.addSublayer(inner)
            root.addSublayer(outer)
        }
        // Only the rounded corner's antialiased pixels differ (measured: mean 0.01, p99 0, max 25).
        #expect(d.mean < 0.1 && d.p99 <= 2 && d.max <= 64)
    }

    /// A group-opacity container whose sublayer turns in perspective: the card's near edge reaches beyond the
    /// group's 2-D extent, so the group image must grow to hold it.
    @Test func groupPerspective() throws {
        let d = try compositedDifference("group-perspective") { root in
            let container = CALayer(); container.frame = CGRect(x: 50, y: 30, width: 100, height: 100); container.opacity = 0.5
            var eye = CATransform3DIdentity
            eye.m34 = -1.0 / 200
            container.sublayerTransform = eye
            let card = box(CGRect(x: 0, y: 0, width: 100, height: 100), 0x2255dd)
            card.transform = CATransform3DMakeRotation(60 * .pi / 180, 0, 1, 0)
            container.addSublayer(card)
            container.addSublayer(box(CGRect(x: 30, y: 30, width: 40, height: 40), 0xdd2222))
            root.addSublayer(container)
        }
        // Cut at the 2-D extent, the near edge's corners are missing: mean 0.86, p99 57, max 111.
        #expect(d.mean < 0.5 && d.p99 <= 32 && d.max <= 80)
    }

    /// Three planes in a transform layer that pierce each other: drawn whole in any order, one would hide parts
    /// of the others that are in front of it; split along their intersections, each part is in depth order.
    @Test func intersectingPlanes() throws {
        let d = try compositedDifference("intersecting-planes") { root in
            var eye = CATransform3DIdentity
            eye.m34 = -1.0 / 400
            root.sublayerTransform = eye
            let degrees = Double.pi / 180
            let holder = CATransformLayer(); holder.bounds = CGRect(x: 0, y: 0, width: 120, height: 80)
            holder.position = CGPoint(x: 100, y: 80); holder.transform = CATransform3DMakeRotation(20 * degrees, 1, 0, 0)
            let red = box(CGRect(x: 0, y: 0, width: 120, height: 80), 0xdd2222)
            red.transform = CATransform3DMakeRotation(40 * degrees, 0, 1, 0)
            let blue = box(CGRect(x: 0, y: 0, width: 120, height: 80), 0x2255dd)
            blue.transform = CATransform3DMakeRotation(-40 * degrees, 0, 1, 0)
            let green = box(CGRect(x: 0, y: 30, width: 120, height: 20), 0x22aa22)
            green.transform = CATransform3DMakeRotation(-50 * degrees, 1, 0, 0)
            for card in [red, blue, green] { holder.addSublayer(card) }
            root.addSublayer(holder)
        }
        #expect(d.mean < 1.5 && d.p99 <= 48 && d.max <= 200)
    }

    @Test func transformLayerCube() throws {
        let d = try compositedDifference("cube") { root in
            var eye = CATransform3DIdentity
            eye.m34 = -1.0 / 400
            root.sublayerTransform = eye
            let cube = CATransformLayer(); cube.bounds = CGRect(x: 0, y: 0, width: 60, height: 60); cube.position = CGPoint(x: 100, y: 80)
            let degrees = Double.pi / 180
            cube.transform = CATransform3DRotate(CATransform3DMakeRotation(-30 * degrees, 1, 0, 0), 40 * degrees, 0, 1, 0)
            let faces: [(UInt32, CATransform3D)] = [
                (0xdd2222, CATransform3DIdentity),
                (0x22aa22, CATransform3DMakeRotation(.pi, 0, 1, 0)),
                (0x2255dd, CATransform3DMakeRotation(.pi / 2, 0, 1, 0)),
                (0xffaa00, CATransform3DMakeRotation(-.pi / 2, 0, 1, 0)),
                (0xaa22cc, CATransform3DMakeRotation(.pi / 2, 1, 0, 0)),
                (0x22cccc, CATransform3DMakeRotation(-.pi / 2, 1, 0, 0)),
            ]
            for (hex, turn) in faces {
                let face = CALayer(); face.bounds = CGRect(x: 0, y: 0, width: 60, height: 60); face.position = CGPoint(x: 30, y: 30)
                face.backgroundColor = color(hex); face.transform = CATransform3DTranslate(turn, 0, 0, 30)
                cube.addSublayer(face)
            }
            root.addSublayer(cube)
        }
        // Faces in tree order would paint the green back and cyan bottom over the front; by depth only the red
        // front, orange side and purple top show. Edges antialias differently where faces meet.
        #expect(d.mean < 1.5 && d.p99 <= 48 && d.max <= 200)
    }
}
