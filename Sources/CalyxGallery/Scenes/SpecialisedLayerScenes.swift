import QuartzCore
import CoreText

/// The specialised layers: transform-layer cubes, shapes, text, gradients, replicators, scrolling, emitters, and
/// the worm loading indicator.
extension Gallery {
    static let specialisedLayerScenes: [GalleryScene] = [
        GalleryScene("cube", "Specialised layers", "a CATransformLayer cube turning in perspective, faces sorted by depth",
                     duration: 2, probes: [.init(4, 4, white)], build: cube),
        GalleryScene("stick-figure", "Specialised layers", "a CAShapeLayer with zero bounds drawing a stick figure from one path, its stroke growing",
                     duration: 1.5, probes: [.init(4, 4, white)], build: stickFigure),
        GalleryScene("text", "Specialised layers", "a CATextLayer wrapping a paragraph, its foreground colour animating",
                     duration: 1.5, probes: [.init(4, 4, rgb(0.98, 0.97, 0.92))], build: text),
        GalleryScene("gradient", "Specialised layers", "a CAGradientLayer whose locations sweep a bright band across",
                     duration: 1.5, probes: [.init(4, 60, rgb(0.2, 0.3, 0.7))], build: gradient),
        GalleryScene("replicator-fan", "Specialised layers", "a CAReplicatorLayer fanning twelve bars, each a shade darker",
                     duration: 1.5, probes: [.init(4, 4, white)], build: replicatorFan),
        GalleryScene("reflection", "Specialised layers", "a replicator reflecting its content below, faded by a gradient mask",
                     duration: 1.5, probes: [.init(60, 30, rgb(0.9, 0.4, 0.3)), .init(4, 4, rgb(0.15, 0.15, 0.2))], build: reflection),
        GalleryScene("spinner", "Specialised layers", "a CAReplicatorLayer spinner: instanceDelay and alpha offsets",
                     duration: 1.2, probes: [.init(4, 4, white)], build: spinner),
        GalleryScene("scroll-layer", "Specialised layers", "a CAScrollLayer scrolled across a larger grid of tiles",
                     duration: 1.5, probes: [.init(4, 4, white)], build: scrollLayer),
        GalleryScene("burst", "Specialised layers", "a CAEmitterLayer explosion: seeded particles with gravity, colour ranges and fading",
                     duration: 1.5, probes: [.init(4, 4, white)], build: burst),
        GalleryScene("worm", "Specialised layers", "the worm loader: strokeStart/strokeEnd keyframes in a group, with a rotation",
                     duration: 2, probes: [.init(4, 4, white)], build: worm),
        GalleryScene("spring", "Explicit animations", "CASpringAnimation dropping a box on position.y",
                     duration: 1.5, probes: [.init(4, 4, white)], build: spring),
    ]

    /// Six faces in a transform layer, drawn by depth while the cube turns about y.
    public static func cube() -> CALayer {
        let root = stage()
        var eye = CATransform3DIdentity
        eye.m34 = -1.0 / 300
        root.sublayerTransform = eye
        let cube = CATransformLayer()
        cube.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
        cube.position = CGPoint(x: 60, y: 60)
        cube.transform = CATransform3DMakeRotation(-0.45, 1, 0, 0)
        let faces: [(CGFloat, CGFloat, CGFloat, CATransform3D)] = [
            (0.87, 0.2, 0.2, CATransform3DIdentity), (0.2, 0.65, 0.3, CATransform3DMakeRotation(.pi, 0, 1, 0)),
            (0.2, 0.4, 0.85, CATransform3DMakeRotation(.pi / 2, 0, 1, 0)), (1, 0.67, 0, CATransform3DMakeRotation(-.pi / 2, 0, 1, 0)),
            (0.65, 0.2, 0.8, CATransform3DMakeRotation(.pi / 2, 1, 0, 0)), (0.2, 0.8, 0.8, CATransform3DMakeRotation(-.pi / 2, 1, 0, 0)),
        ]
        for (r, g, b, turn) in faces {
            let face = CALayer()
            face.bounds = cube.bounds
            face.position = CGPoint(x: 25, y: 25)
            face.backgroundColor = rgb(r, g, b)
            face.borderWidth = 1
            face.borderColor = CGColor(gray: 0, alpha: 0.3)
            face.transform = CATransform3DTranslate(turn, 0, 0, 25)
            cube.addSublayer(face)
        }
        root.addSublayer(cube)
        cube.add(basic("sublayerTransform.rotation.y", 0, Double.pi / 2, duration: 1.2), forKey: "turn")
        return root
    }

