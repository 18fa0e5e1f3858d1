import CoreGraphics
import UIKit

extension ProgramGenerator {
    /// Modal presentation and navigation with every style, animated or not, nested and interleaved, whose
    /// completions and appearance callbacks edit the window's tree while transitions run.
    mutating func presentationCall(_ a: Int) -> ProgramCall {
        let steps = (0..<values.int(1...6)).map { _ in values.int(0...6) }
        let presentation = values.int(-2...7), transition = values.int(0...3), animated = values.chance(0.6)
        let source = "root in window; steps \(steps) (present style \(presentation), transition \(transition), animated \(animated)) with V[\(a)]"
        return ProgramCall(source: source) { w in
            let root = EditingViewController(world: w, a: a)
            let navigation = UINavigationController(rootViewController: root)
            w.window.rootViewController = navigation
            var made: [UIViewController] = [navigation, root]
            for step in steps {
                let next = EditingViewController(world: w, a: a)
                next.modalPresentationStyle = UIModalPresentationStyle(rawValue: presentation) ?? .automatic
                next.modalTransitionStyle = UIModalTransitionStyle(rawValue: transition) ?? .coverVertical
                switch step {
                case 0: (made.last ?? root).present(next, animated: animated) { w.completions += 1; w.view(a)?.removeFromSuperview() }
                case 1: made.last?.dismiss(animated: animated) { w.completions += 1 }
                case 2: navigation.pushViewController(next, animated: animated)
                case 3: _ = navigation.popViewController(animated: animated)
                case 4: navigation.setViewControllers([next, root], animated: animated)
                case 5: _ = navigation.popToRootViewController(animated: animated)
                default:
                    // The presenter goes away while it presents.
                    w.window.rootViewController = nil
                    navigation.present(next, animated: animated)
                }
                made.append(next)
            }
            w.observe(navigation.viewControllers.count)
            w.observe(navigation.presentedViewController != nil)
            w.views.append(navigation.view); w.layers.append(navigation.view.layer)
        }
    }
}

/// A view controller whose appearance callbacks edit the world's views, as screens that start animations in
/// `viewWillAppear` and tear them down in `viewDidDisappear` do.
private final class EditingViewController: UIViewController, @unchecked Sendable {
    unowned let world: ProgramWorld
    let a: Int

    init(world: ProgramWorld, a: Int) {
        self.world = world; self.a = a
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { nil }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        if let other = world.view(a) { view.addSubview(other) }
        UIView.animate(withDuration: 0.2) { self.view.alpha = 0.5 }
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        view.subviews.first?.removeFromSuperview()
        world.completions += 1
    }
}
