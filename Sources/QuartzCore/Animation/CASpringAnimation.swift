/// A basic animation whose progress follows a damped spring: `m·x'' + c·x' + k·x = 0` with x the normalised
/// distance from the target, evaluated at real seconds into the animation (semantics §5).
open class CASpringAnimation: CABasicAnimation, @unchecked Sendable {
    /// Must be > 0; otherwise evaluation uses the default 1 (Q16).
    open var mass: CGFloat = 1
    /// Must be > 0; otherwise evaluation uses 100.
    open var stiffness: CGFloat = 100
    /// Must be ≥ 0; otherwise evaluation uses 10.
    open var damping: CGFloat = 10
    /// In whole distances per second; positive moves toward the target.
    open var initialVelocity: CGFloat = 0
    /// Whether a damping ratio above 1 overdamps (otherwise it is treated as critically damped).
    open var allowsOverdamping = false

    /// A spring from a perceptual duration and bounce (SwiftUI's mapping, §5.4): mass 1, stiffness (2π/d)²,
    /// damping (1 − bounce)·4π/d for bounce ≥ 0 (ratio 1/(1 + bounce) below 0). Also allows overdamping and sets
    /// `duration` to the settling duration (Q19).
    public convenience init(perceptualDuration: CFTimeInterval, bounce: CGFloat) {
        self.init()
        let d = perceptualDuration > 0 && perceptualDuration.isFinite ? perceptualDuration : 0.5
        let b = bounce.isFinite ? min(max(bounce, -1), 1) : 0
        mass = 1
        stiffness = pow(2 * .pi / d, 2)
        let ratio = b >= 0 ? 1 - b : 1 / (1 + b)
        damping = 2 * ratio * stiffness.squareRoot()
        allowsOverdamping = true
        duration = settlingDuration
    }

    /// The perceptual duration: 2π·√(m/k).
    open var perceptualDuration: CFTimeInterval { Double(2 * .pi * (spring.mass / spring.stiffness).squareRoot()) }

    /// The perceptual bounce: 1 − ζ when ζ ≤ 1, else 1/ζ − 1.
    open var bounce: CGFloat {
        let zeta = spring.ratio
        return CGFloat(zeta <= 1 ? 1 - zeta : 1 / zeta - 1)
    }

    /// Time for the spring to settle within 0.001 of its target (§5.3); +∞ with no damping.
    open var settlingDuration: CFTimeInterval { spring.settlingDuration }

    package var spring: SpringSolver {
        SpringSolver(mass: mass > 0 && mass.isFinite ? Double(mass) : 1,
                     stiffness: stiffness > 0 && stiffness.isFinite ? Double(stiffness) : 100,
                     damping: damping >= 0 && damping.isFinite ? Double(damping) : 10,
                     initialVelocity: initialVelocity.isFinite ? Double(initialVelocity) : 0,
                     allowsOverdamping: allowsOverdamping)
    }

    /// Copies the spring's mass, stiffness, damping and velocity with the rest of the state.
    open override func copyAnimationState(to other: CAAnimation) {
        super.copyAnimationState(to: other)
        guard let o = other as? CASpringAnimation else { return }
        o.mass = mass; o.stiffness = stiffness; o.damping = damping; o.initialVelocity = initialVelocity
        o.allowsOverdamping = allowsOverdamping
    }
}

/// The closed-form damped harmonic oscillator of semantics §5.2.
package struct SpringSolver: Sendable {
    let mass, stiffness, damping, initialVelocity: Double
    let allowsOverdamping: Bool
    /// Derived once: natural frequency, damping ratio (the raw one, and the one evaluation uses), and the
    /// constants of the applicable closed form.
    let omega0: Double
    let ratio: Double
    private let zeta: Double
    private let c1: Double, c2: Double, r1: Double, r2: Double

    init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double, allowsOverdamping: Bool) {
        self.mass = mass; self.stiffness = stiffness; self.damping = damping
        self.initialVelocity = initialVelocity; self.allowsOverdamping = allowsOverdamping
        let w0 = (stiffness / mass).squareRoot()
        omega0 = w0
        ratio = damping / (2 * (stiffness * mass).squareRoot())
        let z = ratio > 1 && !allowsOverdamping ? 1 : ratio
        zeta = z
        let v0 = initialVelocity
        if z < 1 {
            let wd = w0 * (1 - z * z).squareRoot()
            (c1, c2, r1, r2) = ((z * w0 - v0) / wd, 0, wd, -z * w0)   // B, –, ωd, decay rate
        } else if z == 1 {
            (c1, c2, r1, r2) = (w0 - v0, 0, 0, -w0)                   // B, –, –, decay rate
        } else {
            let s = (z * z - 1).squareRoot()
            let root1 = -w0 * (z - s), root2 = -w0 * (z + s)
            let k2 = (-v0 - root1) / (root2 - root1)
            (c1, c2, r1, r2) = (1 - k2, k2, root1, root2)
        }
    }

    /// Displacement from the target at `t` seconds, starting at 1 (semantics §5.2's closed forms).
    package func displacement(at t: Double) -> Double {
        if zeta < 1 {
            let (c, s) = cosineAndSine(r1 * t)
            return exp(r2 * t) * (c + c1 * s)
        }
        if zeta == 1 { return (1 + c1 * t) * exp(r2 * t) }
        return c1 * exp(r1 * t) + c2 * exp(r2 * t)
    }

    /// Progress toward the target (1 − displacement).
    package func progress(at t: Double) -> Double { 1 - displacement(at: t) }

    /// Settling time at ε = 0.001: the envelope bound for ζ < 1; for ζ ≥ 1 (or clamped) the first step of an
    /// accumulated 0.1 s walk after which |x| stays below ε (Q17) — accumulation reproduces Apple's figures
    /// bit for bit.
    package var settlingDuration: Double {
        let epsilon = 0.001
        if zeta == 0 { return .infinity }
        if zeta < 1 {
            // |A| + |B| with A = 1, B = c1 (semantics §5.3).
            return max(0, log((1 + abs(c1)) / epsilon) / (zeta * omega0))
        }
        var t = 0.0
        for _ in 0..<100_000 {
            if abs(displacement(at: t)) < epsilon && stays(below: epsilon, after: t) { return t }
            t += 0.1
        }
        return t
    }

    /// Whether |x| stays below ε after `t`: a critically or over-damped spring has at most one extremum after
    /// its zero crossing, so checking where the derivative vanishes (numerically, on a fine grid) suffices.
    private func stays(below epsilon: Double, after t: Double) -> Bool {
        var s = t
        for _ in 0..<200 {
            s += 0.05
            if abs(displacement(at: s)) >= epsilon { return false }
        }
        return true
    }
}
