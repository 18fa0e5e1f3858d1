import Testing
import Foundation
import UIKit

/// The pass before layout (where a constraint solver plugs in): views that called `setNeedsUpdateConstraints()`
/// get `updateConstraints()` at the next commit or `layoutIfNeeded()`, subviews before superviews, all before
/// any `layoutSubviews`, each once; a view that asks again from inside is not looped on forever.
@Suite struct ConstraintUpdatePassTests {
    final class Log: @unchecked Sendable { var calls: [String] = [] }

    final class Node: UIView, @unchecked Sendable {
        let name: String
        let log: Log
        var askAgain = false
        init(_ name: String, log: Log) { self.name = name; self.log = log; super.init(frame: CGRect(x: 0, y: 0, width: 10, height: 10)) }
        required init?(coder: NSCoder) { nil }
        override func updateConstraints() {
            log.calls.append("\(name).updateConstraints")
            if askAgain { setNeedsUpdateConstraints() }
            super.updateConstraints()
        }
        override func layoutSubviews() { log.calls.append("\(name).layoutSubviews") }
    }

    func tree(_ log: Log) -> (Node, Node, Node) {
        let root = Node("root", log: log), middle = Node("middle", log: log), leaf = Node("leaf", log: log)
        root.addSubview(middle)
        middle.addSubview(leaf)
        return (root, middle, leaf)
    }

    @Test func theCommitUpdatesConstraintsDeepestFirstThenLaysOut() {
        let log = Log()
        let (root, _, leaf) = tree(log)
        CATransaction.flush()
        log.calls = []
        root.setNeedsUpdateConstraints()
        leaf.setNeedsUpdateConstraints()
        #expect(root.needsUpdateConstraints() && leaf.needsUpdateConstraints())
        CATransaction.flush()
        #expect(log.calls == ["leaf.updateConstraints", "root.updateConstraints", "root.layoutSubviews", "leaf.layoutSubviews"])
        #expect(!root.needsUpdateConstraints() && !leaf.needsUpdateConstraints())
    }

    @Test func layoutIfNeededUpdatesConstraintsFirst() {
        let log = Log()
        let (root, middle, _) = tree(log)
        middle.setNeedsUpdateConstraints()
        root.setNeedsLayout()
        log.calls = []
        root.layoutIfNeeded()
        #expect(Array(log.calls.prefix(2)) == ["middle.updateConstraints", "root.layoutSubviews"])
        CATransaction.flush()
        #expect(log.calls.filter { $0.hasSuffix("updateConstraints") } == ["middle.updateConstraints"])   // once
    }

    @Test func aViewThatAlwaysAsksAgainStopsAtTheLayoutBound() {
        let log = Log()
        let (root, _, _) = tree(log)
        CATransaction.flush()
        root.askAgain = true
        root.setNeedsUpdateConstraints()
        log.calls = []
        CATransaction.flush()
        let updates = log.calls.filter { $0 == "root.updateConstraints" }.count
        #expect(updates >= 1 && updates <= 32)
    }
}
