extension CALayer {
    /// The layer's own timing as a value.
    package var timingSpec: TimingSpec { TimingSpec(self) }

    /// The part of the layer's timing that maps its parent's time to its own: beginTime, speed and timeOffset,
    /// and, for a layer with a duration of its own, its repeats and fill mode (``TimingSpec/layerLocalTime(fromParent:)``;
    /// cheaper than the full `timingSpec` for the many layers without one).
    var parentToLocalTiming: TimingSpec {
        var spec = TimingSpec()
        spec.beginTime = beginTime; spec.speed = Double(speed); spec.timeOffset = timeOffset
        if duration > 0 {
            spec.duration = duration; spec.repeatCount = Double(repeatCount); spec.repeatDuration = repeatDuration
            spec.autoreverses = autoreverses; spec.fillMode = fillMode
        }
        return spec
    }

    /// The layer's local time for a media time `t` (its parent time at the root), through every ancestor's
    /// timing (``TimingSpec/layerLocalTime(fromParent:)``) — the parent time of the layer's animations.
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
            return specs.reduce(t) { $1.layerLocalTime(fromParent: $0) }
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
    /// (applying each); nil stands for media time, above every root. (A repeating layer's time has no single
    /// inverse: going up, it is inverted by the header's formula, as if its first pass ran on.)
    static func convertTime(_ t: CFTimeInterval, from source: CALayer?, to target: CALayer?) -> CFTimeInterval {
        let up = source?.ancestry ?? [], down = target?.ancestry ?? []
        var shared = 0
        while shared < up.count, shared < down.count, up[shared] === down[shared] { shared += 1 }
        let ascended = up[shared...].reversed().reduce(t) { $1.timingSpec.parentTime(fromLocal: $0) }
        return down[shared...].reduce(ascended) { $1.timingSpec.layerLocalTime(fromParent: $0) }
    }
}
