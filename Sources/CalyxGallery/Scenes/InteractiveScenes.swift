import UIKit

/// Animation driven by a finger: a pan scrubbing a property animator and then letting it finish, a pan driving a
/// navigation pop through `UIPercentDrivenInteractiveTransition`, a flicked scroll view, and a table's rows
/// inserted and deleted with animation. The finger is scripted: each change
/// sends the window a pointer event, as SDL's events do in a live window.
extension Gallery {
    static let interactiveScenes: [GalleryScene] = [
        GalleryScene("app-pan-card", "App UIKit", "a UIPanGestureRecognizer scrubbing a UIViewPropertyAnimator (fractionComplete follows the finger), then released: the card finishes rising on its own",
                     duration: 1.8, probes: [.init(4, 4, white)],
                     changes: finger(from: CGPoint(x: 60, y: 108), to: CGPoint(x: 60, y: 58), start: 0.2, end: 0.9),
                     build: panCardScreen),
        GalleryScene("app-interactive-pop", "App UIKit", "a pan driving UINavigationController's pop through UIPercentDrivenInteractiveTransition: the screen follows the finger, then the pop finishes when it lets go",
                     duration: 1.8, probes: [.init(60, 100, rgb(0.2, 0.5, 0.9))],
                     changes: finger(from: CGPoint(x: 10, y: 80), to: CGPoint(x: 80, y: 80), start: 0.2, end: 0.9),
                     build: interactivePopScreen),
        GalleryScene("scroll-flick-bounce", "App UIKit", "a UIScrollView flicked: the rows coast, slowing by decelerationRate each millisecond, run into the end and bounce back",
                     duration: 2.4, probes: [.init(60, 8, rgb(0.2, 0.5, 0.9))],
                     changes: finger(from: CGPoint(x: 60, y: 110), to: CGPoint(x: 60, y: 30), start: 0.1, end: 0.2),
                     build: scrollListScreen),
        GalleryScene("table-row-animations", "App UIKit", "UITableView.performBatchUpdates: a row fades in, one slides out to the left, one drops in from the top, and the rows between move to make room",
                     duration: 2.2, probes: [.init(60, 110, white), .init(100, 10, rgb(0.75, 1, 0.65))],
                     changes: [.init(time: 0.2, apply: { editTable($0, step: 0) }), .init(time: 1.0, apply: { editTable($0, step: 1) })],
                     build: tableScreen),
    ]

    /// A finger put down at `from` at `start`, moved in steady steps, and lifted at `to` at `end`.
    static func finger(from: CGPoint, to: CGPoint, start: CFTimeInterval, end: CFTimeInterval) -> [GalleryScene.Change] {
        let steps = 8
        return (0...steps).map { i in
            let f = CGFloat(i) / CGFloat(steps)
            let point = CGPoint(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f)
            let phase: UITouch.Phase = i == 0 ? .began : i == steps ? .ended : .moved
            return GalleryScene.Change(time: start + (end - start) * Double(f)) { root in
                (root.delegate as? UIWindow)?.sendPointer(phase, at: point)
            }
        }
    }

    // MARK: A card scrubbed by a pan