    static func stickFigure() -> CALayer {
        let root = stage()
        let figure = CAShapeLayer()   // zero bounds: the path is drawn where it lies
        let path = CGMutablePath()
        path.addEllipse(in: CGRect(x: 48, y: 12, width: 24, height: 24))
        path.move(to: CGPoint(x: 60, y: 36)); path.addLine(to: CGPoint(x: 60, y: 76))
        path.move(to: CGPoint(x: 34, y: 50)); path.addLine(to: CGPoint(x: 86, y: 50))
        path.move(to: CGPoint(x: 60, y: 76)); path.addLine(to: CGPoint(x: 40, y: 108))
        path.move(to: CGPoint(x: 60, y: 76)); path.addLine(to: CGPoint(x: 80, y: 108))
        figure.path = path
        figure.fillColor = nil
        figure.strokeColor = rgb(0.15, 0.2, 0.3)
        figure.lineWidth = 5
        figure.lineCap = .round
        figure.lineJoin = .round
        figure.add(basic("strokeEnd", 0, 1, duration: 1.5), forKey: "draw")
        root.addSublayer(figure)
        return root
    }

    static func text() -> CALayer {
        let root = stage(rgb(0.98, 0.97, 0.92))
        let label = CATextLayer()
        label.frame = CGRect(x: 10, y: 10, width: 100, height: 100)
        label.string = "Core Animation on Linux: the same layers, the same frames."
        label.font = CTFontCreateWithName("Helvetica" as CFString, 14, nil)
        label.fontSize = 13
        label.isWrapped = true
        label.alignmentMode = .center
        label.foregroundColor = rgb(0.2, 0.2, 0.3)
        label.add(basic("foregroundColor", rgb(0.2, 0.2, 0.3), rgb(0.85, 0.3, 0.2), duration: 1.5), forKey: "tint")
        root.addSublayer(label)
        return root
    }

    static func gradient() -> CALayer {
        let root = stage()
        let gradient = CAGradientLayer()
        gradient.frame = root.bounds
        gradient.colors = [rgb(0.2, 0.3, 0.7), rgb(0.95, 0.9, 0.6), rgb(0.2, 0.3, 0.7)]
        gradient.startPoint = CGPoint(x: 0, y: 0.5)
        gradient.endPoint = CGPoint(x: 1, y: 0.5)
        gradient.locations = [-0.4, -0.2, 0]
        gradient.add(basic("locations", [-0.4, -0.2, 0], [1, 1.2, 1.4], duration: 1.5), forKey: "sweep")
        root.addSublayer(gradient)
        return root
    }

    static func replicatorFan() -> CALayer {
        let root = stage()
        let fan = CAReplicatorLayer()
        fan.frame = root.bounds
        fan.instanceCount = 12
        fan.instanceTransform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
        fan.instanceRedOffset = -0.06; fan.instanceGreenOffset = -0.06; fan.instanceBlueOffset = -0.02
        let bar = box(CGRect(x: 56, y: 12, width: 8, height: 36), rgb(0.95, 0.6, 0.3), corner: 4)
        fan.addSublayer(bar)
        fan.add(basic("transform.rotation.z", 0, Double.pi / 3, duration: 1.5), forKey: "turn")
        root.addSublayer(fan)
        return root
    }

    static func reflection() -> CALayer {
        let root = stage(rgb(0.15, 0.15, 0.2))
        let mirror = CAReplicatorLayer()
        mirror.frame = CGRect(x: 20, y: 10, width: 80, height: 50)
        mirror.instanceCount = 2
        // The copy: flipped about the bottom edge and dimmed.
        var flip = CATransform3DMakeTranslation(0, 50 + 4, 0)
        flip = CATransform3DScale(flip, 1, -1, 1)
        mirror.instanceTransform = flip
        mirror.instanceAlphaOffset = -0.65
        let picture = box(CGRect(x: 0, y: 0, width: 80, height: 50), rgb(0.9, 0.4, 0.3), corner: 6)
        picture.addSublayer(box(CGRect(x: 10, y: 10, width: 24, height: 24), rgb(0.95, 0.85, 0.3), corner: 12))
        mirror.addSublayer(picture)
        mirror.add(basic("position.x", 40, 60, duration: 1.5), forKey: "slide")
        root.addSublayer(mirror)
        return root
    }

