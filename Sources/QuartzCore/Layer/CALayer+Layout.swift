extension CALayer {
    /// Marks the layer for layout at the next layout pass.
    public func setNeedsLayout() {
        guard !isPresentationCopy else { return }
        needsLayoutFlag = true
    }

    /// Whether the layer is marked for layout.
    public func needsLayout() -> Bool { needsLayoutFlag }

    /// Lays out the layer if marked, then its sublayers (top-down, so a parent's layout runs before its
    /// children's, as Apple's pass does).
    public func layoutIfNeeded() {
        if needsLayoutFlag {
            needsLayoutFlag = false
            layoutSublayers()
        }
        for child in sublayerStorage { child.layoutIfNeeded() }
    }
}
