import Testing
import CalyxTestSupport
@testable import QuartzCore

/// `render(in:)` probed against values that follow from the layer's geometry (semantics §10), in a context
/// flipped like UIKit's (origin top-left). Probes sit at least one pixel from edges; tolerance 1 level unless
/// stated.
@Suite struct RenderInContextTests {
    func render(_ layer: CALayer, width: Int = 100, height: Int = 100) -> TestCanvas {
        let canvas = TestCanvas(width: width, height: height)
        canvas.flipToTopLeftOrigin()
        layer.render(in: canvas.context)
        return canvas
    }

    func box(_ rect: CGRect, _ color: CGColor?) -> CALayer {
        let l = CALayer(); l.frame = rect; l.backgroundColor = color; return l
    }

    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1), blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    @Test func backgroundSublayersAndZOrder() {
        let root = box(CGRect(x: 0, y: 0, width: 100, height: 100), red)
        root.position = CGPoint(x: 500, y: 500)  // ignored: the receiver draws at the origin
        let a = box(CGRect(x: 10, y: 10, width: 40, height: 40), blue)
        let b = box(CGRect(x: 30, y: 30, width: 40, height: 40), CGColor(red: 0, green: 1, blue: 0, alpha: 1))
        b.zPosition = -1  // drawn below a despite coming later
        root.addSublayer(a); root.addSublayer(b)
        let c = render(root)
        #expect(c.pixel(topDown: 5, 5) == .red)
        #expect(c.pixel(topDown: 20, 20) == .blue)                 // top-left region: y runs down
        #expect(c.pixel(topDown: 45, 45) == .blue)                 // overlap: a on top
        #expect(c.pixel(topDown: 60, 60) == Pixel(0, 255, 0))
    }

    @Test func transformsRotateAboutTheAnchorPoint() {
        let root = box(CGRect(x: 0, y: 0, width: 100, height: 100), nil)
        let bar = CALayer(); bar.bounds = CGRect(x: 0, y: 0, width: 60, height: 10); bar.position = CGPoint(x: 50, y: 50)
        bar.backgroundColor = red
        bar.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)  // now vertical, 10 wide, 60 tall
        root.addSublayer(bar)
        let c = render(root)
        #expect(c.pixel(topDown: 50, 25) == .red && c.pixel(topDown: 50, 75) == .red)
        #expect(c.pixel(topDown: 30, 50) == .white && c.pixel(topDown: 70, 50) == .white)
    }

    @Test func cornerRadiusBorderAndMasksToBounds() {
        let l = box(CGRect(x: 0, y: 0, width: 100, height: 100), red)
        l.cornerRadius = 30
        l.borderWidth = 6
        l.borderColor = blue
        let child = box(CGRect(x: -20, y: -20, width: 60, height: 60), CGColor(red: 0, green: 1, blue: 0, alpha: 1))
        l.addSublayer(child)
        l.masksToBounds = true
        let c = render(l)
        #expect(c.pixel(topDown: 2, 2) == .white)      // outside the rounded corner: clipped
        #expect(c.pixel(topDown: 50, 2) == .blue)      // border, drawn above content
        #expect(c.pixel(topDown: 30, 30) == Pixel(0, 255, 0))
        #expect(c.pixel(topDown: 70, 70) == .red)
        l.maskedCorners = [.layerMaxXMaxYCorner]        // only the bottom-right corner rounds
        let d = render(l)
        #expect(d.pixel(topDown: 50, 2) == .blue && d.pixel(topDown: 97, 97) == .white)
    }

    @Test func opacityGroupsAndShadows() {
        let root = box(CGRect(x: 0, y: 0, width: 100, height: 100), nil)
        let group = box(CGRect(x: 0, y: 0, width: 100, height: 50), nil)
        group.opacity = 0.5
        group.addSublayer(box(CGRect(x: 0, y: 0, width: 60, height: 50), CGColor.black))
        group.addSublayer(box(CGRect(x: 40, y: 0, width: 60, height: 50), CGColor.black))
        root.addSublayer(group)
        let c = render(root)
        // Group opacity: the overlap is as dark as the rest (50 % black over white = 128), not 75 %.
        #expect(c.pixel(topDown: 20, 25).isClose(to: Pixel(128, 128, 128), tolerance: 1))
        #expect(c.pixel(topDown: 50, 25).isClose(to: Pixel(128, 128, 128), tolerance: 1))

        let shadowed = box(CGRect(x: 20, y: 20, width: 40, height: 40), red)
        shadowed.shadowOpacity = 1
        shadowed.shadowRadius = 0
        shadowed.shadowOffset = CGSize(width: 10, height: 10)  // down-right on a y-down screen
        let root2 = box(CGRect(x: 0, y: 0, width: 100, height: 100), nil)
        root2.addSublayer(shadowed)
        let s = render(root2)
        #expect(s.pixel(topDown: 65, 65) == .black)   // in the shadow, beyond the layer
        #expect(s.pixel(topDown: 15, 15) == .white)
        #expect(s.pixel(topDown: 40, 40) == .red)
    }

    @Test func shapeLayerTrimsItsStroke() {
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let line = CGMutablePath(); line.move(to: CGPoint(x: 0, y: 50)); line.addLine(to: CGPoint(x: 100, y: 50))
        shape.path = line
        shape.fillColor = nil
        shape.strokeColor = blue
        shape.lineWidth = 10
        shape.strokeEnd = 0.5
        let c = render(shape)
        #expect(c.pixel(topDown: 25, 50) == .blue && c.pixel(topDown: 75, 50) == .white)
        shape.strokeStart = 0.25; shape.strokeEnd = 1
        let d = render(shape)
        #expect(d.pixel(topDown: 10, 50) == .white && d.pixel(topDown: 90, 50) == .blue)
    }

    @Test func gradientLayerAxialValues() {
        let g = CAGradientLayer()
        g.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        g.colors = [CGColor.white, CGColor.black]
        // Default start (0.5, 0) → end (0.5, 1): white at the top, black at the bottom (y runs down).
        let c = render(g)
        #expect(c.pixel(topDown: 50, 1).isClose(to: Pixel(252, 252, 252), tolerance: 4))
        #expect(c.pixel(topDown: 50, 98).isClose(to: Pixel(3, 3, 3), tolerance: 4))
        // Row 49's centre is 49.5 of 100 down: 1 − 0.495 of white → 129 (±2 for 8-bit interpolation).
        #expect(c.pixel(topDown: 50, 49).isClose(to: Pixel(129, 129, 129), tolerance: 2))
    }

    /// A mask that is not symmetric top to bottom keeps its way up in a context flipped like UIKit's (it was drawn
    /// upside down: the tests before used masks cut left from right).
    @Test func aMaskKeepsItsWayUp() {
        let l = box(CGRect(x: 0, y: 0, width: 100, height: 100), red)
        l.mask = box(CGRect(x: 0, y: 0, width: 100, height: 30), CGColor.black)  // top 30 opaque
        let c = render(l)
        #expect(c.pixel(topDown: 50, 10) == .red && c.pixel(topDown: 50, 90) == .white)
    }

    @Test func maskUsesAlpha() {
        let l = box(CGRect(x: 0, y: 0, width: 100, height: 100), red)
        let m = box(CGRect(x: 0, y: 0, width: 50, height: 100), CGColor.black)  // left half opaque
        l.mask = m
        let c = render(l)
        #expect(c.pixel(topDown: 25, 50) == .red && c.pixel(topDown: 75, 50) == .white)
    }

    /// A masked layer far larger than the context (lottie-ios pads its gradient layers by 10,000 points on each
    /// side) is masked where it shows: its mask is drawn over the visible part only, not refused as a bitmap past
    /// Calyx's limits (which left the layer unmasked or undrawn).
    @Test func aHugeMaskedLayerIsMaskedWhereItShows() {
        let root = box(CGRect(x: 0, y: 0, width: 100, height: 100), nil)
        let huge = box(CGRect(x: -20_000, y: -20_000, width: 40_100, height: 40_100), red)
        huge.bounds.origin = CGPoint(x: 5, y: 7)   // a bounds origin moves the mask with the content
        // In the huge layer's space, less its bounds origin, from its top left at (−20,000, −20,000): 10…40 across
        // and 20…60 down on screen.
        let m = box(CGRect(x: 20_015, y: 20_027, width: 30, height: 40), CGColor.black)
        huge.mask = m
        root.addSublayer(huge)
        let c = render(root)
        var reds: [(Int, Int)] = []
        for y in 0..<100 { for x in 0..<100 where c.pixel(topDown: x, y) == .red { reds.append((x, y)) } }
        #expect(reds.first.map { $0 == (10, 20) } == true && reds.last.map { $0 == (39, 59) } == true && reds.count == 1200,
                "\(reds.first as Any) \(reds.last as Any) \(reds.count)")
    }

    @Test func contentsGravityAndRect() throws {
        // A 2×2 image: top row red, blue; bottom row green, white.
        let image = try quadrantImage()
        let l = CALayer(); l.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        l.contents = image
        l.magnificationFilter = .nearest
        let c = render(l)
        #expect(c.pixel(topDown: 25, 25) == .red && c.pixel(topDown: 75, 25) == .blue)  // upright: top row at the top
        #expect(c.pixel(topDown: 25, 75) == Pixel(0, 255, 0))
        // Gravity names mean minimum and maximum y (semantics §9.9): on iOS's y-down screen `.topLeft` sits at the
        // visual bottom left and `.bottomLeft` at the top left, as on Apple's (the image itself stays upright).
        l.contentsGravity = .topLeft
        l.contentsScale = 0.1  // 2 px at scale 0.1 = 20 points
        let d = render(l)
        #expect(d.pixel(topDown: 5, 85) == .red && d.pixel(topDown: 15, 85) == .blue && d.pixel(topDown: 5, 95) == Pixel(0, 255, 0))
        #expect(d.pixel(topDown: 5, 5) == .white)
        l.contentsGravity = .bottomLeft
        let e = render(l)
        #expect(e.pixel(topDown: 5, 5) == .red && e.pixel(topDown: 15, 5) == .blue && e.pixel(topDown: 30, 30) == .white)
        // A geometry-flipped layer's contents display identically (Apple's header): its space and the meaning of
        // "top" both turn over, so `.topLeft` stays at the visual bottom left, upright.
        l.contentsGravity = .topLeft
        l.isGeometryFlipped = true
        let f = render(l)
        #expect(f.pixel(topDown: 5, 85) == .red && f.pixel(topDown: 15, 85) == .blue && f.pixel(topDown: 5, 95) == Pixel(0, 255, 0))
        l.isGeometryFlipped = false
        l.contentsGravity = .resize; l.contentsScale = 1
        l.contentsRect = CGRect(x: 0.5, y: 0, width: 0.5, height: 0.5)  // the top-right pixel only (a sprite)
        #expect(render(l).pixel(topDown: 50, 50) == .blue)
    }

    /// A 30×30 image: a 10-px blue frame around a green centre, its top-left corner red; contentsCenter is the
    /// middle third. Corners keep 10 points, edges stretch along themselves, the centre fills the rest.
    func frameImage() -> CGImage {
        let ctx = CGContext(data: nil, width: 30, height: 30, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        ctx.setFillColor(blue); ctx.fill(CGRect(x: 0, y: 0, width: 30, height: 30))
        ctx.setFillColor(CGColor(red: 0, green: 1, blue: 0, alpha: 1)); ctx.fill(CGRect(x: 10, y: 10, width: 10, height: 10))
        ctx.setFillColor(red); ctx.fill(CGRect(x: 0, y: 20, width: 10, height: 10))  // y up: the image's top-left
        return ctx.makeImage()!
    }

    @Test func contentsCenterNineSlices() {
        let l = CALayer(); l.frame = CGRect(x: 0, y: 0, width: 90, height: 60)
        l.contents = frameImage()
        l.contentsCenter = CGRect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3)
        let c = render(l)
        #expect(c.pixel(topDown: 5, 5) == .red && c.pixel(topDown: 5, 55) == .blue && c.pixel(topDown: 85, 5) == .blue)
        #expect(c.pixel(topDown: 45, 5) == .blue && c.pixel(topDown: 5, 30) == .blue)  // stretched edges stay 10 wide
        // Plain stretching would make the frame 30 points wide across and 20 down: these are centre only when sliced.
        #expect(c.pixel(topDown: 15, 30) == .green && c.pixel(topDown: 75, 30) == .green && c.pixel(topDown: 45, 15) == .green)
        #expect(c.pixel(topDown: 45, 30) == .green && c.pixel(topDown: 8, 30) == .blue && c.pixel(topDown: 45, 52) == .blue)
        // Smaller than the two corners (20 points): they shrink to 7.5 points each and the centre vanishes.
        l.frame = CGRect(x: 0, y: 0, width: 15, height: 15)
        let d = render(l)
        #expect(d.pixel(topDown: 3, 3) == .red && d.pixel(topDown: 11, 11) == .blue && d.pixel(topDown: 11, 3) == .blue)
    }

    @Test func contentsCenterEdgeCases() {
        let full = CGRect(x: 0, y: 0, width: 1, height: 1), rect = CGRect(x: 0, y: 0, width: 90, height: 60)
        #expect(ContentsPainter.nineSlices(of: (30, 30), center: full, scale: 1, into: rect) == nil)
        #expect(ContentsPainter.nineSlices(of: (30, 30), center: CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1), scale: 1, into: rect) == nil)
        // A zero-size centre is one pixel, stretched over everything between the corners.
        let slices = ContentsPainter.nineSlices(of: (30, 30), center: CGRect(x: 0.5, y: 0.5, width: 0, height: 0), scale: 1, into: rect)
        let middle = slices?.first { $0.destination.minX > 0 && $0.destination.maxX < 90 && $0.destination.minY > 0 && $0.destination.maxY < 60 }
        #expect(middle?.source == CGRect(x: 15, y: 15, width: 1, height: 1))
        #expect(middle?.destination == CGRect(x: 15, y: 14, width: 61, height: 31))
    }

    @Test func nonFiniteContentsGeometryDrawsNothingAndDoesNotTrap() {
        let l = CALayer(); l.frame = CGRect(x: 0, y: 0, width: 90, height: 60)
        l.contents = frameImage()
        l.contentsRect = CGRect(x: CGFloat.nan, y: 0, width: 1, height: CGFloat.infinity)
        l.contentsCenter = CGRect(x: 0, y: CGFloat.infinity, width: 1, height: 1)
        _ = render(l)
        l.contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
        #expect(render(l).pixel(topDown: 45, 30) == .green)  // a non-finite centre falls back to plain stretching
    }

    @Test func textLayerDrawsItsFirstLineAtTheTop() {
        let t = CATextLayer()
        t.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        t.string = "T"
        t.fontSize = 50
        t.foregroundColor = CGColor.black
        let c = render(t)
        // Helvetica's T at 50 pt: ascent 0.905 em puts the baseline 45.3 pt down and the cap height (0.718 em)
        // puts the bar's top 9.4 pt down, about 4.5 pt thick; the stem is centred 0.305 em = 15.3 pt from the
        // left and the bar spans about 1–29.5 pt.
        #expect(c.pixel(topDown: 5, 11) == .black)    // the bar, left of the stem
        #expect(c.pixel(topDown: 15, 40) == .black)   // the stem
        #expect(c.pixel(topDown: 5, 40) == .white)    // beside the stem, below the bar
        #expect(c.pixel(topDown: 15, 90) == .white)   // nothing below the line
    }
}
