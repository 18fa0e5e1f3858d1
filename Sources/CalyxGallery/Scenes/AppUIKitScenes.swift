import UIKit

/// Animation inside a real screen: a navigation push with its title cross-fade, a stack view closing up over a
/// hidden row, the stock controls moving, a HUD fading in, a button turning into a spinner, a custom presentation
/// animator, and a constraint's constant animated through `layoutIfNeeded()`.
extension Gallery {
    static let appUIKitScenes: [GalleryScene] = [
        GalleryScene("app-navigation-push", "App UIKit", "UINavigationController.pushViewController(_:animated:): the new screen slides in over the old, the bar's title cross-fades",
                     duration: 1.2, probes: [.init(60, 100, white), .init(30, 60, rgb(0.2, 0.5, 0.9))],
                     changes: [.init(time: 0.3, apply: pushDetail)], build: navigationScreen),
        GalleryScene("app-stack-collapse", "App UIKit", "a UIStackView row hidden inside UIView.animate: the rows below slide up, then back down when it returns",
                     duration: 2, probes: [.init(14, 20, rgb(0.9, 0.35, 0.2)), .init(100, 90, rgb(0.2, 0.7, 0.4))],
                     changes: [.init(time: 0.2, apply: { toggleRow($0, hidden: true) }), .init(time: 1.1, apply: { toggleRow($0, hidden: false) })],
                     build: stackScreen),
        GalleryScene("app-controls", "App UIKit", "UISwitch.setOn(animated:) sliding its thumb, UIProgressView.setProgress(animated:) filling, UIActivityIndicatorView spinning",
                     duration: 1.2, probes: [.init(4, 4, white)],
                     changes: [.init(time: 0.2, apply: moveControls)], build: controlsScreen),
        GalleryScene("app-hud", "App UIKit", "a HUD: a UILabel and a large spinner on a UIVisualEffectView whose blur fades in over the screen behind",
                     duration: 1.2, probes: [.init(4, 4, rgb(0.2, 0.5, 0.9))], build: hudScreen),
        GalleryScene("app-button-morph", "App UIKit", "a filled UIButton.Configuration button that shrinks into a circle with a spinner when tapped, and springs back",
                     duration: 2.2, probes: [.init(4, 4, white), .init(20, 60, rgb(0, 122.0 / 255, 1))],
                     changes: [.init(time: 0.2, apply: { morphButton($0, busy: true) }), .init(time: 1.3, apply: { morphButton($0, busy: false) })],
                     build: morphScreen),
        GalleryScene("app-custom-present", "App UIKit", "present(_:animated:) with a transitioning delegate's animator: the card zooms up from where it sat, then dismisses back",
                     duration: 2, probes: [.init(4, 4, white)],
                     changes: [.init(time: 0.2, apply: { zoomCard($0, present: true) }), .init(time: 1.1, apply: { zoomCard($0, present: false) })],
                     build: cardScreen),
        GalleryScene("app-constraint-expand", "App UIKit", "a height constraint's constant changed, then layoutIfNeeded() inside UIView.animate: the panel opens and the view below moves down",
                     duration: 2, probes: [.init(4, 4, white)],
                     changes: [.init(time: 0.2, apply: { expandPanel($0, open: true) }), .init(time: 1.1, apply: { expandPanel($0, open: false) })],
                     build: expandScreen),
    ]

    // MARK: HUD

