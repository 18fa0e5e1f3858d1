/// Layers' local times at one event pass, each found once: every animated layer asks for its local time each
/// frame, and walking the ancestors afresh for each (a weak load and a retain per level) cost the Lottie frame
/// a tenth of its time. A layer's time is its parent's through its own timing, so each layer of the union of
/// the animated layers' ancestries is visited once. Forgotten whenever a delegate callback may have edited the
/// tree or its timing.
struct PassLocalTimes {
    private var times: [ObjectIdentifier: CFTimeInterval] = [:]
    private(set) var mediaTime: CFTimeInterval = 0

    /// Starts a pass at media time `t`, keeping the table's storage.
    mutating func start(at t: CFTimeInterval) {
        mediaTime = t
        times.removeAll(keepingCapacity: true)
    }

    /// Forgets every time found (a callback ran).
    mutating func forget() { times.removeAll(keepingCapacity: true) }

    /// `layer`'s local time at this pass (as `CALayer.localTime(forMediaTime:)`).
    mutating func localTime(of layer: CALayer) -> CFTimeInterval {
        let id = ObjectIdentifier(layer)
        if let known = times[id] { return known }
        let parentTime = layer.superlayer.map { localTime(of: $0) } ?? mediaTime
        let local = layer.parentToLocalTiming.localTime(fromParent: parentTime)
        times[id] = local
        return local
    }
}
