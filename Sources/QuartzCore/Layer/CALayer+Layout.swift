extension CALayer {
    /// The work of `setNeedsLayout` (declared in the class, so subclasses can override it).
    func setNeedsLayoutImplementation() {
        guard !isPresentationCopy else { return }
        needsLayoutFlag = true
        // The next commit lays it out.
        CATransaction.current.register(self)
    }

    /// How many superlayers are above the layer (bounded: a cycle cannot exist, but the walk stays finite).
    var depth: Int {
        var n = 0, layer = superlayer
        while let l = layer, n < 100_000 { n += 1; layer = l.superlayer }
        return n
    }

    /// The work of `needsLayout` (declared in the class, so subclasses can override it).
    func needsLayoutImplementation() -> Bool { needsLayoutFlag }

    /// The work of `layoutIfNeeded` (declared in the class, so subclasses can override it).
    func layoutIfNeededImplementation() {
        if needsLayoutFlag && !isLayingOut { runLayout() }
        // (A snapshot of the sublayers: layout may add or remove them.)
        for child in sublayerStorage { child.layoutIfNeeded() }
    }

    /// Runs `layoutSublayers`, once at a time: a layout that asks for layout again (its own `setNeedsLayout`
    /// then `layoutIfNeeded`, as view code does) is laid out at the next commit, not re-entered.
    func runLayout() {
        needsLayoutFlag = false
        isLayingOut = true
        defer { isLayingOut = false }
        layoutSublayers()
    }
}
