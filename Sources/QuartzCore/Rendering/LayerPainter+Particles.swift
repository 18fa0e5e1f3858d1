extension LayerPainter {
    /// An emitter's particles at its local time `t` (ParticleSystem.swift, with today's birth rates: a snapshot
    /// has no history), each image placed, turned and scaled about its centre, multiplied by its colour and
    /// faded by its alpha.
    func paintParticles(of emitter: CAEmitterLayer, at t: Double, alpha: CGFloat) {
        let ctx = context
        for particle in ParticleSystem.particles(of: emitter, at: t, work: &particleBudget.left) {
            let image = LayerPainter.tinted(particle.image, by: particle.color)
            let w = CGFloat(image.width), h = CGFloat(image.height), size = particle.pointsPerPixel * particle.scale
            ctx.saveGState()
            if emitter.renderMode == .additive { ctx.setBlendMode(.plusLighter) }
            ctx.setAlpha(alpha * particle.color.a)
            ctx.translateBy(x: particle.position.x, y: particle.position.y)
            ctx.rotate(by: particle.angle)
            ctx.scaleBy(x: size, y: size)
            // Upright on a y-down layer space (as ContentsPainter draws images).
            if CALayerRootIsFlipped != emitter.contentsAreFlipped() { ctx.scaleBy(x: 1, y: -1) }
            ctx.draw(image, in: CGRect(x: -w / 2, y: -h / 2, width: w, height: h))
            ctx.restoreGState()
        }
    }

    /// `image` with its colour channels multiplied by `color`'s (alpha is applied separately).
    static func tinted(_ image: CGImage, by color: RGBA) -> CGImage {
        guard color.r < 1 || color.g < 1 || color.b < 1,
              let copy = image.pixels.multiplyingColour(r: Double(color.r), g: Double(color.g), b: Double(color.b)) else { return image }
        return CGImage(pixels: copy, isOpaque: false)
    }
}
