/// `CAEmitterLayer` particles (ParticleSystem.swift) recorded as blits of their cell's image, above the layer's
/// own background and border and below its sublayers: each placed at its position, turned and scaled about its
/// centre, its colour multiplying the image (a tinted copy, quantized to 1/32 so particles share them) and its
/// alpha fading it; with the `additive` render mode they add to what is below instead of covering it.
extension FrameCompositor {
    func recordParticles(of emitter: CAEmitterLayer, node: RenderTree.Node, localTime: CFTimeInterval,
                         layerToPixel m: Homography, alpha: Double) {
        func quantized(_ x: CGFloat) -> Double { (Double(x) * 32).rounded() / 32 }
        node.emissionHistory = ParticleSystem.history(node.emissionHistory, of: emitter, at: localTime, previous: node.lastParticleTime)
        node.lastParticleTime = localTime
        for particle in ParticleSystem.particles(of: emitter, at: localTime, history: node.emissionHistory) {
            let image = particle.image.pixels
            let size = particle.pointsPerPixel * particle.scale
            let place = CGAffineTransform(translationX: -CGFloat(image.width) / 2, y: -CGFloat(image.height) / 2)
                .concatenating(CGAffineTransform(scaleX: size, y: size))
                .concatenating(CGAffineTransform(rotationAngle: particle.angle))
                .concatenating(CGAffineTransform(translationX: particle.position.x, y: particle.position.y))
            let toPixel = Homography(place).concatenating(m)
            guard let quad = toPixel.quad(CGRect(x: -1, y: -1, width: image.width + 2, height: image.height + 2)) else { continue }
            let tint = InstanceTint(r: quantized(particle.color.r), g: quantized(particle.color.g), b: quantized(particle.color.b))
                .combined(with: currentTint)
            let opacity = alpha * Double(particle.color.a)
            var h = Hasher()
            h.combine(ObjectIdentifier(image)); h.combine(toPixel); h.combine(opacity); h.combine(tint)
            list.append(Entry(key: node.id, appearance: h.finalize(), box: CGRect.enclosing(quad).insetBy(dx: -1, dy: -1),
                              operation: .blit(image: tinted(image, by: tint), toPixel: toPixel, opacity: opacity,
                                               additive: emitter.renderMode == .additive)))
        }
    }
}
