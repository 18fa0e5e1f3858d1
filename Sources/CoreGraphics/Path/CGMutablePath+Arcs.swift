extension CGMutablePath {
    /// A circular arc about `center`. Angles are radians from +x toward +y. `clockwise` selects decreasing angles
    /// (clockwise with y up, so counter-clockwise on a flipped, y-down screen). The arc sweeps from `startAngle`
    /// to `endAngle` in that direction: equal angles draw nothing but the start point; angles a whole number of
    /// turns apart draw one full circle (so `UIBezierPath(arcCenter:…startAngle: 0, endAngle: 2π, clockwise:
    /// false)`, a `CGPath` arc from 0 to 2π with `clockwise: true`, is a circle, as on iOS); a sweep of more than
    /// a turn draws one full circle. A line joins the current point to the arc's start; with no current point
    /// the arc begins with a move. Non-finite arguments add nothing.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
                       transform: CGAffineTransform = .identity) {
        guard [center.x, center.y, radius, startAngle, endAngle].allSatisfy(\.isFinite) else { return }
        addRelativeArc(center: center, radius: radius, startAngle: startAngle,
                       delta: Self.arcSweep(from: startAngle, to: endAngle, clockwise: clockwise), transform: transform)
    }

    /// The signed sweep of `addArc(center:…clockwise:)`: in [−2π, 0] clockwise, [0, 2π] otherwise; zero only
    /// for equal angles, a whole turn for angles a whole number of turns apart or more than a turn apart the
    /// wrong way round.
    static func arcSweep(from start: CGFloat, to end: CGFloat, clockwise: Bool) -> CGFloat {
        let twoPi = 2 * CGFloat.pi
        let delta = end - start
        guard delta != 0, delta.isFinite else { return 0 }
        // Measured in the direction of travel: positive, reduced to (0, 2π], whole turns counting as one.
        let forward = clockwise ? -delta : delta
        var sweep = forward.truncatingRemainder(dividingBy: twoPi)
        if sweep <= 0 { sweep += twoPi }
        if forward >= twoPi { sweep = twoPi }
        return clockwise ? -sweep : sweep
    }

    /// A circular arc sweeping `delta` radians from `startAngle` (positive: increasing angle). A sweep of more
    /// than a turn draws one full circle and then the rest of the last turn, so it ends where the whole arc
    /// would, at the cost of one turn whatever its size (a million turns cover the same pixels as one).
    public func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
                               transform: CGAffineTransform = .identity) {
        guard [center.x, center.y, radius, startAngle, delta].allSatisfy(\.isFinite) else { return }
        let r = abs(radius)
        let start = CGPoint(x: center.x + r * cos(startAngle), y: center.y + r * sin(startAngle))
        if elements.isEmpty {
            move(to: start, transform: transform)
        } else {
            addLine(to: start, transform: transform)
        }
        let twoPi = 2 * CGFloat.pi
        guard abs(delta) > twoPi else {
            appendArcCurves(center: center, radius: r, startAngle: startAngle, delta: delta, transform: transform)
            return
        }
        appendArcCurves(center: center, radius: r, startAngle: startAngle, delta: delta < 0 ? -twoPi : twoPi,
                        transform: transform)
        appendArcCurves(center: center, radius: r, startAngle: startAngle,
                        delta: delta.truncatingRemainder(dividingBy: twoPi), transform: transform)
    }

    /// An arc of `radius` tangent to the line from the current point to `tangent1End` and to the line from
    /// `tangent1End` to `tangent2End` (PostScript `arct`). A line joins the current point to the first tangent
    /// point. Collinear points or a zero radius add a line to `tangent1End`.
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat,
                       transform: CGAffineTransform = .identity) {
        guard !elements.isEmpty else { return }
        // Work in the untransformed space: the current point is stored transformed.
        let p0 = currentPoint.applying(transform.inverted())
        let p1 = tangent1End, p2 = tangent2End
        let v1 = CGPoint(x: p0.x - p1.x, y: p0.y - p1.y), v2 = CGPoint(x: p2.x - p1.x, y: p2.y - p1.y)
        let l1 = hypot(v1.x, v1.y), l2 = hypot(v2.x, v2.y)
        let cross = v1.x * v2.y - v1.y * v2.x
        guard radius > 0, radius.isFinite, l1 > 0, l2 > 0, l1.isFinite, l2.isFinite, abs(cross) > 1e-12 * l1 * l2 else {
            addLine(to: p1, transform: transform); return
        }
        let angle = acos(max(-1, min(1, (v1.x * v2.x + v1.y * v2.y) / (l1 * l2))))  // angle at p1
        let tangentDistance = radius / tan(angle / 2)
        let t1 = CGPoint(x: p1.x + v1.x / l1 * tangentDistance, y: p1.y + v1.y / l1 * tangentDistance)
        let t2 = CGPoint(x: p1.x + v2.x / l2 * tangentDistance, y: p1.y + v2.y / l2 * tangentDistance)
        // The centre lies along the bisector, radius / sin(angle/2) from p1.
        let bisector = CGPoint(x: v1.x / l1 + v2.x / l2, y: v1.y / l1 + v2.y / l2)
        let bl = hypot(bisector.x, bisector.y)
        let centerDistance = radius / sin(angle / 2)
        let center = CGPoint(x: p1.x + bisector.x / bl * centerDistance, y: p1.y + bisector.y / bl * centerDistance)
        let a1 = atan2(t1.y - center.y, t1.x - center.x), a2 = atan2(t2.y - center.y, t2.x - center.x)
        var delta = a2 - a1
        if delta > .pi { delta -= 2 * .pi } else if delta < -.pi { delta += 2 * .pi }
        // Extreme but finite input can still overflow on the way (a radius of 1e300, points 1e12 apart).
        guard t1.isFinite, t2.isFinite, center.isFinite, delta.isFinite else { addLine(to: p1, transform: transform); return }
        addLine(to: t1, transform: transform)
        appendArcCurves(center: center, radius: radius, startAngle: a1, delta: delta, transform: transform)
    }

    /// Appends cubic curves approximating the arc (each ≤ 90°, control distance 4/3·tan(θ/4)·r). The current
    /// point must already be the arc's start. Sweeps beyond a turn are the callers' to reduce; this draws at
    /// most one turn (eight pieces) whatever it is given.
    package func appendArcCurves(center: CGPoint, radius r: CGFloat, startAngle: CGFloat, delta: CGFloat,
                                 transform: CGAffineTransform) {
        guard delta != 0, delta.isFinite, startAngle.isFinite, r.isFinite, center.isFinite else { return }
        let delta = min(max(delta, -2 * .pi), 2 * .pi)
        let pieces = max(1, Int((abs(delta) / (.pi / 2) - 1e-9).rounded(.up)))
        let step = delta / CGFloat(pieces)
        let k = 4 / 3 * tan(step / 4) * r
        var a = startAngle
        for _ in 0..<pieces {
            let b = a + step
            let (ca, sa, cb, sb) = (cos(a), sin(a), cos(b), sin(b))
            let c1 = CGPoint(x: center.x + r * ca - k * sa, y: center.y + r * sa + k * ca)
            let c2 = CGPoint(x: center.x + r * cb + k * sb, y: center.y + r * sb - k * cb)
            let end = CGPoint(x: center.x + r * cb, y: center.y + r * sb)
            addCurve(to: end, control1: c1, control2: c2, transform: transform)
            a = b
        }
    }
}
