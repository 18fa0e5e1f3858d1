import QuartzCore

/// The layer chapters: contents, drawing, geometry, visual effects, transforms.
extension Gallery {
    static let layerScenes: [GalleryScene] = [
        GalleryScene("sprites", "Layer contents", "a sprite sheet played through contentsRect, one cell at a time (discrete keyframes)",
                     duration: 1.2, probes: [.init(60, 60, rgb(0.9, 0.2, 0.2)), .init(4, 4, white)], build: sprites),
        GalleryScene("nine-slice", "Layer contents", "a button image stretched by contentsCenter: corners stay sharp while it widens",
                     duration: 1.2, probes: [.init(60, 60, rgb(0.2, 0.5, 0.9)), .init(4, 4, white)], build: nineSlice),
        GalleryScene("custom-drawing", "Layer contents", "a delegate's draw(_:in:) paints a layer's backing image, redrawn when its bounds change",
                     duration: 1, probes: [.init(60, 60, rgb(0.95, 0.85, 0.3)), .init(4, 4, white)], build: customDrawing),
        GalleryScene("z-position", "Layer geometry", "zPosition lifts a later-added layer's sibling to the front while it moves",
                     duration: 1.5, probes: [.init(45, 60, rgb(0.9, 0.3, 0.2)), .init(4, 4, white)], build: zPosition),
        GalleryScene("hit-testing", "Layer geometry", "hitTest at a moving point: the layer hit turns yellow",
                     duration: 1.2, probes: [.init(20, 40, rgb(0.95, 0.85, 0.1)), .init(90, 60, rgb(0.3, 0.4, 0.8))],
                     changes: (1...10).map { k in .init(time: Double(k) * 0.1) { hitTestStep($0, at: Double(k) * 0.1) } },
                     build: hitTesting),
        GalleryScene("corners-borders", "Visual effects", "cornerRadius and borderWidth animating together",
                     duration: 1.5, probes: [.init(60, 60, rgb(0.3, 0.7, 0.9)), .init(4, 4, white)], build: cornersAndBorders),
        GalleryScene("shadows", "Visual effects", "a shadow growing under a card, and a second drawn from a shadowPath",
                     duration: 1.5, probes: [.init(35, 40, rgb(0.95, 0.95, 0.95)), .init(4, 4, rgb(0.85, 0.9, 0.95))], build: shadows),
        GalleryScene("mask", "Visual effects", "a circular shape-layer mask growing over an image of stripes",
                     duration: 1.2, probes: [.init(55, 60, rgb(0.2, 0.6, 0.9)), .init(6, 6, white)], build: mask),
        GalleryScene("lcd-digits", "Visual effects", "tiny digit bitmaps magnified with magnificationFilter .nearest: crisp pixels, counting",
                     duration: 2, probes: [.init(4, 4, rgb(0.1, 0.12, 0.1))], build: lcdDigits),
        GalleryScene("group-opacity", "Visual effects", "a translucent group of overlapping squares flattened first: no darker overlap",
                     duration: 1.5, probes: [.init(4, 4, white)], build: groupOpacity),
        GalleryScene("transforms", "Transforms", "an affine rotation and scale beside a 3-D turn about y in perspective (m34)",
                     duration: 1.5, probes: [.init(30, 60, rgb(0.9, 0.4, 0.2)), .init(4, 4, white)], build: transforms),
        GalleryScene("lit-cube", "Transforms", "a cube of plain layers turned in 3-D, each face shaded by how much it faces the light",
                     duration: 2, probes: [.init(4, 4, rgb(0.15, 0.15, 0.2))], build: litCube),
    ]

    // MARK: Contents

    /// A 4-cell sprite sheet: red, orange, green and blue discs on transparent cells.
    static func spriteSheet() -> CGImage {
        let ctx = CGContext.canonicalBitmap(width: 256, height: 64)!
        for (i, c) in [rgb(0.9, 0.2, 0.2), rgb(0.95, 0.6, 0.1), rgb(0.2, 0.7, 0.3), rgb(0.2, 0.4, 0.9)].enumerated() {
            ctx.setFillColor(c)
            ctx.fillEllipse(in: CGRect(x: CGFloat(i) * 64 + 6, y: 6, width: 52, height: 52))
        }
        return ctx.makeImage()!
    }

