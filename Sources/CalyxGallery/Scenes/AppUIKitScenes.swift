import UIKit

/// Animation inside a real screen: a navigation push with its title cross-fade, a stack view closing up over a
/// hidden row, and the stock controls moving (a switch sliding on, a progress bar filling, the spinner).
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
    ]

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
