extension CALayer {
    /// The layer's own timing as a value.
    package var timingSpec: TimingSpec { TimingSpec(self) }

    /// The part of the layer's timing that maps its parent's time to its own: beginTime, speed and timeOffset
    /// (cheaper than the full `timingSpec`, with its fill mode and repeats).
    var parentToLocalTiming: TimingSpec {
        var spec = TimingSpec()
        spec.beginTime = beginTime; spec.speed = Double(speed); spec.timeOffset = timeOffset
        return spec
    }

    /// The layer's local time for a media time `t` (its parent time at the root), through every ancestor's
    /// (beginTime, speed, timeOffset) — the parent time of the layer's animations (semantics §1.4).
    /// (The event pass asks this of every animated layer every frame: the ancestors' timings are gathered on
    /// the stack, not in an array.)
    package func localTime(forMediaTime t: CFTimeInterval) -> CFTimeInterval {
        var depth = 0
        var layer: CALayer? = self
        while let l = layer { depth += 1; layer = l.superlayer }
        return withUnsafeTemporaryAllocation(of: TimingSpec.self, capacity: depth) { specs in
            var index = depth
            layer = self
            while let l = layer {
                index -= 1
                specs.initializeElement(at: index, to: l.parentToLocalTiming)
                layer = l.superlayer
            }
            // Root first: each layer's local time is its parent's time through its own timing.
            return specs.reduce(t) { $1.localTime(fromParent: $0) }
        }
    }

    /// The work of `convertTime` (declared in the class, so subclasses can override it).
    func convertTimeImplementation(_ t: CFTimeInterval, from layer: CALayer?) -> CFTimeInterval {
        CALayer.convertTime(t, from: layer, to: self)
    }

    /// The work of `convertTime` (declared in the class, so subclasses can override it).
    func convertTimeImplementation(_ t: CFTimeInterval, to layer: CALayer?) -> CFTimeInterval {
        CALayer.convertTime(t, from: self, to: layer)
    }

    /// Up from `source` to the nearest common ancestor (inverting each layer's timing), then down to `target`
    /// (applying each); nil stands for media time, above every root.
    static func convertTime(_ t: CFTimeInterval, from source: CALayer?, to target: CALayer?) -> CFTimeInterval {
        let up = source?.ancestry ?? [], down = target?.ancestry ?? []
        var shared = 0
        while shared < up.count, shared < down.count, up[shared] === down[shared] { shared += 1 }
        let ascended = up[shared...].reversed().reduce(t) { $1.timingSpec.parentTime(fromLocal: $0) }
        return down[shared...].reduce(ascended) { $1.timingSpec.localTime(fromParent: $0) }
    }
}
