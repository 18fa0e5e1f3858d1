/// What one frame may spend on work that hostile input could make unbounded, shared by reference between a
/// frame's compositor and the nested compositors that draw its groups' sublayers (they draw the same frame).
final class FrameBudget {
    /// Particle births the rest of the frame may examine.
    var particleWork = ParticleSystem.maximumWorkPerFrame
    /// Particles the frame has drawn so far.
    var particleDraws = 0

    /// A new frame's budget.
    func reset() {
        particleWork = ParticleSystem.maximumWorkPerFrame
        particleDraws = 0
    }
}