    static func sprites() -> CALayer {
        let root = stage()
        let sprite = CALayer()
        sprite.frame = CGRect(x: 28, y: 28, width: 64, height: 64)
        sprite.contents = spriteSheet()
        sprite.contentsRect = CGRect(x: 0, y: 0, width: 0.25, height: 1)
        let play = CAKeyframeAnimation(keyPath: "contentsRect")
        play.values = (0..<4).map { NSValue(cgRect: CGRect(x: Double($0) * 0.25, y: 0, width: 0.25, height: 1)) }
        play.calculationMode = .discrete
        play.duration = 1.2
        play.repeatCount = .infinity
        sprite.add(play, forKey: "play")
        root.addSublayer(sprite)
        return root
    }

    /// A 30×30 rounded button with a dark rim.
    static func buttonImage() -> CGImage {
        let ctx = CGContext.canonicalBitmap(width: 30, height: 30)!
        ctx.setFillColor(rgb(0.1, 0.2, 0.4))
        ctx.addPath(CGPath(roundedRect: CGRect(x: 0, y: 0, width: 30, height: 30), cornerWidth: 10, cornerHeight: 10, transform: nil))
        ctx.fillPath()
        ctx.setFillColor(rgb(0.2, 0.5, 0.9))
        ctx.addPath(CGPath(roundedRect: CGRect(x: 3, y: 3, width: 24, height: 24), cornerWidth: 7, cornerHeight: 7, transform: nil))
        ctx.fillPath()
        return ctx.makeImage()!
    }

    static func nineSlice() -> CALayer {
        let root = stage()
        let button = CALayer()
        button.frame = CGRect(x: 40, y: 40, width: 40, height: 40)
        button.contents = buttonImage()
        button.contentsCenter = CGRect(x: 0.4, y: 0.4, width: 0.2, height: 0.2)
        button.add(basic("bounds.size.width", 40, 104, duration: 1.2, autoreverses: false), forKey: "widen")
        root.addSublayer(button)
        return root
    }

    /// Draws a sun: a yellow disc with rays, sized to the layer.
    final class SunDrawer: NSObject, CALayerDelegate, @unchecked Sendable {
        func draw(_ layer: CALayer, in ctx: CGContext) {
            let b = layer.bounds
            ctx.setFillColor(rgb(0.95, 0.85, 0.3))
            ctx.fillEllipse(in: b.insetBy(dx: b.width * 0.25, dy: b.height * 0.25))
            ctx.setStrokeColor(rgb(0.95, 0.6, 0.1))
            ctx.setLineWidth(3)
            for k in 0..<8 {
                let a = CGFloat(k) * .pi / 4, r0 = b.width * 0.32, r1 = b.width * 0.46
                ctx.move(to: CGPoint(x: b.midX + r0 * cos(a), y: b.midY + r0 * sin(a)))
                ctx.addLine(to: CGPoint(x: b.midX + r1 * cos(a), y: b.midY + r1 * sin(a)))
            }
            ctx.strokePath()
        }
    }

    static let sunDrawer = SunDrawer()

    static func customDrawing() -> CALayer {
        let root = stage()
        let sun = CALayer()
        sun.frame = CGRect(x: 20, y: 20, width: 80, height: 80)
        sun.delegate = sunDrawer
        sun.needsDisplayOnBoundsChange = true
        sun.setNeedsDisplay()
        sun.displayIfNeeded()
        sun.add(basic("transform.rotation.z", 0, Double.pi / 2, duration: 1), forKey: "turn")
        root.addSublayer(sun)
        return root
    }

    // MARK: Geometry

    static func zPosition() -> CALayer {
        let root = stage()
        let red = box(CGRect(x: 15, y: 30, width: 60, height: 60), rgb(0.9, 0.3, 0.2), corner: 8)
        let green = box(CGRect(x: 45, y: 30, width: 60, height: 60), rgb(0.2, 0.7, 0.3), corner: 8)
        root.addSublayer(red)
        root.addSublayer(green)
        red.zPosition = 1   // in front of green, though added first
        green.add(basic("position.y", 60, 80, duration: 1.5, autoreverses: false), forKey: "slide")
        return root
    }

    static func hitTesting() -> CALayer {
        let root = stage()
        for (i, x) in [10.0, 70.0].enumerated() {
            let target = box(CGRect(x: x, y: 30, width: 40, height: 60), rgb(0.3, 0.4, 0.8), corner: 6)
            target.name = "target\(i)"
            root.addSublayer(target)
        }
        let cursor = box(CGRect(x: 0, y: 0, width: 6, height: 6), rgb(0.1, 0.1, 0.1), corner: 3)
        cursor.name = "cursor"
        root.addSublayer(cursor)
        hitTestStep(root, at: 0)
        return root
    }

