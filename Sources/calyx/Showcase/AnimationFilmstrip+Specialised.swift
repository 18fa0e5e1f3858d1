import QuartzCore

/// Filmstrip rows for the specialised layers the compositor draws: a replicator spinner and an emitter burst.
extension AnimationFilmstrip {
    static let specialisedScenes: [CompositorScene] = [
        CompositorScene(title: "CAReplicatorLayer spinner: 12 instances, instanceDelay and alpha offset (CARenderer)",
                        build: spinner),
        CompositorScene(title: "CAEmitterLayer burst: seeded particles with gravity, colour ranges and fading (CARenderer)",
                        build: burst),
    ]

    /// Twelve dots around a circle, each shrinking a twelfth of a cycle after the last.
    static func spinner() -> CALayer {
        let root = stage()
        let replicator = CAReplicatorLayer()
        replicator.frame = CGRect(x: 20, y: 20, width: 80, height: 80)
        replicator.instanceCount = 12
        replicator.instanceTransform = CATransform3DMakeRotation(2 * .pi / 12, 0, 0, 1)
        replicator.instanceDelay = 1.0 / 12
        replicator.instanceAlphaOffset = -1.0 / 14
        let dot = CALayer()
        dot.bounds = CGRect(x: 0, y: 0, width: 12, height: 12)
        dot.position = CGPoint(x: 40, y: 8)
        dot.cornerRadius = 6
        dot.backgroundColor = CGColor(red: 0.2, green: 0.45, blue: 0.9, alpha: 1)
        let shrink = CABasicAnimation(keyPath: "transform.scale")
        shrink.fromValue = 1; shrink.toValue = 0.2; shrink.duration = 1; shrink.repeatCount = .infinity
        dot.add(shrink, forKey: "shrink")
        replicator.addSublayer(dot)
        root.addSublayer(replicator)
        return root
    }

    /// A burst of round particles from the centre, falling and fading.
    static func burst() -> CALayer {
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
        cell.color = CGColor(red: 1, green: 0.55, blue: 0.2, alpha: 1)
        cell.redRange = 0.2; cell.greenRange = 0.5; cell.blueRange = 0.4
        cell.alphaSpeed = -0.7
        emitter.emitterCells = [cell]
        root.addSublayer(emitter)
        return root
    }

    /// A soft white disc, 16 pixels across.
    static func dotImage() -> CGImage {
        let ctx = CGContext.canonicalBitmap(width: 16, height: 16)!
        ctx.setFillColor(CGColor.white)
        ctx.fillEllipse(in: CGRect(x: 1, y: 1, width: 14, height: 14))
        return ctx.makeImage()!
    }
}
