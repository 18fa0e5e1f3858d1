/// Whether the root of a layer tree is flipped (y down), as on iOS, where a window's layer is. Layers then draw
/// with the origin at the top-left, and `contentsAreFlipped()` accounts for it. Calyx emulates iOS by default.
nonisolated(unsafe) public var CALayerRootIsFlipped = true

extension CALayer {
    /// The work of `setNeedsDisplay` (declared in the class, so subclasses can override it).
    func setNeedsDisplayImplementation() {
        needsDisplayFlag = true
        dirtyRect = nil
        markChanged()
    }

    /// The work of `setNeedsDisplay` (declared in the class, so subclasses can override it).
    func setNeedsDisplayImplementation(_ r: CGRect) {
        if !needsDisplayFlag { dirtyRect = r } else if let d = dirtyRect { dirtyRect = d.union(r) }
        needsDisplayFlag = true
        markChanged()
    }

    /// The work of `needsDisplay` (declared in the class, so subclasses can override it).
    func needsDisplayImplementation() -> Bool { needsDisplayFlag }

    /// The work of `displayIfNeeded` (declared in the class, so subclasses can override it).
    func displayIfNeededImplementation() {
        guard needsDisplayFlag else { return }
        display()
    }

    /// `display()`'s default: hand over to the delegate's `display(_:)`, whose own default draws the backing
    /// store.
    func displayImplementation() {
        if let delegate { delegate.display(self) } else { displayBackingStore() }
    }

    /// Draws a new backing store through `draw(in:)`: a bitmap of `bounds.size × contentsScale` pixels, its
    /// context transformed so one unit is one point of the bounds (flipped when the contents are flipped, as
    /// iOS gives y-down contexts), then installs it as `contents` without an action.
    public func displayBackingStore() {
        needsDisplayFlag = false
        dirtyRect = nil
        let scale = contentsScale > 0 && contentsScale.isFinite ? contentsScale : 1
        // A backing store beyond the bitmap limits is not drawn: the contents stay as they were (Apple's layers
        // likewise cannot back more than the largest texture).
        guard let width = CalyxLimits.pixels(bounds.width, scale: scale), let height = CalyxLimits.pixels(bounds.height, scale: scale),
              let context = CGContext.canonicalBitmap(width: width, height: height)
        else { return }
        // y runs down from the top edge, as iOS's drawing contexts do, when the layer's space runs down on screen:
        // under a flipped root (iOS) unless the layer's contents are flipped back (an odd number of
        // geometry-flipped layers), and under an unflipped root only when they are.
        if contentsAreFlipped() != CALayerRootIsFlipped {
            context.translateBy(x: 0, y: CGFloat(height))
            context.scaleBy(x: scale, y: -scale)
        } else {
            context.scaleBy(x: scale, y: scale)
        }
        context.translateBy(x: -bounds.minX, y: -bounds.minY)
        delegate?.layerWillDraw(self)
        draw(in: context)
        // (The version moves before the contents are committed, so the committed copy carries it.)
        contentVersion += 1
        revision &+= 1
        // (A copy — a presentation or render-tree frame layer — runs no actions and joins no transaction, so it
        // takes its contents directly: a render thread redraws frame layers without touching transactions.)
        guard !isPresentationCopy else { contents = context.makeImage(); return }
        let wasSuppressed = suppressesChangeTracking
        CATransaction.withActionsDisabled { contents = context.makeImage() }
        suppressesChangeTracking = wasSuppressed
    }

    /// Whether the layer's class asks to be redrawn as one of `keys` animates (`needsDisplay(forKey:)`, the way a
    /// custom animatable property redraws): as on Apple's, the renderer then calls `display()` on the layer as it
    /// is at each frame — a copy holding that frame's values — on the thread drawing the frame.
    func redrawsContent(forAnimatedKeys keys: some Sequence<String>) -> Bool {
        let layerClass = type(of: self)
        return keys.contains { layerClass.needsDisplay(forKey: $0) }
    }
}

extension CATransaction {
    /// Runs `body` with actions disabled in a nested transaction.
    static func withActionsDisabled(_ body: () -> Void) {
        begin()
        setDisableActions(true)
        body()
        commit()
    }
}
