import QuartzCore

/// UIKit's constraint pass, run by each commit before layout (QuartzCore's `LayoutPasses`): every view that asked
/// with `setNeedsUpdateConstraints()` gets `updateConstraints()`, deepest views first, as iOS runs it. This is
/// where a constraint solver turns constraints into frames before `layoutSubviews`.
enum ConstraintUpdatePass {
    /// Installs the pass the first time a view asks for it (a constant: evaluated once).
    static let installOnce: Void = LayoutPasses.install("UIKit.updateConstraints") { flagged in run(over: flagged) }

    /// The commit's round: views behind the flagged layers that need a constraint update, deepest first.
    static func run(over flagged: [CALayer]) {
        let views = flagged.compactMap { $0.delegate as? UIView }.filter(\.constraintsNeedUpdate)
        for view in views.map({ ($0, depth(of: $0)) }).sorted(by: { $0.1 > $1.1 }).map(\.0) where view.constraintsNeedUpdate {
            update(subtreeOf: view)
        }
    }

    /// Subviews before their superview; each flag is cleared before its view's `updateConstraints()` runs, so a
    /// view that asks again from inside is updated at the next pass rather than looping.
    static func update(subtreeOf view: UIView) {
        if view.constraintsNeedUpdateBelow {
            view.constraintsNeedUpdateBelow = false
            for subview in view.subviews { update(subtreeOf: subview) }
        }
        guard view.constraintsNeedUpdate else { return }
        view.constraintsNeedUpdate = false
        view.updateConstraints()
    }

    private static func depth(of view: UIView) -> Int {
        var n = 0
        var v = view.superview
        while let s = v { n += 1; v = s.superview }
        return n
    }
}
