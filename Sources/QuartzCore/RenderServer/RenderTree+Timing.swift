extension RenderTree {
    /// The media time at which what the tree draws next changes, seen from a frame at media time `t`: `t`
    /// itself while any animation is running or an emitter is emitting, the start of the next animation that
    /// has not begun, or `.infinity` when nothing will change. Read from the committed snapshots, never the
    /// model.
    package func nextChangeTime(after t: CFTimeInterval) -> CFTimeInterval {
        guard let root else { return .infinity }
        var next = CFTimeInterval.infinity
        // Each node's chain of timings from the root, to carry a local time back to media time.
        func visit(_ node: Node, parentTime: CFTimeInterval, chain: [TimingSpec]) {
            guard next > t else { return }
            let chain = chain + [node.timing]
            let local = node.timing.layerLocalTime(fromParent: parentTime)
            if node.snapshot.compositorKind == .emitter { next = t; return }
            if node.snapshot.hasTimedContents, let timed = node.snapshot as? CALayerTimedContents, timed.changesContinuously { next = t; return }
            if let tiled = node.snapshot as? CATiledLayer,
               tiled.tiles.isChanging(at: t, fadeDuration: type(of: tiled).fadeDuration()) { next = t; return }
            for entry in node.snapshot.animationEntries {
                guard let spec = entry.compiled?.timing else { continue }
                let elapsed = (local - spec.beginTime) * spec.speed
                if elapsed >= 0 && elapsed < spec.activeDuration { next = min(next, t); return }
                if elapsed < 0, spec.speed > 0 {
                    let start = chain.reversed().reduce(spec.beginTime) { time, timing in timing.parentTime(fromLocal: time) }
                    if start.isFinite { next = min(next, max(start, t)) }
                }
            }
            for child in node.children { visit(child, parentTime: local, chain: chain) }
            if let mask = node.mask { visit(mask, parentTime: local, chain: chain) }
        }
        visit(root, parentTime: t, chain: [])
        return next
    }
}
