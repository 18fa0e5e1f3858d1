import QuartzCore

/// What a scroll view's content is doing on its own: an animated offset change, or each axis coasting and
/// bouncing after a drag. Positions are functions of the media time, so frames at any rate see the same path.
enum ScrollMotion {
    case animated(from: CGPoint, to: CGPoint, began: CFTimeInterval)
    case released(x: AxisMotion, y: AxisMotion)
}

/// One axis after the finger lifts: at rest, coasting toward a target, or bouncing back to an edge.
struct AxisMotion {
    enum Phase {
        case resting(at: CGFloat)
        /// `from + distance · coastProgress(t)`; past the edge it becomes a bounce (or stops there, without
        /// bouncing) at the moment it crosses.
        case coasting(from: CGFloat, distance: CGFloat, began: CFTimeInterval, duration: Double)
        /// A critically damped spring from `overshoot` past `edge`.
        case bouncing(edge: CGFloat, overshoot: CGFloat, velocity: CGFloat, began: CFTimeInterval, duration: Double)
    }

    private(set) var phase: Phase
    let range: ClosedRange<CGFloat>
    let bounces: Bool
    let rate: CGFloat

    /// At rest at `position`.
    init(resting position: CGFloat, range: ClosedRange<CGFloat>) {
        phase = .resting(at: position)
        self.range = range
        bounces = false
        rate = UIScrollView.DecelerationRate.normal.rawValue
    }

    /// Released at `position` (inside the range or, dragged with the rubber band, outside it) moving at
    /// `velocity` points per second, heading for `target`.
    init(releasedAt position: CGFloat, velocity: CGFloat, target: CGFloat, range: ClosedRange<CGFloat>,
         bounces: Bool, rate: CGFloat, now: CFTimeInterval) {
        self.range = range
        self.bounces = bounces
        self.rate = rate
        if !range.contains(position) {
            let edge = position < range.lowerBound ? range.lowerBound : range.upperBound
            phase = .bouncing(edge: edge, overshoot: position - edge, velocity: velocity, began: now,
                              duration: ScrollPhysics.bounceDuration(overshoot: position - edge, velocity: velocity))
        } else if target != position {
            phase = .coasting(from: position, distance: target - position, began: now,
                              duration: ScrollPhysics.coastDuration(distance: target - position, rate: rate))
        } else {
            phase = .resting(at: position)
        }
    }

    var isResting: Bool { if case .resting = phase { return true } else { return false } }

    /// Where the axis is at `now`; a phase that has ended gives way to the next.
    mutating func position(at now: CFTimeInterval) -> CGFloat {
        switch phase {
        case .resting(let p):
            return p
        case .coasting(let from, let distance, let began, let duration):
            let end = from + distance
            if !range.contains(end), let crossing = crossingTime(from: from, distance: distance), now - began >= crossing {
                let edge = end < range.lowerBound ? range.lowerBound : range.upperBound
                guard bounces else { phase = .resting(at: edge); return edge }
                let velocity = ScrollPhysics.coastVelocity(distance: distance, at: crossing, rate: rate)
                phase = .bouncing(edge: edge, overshoot: 0, velocity: velocity, began: began + crossing,
                                  duration: ScrollPhysics.bounceDuration(overshoot: 0, velocity: velocity))
                return position(at: now)
            }
            guard now - began < duration else { phase = .resting(at: end); return end }
            return from + distance * ScrollPhysics.coastProgress(at: now - began, rate: rate)
        case .bouncing(let edge, let overshoot, let velocity, let began, let duration):
            guard now - began < duration else { phase = .resting(at: edge); return edge }
            return edge + ScrollPhysics.bounce(overshoot: overshoot, velocity: velocity, at: now - began)
        }
    }

    /// Seconds into a coast at which it reaches the edge it heads past: solving
    /// `from + distance · (1 − rate^(1000 t)) = edge`.
    private func crossingTime(from: CGFloat, distance: CGFloat) -> Double? {
        let edge = from + distance < range.lowerBound ? range.lowerBound : range.upperBound
        let share = (edge - from) / distance
        guard distance != 0, share >= 0, share < 1, rate > 0, rate < 1 else { return share >= 1 ? nil : 0 }
        return Double(log(1 - share) / (1000 * log(rate)))
    }
}
