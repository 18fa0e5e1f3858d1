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

    var omega0: Double { (stiffness / mass).squareRoot() }
    /// Damping ratio ζ = c / (2√(km)).
    var ratio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// Displacement from the target at `t` seconds, starting at 1.
    package func displacement(at t: Double) -> Double {
        let w0 = omega0, v0 = initialVelocity
        var zeta = ratio
        if zeta > 1 && !allowsOverdamping { zeta = 1 }
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let b = (zeta * w0 - v0) / wd
            return exp(-zeta * w0 * t) * (cos(wd * t) + b * sin(wd * t))
        } else if zeta == 1 {
            return (1 + (w0 - v0) * t) * exp(-w0 * t)
        } else {
            // Overdamped: two real exponentials with x(0) = 1, x'(0) = −v0.
            let s = (zeta * zeta - 1).squareRoot()
            let r1 = -w0 * (zeta - s), r2 = -w0 * (zeta + s)
            let c2 = (-v0 - r1) / (r2 - r1), c1 = 1 - c2
            return c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
    }

    /// Progress toward the target (1 − displacement).
    package func progress(at t: Double) -> Double { 1 - displacement(at: t) }

    /// Settling time at ε = 0.001: the envelope bound for ζ < 1; for ζ ≥ 1 (or clamped) the first step of an
    /// accumulated 0.1 s walk after which |x| stays below ε (Q17) — accumulation reproduces Apple's figures
    /// bit for bit.
    package var settlingDuration: Double {
        let epsilon = 0.001
        var zeta = ratio
        if zeta > 1 && !allowsOverdamping { zeta = 1 }
        if zeta == 0 { return .infinity }
        if zeta < 1 {
            let wd = omega0 * (1 - zeta * zeta).squareRoot()
            let b = (zeta * omega0 - initialVelocity) / wd
            return max(0, log((1 + abs(b)) / epsilon) / (zeta * omega0))
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
