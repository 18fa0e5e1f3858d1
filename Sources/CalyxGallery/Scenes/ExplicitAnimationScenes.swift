import QuartzCore

/// The explicit-animation chapter: basic and keyframe animations, paths, groups, transitions.
extension Gallery {
    static let explicitAnimationScenes: [GalleryScene] = [
        GalleryScene("colour-fade", "Explicit animations", "a CABasicAnimation of backgroundColor from red to blue",
                     duration: 1.5, probes: [.init(60, 60, rgb(0.9, 0.1, 0.1)), .init(4, 4, white)], build: colourFade),
        GalleryScene("clock", "Explicit animations", "clock hands turning about anchor points moved to their ends; the second hand's delegate restarts it",
                     duration: 2, probes: [.init(30, 80, rgb(0.95, 0.95, 0.9)), .init(2, 2, white)], build: clock),
        GalleryScene("keyframe-colours", "Explicit animations", "a CAKeyframeAnimation through four background colours",
                     duration: 2, probes: [.init(60, 60, rgb(0.2, 0.4, 0.9))], build: keyframeColours),
        GalleryScene("ship-path", "Explicit animations", "a ship along a Bézier path without rotationMode: it keeps pointing right",
                     duration: 1.2, probes: [.init(4, 4, white)], build: { ship(rotates: false) }),
        GalleryScene("ship", "Explicit animations", "a ship along a Bézier path with rotationMode .rotateAuto: it turns with the curve",
                     duration: 1.2, probes: [.init(4, 4, white)], build: { ship(rotates: true) }),
        GalleryScene("rotation-by-value", "Explicit animations", "transform.rotation with byValue: a quarter turn added to where the layer is",
                     duration: 1, probes: [.init(60, 60, rgb(0.1, 0.6, 0.4))], build: rotationByValue),
        GalleryScene("group", "Explicit animations", "a CAAnimationGroup moving a square along a path while its colour changes",
                     duration: 1.5, probes: [.init(4, 4, white)], build: group),
        GalleryScene("start-stop-rotation", "Explicit animations", "an endless spin removed at 1 s: the layer jumps back to its model value",
                     duration: 1.6, probes: [.init(60, 60, rgb(0.9, 0.55, 0.1))],
                     changes: [.init(time: 1) { root in root.sublayers?.first?.removeAnimation(forKey: "spin") }],
                     build: startStopRotation),
    ] + transitionScenes

    static func colourFade() -> CALayer {
        let root = stage()
        let square = box(CGRect(x: 20, y: 20, width: 80, height: 80), rgb(0.9, 0.1, 0.1), corner: 6)
        square.add(basic("backgroundColor", rgb(0.9, 0.1, 0.1), rgb(0.1, 0.3, 0.9), duration: 1.5), forKey: "fade")
        square.backgroundColor = rgb(0.1, 0.3, 0.9)
        root.addSublayer(square)
        return root
    }

    /// Calls a closure when an animation stops.
    final class StopHandler: NSObject, CAAnimationDelegate, @unchecked Sendable {
        let stopped: (CAAnimation, Bool) -> Void
        init(_ stopped: @escaping (CAAnimation, Bool) -> Void) { self.stopped = stopped }
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { stopped(anim, flag) }
    }

    static func clock() -> CALayer {
        let root = stage()
        let face = box(CGRect(x: 10, y: 10, width: 100, height: 100), rgb(0.95, 0.95, 0.9), corner: 50)
        face.borderWidth = 3
        face.borderColor = rgb(0.2, 0.2, 0.25)
        root.addSublayer(face)
        func hand(length: CGFloat, width: CGFloat, color: CGColor, angle: CGFloat) -> CALayer {
            let hand = box(CGRect(x: 0, y: 0, width: width, height: length), color, corner: width / 2)
            // Turns about its foot: the anchor point sits near the bottom end, placed at the face's centre.
            hand.anchorPoint = CGPoint(x: 0.5, y: 0.9)
            hand.position = CGPoint(x: 50, y: 50)
            hand.transform = CATransform3DMakeRotation(angle, 0, 0, 1)
            face.addSublayer(hand)
            return hand
        }
        _ = hand(length: 30, width: 6, color: rgb(0.2, 0.2, 0.25), angle: .pi / 3)
        _ = hand(length: 42, width: 4, color: rgb(0.2, 0.2, 0.25), angle: -.pi / 2)
        let second = hand(length: 46, width: 2, color: rgb(0.85, 0.15, 0.1), angle: 0)
        let tick = basic("transform.rotation.z", 0, Double.pi, duration: 1)
        // The delegate starts the next half turn when one ends.
        tick.delegate = StopHandler { [weak second] _, finished in
            guard finished, let second else { return }
            second.add(basic("transform.rotation.z", Double.pi, 2 * Double.pi, duration: 1), forKey: "tick")
        }
        tick.fillMode = .forwards
        tick.isRemovedOnCompletion = false
        second.add(tick, forKey: "tick")
        return root
    }

