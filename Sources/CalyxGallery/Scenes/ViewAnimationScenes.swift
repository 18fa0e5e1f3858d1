import UIKit

/// The view-animation chapter: UIKit blocks that become layer animations.
extension Gallery {
    static let viewAnimationScenes: [GalleryScene] = [
        GalleryScene("view-animate", "View animation", "UIView.animate moving and fading a view, curveEaseInOut with autoreverse and repeat",
                     duration: 2, probes: [.init(4, 4, white)], build: viewAnimate),
        GalleryScene("view-spring", "View animation", "UIView.animate with usingSpringWithDamping 0.4: an overshooting drop",
                     duration: 1.5, probes: [.init(4, 4, white)], build: viewSpring),
        GalleryScene("view-keyframes", "View animation", "UIView.animateKeyframes: four addKeyframe steps around a square path",
                     duration: 2, probes: [.init(4, 4, white)], build: viewKeyframes),
        GalleryScene("view-transition", "View animation", "UIView.transition(with:) cross-dissolving a view's new colour and shape",
                     duration: 1.2, probes: [.init(60, 60, rgb(0.9, 0.35, 0.2))],
                     changes: [.init(time: 0.05, apply: viewTransitionChange)], build: viewTransition),
        GalleryScene("worm-hud", "View animation", "the worm HUD popping in with animateKeyframes, spinning, then popping out",
                     duration: 2.4, probes: [.init(4, 4, rgb(0.9, 0.9, 0.92))], build: wormHUD),
    ]

    static func window() -> UIWindow {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: stageSize, height: stageSize))
        window.backgroundColor = .white
        window.makeKeyAndVisible()
        keep(window)
        return window
    }

    /// Scenes return their window's layer, and a layer does not hold its delegate: the gallery keeps every window
    /// it made alive, as an app delegate keeps its window (without it the views behind the layers are gone, and
    /// a scene's later changes find no view to change). Delegates that views hold weakly are kept the same way.
    static func keep(_ object: AnyObject) {
        keptWindowsLock.lock(); keptWindows.append(object); keptWindowsLock.unlock()
    }
    nonisolated(unsafe) private static var keptWindows: [AnyObject] = []
    private static let keptWindowsLock = NSLock()

    static func viewAnimate() -> CALayer {
        let window = window()
        let view = UIView(frame: CGRect(x: 10, y: 45, width: 30, height: 30))
        view.backgroundColor = UIColor(red: 0.9, green: 0.3, blue: 0.4, alpha: 1)
        view.layer.cornerRadius = 6
        window.addSubview(view)
        UIView.animate(withDuration: 1, delay: 0, options: [.curveEaseInOut, .autoreverse, .repeat]) {
            view.center = CGPoint(x: 95, y: 60)
            view.alpha = 0.3
        }
        return window.layer
    }

    static func viewSpring() -> CALayer {
        let window = window()
        let view = UIView(frame: CGRect(x: 45, y: 10, width: 30, height: 30))
        view.backgroundColor = UIColor(red: 0.3, green: 0.6, blue: 0.9, alpha: 1)
        view.layer.cornerRadius = 15
        window.addSubview(view)
        UIView.animate(withDuration: 1.2, delay: 0, usingSpringWithDamping: 0.4, initialSpringVelocity: 0, options: []) {
            view.center = CGPoint(x: 60, y: 85)
        }
        return window.layer
    }

    static func viewKeyframes() -> CALayer {
        let window = window()
        let view = UIView(frame: CGRect(x: 15, y: 15, width: 24, height: 24))
        view.backgroundColor = UIColor(red: 0.2, green: 0.7, blue: 0.4, alpha: 1)
        window.addSubview(view)
        UIView.animateKeyframes(withDuration: 2, delay: 0, options: [.calculationModeLinear]) {
            let corners = [CGPoint(x: 93, y: 27), CGPoint(x: 93, y: 93), CGPoint(x: 27, y: 93), CGPoint(x: 27, y: 27)]
            for (i, corner) in corners.enumerated() {
                UIView.addKeyframe(withRelativeStartTime: Double(i) * 0.25, relativeDuration: 0.25) { view.center = corner }
            }
        }
        return window.layer
    }

    static func viewTransition() -> CALayer {
        let window = window()
        let card = UIView(frame: CGRect(x: 20, y: 30, width: 80, height: 60))
        card.backgroundColor = UIColor(red: 0.9, green: 0.35, blue: 0.2, alpha: 1)
        card.tag = 1
        window.addSubview(card)
        return window.layer
    }

    static func viewTransitionChange(_ root: CALayer) {
        guard let window = root.delegate as? UIWindow, let card = window.viewWithTag(1) else { return }
        UIView.transition(with: card, duration: 1, options: [.transitionCrossDissolve]) {
            card.backgroundColor = UIColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1)
            card.layer.cornerRadius = 30
        }
    }

    static func wormHUD() -> CALayer {
        let window = window()
        window.backgroundColor = UIColor(red: 0.9, green: 0.9, blue: 0.92, alpha: 1)
        let hud = UIView(frame: CGRect(x: 20, y: 20, width: 80, height: 80))
        hud.backgroundColor = UIColor(white: 0.1, alpha: 0.85)
        hud.layer.cornerRadius = 14
        window.addSubview(hud)
        let worm = CAShapeLayer()
        worm.frame = hud.bounds
        worm.path = CGPath(ellipseIn: CGRect(x: 20, y: 20, width: 40, height: 40), transform: nil)
        worm.fillColor = nil
        worm.strokeColor = CGColor(red: 0.95, green: 0.6, blue: 0.2, alpha: 1)
        worm.lineWidth = 5
        worm.lineCap = .round
        worm.strokeEnd = 0.7
        worm.add(basic("transform.rotation.z", 0, 2 * Double.pi, duration: 0.8, repeats: true), forKey: "spin")
        hud.layer.addSublayer(worm)
        hud.transform = CGAffineTransform(scaleX: 0.01, y: 0.01)
        hud.alpha = 0
        // Pop in (overshoot and settle), stay, pop out.
        UIView.animateKeyframes(withDuration: 2.4, delay: 0, options: []) {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.12) {
                hud.transform = CGAffineTransform(scaleX: 1.15, y: 1.15); hud.alpha = 1
            }
            UIView.addKeyframe(withRelativeStartTime: 0.12, relativeDuration: 0.08) { hud.transform = .identity }
            UIView.addKeyframe(withRelativeStartTime: 0.8, relativeDuration: 0.08) { hud.transform = CGAffineTransform(scaleX: 1.15, y: 1.15) }
            UIView.addKeyframe(withRelativeStartTime: 0.88, relativeDuration: 0.12) {
                hud.transform = CGAffineTransform(scaleX: 0.01, y: 0.01); hud.alpha = 0
            }
        }
        return window.layer
    }
}
