import Testing
import Foundation
import UIKit

/// `UIViewController` as iOS documents it: the view loads on first use (`loadView`, then `viewDidLoad`, once);
/// a window's root controller's view fills the window and appears between `viewWillAppear` and `viewDidAppear`;
/// the controller sits in the responder chain between its view and the view's superview; children get
/// `willMove(toParent:)` from `addChild` and `didMove(toParent: nil)` from `removeFromParent`, and appear with
/// their parent; layout is bracketed by `viewWillLayoutSubviews`/`viewDidLayoutSubviews`.
@Suite struct ViewControllerTests {
    final class Log: @unchecked Sendable { var calls: [String] = [] }

    final class LoggingView: UIView, @unchecked Sendable {
        let log: Log
        init(log: Log) { self.log = log; super.init(frame: .zero) }
        required init?(coder: NSCoder) { nil }
        override func didMoveToWindow() { log.calls.append("view.didMoveToWindow") }
        override func layoutSubviews() { log.calls.append("view.layoutSubviews") }
    }

    final class Controller: UIViewController, @unchecked Sendable {
        let log: Log
        let name: String
        init(_ name: String, log: Log) { self.log = log; self.name = name; super.init(nibName: nil, bundle: nil) }
        required init?(coder: NSCoder) { nil }
        override func loadView() { log.calls.append("\(name).loadView"); view = LoggingView(log: log) }
        override func viewDidLoad() { log.calls.append("\(name).viewDidLoad") }
        override func viewWillAppear(_ animated: Bool) { log.calls.append("\(name).viewWillAppear") }
        override func viewDidAppear(_ animated: Bool) { log.calls.append("\(name).viewDidAppear") }
        override func viewWillDisappear(_ animated: Bool) { log.calls.append("\(name).viewWillDisappear") }
        override func viewDidDisappear(_ animated: Bool) { log.calls.append("\(name).viewDidDisappear") }
        override func viewWillLayoutSubviews() { log.calls.append("\(name).viewWillLayoutSubviews") }
        override func viewDidLayoutSubviews() { log.calls.append("\(name).viewDidLayoutSubviews") }
        override func willMove(toParent parent: UIViewController?) { log.calls.append("\(name).willMove(\(parent == nil ? "nil" : "parent"))") }
        override func didMove(toParent parent: UIViewController?) { log.calls.append("\(name).didMove(\(parent == nil ? "nil" : "parent"))") }
    }

    @Test func theViewLoadsOnceOnFirstUse() {
        let log = Log()
        let controller = Controller("c", log: log)
        #expect(!controller.isViewLoaded && controller.viewIfLoaded == nil && log.calls.isEmpty)
        _ = controller.view
        _ = controller.view
        #expect(controller.isViewLoaded && log.calls == ["c.loadView", "c.viewDidLoad"])
        #expect(UIViewController().view.bounds == UIScreen.main.bounds)   // the default view is the screen's size
    }

    @Test func aRootControllerAppearsAndFillsTheWindow() {
        let log = Log()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let first = Controller("first", log: log)
        window.rootViewController = first
        #expect(log.calls == ["first.loadView", "first.viewDidLoad", "first.viewWillAppear", "view.didMoveToWindow", "first.viewDidAppear"])
        #expect(first.view.frame == window.bounds && first.view.superview === window)
        #expect(first.view.next === first && first.next === window)

        log.calls = []
        let second = Controller("second", log: log)
        window.rootViewController = second
        #expect(log.calls == ["first.viewWillDisappear", "view.didMoveToWindow", "first.viewDidDisappear",
                              "second.loadView", "second.viewDidLoad", "second.viewWillAppear", "view.didMoveToWindow",
                              "second.viewDidAppear"])
        #expect(first.view.superview == nil && first.view.next === first && first.next == nil)
    }

    @Test func childrenJoinLeaveAndAppearWithTheirParent() {
        let log = Log()
        let parent = Controller("parent", log: log)
        let child = Controller("child", log: log)
        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        #expect(parent.children.count == 1 && child.parent === parent)
        log.calls = []
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.rootViewController = parent
        #expect(log.calls.filter { !$0.hasPrefix("view.") } ==
                ["parent.viewWillAppear", "child.viewWillAppear", "parent.viewDidAppear", "child.viewDidAppear"])
        log.calls = []
        child.willMove(toParent: nil)
        child.view.removeFromSuperview()
        child.removeFromParent()
        #expect(log.calls.filter { !$0.hasPrefix("view.") } == ["child.willMove(nil)", "child.didMove(nil)"])
        #expect(parent.children.isEmpty && child.parent == nil)
        parent.addChild(parent)   // a controller cannot be its own child
        #expect(parent.children.isEmpty)
    }

    @Test func layoutIsBracketedByTheControllersCallbacks() {
        let log = Log()
        let controller = Controller("c", log: log)
        _ = controller.view
        log.calls = []
        controller.view.setNeedsLayout()
        controller.view.layoutIfNeeded()
        #expect(log.calls == ["c.viewWillLayoutSubviews", "view.layoutSubviews", "c.viewDidLayoutSubviews"])
    }

    /// Found by the random programs (seed 76878): a screen's `viewWillAppear` moved the navigation controller's view
    /// into its own child's view, and touches forwarded along the responder chain went round forever.
    @Test func aParentWhoseViewSitsInsideItsChildsViewEndsTheChainInsteadOfCycling() {
        let parent = UIViewController(), child = UIViewController()
        parent.addChild(child)
        child.view.addSubview(parent.view)   // the child's view is in no hierarchy; the parent's view is inside it
        var chain: [UIResponder] = []
        var responder: UIResponder? = parent.view
        while let r = responder, chain.count < 100 { chain.append(r); responder = r.next }
        #expect(chain.count == 4)   // parent.view → parent → child.view → child, then nothing
        #expect(chain.last === child && child.next == nil)
        parent.view.touchesCancelled([], with: nil)   // forwarded along the chain: ends
    }
}
