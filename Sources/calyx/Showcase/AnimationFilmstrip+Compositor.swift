import QuartzCore

/// Filmstrip rows drawn by the compositor: a `CARenderer` frame per moment, so 3-D depth order and transition
/// pixels (which `render(in:)` does not draw, as on Apple) show.
extension AnimationFilmstrip {
    struct CompositorScene: Sendable {
        let title: String
        let build: @Sendable () -> CALayer
        /// Applied after the first frame has been drawn (a transition starts from what is on screen).
        var change: (@Sendable (CALayer) -> Void)? = nil

        /// One image per time, each `cell` points square.
        func frames(at times: [CFTimeInterval]) -> [CGImage] {
            let clock = CAMediaClock(manualTime: 0)
            return CAMediaClock.$current.withValue(clock) {
                let root = build()
                CATransaction.flush()
                let ctx = CGContext.canonicalBitmap(width: cell, height: cell)!
                let renderer = CARenderer(context: ctx)
                renderer.layer = root
                var images: [CGImage] = []
                for (index, t) in times.enumerated() {
                    clock.setManualTime(t)
                    renderer.beginFrame(atTime: t, timeStamp: nil)
                    renderer.addUpdate(root.bounds)
                    renderer.render()
                    renderer.endFrame()
                    images.append(ctx.makeImage()!)
                    if index == 0, let change {
                        change(root)
                        CATransaction.flush()
                    }
                }
                return images
            }
        }
    }

    static let compositorScenes: [CompositorScene] = [
        CompositorScene(title: "CATransformLayer cube turning (CARenderer, m34 = −1/300)", build: cube),
        CompositorScene(title: "CATransition push from the right (CARenderer)", build: card, change: pushNewCard),
    ] + specialisedScenes

    /// Six faces in a transform layer, drawn by depth while the cube turns about y.
    static func cube() -> CALayer {
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
            face.backgroundColor = CGColor(red: r, green: g, blue: b, alpha: 1)
            face.borderWidth = 1
            face.borderColor = CGColor(gray: 0, alpha: 0.3)
            face.transform = CATransform3DTranslate(turn, 0, 0, 25)
            cube.addSublayer(face)
        }
        root.addSublayer(cube)
        let turn = CABasicAnimation(keyPath: "sublayerTransform.rotation.y")
        turn.fromValue = 0; turn.toValue = Double.pi / 2; turn.duration = 1.2
        cube.add(turn, forKey: "turn")
        return root
    }

    /// A card that a push transition replaces.
    static func card() -> CALayer {
        let root = stage()
        let card = CALayer()
        card.name = "card"
        card.frame = CGRect(x: 20, y: 30, width: 80, height: 60)
        card.cornerRadius = 10
        card.backgroundColor = CGColor(red: 0.9, green: 0.35, blue: 0.2, alpha: 1)
        root.addSublayer(card)
        return root
    }

    static func pushNewCard(_ root: CALayer) {
        guard let card = root.sublayers?.first(where: { $0.name == "card" }) else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        card.backgroundColor = CGColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1)
        let push = CATransition()
        push.type = .push
        push.subtype = .fromRight
        push.duration = 0.9
        push.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        card.add(push, forKey: kCATransition)
        CATransaction.commit()
    }
}
