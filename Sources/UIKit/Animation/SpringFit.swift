/// Fits springs to UIKit's parameters (§3.1).
enum SpringFit {
    /// `usingSpringWithDamping`: mass 1, ratio ζ clamped to [1.19e-7, 1], duration D to [0.01, 10] s; ω solves
    /// "the envelope has fallen to 0.001 at D" by 12 Newton steps from 5/D.
    static func classic(duration: TimeInterval, dampingRatio: CGFloat, velocity: CGFloat)
        -> (duration: TimeInterval, stiffness: CGFloat, damping: CGFloat) {
        let d = min(max(duration.isFinite ? duration : 0.5, 0.01), 10)
        let zeta = min(max(Double(dampingRatio.isFinite ? dampingRatio : 1), 1.19e-7), 1)
        let v = Double(velocity.isFinite ? velocity : 0), epsilon = 0.001
        func envelope(_ w: Double) -> Double {
            if zeta < 1 {
                return abs((zeta * w - v) / (w * (1 - zeta * zeta).squareRoot())) * exp(-zeta * w * d) - epsilon
            }
            let a = (1 + (w - v) * d) * exp(-w * d)
            return abs(a) - epsilon
        }
        var w = 5 / d
        for _ in 0..<12 {
            let h = max(w * 1e-6, 1e-9)
            let slope = (envelope(w + h) - envelope(w - h)) / (2 * h)
            guard slope != 0, slope.isFinite else { break }
            let next = w - envelope(w) / slope
            guard next.isFinite, next > 0 else { break }
            w = next
        }
        return (d, CGFloat(w * w), CGFloat(2 * zeta * w))
    }

    /// `springDuration:bounce:`: mass 1, stiffness (2π/d)², ζ = 1 − bounce (bounce ≥ 0) or 1/(1 + bounce);
    /// the animation lasts the spring's settling duration.
    static func perceptual(duration: TimeInterval, bounce: CGFloat, velocity: CGFloat)
        -> (duration: TimeInterval, stiffness: CGFloat, damping: CGFloat) {
        let d = min(max(duration.isFinite ? duration : 0.5, 0.01), 10)
        let b = min(max(Double(bounce.isFinite ? bounce : 0), -0.99), 1)
        let zeta = b >= 0 ? 1 - b : 1 / (1 + b)
        let k = pow(2 * .pi / d, 2), c = 2 * zeta * 2 * .pi / d
        let probe = CASpringAnimation()
        probe.mass = 1; probe.stiffness = CGFloat(k); probe.damping = CGFloat(c)
        probe.initialVelocity = velocity.isFinite ? velocity : 0
        probe.allowsOverdamping = true
        return (probe.settlingDuration, CGFloat(k), CGFloat(c))
    }
}

extension SpringFit {
    /// `UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)`: the physics as given (non-positive or
    /// non-finite numbers fall back to Apple's default spring's), running until the spring settles.
    static func physical(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, velocity: CGFloat) -> BlockSpring {
        func usable(_ v: CGFloat, _ fallback: CGFloat, allowZero: Bool = false) -> CGFloat {
            v.isFinite && (v > 0 || (allowZero && v == 0)) ? v : fallback
        }
        let probe = CASpringAnimation()
        probe.mass = usable(mass, 3)
        probe.stiffness = usable(stiffness, 1000)
        probe.damping = usable(damping, 500, allowZero: true)
        probe.initialVelocity = velocity
        // A damping ratio above 1 is an overdamped spring, which these parameters ask for as written.
        probe.allowsOverdamping = true
        return BlockSpring(mass: probe.mass, stiffness: probe.stiffness, damping: probe.damping, velocity: velocity,
                           allowsOverdamping: true, duration: min(probe.settlingDuration, 3600))
    }
}

/// The spring a block or an animator gives the animations it makes.
struct BlockSpring {
    var mass: CGFloat
    var stiffness: CGFloat
    var damping: CGFloat
    /// Initial velocity, as a fraction of the distance per second.
    var velocity: CGFloat
    /// Whether a damping ratio above 1 stays overdamped (the iOS 17 forms) rather than being clamped to 1.
    var allowsOverdamping: Bool
    /// How long the animations run.
    var duration: TimeInterval

    /// A spring animation of `keyPath` with these physics.
    func makeAnimation(keyPath: String) -> CASpringAnimation {
        let animation = CASpringAnimation(keyPath: keyPath)
        animation.mass = mass
        animation.stiffness = stiffness
        animation.damping = damping
        animation.initialVelocity = velocity
        animation.allowsOverdamping = allowsOverdamping
        return animation
    }
}
