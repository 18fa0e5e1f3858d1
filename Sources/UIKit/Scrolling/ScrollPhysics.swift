import Foundation

/// The motion a scroll view makes on its own: deceleration after a flick, the rubber band past an edge while
/// dragging, the bounce back to the edge, and animated offset changes. Pure functions of time, so every frame is
/// reproducible; the formulas and their sources are in `docs/scrolling.md`.
enum ScrollPhysics {
    /// How far a flick at `velocity` (points per second) coasts with `rate` (the share of velocity kept per
    /// millisecond): the sum of the velocity left after each millisecond, `v/1000 · rate/(1 − rate)`.
    static func projectedDistance(velocity: CGFloat, rate: CGFloat) -> CGFloat {
        guard velocity.isFinite, rate > 0, rate < 1 else { return 0 }
        return velocity / 1000 * rate / (1 - rate)
    }

    /// The share of a coast's distance covered `t` seconds after release: `1 − rate^(1000 t)`.
    static func coastProgress(at t: Double, rate: CGFloat) -> CGFloat {
        guard t > 0, rate > 0, rate < 1 else { return t > 0 ? 1 : 0 }
        return 1 - pow(rate, CGFloat(1000 * t))
    }

    /// How long a coast over `distance` points runs until less than `settle` points remain.
    static func coastDuration(distance: CGFloat, rate: CGFloat, settle: CGFloat = 0.1) -> Double {
        guard abs(distance) > settle, rate > 0, rate < 1 else { return 0 }
        return Double(log(settle / abs(distance)) / (1000 * log(rate)))
    }

    /// The velocity (points per second) of a coast over `distance`, `t` seconds in.
    static func coastVelocity(distance: CGFloat, at t: Double, rate: CGFloat) -> CGFloat {
        guard rate > 0, rate < 1 else { return 0 }
        return -distance * 1000 * log(rate) * pow(rate, CGFloat(1000 * t))
    }

    /// The rubber band: dragged `overshoot` points past an edge of a view `dimension` points long, the content
    /// moves `(1 − 1 / (overshoot · c / dimension + 1)) · dimension`, with c = 0.55 — less and less the further
    /// it is pulled, never as far as the view is long.
    static func rubberBand(_ overshoot: CGFloat, dimension: CGFloat, coefficient: CGFloat = 0.55) -> CGFloat {
        guard overshoot != 0, dimension > 0, overshoot.isFinite else { return 0 }
        let pulled = (1 - 1 / (abs(overshoot) * coefficient / dimension + 1)) * dimension
        return overshoot < 0 ? -pulled : pulled
    }

    /// The bounce back to an edge: a critically damped spring from `overshoot` points past the edge, moving at
    /// `velocity` points per second, `t` seconds in. (Calyx's stiffness: UIKit publishes none.)
    static func bounce(overshoot: CGFloat, velocity: CGFloat, at t: Double) -> CGFloat {
        let omega = CGFloat(bounceFrequency), t = CGFloat(t)
        return (overshoot + (velocity + omega * overshoot) * t) * exp(-omega * t)
    }

    /// Radians per second of the bounce spring.
    static let bounceFrequency = 12.0
    /// How long a bounce runs before it is put at the edge (the spring is then within a hundredth of a point).
    static func bounceDuration(overshoot: CGFloat, velocity: CGFloat) -> Double {
        var t = 0.0
        while t < 3, abs(bounce(overshoot: overshoot, velocity: velocity, at: t)) > 0.01 || t < 0.05 { t += 1.0 / 240 }
        return t
    }

    /// An animated `setContentOffset(_:animated:)`: ease-out progress over `animatedScrollDuration`.
    static func animatedScrollProgress(at t: Double) -> CGFloat {
        let x = CGFloat(min(max(t / animatedScrollDuration, 0), 1))
        return 1 - (1 - x) * (1 - x) * (1 - x)
    }

    /// Seconds an animated offset change takes (Calyx's choice; UIKit does not document it).
    static let animatedScrollDuration = 0.3
}
