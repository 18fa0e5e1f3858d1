/// The outcome of an action lookup.
enum ActionLookup {
    case action(CAAction)
    /// Some step answered `NSNull`: no action, and no implicit animation either.
    case blocked
    case none
}

extension CALayer {
    /// How deeply actions may nest on one layer.
    static let maximumActionDepth: UInt8 = 8

    /// Apple's lookup order (semantics §6.2): delegate, `actions`, `style["actions"]` (recursing through
    /// `style["style"]`), then the class's `defaultAction(forKey:)`. `NSNull` at any step ends the search.
    func lookUpAction(forKey event: String) -> ActionLookup {
        func classify(_ a: CAAction?) -> ActionLookup? {
            guard let a else { return nil }
            return a is NSNull ? .blocked : .action(a)
        }
        if let delegate, let found = classify(delegate.action(for: self, forKey: event)) { return found }
        if let found = classify(actions?[event]) { return found }
        var style = self.style
        while let s = style {
            if let table = s["actions"] as? [String: Any], let entry = table[event] {
                if entry is NSNull { return .blocked }
                if let a = entry as? CAAction { return .action(a) }
            }
            if s["style"] is NSNull { break }
            style = s["style"] as? [AnyHashable: Any]
        }
        if let found = classify(type(of: self).defaultAction(forKey: event)) { return found }
        return .none
    }

    /// Runs the action for a changed key or an event: the looked-up action if any; otherwise, for a property
    /// that animates implicitly, the implicit animation — a basic animation from the old presentation value to
    /// the new model value, over the transaction's duration with its timing function or the default curve (Q21).
    func runAction(forKey key: String, oldValue: Any?) {
        guard !CATransaction.disableActions() else { return }
        runEnabledAction(forKey: key, oldValue: oldValue)
    }

    /// `runAction(forKey:oldValue:)` once the transaction's `disableActions` has been read and found false.
    func runEnabledAction(forKey key: String, oldValue: Any?) {
        guard !isPresentationCopy else { return }
        // A delegate's lookup or an action may change the layer again, and so on: after a few nested rounds the
        // changes stand without actions rather than recursing for ever (docs/bad-input.md).
        guard actionDepth < Self.maximumActionDepth else { return }
        actionDepth += 1
        defer { actionDepth -= 1 }
        let lookup = lookUpAction(forKey: key)
        switch lookup {
        case .action(let action as CAChangeAction):
            action.run(forKey: key, layer: self, previousValue: oldValue)
        case .action(let action):
            action.run(forKey: key, object: self, arguments: nil)
        case .blocked:
            return
        case .none:
            guard let property = type(of: self).propertyTable[key], property.implicitlyAnimates,
                  hasBeenCommitted || superlayer?.hasBeenCommitted == true else { return }
            if key == "contents" {
                // New contents cross-fade: the default action is a fade transition (semantics §3.3, §6.2).
                let fade = CATransition()
                fade.duration = CATransaction.animationDuration()
                fade.timingFunction = CATransaction.animationTimingFunction()
                add(fade, forKey: kCATransition)
                return
            }
            let animation = CABasicAnimation(keyPath: key)
            animation.fromValue = presentationValue(forKey: key, modelValue: oldValue) ?? oldValue
            animation.duration = CATransaction.animationDuration()
            animation.timingFunction = CATransaction.animationTimingFunction() ?? CAMediaTimingFunction(name: .default)
            add(animation, forKey: key)
        }
    }
}
