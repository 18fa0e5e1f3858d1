import Testing
import Foundation
import UIKit

/// The hierarchy notifications iOS views override (`willMove(toSuperview:)`, `didMoveToWindow()`, …): each is
/// called when UIKit's documentation says, in the order iOS logs show. For a removal from a view in a window,
/// published iOS logs read willMoveToSuperview(nil), willMoveToWindow(nil), didMoveToWindow, didMoveToSuperview;
/// an addition into a window is the mirror image, and the superview hears `willRemoveSubview` before and
/// `didAddSubview` after (UIView class reference).
@Suite struct ViewHierarchyNotificationTests {
    /// Records every notification it receives, as "name(argument)".
    final class LoggingView: UIView, @unchecked Sendable {
        let label: String
        let log: Log
        init(_ label: String, log: Log) {
            self.label = label
            self.log = log
            super.init(frame: .zero)
        }
        required init?(coder: NSCoder) { fatalError() }

        override func willMove(toSuperview newSuperview: UIView?) { log.add("\(label).willMoveToSuperview(\(name(newSuperview)))") }
        override func didMoveToSuperview() { log.add("\(label).didMoveToSuperview(\(name(superview)))") }
        override func willMove(toWindow newWindow: UIWindow?) { log.add("\(label).willMoveToWindow(\(name(newWindow)))") }
        override func didMoveToWindow() { log.add("\(label).didMoveToWindow(\(name(window)))") }
        override func didAddSubview(_ subview: UIView) { log.add("\(label).didAddSubview(\(name(subview)))") }
        override func willRemoveSubview(_ subview: UIView) { log.add("\(label).willRemoveSubview(\(name(subview)))") }

        private func name(_ view: UIView?) -> String {
            switch view {
            case nil: return "nil"
            case let logging as LoggingView: return logging.label
            case is UIWindow: return "window"
            default: return "?"
            }
        }
    }

    final class Log: @unchecked Sendable {
        var entries: [String] = []
        func add(_ entry: String) { entries.append(entry) }
        func take() -> [String] { defer { entries = [] }; return entries }
    }

    @Test func addingIntoAWindowTellsTheViewItsSubviewsAndTheSuperview() {
        let log = Log()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let parent = LoggingView("parent", log: log)
        window.addSubview(parent)
        _ = log.take()
        let child = LoggingView("child", log: log), grandchild = LoggingView("grandchild", log: log)
        child.addSubview(grandchild)
        #expect(log.take() == ["grandchild.willMoveToSuperview(child)", "grandchild.didMoveToSuperview(child)",
                               "child.didAddSubview(grandchild)"], "no window before or after: no window calls")

        parent.addSubview(child)
        #expect(log.take() == [
            "child.willMoveToSuperview(parent)",
            "child.willMoveToWindow(window)", "grandchild.willMoveToWindow(window)",
            "child.didMoveToWindow(window)", "grandchild.didMoveToWindow(window)",
            "child.didMoveToSuperview(parent)",
            "parent.didAddSubview(child)",
        ])
    }

    @Test func removingFromAWindowIsTheMirrorImage() {
        let log = Log()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let parent = LoggingView("parent", log: log), child = LoggingView("child", log: log)
        window.addSubview(parent)
        parent.addSubview(child)
        _ = log.take()

        child.removeFromSuperview()
        #expect(log.take() == [
            "parent.willRemoveSubview(child)",
            "child.willMoveToSuperview(nil)",
            "child.willMoveToWindow(nil)", "child.didMoveToWindow(nil)",
            "child.didMoveToSuperview(nil)",
        ])
        child.removeFromSuperview()
        #expect(log.take().isEmpty, "a view with no superview is not moved")
    }

    @Test func movingBetweenSuperviewsInOneWindowTellsBothSuperviewsButNotTheWindow() {
        let log = Log()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let a = LoggingView("a", log: log), b = LoggingView("b", log: log), child = LoggingView("child", log: log)
        window.addSubview(a); window.addSubview(b)
        a.addSubview(child)
        _ = log.take()

        b.addSubview(child)
        #expect(log.take() == ["child.willMoveToSuperview(b)", "a.willRemoveSubview(child)",
                               "child.didMoveToSuperview(b)", "b.didAddSubview(child)"])
        #expect(a.subviews.isEmpty && b.subviews.count == 1 && child.superview === b)
        #expect(child.layer.superlayer === b.layer)
    }

    @Test func reorderingSiblingsIsNoMove() {
        let log = Log()
        let parent = LoggingView("parent", log: log)
        let first = LoggingView("first", log: log), second = LoggingView("second", log: log)
        parent.addSubview(first); parent.addSubview(second)
        _ = log.take()

        parent.bringSubviewToFront(first)
        parent.addSubview(second)
        #expect(log.take().isEmpty)
        #expect(parent.subviews.map { ($0 as! LoggingView).label } == ["first", "second"])
        #expect(parent.layer.sublayers?.map { $0.delegate as? LoggingView }.map { $0?.label } == ["first", "second"])
    }

    final class TintWatcher: UIView, @unchecked Sendable {
        var changes = 0
        override func tintColorDidChange() { changes += 1 }
    }

    /// `tintColorDidChange()` runs when the tint a view shows changes: set on it, set on an ancestor it inherits
    /// from, or inherited anew by moving; not for a subview with a tint of its own, nor for a set to the same tint.
    @Test func tintChangesReachTheViewsThatInheritThem() {
        let parent = TintWatcher(), child = TintWatcher(), ownTint = TintWatcher()
        parent.addSubview(child); parent.addSubview(ownTint)
        ownTint.tintColor = .green
        #expect(ownTint.changes == 1)
        parent.tintColor = .red
        #expect(parent.changes == 1 && child.changes == 1 && ownTint.changes == 1)
        parent.tintColor = .red
        #expect(parent.changes == 1, "the same tint again is no change")
        child.removeFromSuperview()
        #expect(child.changes == 2, "back to the default blue")
        let other = TintWatcher()
        other.addSubview(child)
        #expect(child.changes == 2, "blue under a parent with no tint either")
    }
}
