extension CALayer {
    /// Records a change to `key` when the value really changed, then runs the key's action.
    @inline(__always)
    func didChange<T: Equatable>(_ key: String, _ old: T, _ new: T) {
        // (Copies are checked before the old value is boxed: boxing a transform allocates, and frame layers are
        // written every frame.)
        guard old != new, !suppressesChangeTracking, !isPresentationCopy else { return }
        propertyDidChange(key, oldValue: old)
    }

    /// Records a change to a key whose values cannot be compared (`Any`-typed properties).
    func didChangeUncompared(_ key: String, _ old: Any?) {
        propertyDidChange(key, oldValue: old as Any)
    }

    /// The change path (semantics §6): mark the change for the next commit, join the current transaction,
    /// redraw if the class asks, and — unless actions are disabled — look up and run the key's action.
    func propertyDidChange(_ key: String, oldValue: Any?) {
        guard !suppressesChangeTracking, !isPresentationCopy else { return }
        markChanged()
        if type(of: self).needsDisplay(forKey: key) { setNeedsDisplay() }
        if key == "bounds" && needsDisplayOnBoundsChange { setNeedsDisplay() }
        if key == "bounds" { setNeedsLayout() }
        // (The one read of `disableActions` for this change: what runs below does not ask again.)
        guard !CATransaction.disableActions() else { return }
        runEnabledAction(forKey: key, oldValue: oldValue)
    }

    /// Records a change for the next commit: the layer joins the current transaction, whose list of layers is
    /// the change set a commit pushes to the renderers (RenderTree+Push.swift). Which properties changed is not
    /// tracked: a commit copies the layer's values whole, in one assignment (LayerValues.swift).
    package func markChanged() {
        revision &+= 1
        CATransaction.current.register(self)
    }

    /// Takes the copy renderers will draw (at commit, and when finished animations are removed).
    func recordCommittedState() {
        let state = self.engineCopy()
        (committedSublayers, committedMask) = (state.sublayerStorage, state.maskStorage)
        (state.sublayerStorage, state.maskStorage) = ([], nil)
        committedState = state
        committedRevision = revision
        // Layers joining the tree unchanged since they were made are committed with it.
        for child in sublayerStorage where child.committedState == nil { child.recordCommittedState() }
        if let mask = maskStorage, mask.committedState == nil { mask.recordCommittedState() }
    }
}