    /// Twelve dots around a circle, each shrinking a twelfth of a cycle after the last.
    public static func spinner() -> CALayer {
        let root = stage()
        let replicator = CAReplicatorLayer()
        replicator.frame = CGRect(x: 20, y: 20, width: 80, height: 80)
        replicator.instanceCount = 12
        replicator.instanceTransform = CATransform3DMakeRotation(2 * .pi / 12, 0, 0, 1)
        replicator.instanceDelay = 1.0 / 12
        replicator.instanceAlphaOffset = -1.0 / 14
        let dot = box(CGRect(x: 34, y: 2, width: 12, height: 12), rgb(0.2, 0.45, 0.9), corner: 6)
        dot.add(basic("transform.scale", 1, 0.2, duration: 1, repeats: true), forKey: "shrink")
        replicator.addSublayer(dot)
        root.addSublayer(replicator)
        return root
    }

    static func scrollLayer() -> CALayer {
        let root = stage()
        let scroller = CAScrollLayer()
        scroller.frame = CGRect(x: 10, y: 10, width: 100, height: 100)
        scroller.masksToBounds = true
        for row in 0..<6 { for column in 0..<6 {
            let hue = CGFloat(row * 6 + column) / 36
            scroller.addSublayer(box(CGRect(x: column * 40 + 4, y: row * 40 + 4, width: 32, height: 32),
                                     rgb(0.3 + 0.6 * hue, 0.8 - 0.5 * hue, 0.5), corner: 4))
        } }
        scroller.add(basic("bounds.origin", NSValue(cgPoint: .zero), NSValue(cgPoint: CGPoint(x: 120, y: 80)), duration: 1.5), forKey: "scroll")
        root.addSublayer(scroller)
        return root
    }

    /// A burst of round particles from the centre, falling and fading.
    public static func burst() -> CALayer {
        let root = stage()
        let emitter = CAEmitterLayer()
        emitter.frame = root.bounds
        emitter.emitterPosition = CGPoint(x: 60, y: 50)
        emitter.emitterShape = .circle
        emitter.emitterSize = CGSize(width: 10, height: 10)
        emitter.seed = 7
        let cell = CAEmitterCell()
        cell.contents = dotImage()
        cell.birthRate = 80; cell.lifetime = 1.1; cell.lifetimeRange = 0.4
        cell.velocity = 70; cell.velocityRange = 40; cell.emissionRange = 2 * .pi
        cell.yAcceleration = 90
        cell.scale = 0.6; cell.scaleRange = 0.4; cell.scaleSpeed = -0.3
        cell.color = rgb(1, 0.55, 0.2)
        cell.redRange = 0.2; cell.greenRange = 0.5; cell.blueRange = 0.4
        cell.alphaSpeed = -0.7
        emitter.emitterCells = [cell]
        root.addSublayer(emitter)
        return root
    }

    /// The "diligent worm": a circle whose stroke grows then is eaten from its tail, while turning.
    public static func worm() -> CALayer {
        let root = stage()
        let worm = CAShapeLayer()
        worm.frame = root.bounds
        worm.path = CGPath(ellipseIn: CGRect(x: 24, y: 24, width: 72, height: 72), transform: nil)
        worm.fillColor = nil
        worm.strokeColor = rgb(0.95, 0.45, 0.1)
        worm.lineWidth = 9
        worm.lineCap = .round
        root.addSublayer(worm)
        let grow = basic("strokeEnd", 0, 1, duration: 0.7)
        grow.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        let eat = basic("strokeStart", 0, 1, duration: 0.7)
        eat.beginTime = 0.35
        eat.timingFunction = CAMediaTimingFunction(name: .easeIn)
        let group = CAAnimationGroup()
        group.animations = [grow, eat]
        group.duration = 1.05
        group.repeatCount = .infinity
        worm.add(group, forKey: "worm")
        worm.add(basic("transform.rotation.z", 0, 2 * Double.pi, duration: 1.4, repeats: true), forKey: "spin")
        return root
    }

    /// A box dropped on a spring.
    public static func spring() -> CALayer {
        let root = stage()
        let box = box(CGRect(x: 43, y: 69, width: 34, height: 34), rgb(0.45, 0.3, 0.85), corner: 8)
        box.shadowOpacity = 0.35
        box.shadowRadius = 3
        box.shadowOffset = CGSize(width: 0, height: 3)
        root.addSublayer(box)
        let drop = CASpringAnimation(keyPath: "position.y")
        drop.fromValue = 20; drop.toValue = 86; drop.damping = 7; drop.stiffness = 180
        drop.duration = drop.settlingDuration
        box.add(drop, forKey: "drop")
        return root
    }
}