    static func panCardScreen() -> CALayer {
        let window = window()
        let card = UIView(frame: CGRect(x: 30, y: 70, width: 60, height: 40))
        card.backgroundColor = UIColor(red: 0.9, green: 0.35, blue: 0.2, alpha: 1)
        card.layer.cornerRadius = 8
        window.addSubview(card)
        var animator: UIViewPropertyAnimator?
        let pan = UIPanGestureRecognizer { recognizer in
            guard let pan = recognizer as? UIPanGestureRecognizer else { return }
            switch pan.state {
            case .began:
                // Up to the top, growing and turning a little, paused so the finger can scrub it.
                let rise = UIViewPropertyAnimator(duration: 0.6, curve: .easeOut) {
                    card.center = CGPoint(x: 60, y: 35)
                    card.transform = CGAffineTransform(rotationAngle: -0.15).scaledBy(x: 1.25, y: 1.25)
                    card.backgroundColor = UIColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1)
                }
                rise.pauseAnimation()
                animator = rise
            case .changed:
                // Sixty points of drag is the whole way.
                animator?.fractionComplete = min(max(-pan.translation(in: card.superview).y / 60, 0), 1)
            case .ended, .cancelled:
                animator?.continueAnimation(withTimingParameters: nil, durationFactor: 0)
            default: break
            }
        }
        card.addGestureRecognizer(pan)
        CATransaction.flush()
        return window.layer
    }

    // MARK: A pop that follows the finger

    /// Hands the navigation controller the interaction while a pan is under way.
    final class PanPopDriver: NSObject, UINavigationControllerDelegate, @unchecked Sendable {
        var interaction: UIPercentDrivenInteractiveTransition?
        func navigationController(_ navigationController: UINavigationController,
                                  interactionControllerFor animationController: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
            interaction
        }
    }

    static func interactivePopScreen() -> CALayer {
        let window = window()
        let list = UIViewController(), detail = UIViewController()
        list.title = "Inbox"
        detail.title = "Message"
        list.view.backgroundColor = UIColor(red: 0.9, green: 0.35, blue: 0.2, alpha: 1)
        detail.view.backgroundColor = UIColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1)
        let navigation = UINavigationController(rootViewController: list)
        navigation.pushViewController(detail, animated: false)
        let driver = PanPopDriver()
        keep(driver)
        navigation.delegate = driver
        window.rootViewController = navigation
        let pan = UIPanGestureRecognizer { recognizer in
            guard let pan = recognizer as? UIPanGestureRecognizer, let view = pan.view else { return }
            let progress = min(max(pan.translation(in: view).x / view.bounds.width, 0), 1)
            switch pan.state {
            case .began:
                driver.interaction = UIPercentDrivenInteractiveTransition()
                navigation.popViewController(animated: true)
            case .changed:
                driver.interaction?.update(progress)
            case .ended:
                // Past a third of the way, or flung right: the pop goes through; otherwise it goes back.
                if progress > 0.33 || pan.velocity(in: view).x > 300 { driver.interaction?.finish() } else { driver.interaction?.cancel() }
                driver.interaction = nil
            case .cancelled:
                driver.interaction?.cancel()
                driver.interaction = nil
            default: break
            }
        }
        detail.view.addGestureRecognizer(pan)
        CATransaction.flush()
        return window.layer
    }

    // MARK: A flicked list

    static func scrollListScreen() -> CALayer {
        let window = window()
        let scroll = UIScrollView(frame: window.bounds)
        let rowHeight: CGFloat = 24
        let colors = [UIColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1), UIColor(red: 0.9, green: 0.35, blue: 0.2, alpha: 1),
                      UIColor(red: 0.2, green: 0.7, blue: 0.4, alpha: 1), UIColor(red: 0.95, green: 0.75, blue: 0.2, alpha: 1)]
        for i in 0..<12 {
            let row = UIView(frame: CGRect(x: 6, y: CGFloat(i) * rowHeight + 2, width: 108, height: rowHeight - 4))
            row.backgroundColor = colors[i % colors.count]
            row.layer.cornerRadius = 4
            scroll.addSubview(row)
        }
        scroll.contentSize = CGSize(width: 120, height: 12 * rowHeight)
        window.addSubview(scroll)
        CATransaction.flush()
        return window.layer
    }

    // MARK: A table's row animations

    /// The table's rows: coloured names, kept where the scene's changes can edit them.
    final class FruitRows: NSObject, UITableViewDataSource, @unchecked Sendable {
        var names = ["Apple", "Banana", "Cherry", "Damson"]
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { names.count }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "fruit", for: indexPath)
            let name = names[indexPath.row]
            cell.textLabel?.text = name
            cell.textLabel?.font = .systemFont(ofSize: 13)
            let hue = CGFloat(name.unicodeScalars.first!.value % 7) / 7
            cell.backgroundColor = UIColor(hue: hue, saturation: 0.35, brightness: 1, alpha: 1)
            return cell
        }
    }

    static func tableScreen() -> CALayer {
        let window = window()
        let rows = FruitRows()
        keep(rows)
        let table = UITableView(frame: window.bounds, style: .plain)
        table.rowHeight = 24
        table.register(UITableViewCell.self, forCellReuseIdentifier: "fruit")
        table.dataSource = rows
        window.addSubview(table)
        CATransaction.flush()
        return window.layer
    }

    static func editTable(_ root: CALayer, step: Int) {
        guard let window = root.delegate as? UIWindow, let table = window.subviews.first as? UITableView,
              let rows = table.dataSource as? FruitRows else { return }
        table.performBatchUpdates {
            if step == 0 {
                rows.names.insert("Elder", at: 1)
                table.insertRows(at: [IndexPath(row: 1, section: 0)], with: .fade)
            } else {
                rows.names.remove(at: 0)
                rows.names.insert("Fig", at: 2)
                table.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .left)
                table.insertRows(at: [IndexPath(row: 2, section: 0)], with: .top)
            }
        }
    }
}
