extension CALayer {
    /// The work of `setNeedsLayout` (declared in the class, so subclasses can override it).
    func setNeedsLayoutImplementation() {
        guard !isPresentationCopy else { return }
        needsLayoutFlag = true
    }

    /// The work of `needsLayout` (declared in the class, so subclasses can override it).
    func needsLayoutImplementation() -> Bool { needsLayoutFlag }

    /// The work of `layoutIfNeeded` (declared in the class, so subclasses can override it).
    func layoutIfNeededImplementation() {
        if needsLayoutFlag {
            needsLayoutFlag = false
            layoutSublayers()
        }
        for child in sublayerStorage { child.layoutIfNeeded() }
    }
}