    static func keyframeColours() -> CALayer {
        let root = stage()
        let square = box(CGRect(x: 20, y: 20, width: 80, height: 80), rgb(0.2, 0.4, 0.9), corner: 12)
        let colours = CAKeyframeAnimation(keyPath: "backgroundColor")
        colours.values = [rgb(0.2, 0.4, 0.9), rgb(0.9, 0.2, 0.2), rgb(0.2, 0.75, 0.3), rgb(0.2, 0.4, 0.9)]
        colours.duration = 2
        square.add(colours, forKey: "colours")
        root.addSublayer(square)
        return root
    }

    /// A ship flying a Bézier path, turned along its tangent when `rotates`.
    public static func ship(rotates: Bool) -> CALayer {
        let root = stage()
        let route = CGMutablePath()
        route.move(to: CGPoint(x: 14, y: 100))
        route.addCurve(to: CGPoint(x: 106, y: 24), control1: CGPoint(x: 40, y: -10), control2: CGPoint(x: 80, y: 140))
        let trail = CAShapeLayer()
        trail.frame = root.bounds
        trail.path = route
        trail.fillColor = nil
        trail.strokeColor = CGColor(gray: 0.75, alpha: 1)
        trail.lineDashPattern = [4, 4]
        root.addSublayer(trail)
        let ship = CAShapeLayer()
        ship.bounds = CGRect(x: 0, y: 0, width: 24, height: 16)
        let hull = CGMutablePath()
        hull.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 24, y: 8), CGPoint(x: 0, y: 16), CGPoint(x: 6, y: 8)])
        hull.closeSubpath()
        ship.path = hull
        ship.fillColor = rgb(0.1, 0.6, 0.6)
        ship.position = CGPoint(x: 14, y: 100)
        root.addSublayer(ship)
        let fly = CAKeyframeAnimation(keyPath: "position")
        fly.path = route
        fly.duration = 1.05
        fly.calculationMode = .paced
        if rotates { fly.rotationMode = .rotateAuto }
        fly.fillMode = .forwards
        fly.isRemovedOnCompletion = false
        ship.add(fly, forKey: "fly")
        return root
    }

    static func rotationByValue() -> CALayer {
        let root = stage()
        let square = box(CGRect(x: 30, y: 30, width: 60, height: 60), rgb(0.1, 0.6, 0.4), corner: 4)
        square.transform = CATransform3DMakeRotation(.pi / 8, 0, 0, 1)
        let turn = CABasicAnimation(keyPath: "transform.rotation")
        turn.byValue = Double.pi / 2
        turn.duration = 1
        turn.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        square.add(turn, forKey: "turn")
        root.addSublayer(square)
        return root
    }

    static func group() -> CALayer {
        let root = stage()
        let square = box(CGRect(x: 10, y: 10, width: 24, height: 24), rgb(0.9, 0.3, 0.1), corner: 4)
        square.position = CGPoint(x: 22, y: 98)
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 22, y: 98))
        path.addQuadCurve(to: CGPoint(x: 98, y: 98), control: CGPoint(x: 60, y: -20))
        let move = CAKeyframeAnimation(keyPath: "position")
        move.path = path
        let tint = basic("backgroundColor", rgb(0.9, 0.3, 0.1), rgb(0.3, 0.2, 0.9), duration: 1.5)
        let both = CAAnimationGroup()
        both.animations = [move, tint]
        both.duration = 1.5
        both.fillMode = .forwards
        both.isRemovedOnCompletion = false
        square.add(both, forKey: "group")
        root.addSublayer(square)
        return root
    }

    static func startStopRotation() -> CALayer {
        let root = stage()
        let blade = box(CGRect(x: 20, y: 50, width: 80, height: 20), rgb(0.9, 0.55, 0.1), corner: 10)
        blade.add(basic("transform.rotation.z", 0, 2 * Double.pi, duration: 0.8, repeats: true), forKey: "spin")
        root.addSublayer(blade)
        return root
    }
}
