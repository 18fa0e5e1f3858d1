/// `CAEmitterLayer` particles (ParticleSystem.swift) recorded as blits of their cell's image, above the layer's
/// own background and border and below its sublayers: each placed at its position, turned and scaled about its
/// centre, its colour multiplying the image (a tinted copy, quantized to 1/32 so particles share them) and its
/// alpha fading it; with the `additive` render mode they add to what is below instead of covering it. An emitter
/// that `preservesDepth` draws each particle in the plane parallel to its own at the particle's depth, through the
/// emitter's 3-D placement and its parent's perspective (DECISION: sprites keep the emitter's orientation rather
/// than turning to face the viewer); a flattening one draws them all in its plane.
extension FrameCompositor {
    /// A layer's 3-D placement in its parent's space, the parent's plane map to pixels, and the layer's own
    /// geometry flip.
    struct DepthPlacement {
        var placement: CATransform3D
        var parentPlane: Homography
        var flip: CGAffineTransform? = nil

        /// The map from the emitter's plane moved to depth `z` to pixels.
        func plane(atDepth z: CGFloat) -> Homography {
            let atDepth = Homography(flattening: CATransform3DMakeTranslation(0, 0, z).concatenating(placement))
                .concatenating(parentPlane)
            return flip.map { Homography($0).concatenating(atDepth) } ?? atDepth
        }
    }

    func recordParticles(of emitter: CAEmitterLayer, node: RenderTree.Node, localTime: CFTimeInterval,
                         layerToPixel m: Homography, depth: DepthPlacement?, alpha: Double) {
        func quantized(_ x: CGFloat) -> Double { (Double(x) * 32).rounded() / 32 }
        node.emissionHistory = ParticleSystem.history(node.emissionHistory, of: emitter, at: localTime, previous: node.lastParticleTime)
        node.lastParticleTime = localTime
        for particle in ParticleSystem.particles(of: emitter, at: localTime, history: node.emissionHistory, work: &budget.particleWork) {
            budget.particleDraws += 1
            if budget.particleDraws > ParticleSystem.maximumDrawnPerFrame || list.count >= Self.maximumEntries { break }
            let plane = depth.map { $0.plane(atDepth: particle.z) } ?? m
            let (image, texel) = filtered(particle, on: plane)
            let size = particle.pointsPerPixel * particle.scale * texel
            let place = CGAffineTransform(translationX: -CGFloat(image.width) / 2, y: -CGFloat(image.height) / 2)
                .concatenating(CGAffineTransform(scaleX: size, y: size))
                .concatenating(CGAffineTransform(rotationAngle: particle.angle))
                .concatenating(CGAffineTransform(translationX: particle.position.x, y: particle.position.y))
            let toPixel = Homography(place).concatenating(plane)
            guard let quad = toPixel.quad(CGRect(x: -1, y: -1, width: image.width + 2, height: image.height + 2)) else { continue }
            let tint = InstanceTint(r: quantized(particle.color.r), g: quantized(particle.color.g), b: quantized(particle.color.b))
                .combined(with: currentTint)
            let opacity = alpha * Double(particle.color.a)
            var h = Hasher()
            h.combine(ObjectIdentifier(image)); h.combine(toPixel); h.combine(opacity); h.combine(tint)
            list.append(Entry(key: node.id, appearance: h.finalize(), box: CGRect.enclosing(quad).insetBy(dx: -1, dy: -1),
                              operation: .blit(image: tinted(image, by: tint), toPixel: toPixel, opacity: opacity,
                                               blend: emitter.renderMode == .additive ? .plusLighter : .normal)))
        }
    }

    /// The particle's image resampled for its cell's filters at the scale it shows at, and the size of one of
    /// its texels in the original image's texels: a magnified `nearest` cell gets a nearest enlargement by the
    /// power of two above its on-screen scale (at most 16); a minified `linear` or `trilinear` cell gets the mip
    /// level at or above its on-screen scale.
    func filtered(_ particle: ParticleSystem.Particle, on plane: Homography) -> (PixelBuffer, CGFloat) {
        let image = particle.image.pixels
        let size = particle.pointsPerPixel * particle.scale
        // Screen pixels per image texel.
        let onScreen = LayerGeometry.onScreenScale(of: CGRect(x: 0, y: 0, width: size, height: size), under: plane) * size
        var level = 0
        if particle.magnification == CALayerContentsFilter.nearest.rawValue, onScreen > 1.5 {
            level = Int(min(LayerGeometry.powerOfTwo(atLeast: onScreen), 16).rounded())
        } else if particle.minification != CALayerContentsFilter.nearest.rawValue, onScreen > 0, onScreen < 0.75 {
            level = -min(Int(log2(1 / onScreen)), 8)
        }
        guard level != 0 else { return (image, 1) }
        let key = ParticleLevelKey(image: ObjectIdentifier(image), level: level)
        if let cached = rasters.particleLevels[key], cached.source === image { return (cached.image, cached.texel) }
        var result: (PixelBuffer, CGFloat)? = nil
        if level > 0 {
            result = image.enlargedNearest(by: level).map { ($0, 1 / CGFloat(level)) }
        } else {
            var current = image, texel: CGFloat = 1
            for _ in 0..<(-level) {
                guard let half = current.halved() else { break }
                texel *= CGFloat(current.width) / CGFloat(half.width)
                current = half
            }
            result = (current, texel)
        }
        guard let (filteredImage, texel) = result else { return (image, 1) }
        if rasters.particleLevels.count > 256 { rasters.particleLevels.removeAll() }
        rasters.particleLevels[key] = (image, filteredImage, texel)
        return (filteredImage, texel)
    }
}

/// A particle image's resampled copy: positive levels are nearest enlargements by that factor, negative ones
/// halvings.
struct ParticleLevelKey: Hashable {
    let image: ObjectIdentifier
    let level: Int
}