    /// Moves the cursor to where it is at `t` and colours the layer `hitTest` finds under it.
    static func hitTestStep(_ root: CALayer, at t: Double) {
        let point = CGPoint(x: 30 + 60 * min(t, 1), y: 60)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for layer in root.sublayers ?? [] where layer.name?.hasPrefix("target") == true {
            layer.backgroundColor = rgb(0.3, 0.4, 0.8)
        }
        // The marker sits just below the point tested, so that it is not what the test hits.
        root.sublayers?.first { $0.name == "cursor" }?.position = CGPoint(x: point.x, y: point.y + 6)
        if let hit = root.hitTest(point), hit.name?.hasPrefix("target") == true { hit.backgroundColor = rgb(0.95, 0.85, 0.1) }
        CATransaction.commit()
    }

    // MARK: Visual effects

    static func cornersAndBorders() -> CALayer {
        let root = stage()
        let square = box(CGRect(x: 20, y: 20, width: 80, height: 80), rgb(0.3, 0.7, 0.9))
        square.borderColor = rgb(0.1, 0.2, 0.4)
        square.add(basic("cornerRadius", 0, 40, duration: 1.5), forKey: "round")
        square.add(basic("borderWidth", 0, 10, duration: 1.5), forKey: "border")
        root.addSublayer(square)
        return root
    }

    static func shadows() -> CALayer {
        let root = stage(rgb(0.85, 0.9, 0.95))
        let card = box(CGRect(x: 12, y: 20, width: 46, height: 60), rgb(0.95, 0.95, 0.95), corner: 6)
        card.shadowColor = CGColor.black
        card.shadowOffset = CGSize(width: 0, height: 4)
        card.add(basic("shadowOpacity", 0, 0.6, duration: 1.5), forKey: "lift")
        card.add(basic("shadowRadius", 0, 8, duration: 1.5), forKey: "blur")
        card.shadowOpacity = 0.6; card.shadowRadius = 8
        root.addSublayer(card)
        let tree = box(CGRect(x: 68, y: 20, width: 40, height: 60), rgb(0.3, 0.7, 0.4), corner: 20)
        tree.shadowOpacity = 0.5
        // A flat oval under the layer instead of its silhouette.
        tree.shadowPath = CGPath(ellipseIn: CGRect(x: -4, y: 62, width: 48, height: 12), transform: nil)
        tree.shadowOffset = .zero
        tree.shadowRadius = 3
        root.addSublayer(tree)
        return root
    }

    static func stripes() -> CGImage {
        let ctx = CGContext.canonicalBitmap(width: 100, height: 100)!
        for k in 0..<10 {
            ctx.setFillColor(k % 2 == 0 ? rgb(0.2, 0.6, 0.9) : rgb(0.95, 0.75, 0.2))
            ctx.fill(CGRect(x: k * 10, y: 0, width: 10, height: 100))
        }
        return ctx.makeImage()!
    }

