/// Layers' local times at one event pass, each found once: every animated layer asks for its local time each
/// frame, and walking the ancestors afresh for each (a weak load and a retain per level) cost the Lottie frame
/// a tenth of its time. A layer's time is its parent's through its own timing, so each layer of the union of
/// the animated layers' ancestries is visited once. Forgotten whenever a delegate callback may have edited the
/// tree or its timing.
struct PassLocalTimes {
    /// The times found, by layer: the first few in a list searched in order (hashing a layer's identity cost
    /// more than comparing a dozen), the rest in a table.
    private var few: [(id: ObjectIdentifier, time: CFTimeInterval)] = []
    private var times: [ObjectIdentifier: CFTimeInterval] = [:]
    private static let fewest = 16
    private var mediaTime: CFTimeInterval?
    /// The layers on the way up whose times are not known yet (kept for its storage).
    private var unknown: [CALayer] = []

    /// Forgets every time found (a callback ran), keeping the table's storage.
    mutating func forget() {
        mediaTime = nil
        few.removeAll(keepingCapacity: true)
        if !times.isEmpty { times.removeAll(keepingCapacity: true) }
    }

    private func known(_ id: ObjectIdentifier) -> CFTimeInterval? {
        for entry in few where entry.id == id { return entry.time }
        return times.isEmpty ? nil : times[id]
    }

    private mutating func note(_ id: ObjectIdentifier, _ time: CFTimeInterval) {
        if few.count < Self.fewest { few.append((id, time)) } else { times[id] = time }
    }

    /// `layer`'s local time at media time `t` (as `CALayer.localTime(forMediaTime:)`); the times found at another
    /// media time (a pass nested in a callback) are forgotten first.
    mutating func localTime(of layer: CALayer, at t: CFTimeInterval) -> CFTimeInterval {
        if mediaTime != t { forget(); mediaTime = t }
        return memoized(layer, at: t)
    }

    /// Walks up to the nearest ancestor whose time is known (or past the root), then down, noting each time: a
    /// loop, not recursion, so a tree of any depth costs no stack.
    private mutating func memoized(_ layer: CALayer, at t: CFTimeInterval) -> CFTimeInterval {
        if let known = known(ObjectIdentifier(layer)) { return known }
        var time = t
        var next: CALayer? = layer
        while let l = next {
            if let known = known(ObjectIdentifier(l)) { time = known; break }
            unknown.append(l)
            next = l.superlayer
        }
        while let l = unknown.popLast() {
            time = l.parentToLocalTiming.layerLocalTime(fromParent: time)
            note(ObjectIdentifier(l), time)
        }
        return time
    }
}
