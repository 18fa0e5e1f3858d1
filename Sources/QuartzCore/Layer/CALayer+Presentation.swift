extension CALayer {
    /// The work of `presentation` (declared in the class, so subclasses can override it).
    /// The copy's superlayer is a presentation copy of the model's superlayer (with its own ancestors, but no
    /// sublayers of its own), so geometry conversions between the copy and the model tree work, as on Apple
    /// (the seed's presentation-layer hit test converts a point into it).
    func presentationImplementation() -> Self? {
        let t = CACurrentMediaTime()
        guard let copy = presentation(atMediaTime: t) else { return nil }
        if let parent = parentStorage {
            let ancestor = parent.presentationAncestor(atMediaTime: t)
            copy.parentStorage = ancestor
            copy.presentationParent = ancestor
        }
        return copy
    }

    /// A presentation copy of this layer for a presentation's chain of superlayers: its values at `t`, its own
    /// superlayers above it, and no sublayers.
    private func presentationAncestor(atMediaTime t: CFTimeInterval) -> CALayer {
        let copy = self.engineCopy()
        if hasBeenCommitted { applyAnimations(atMediaTime: t, to: copy) }
        copy.sublayerStorage = []
        copy.maskStorage = nil
        if let parent = parentStorage {
            let ancestor = parent.presentationAncestor(atMediaTime: t)
            copy.parentStorage = ancestor
            copy.presentationParent = ancestor
        }
        return copy
    }

    /// The presentation at a given media time (what a renderer draws for a frame at that time).
    package func presentation(atMediaTime t: CFTimeInterval) -> Self? {
        if isPresentationCopy { return self }
        guard hasBeenCommitted else { return nil }
        let copy = self.engineCopy()
        applyAnimations(atMediaTime: t, to: copy)
        // The copy's sublayers and mask are presentation copies too (a never-committed one stands for itself).
        copy.sublayerStorage = sublayerStorage.map { child in
            let p: CALayer = child.presentation(atMediaTime: t) ?? child
            if p.isPresentationCopy { p.parentStorage = copy }
            return p
        }
        copy.maskStorage = maskStorage.map { $0.presentation(atMediaTime: t) ?? $0 }
        return copy
    }

    /// The work of `model` (declared in the class, so subclasses can override it).
    func modelImplementation() -> Self {
        guard isPresentationCopy, let source = modelSource as? Self else { return self }
        return source
    }

    /// Lays this layer's animations at media time `t` over `copy` (a copy of this layer), through the same
    /// evaluator as the render tree's frames (AnimationPlan.swift).
    private func applyAnimations(atMediaTime t: CFTimeInterval, to copy: CALayer) {
        guard animationEntries.contains(where: { !$0.pendingBegin }) else { return }
        let plan = AnimationPlan(for: self)
        guard !plan.isEmpty, plan.evaluate(localTime: localTime(forMediaTime: t)) > 0 else { return }
        plan.assign(to: copy, redraw: false)
    }

    /// The presentation value of one key now, computed as if the model still held `modelValue`, if an animation
    /// affects it (an implicit animation starts from what was on screen before the change).
    func presentationValue(forKey key: String, modelValue: Any?) -> Any? {
        guard hasBeenCommitted, animationEntries.contains(where: { $0.compiled?.affects(key) == true }),
              let kind = type(of: self).propertyTable[key]?.kind else { return nil }
        let plan = AnimationPlan(for: self)
        plan.evaluate(localTime: localTime(forMediaTime: CACurrentMediaTime()),
                      seed: AnimatableValue(modelValue, as: kind).map { (key, $0) })
        return plan.value(of: key)?.anyValue
    }

    /// What is on screen now for `keyPath`, computed as if the model still held `modelValue` (the value before a
    /// change being made): how UIKit's `.beginFromCurrentState` finds where an animation stands, since the
    /// animations already running interpolate towards the model, which holds the new value. Key paths that are
    /// not whole properties (filter inputs) read the presentation as it is. Nil when nothing animates the key.
    package func presentationValue(forKeyPath keyPath: String, modelValue: Any?) -> Any? {
        if type(of: self).propertyTable[keyPath] != nil { return presentationValue(forKey: keyPath, modelValue: modelValue) }
        guard hasBeenCommitted, !animationEntries.isEmpty else { return nil }
        return presentation()?.value(forKeyPath: keyPath)
    }

    /// The same for values in slots named by `keys` (a render-tree node's animation plan).
    func apply(_ values: [AnimatableValue], to keys: [String]) {
        suppressesChangeTracking = true
        for (key, value) in zip(keys, values) { write(value, forKey: key) }
        suppressesChangeTracking = false
    }

    private func write(_ value: AnimatableValue, forKey key: String) {
        if let p = animatableProperty(named: key) { _ = p.write(self, value.anyValue) } else { dynamicValues[key] = value.anyValue }
    }
}