    static func hudScreen() -> CALayer {
        let window = window()
        window.backgroundColor = UIColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1)
        for i in 0..<4 {
            let row = UIView(frame: CGRect(x: 10, y: 12 + CGFloat(i) * 26, width: 100, height: 14))
            row.backgroundColor = .white
            row.layer.cornerRadius = 4
            window.addSubview(row)
        }
        let hud = UIVisualEffectView(effect: nil)
        hud.frame = CGRect(x: 20, y: 20, width: 80, height: 80)
        hud.layer.cornerRadius = 12
        hud.clipsToBounds = true
        let spinner = UIActivityIndicatorView(style: .large)
        spinner.color = .darkGray
        spinner.center = CGPoint(x: 40, y: 34)
        spinner.startAnimating()
        let label = UILabel(frame: CGRect(x: 0, y: 56, width: 80, height: 16))
        label.text = "Loading"
        label.font = .systemFont(ofSize: 12, weight: .semibold)
        label.textAlignment = .center
        label.textColor = .darkGray
        for view in [spinner, label] as [UIView] { hud.contentView.addSubview(view) }
        hud.contentView.alpha = 0
        window.addSubview(hud)
        CATransaction.flush()
        UIView.animate(withDuration: 0.4, delay: 0.1, options: .curveEaseOut, animations: {
            hud.effect = UIBlurEffect(style: .light)
            hud.contentView.alpha = 1
        })
        return window.layer
    }

    // MARK: Button into spinner

    static func morphScreen() -> CALayer {
        let window = window()
        var configuration = UIButton.Configuration.filled()
        configuration.title = "Sign in"
        configuration.cornerStyle = .capsule
        let button = UIButton(configuration: configuration)
        button.tag = 1
        button.frame = CGRect(x: 15, y: 43, width: 90, height: 34)
        window.addSubview(button)
        let spinner = UIActivityIndicatorView(style: .medium)
        spinner.color = .white
        spinner.tag = 2
        spinner.center = CGPoint(x: 60, y: 60)
        window.addSubview(spinner)
        CATransaction.flush()
        return window.layer
    }

    static func morphButton(_ root: CALayer, busy: Bool) {
        guard let window = root.delegate as? UIWindow, let button = window.viewWithTag(1) as? UIButton,
              let spinner = window.viewWithTag(2) as? UIActivityIndicatorView else { return }
        if busy { button.configuration?.title = "" }
        UIView.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.75, initialSpringVelocity: 0, options: [], animations: {
            button.frame = busy ? CGRect(x: 43, y: 43, width: 34, height: 34) : CGRect(x: 15, y: 43, width: 90, height: 34)
            button.layoutIfNeeded()
        }, completion: { _ in
            if !busy { button.configuration?.title = "Sign in" }
        })
        if busy { spinner.startAnimating() } else { spinner.stopAnimating() }
    }

    // MARK: Custom presentation

    /// Zooms the presented view up from the card's frame, and back down to it when dismissed.
    final class ZoomAnimator: NSObject, UIViewControllerAnimatedTransitioning, UIViewControllerTransitioningDelegate, @unchecked Sendable {
        let origin: CGRect
        var presenting = true
        init(origin: CGRect) { self.origin = origin }

        func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                 source: UIViewController) -> UIViewControllerAnimatedTransitioning? { self.presenting = true; return self }
        func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? { presenting = false; return self }
        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.6 }

        func animateTransition(using context: UIViewControllerContextTransitioning) {
            let key: UITransitionContextViewControllerKey = presenting ? .to : .from
            guard let controller = context.viewController(forKey: key) else { context.completeTransition(false); return }
            let view: UIView = controller.view
            let full = presenting ? context.finalFrame(for: controller) : view.frame
            let scale = CGAffineTransform(scaleX: origin.width / full.width, y: origin.height / full.height)
            let small = CGPoint(x: origin.midX, y: origin.midY), centre = CGPoint(x: full.midX, y: full.midY)
            if presenting {
                view.frame = full
                view.transform = scale
                view.center = small
                view.layer.cornerRadius = 8
                context.containerView.addSubview(view)
            }
            UIView.animate(withDuration: 0.6, delay: 0, usingSpringWithDamping: 0.85, initialSpringVelocity: 0, options: [], animations: {
                view.transform = self.presenting ? .identity : scale
                view.center = self.presenting ? centre : small
            }, completion: { _ in context.completeTransition(true) })
        }
    }

    static func cardScreen() -> CALayer {
        let window = window()
        let home = UIViewController()
        home.loadViewIfNeeded()
        home.view.backgroundColor = .white
        let card = UIView(frame: CGRect(x: 30, y: 40, width: 60, height: 40))
        card.backgroundColor = UIColor(red: 0.9, green: 0.35, blue: 0.2, alpha: 1)
        card.layer.cornerRadius = 8
        home.view.addSubview(card)
        window.rootViewController = home
        CATransaction.flush()
        return window.layer
    }

    static func zoomCard(_ root: CALayer, present: Bool) {
        guard let window = root.delegate as? UIWindow, let home = window.rootViewController else { return }
        if present {
            let detail = UIViewController()
            detail.loadViewIfNeeded()
            detail.view.backgroundColor = UIColor(red: 0.9, green: 0.35, blue: 0.2, alpha: 1)
            let line = UIView(frame: CGRect(x: 15, y: 20, width: 90, height: 10))
            line.backgroundColor = .white
            detail.view.addSubview(line)
            let animator = ZoomAnimator(origin: CGRect(x: 30, y: 40, width: 60, height: 40))
            keep(animator)
            detail.transitioningDelegate = animator
            detail.modalPresentationStyle = .custom
            home.present(detail, animated: true)
        } else {
            home.dismiss(animated: true)
        }
    }

    // MARK: Constraint-driven expansion

    static func expandScreen() -> CALayer {
        let window = window()
        let header = UIView(), panel = UIView(), footer = UIView()
        header.backgroundColor = UIColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1)
        panel.backgroundColor = UIColor(red: 0.85, green: 0.9, blue: 0.98, alpha: 1)
        footer.backgroundColor = UIColor(red: 0.2, green: 0.7, blue: 0.4, alpha: 1)
        panel.clipsToBounds = true
        for view in [header, panel, footer] {
            view.translatesAutoresizingMaskIntoConstraints = false
            view.layer.cornerRadius = 4
            window.addSubview(view)
        }
        let text = UILabel()
        text.text = "More details"
        text.font = .systemFont(ofSize: 12)
        text.translatesAutoresizingMaskIntoConstraints = false
        panel.addSubview(text)
        let height = panel.heightAnchor.constraint(equalToConstant: 0)
        height.identifier = "panel-height"
        var constraints = [height]
        for view in [header, panel, footer] {
            constraints += [view.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 10),
                            view.trailingAnchor.constraint(equalTo: window.trailingAnchor, constant: -10)]
        }
        constraints += [header.topAnchor.constraint(equalTo: window.topAnchor, constant: 10),
                        header.heightAnchor.constraint(equalToConstant: 24),
                        panel.topAnchor.constraint(equalTo: header.bottomAnchor, constant: 4),
                        footer.topAnchor.constraint(equalTo: panel.bottomAnchor, constant: 4),
                        footer.heightAnchor.constraint(equalToConstant: 24),
                        text.leadingAnchor.constraint(equalTo: panel.leadingAnchor, constant: 8),
                        text.topAnchor.constraint(equalTo: panel.topAnchor, constant: 8)]
        NSLayoutConstraint.activate(constraints)
        window.layoutIfNeeded()
        CATransaction.flush()
        return window.layer
    }

    static func expandPanel(_ root: CALayer, open: Bool) {
        guard let window = root.delegate as? UIWindow,
              let height = window.subviews.flatMap(\.constraints).first(where: { $0.identifier == "panel-height" }) else { return }
        height.constant = open ? 48 : 0
        UIView.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.8, initialSpringVelocity: 0, options: [], animations: {
            window.layoutIfNeeded()
        })
    }

    // MARK: Navigation

    static func navigationScreen() -> CALayer {
        let window = window()
        let inbox = UIViewController()
        inbox.title = "Inbox"
        inbox.loadViewIfNeeded()
        let card = UIView(frame: CGRect(x: 10, y: 10, width: 100, height: 30))
        card.backgroundColor = UIColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1)
        card.layer.cornerRadius = 6
        inbox.view.addSubview(card)
        let navigation = UINavigationController(rootViewController: inbox)
        navigation.navigationBar.barTintColor = UIColor(white: 0.96, alpha: 1)
        window.rootViewController = navigation
        CATransaction.flush()
        return window.layer
    }

    static func pushDetail(_ root: CALayer) {
        guard let window = root.delegate as? UIWindow, let navigation = window.rootViewController as? UINavigationController else { return }
        let detail = UIViewController()
        detail.title = "Mail"
        detail.loadViewIfNeeded()
        detail.view.backgroundColor = UIColor(red: 0.98, green: 0.93, blue: 0.85, alpha: 1)
        let text = UILabel(frame: CGRect(x: 10, y: 10, width: 100, height: 40))
        text.text = "Hello from\nCalyx"
        text.numberOfLines = 0
        text.font = .systemFont(ofSize: 14)
        detail.view.addSubview(text)
        navigation.pushViewController(detail, animated: true)
    }

    // MARK: Stack view

    static func stackScreen() -> CALayer {
        let window = window()
        let colours: [(String, UIColor)] = [("Red", UIColor(red: 0.9, green: 0.35, blue: 0.2, alpha: 1)),
                                            ("Orange", UIColor(red: 0.95, green: 0.6, blue: 0.1, alpha: 1)),
                                            ("Green", UIColor(red: 0.2, green: 0.7, blue: 0.4, alpha: 1))]
        let rows = colours.map { name, colour -> UIView in
            let row = UIView()
            row.backgroundColor = colour
            row.layer.cornerRadius = 4
            let label = UILabel()
            label.text = name
            label.textColor = .white
            label.font = .boldSystemFont(ofSize: 13)
            label.translatesAutoresizingMaskIntoConstraints = false
            row.addSubview(label)
            NSLayoutConstraint.activate([label.centerXAnchor.constraint(equalTo: row.centerXAnchor),
                                         label.centerYAnchor.constraint(equalTo: row.centerYAnchor),
                                         row.heightAnchor.constraint(equalToConstant: 28)])
            return row
        }
        let stack = UIStackView(arrangedSubviews: rows)
        stack.axis = .vertical
        stack.spacing = 6
        stack.tag = 1
        stack.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(stack)
        NSLayoutConstraint.activate([stack.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 8),
                                     stack.trailingAnchor.constraint(equalTo: window.trailingAnchor, constant: -8),
                                     stack.topAnchor.constraint(equalTo: window.topAnchor, constant: 8)])
        window.layoutIfNeeded()
        CATransaction.flush()
        return window.layer
    }

    static func toggleRow(_ root: CALayer, hidden: Bool) {
        guard let window = root.delegate as? UIWindow, let stack = window.viewWithTag(1) as? UIStackView else { return }
        UIView.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.8, initialSpringVelocity: 0, options: [], animations: {
            stack.arrangedSubviews[1].isHidden = hidden
            window.layoutIfNeeded()
        })
    }

    // MARK: Controls

    static func controlsScreen() -> CALayer {
        let window = window()
        let toggle = UISwitch(frame: CGRect(x: 35, y: 12, width: 0, height: 0))
        toggle.tag = 1
        let progress = UIProgressView(progressViewStyle: .default)
        progress.frame = CGRect(x: 12, y: 60, width: 96, height: 4)
        progress.progress = 0.1
        progress.tag = 2
        let spinner = UIActivityIndicatorView(style: .large)
        spinner.center = CGPoint(x: 60, y: 95)
        spinner.startAnimating()
        for view in [toggle, progress, spinner] as [UIView] { window.addSubview(view) }
        CATransaction.flush()
        return window.layer
    }

    static func moveControls(_ root: CALayer) {
        guard let window = root.delegate as? UIWindow else { return }
        (window.viewWithTag(1) as? UISwitch)?.setOn(true, animated: true)
        (window.viewWithTag(2) as? UIProgressView)?.setProgress(0.8, animated: true)
    }
}
