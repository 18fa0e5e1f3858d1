import CoreGraphics

/// Finds a frame's damage: each layer's entries are summed into one appearance and one box, and compared with
/// the last list's. Only what appeared, disappeared or looks different is redrawn, at its old and new places.
struct DamageTracker {
    private var previous: [ObjectIdentifier: (appearance: Int, box: CGRect)] = [:]

    /// The pixels of `frame` that `list` draws differently from the last list settled: what appeared,
    /// disappeared or changed appearance, at its old and new places (painted entries always), plus `extra`.
    /// Remembers this list's appearances for the next time.
    mutating func settle(_ list: [FrameCompositor.Entry], frame: CGRect, adding extra: CGRect = .null) -> CGRect {
        var damaged = CGRect.null
        var current: [ObjectIdentifier: (appearance: Int, box: CGRect)] = [:]
        for entry in list {
            let id = entry.key
            if case .paint = entry.operation { damaged = damaged.union(entry.box) }
            if let old = current[id] { current[id] = (old.appearance &* 31 &+ entry.appearance, old.box.union(entry.box)) }
            else { current[id] = (entry.appearance, entry.box) }
        }
        for (id, now) in current {
            if let before = previous[id], before.appearance == now.appearance { continue }
            damaged = damaged.union(now.box).union(previous[id]?.box ?? .null)
        }
        for (id, before) in previous where current[id] == nil { damaged = damaged.union(before.box) }
        previous = current
        damaged = damaged.union(extra)
        return damaged.isNull ? .null : damaged.insetBy(dx: -1, dy: -1).integral.intersection(frame)
    }
}