    static func mask() -> CALayer {
        let root = stage()
        let picture = CALayer()
        picture.frame = CGRect(x: 10, y: 10, width: 100, height: 100)
        picture.contents = stripes()
        let circle = CAShapeLayer()
        circle.frame = picture.bounds
        circle.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100), transform: nil)
        circle.add(basic("transform.scale", 0.3, 1, duration: 1.2), forKey: "grow")
        picture.mask = circle
        root.addSublayer(picture)
        return root
    }

    /// Digits 0–9 as 3×5 pixel glyphs, side by side on a 30×5 strip (lit pixels green, the rest dark).
    static func digitStrip() -> CGImage {
        let glyphs = ["111101101101111", "010110010010111", "111001111100111", "111001111001111", "101101111001001",
                      "111100111001111", "111100111101111", "111001001001001", "111101111101111", "111101111001111"]
        let ctx = CGContext.canonicalBitmap(width: 30, height: 5)!
        ctx.setFillColor(rgb(0.1, 0.12, 0.1))
        ctx.fill(CGRect(x: 0, y: 0, width: 30, height: 5))
        ctx.setFillColor(rgb(0.3, 0.95, 0.4))
        for (d, bits) in glyphs.enumerated() {
            for (i, bit) in bits.enumerated() where bit == "1" {
                // Row 0 of a glyph is its top; the context's y runs up.
                ctx.fill(CGRect(x: d * 3 + i % 3, y: 4 - i / 3, width: 1, height: 1))
            }
        }
        return ctx.makeImage()!
    }

    static func lcdDigits() -> CALayer {
        let root = stage(rgb(0.1, 0.12, 0.1))
        let strip = digitStrip()
        for (i, x) in [18.0, 64.0].enumerated() {
            let digit = CALayer()
            digit.frame = CGRect(x: x, y: 30, width: 36, height: 60)
            digit.contents = strip
            digit.magnificationFilter = .nearest
            digit.contentsRect = CGRect(x: 0, y: 0, width: 0.1, height: 1)
            let count = CAKeyframeAnimation(keyPath: "contentsRect")
            count.values = (0..<10).map { NSValue(cgRect: CGRect(x: Double($0) * 0.1, y: 0, width: 0.1, height: 1)) }
            count.calculationMode = .discrete
            count.duration = i == 0 ? 20 : 2
            count.repeatCount = .infinity
            digit.add(count, forKey: "count")
            root.addSublayer(digit)
        }
        return root
    }

    static func groupOpacity() -> CALayer {
        let root = stage()
        for (row, flattens) in [false, true].enumerated() {
            let group = CALayer()
            group.frame = CGRect(x: 10, y: 10 + CGFloat(row) * 55, width: 100, height: 45)
            group.allowsGroupOpacity = flattens
            group.addSublayer(box(CGRect(x: 10, y: 5, width: 50, height: 35), rgb(0.2, 0.4, 0.9)))
            group.addSublayer(box(CGRect(x: 40, y: 5, width: 50, height: 35), rgb(0.2, 0.4, 0.9)))
            group.add(basic("opacity", 1, 0.5, duration: 1.5), forKey: "fade")
            group.opacity = 0.5
            root.addSublayer(group)
        }
        return root
    }

    // MARK: Transforms

    static func transforms() -> CALayer {
        let root = stage()
        let flat = box(CGRect(x: 10, y: 40, width: 40, height: 40), rgb(0.9, 0.4, 0.2), corner: 4)
        flat.add(basic("transform", NSValue(caTransform3D: CATransform3DIdentity),
                       NSValue(caTransform3D: CATransform3DMakeAffineTransform(CGAffineTransform(rotationAngle: .pi / 4).scaledBy(x: 0.7, y: 0.7))),
                       duration: 1.5), forKey: "affine")
        root.addSublayer(flat)
        let card = box(CGRect(x: 65, y: 35, width: 45, height: 50), rgb(0.2, 0.5, 0.8), corner: 4)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 200
        card.add(basic("transform", NSValue(caTransform3D: perspective),
                       NSValue(caTransform3D: CATransform3DRotate(perspective, .pi / 3, 0, 1, 0)), duration: 1.5), forKey: "turn")
        root.addSublayer(card)
        return root
    }

    static func litCube() -> CALayer {
        let root = stage(rgb(0.15, 0.15, 0.2))
        var eye = CATransform3DIdentity
        eye.m34 = -1.0 / 300
        let container = CALayer()
        container.frame = root.bounds
        let base = CATransform3DRotate(CATransform3DMakeRotation(-0.5, 1, 0, 0), -0.6, 0, 1, 0)
        container.sublayerTransform = CATransform3DConcat(base, eye)
        let light = (x: -0.4, y: -0.6, z: 0.7)   // towards the viewer, from the upper left
        let faces: [CATransform3D] = [CATransform3DIdentity, CATransform3DMakeRotation(.pi, 0, 1, 0),
                                      CATransform3DMakeRotation(.pi / 2, 0, 1, 0), CATransform3DMakeRotation(-.pi / 2, 0, 1, 0),
                                      CATransform3DMakeRotation(.pi / 2, 1, 0, 0), CATransform3DMakeRotation(-.pi / 2, 1, 0, 0)]
        for turn in faces {
            let face = CALayer()
            face.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
            face.position = CGPoint(x: 60, y: 60)
            face.transform = CATransform3DTranslate(turn, 0, 0, 25)
            // The face's outward normal after the cube's turn, dotted with the light: its brightness.
            let t = CATransform3DConcat(turn, base)
            let normal = (x: t.m31, y: t.m32, z: t.m33)
            let lit = max(0.15, normal.x * light.x + normal.y * light.y + normal.z * light.z)
            face.backgroundColor = rgb(0.9 * lit, 0.5 * lit, 0.2 * lit)
            face.isDoubleSided = false
            container.addSublayer(face)
        }
        root.addSublayer(container)
        return root
    }
}
