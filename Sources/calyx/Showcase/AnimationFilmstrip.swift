import QuartzCore
import CoreText

/// Core Animation scenes rendered at chosen times: each row is one scene, each column a moment, drawn by
/// evaluating the layer tree's presentation at that time and rendering it with `render(in:)` — or, for the
/// compositor's rows (AnimationFilmstrip+Compositor.swift), by a `CARenderer` frame at that time.
enum AnimationFilmstrip {
    static let cell = 120
    static let times: [CFTimeInterval] = (0..<8).map { Double($0) * 0.15 }
    static let labelHeight = 24

    static let scenes: [(String, @Sendable () -> CALayer)] = [
        ("Worm loader: strokeStart/strokeEnd group + rotation", worm),
        ("CASpringAnimation on position.y", spring),
        ("Ship along a path, rotationMode = .rotateAuto", ship),
    ]

    static func render() -> CGImage {
        let rows = scenes.count + compositorScenes.count
        let width = cell * times.count, rowHeight = cell + labelHeight, height = rowHeight * rows
        let ctx = CGContext.canonicalBitmap(width: width, height: height)!
        ctx.setFillColor(CGColor(gray: 0.96, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: width, height: height))
        for (row, (title, build)) in scenes.enumerated() {
            label(title, row: row, in: ctx, height: height)
            let clock = CAMediaClock(manualTime: 0)
            CAMediaClock.$current.withValue(clock) {
                let root = build()
                CATransaction.flush()
                for (column, t) in times.enumerated() {
                    clock.setManualTime(t)
                    guard let frame = root.presentation() else { continue }
                    ctx.saveGState()
                    // Each cell in UIKit's orientation: origin top-left, y down.
                    ctx.translateBy(x: CGFloat(column * cell), y: CGFloat(height - row * rowHeight - labelHeight))
                    ctx.scaleBy(x: 1, y: -1)
                    ctx.clip(to: CGRect(x: 2, y: 2, width: cell - 4, height: cell - 4))
                    frame.render(in: ctx)
                    ctx.restoreGState()
                }
            }
        }
        for (index, scene) in compositorScenes.enumerated() {
            let row = scenes.count + index
            label(scene.title, row: row, in: ctx, height: height)
            for (column, frame) in scene.frames(at: times).enumerated() {
                // The renderer's rows run top first, as `draw(_:in:)` places an image's top row at the top.
                let origin = CGPoint(x: column * cell, y: height - row * rowHeight - labelHeight - cell)
                ctx.draw(frame, in: CGRect(x: origin.x + 2, y: origin.y + 2, width: CGFloat(cell - 4), height: CGFloat(cell - 4)))
            }
        }
        return ctx.makeImage()!
    }

    /// A row's title, in CoreGraphics' own y-up space.
    static func label(_ title: String, row: Int, in ctx: CGContext, height: Int) {
        ctx.textPosition = CGPoint(x: 8, y: CGFloat(height - row * (cell + labelHeight) - 17))
        let text = NSAttributedString(string: title, attributes: [.font: CTFontCreateWithName("Helvetica-Bold" as CFString, 13, nil)])
        CTLineDraw(CTLineCreateWithAttributedString(text), ctx)
    }

    static func stage() -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: cell, height: cell)
        root.backgroundColor = CGColor.white
        return root
    }

    /// The "diligent worm": a circle whose stroke grows then is eaten from its tail, while turning.
    static func worm() -> CALayer {
        let root = stage()
        let worm = CAShapeLayer()
        worm.frame = root.bounds
        worm.path = CGPath(ellipseIn: CGRect(x: 24, y: 24, width: 72, height: 72), transform: nil)
        worm.fillColor = nil
        worm.strokeColor = CGColor(red: 0.95, green: 0.45, blue: 0.1, alpha: 1)
        worm.lineWidth = 9
        worm.lineCap = .round
        root.addSublayer(worm)
        let grow = CABasicAnimation(keyPath: "strokeEnd")
        grow.fromValue = 0; grow.toValue = 1; grow.duration = 0.7
        grow.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        let eat = CABasicAnimation(keyPath: "strokeStart")
        eat.fromValue = 0; eat.toValue = 1; eat.beginTime = 0.35; eat.duration = 0.7
        eat.timingFunction = CAMediaTimingFunction(name: .easeIn)
        let group = CAAnimationGroup()
        group.animations = [grow, eat]
        group.duration = 1.05
        group.repeatCount = .infinity
        worm.add(group, forKey: "worm")
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0; spin.toValue = 2 * Double.pi; spin.duration = 1.4; spin.repeatCount = .infinity
        worm.add(spin, forKey: "spin")
        return root
    }

    /// A box dropped on a spring.
    static func spring() -> CALayer {
        let root = stage()
        let box = CALayer()
        box.bounds = CGRect(x: 0, y: 0, width: 34, height: 34)
        box.position = CGPoint(x: 60, y: 86)
        box.cornerRadius = 8
        box.backgroundColor = CGColor(red: 0.45, green: 0.3, blue: 0.85, alpha: 1)
        box.shadowOpacity = 0.35
        box.shadowRadius = 3
        box.shadowOffset = CGSize(width: 0, height: 3)
        root.addSublayer(box)
        let drop = CASpringAnimation(keyPath: "position.y")
        drop.fromValue = 20; drop.toValue = 86; drop.damping = 7; drop.stiffness = 180
        drop.duration = drop.settlingDuration
        box.add(drop, forKey: "drop")
        return root
    }

    /// A ship flying a Bézier path, turned along its tangent.
    static func ship() -> CALayer {
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
        ship.fillColor = CGColor(red: 0.1, green: 0.6, blue: 0.6, alpha: 1)
        ship.position = CGPoint(x: 14, y: 100)
        root.addSublayer(ship)
        let fly = CAKeyframeAnimation(keyPath: "position")
        fly.path = route
        fly.duration = 1.05
        fly.calculationMode = .paced
        fly.rotationMode = .rotateAuto
        fly.fillMode = .forwards
        fly.isRemovedOnCompletion = false
        ship.add(fly, forKey: "fly")
        return root
    }
}
