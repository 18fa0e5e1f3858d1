/// The `CAMediaTiming` fields as a plain value: what the timing model evaluates.
package struct TimingSpec: Hashable, Sendable {
    package var beginTime: Double = 0
    package var duration: Double = 0
    package var speed: Double = 1
    package var timeOffset: Double = 0
    package var repeatCount: Double = 0
    package var repeatDuration: Double = 0
    package var autoreverses = false
    /// Which sides fill (a trivial value, so the spec copies without reference counting).
    package var fills: (backwards: Bool, forwards: Bool) = (false, false)

    package init() {}

    package var fillMode: CAMediaTimingFillMode {
        get { fills.backwards ? (fills.forwards ? .both : .backwards) : (fills.forwards ? .forwards : .removed) }
        set { fills = (newValue.fillsBackwards, newValue.fillsForwards) }
    }

    package static func == (l: TimingSpec, r: TimingSpec) -> Bool {
        l.beginTime == r.beginTime && l.duration == r.duration && l.speed == r.speed && l.timeOffset == r.timeOffset
            && l.repeatCount == r.repeatCount && l.repeatDuration == r.repeatDuration && l.autoreverses == r.autoreverses
            && l.fills == r.fills
    }

    package func hash(into h: inout Hasher) { h.combine(beginTime); h.combine(duration); h.combine(speed) }

    package init(_ t: CAMediaTiming) {
        beginTime = t.beginTime; duration = t.duration; speed = Double(t.speed); timeOffset = t.timeOffset
        repeatCount = Double(t.repeatCount); repeatDuration = t.repeatDuration
        autoreverses = t.autoreverses
        fills = (t.fillMode.fillsBackwards, t.fillMode.fillsForwards)
    }

    /// One cycle: a forward pass, plus a backward pass when autoreversing.
    package var cycle: Double { duration * (autoreverses ? 2 : 1) }

    /// The active duration: `repeatDuration` if positive, else cycles × `repeatCount` if positive, else one
    /// cycle. Float's greatest finite value counts as infinite, as Apple documents.
    package var activeDuration: Double {
        if repeatDuration > 0 { return repeatDuration }
        if repeatCount > 0 {
            if repeatCount.isInfinite || repeatCount >= Double(Float.greatestFiniteMagnitude) { return .infinity }
            return cycle * repeatCount
        }
        return cycle
    }

    /// Parent time to active local time, ignoring repeats: `(t − beginTime) × speed + timeOffset` (the header's
    /// formula: a layer's local time while it has no duration of its own, ``layerLocalTime(fromParent:)``).
    package func localTime(fromParent t: Double) -> Double { (t - beginTime) * speed + timeOffset }

    /// The inverse of ``localTime(fromParent:)``; with speed 0 every parent time maps to one local time, so the
    /// begin time is answered.
    package func parentTime(fromLocal t: Double) -> Double { speed == 0 ? beginTime : (t - timeOffset) / speed + beginTime }

    /// A layer's local time — the time its animations and sublayers run in — for its parent's time `t`: the
    /// header's formula (``localTime(fromParent:)``) while the layer has no duration of its own, as layers have by
    /// default. Given one (above zero), the layer's time repeats as an animation's does: within each pass of the
    /// duration, as many times as its repeat count or repeat duration say, backwards every other pass when it
    /// autoreverses; before and after that it holds at the end its fill mode names (the fractional position after
    /// a fractional count), or, with no fill on that side, runs on by the header's formula. (A layer given
    /// `duration` 2 and `repeatCount` infinity loops everything under it every two seconds: what a Lottie player's
    /// loop modes are built on.)
    package func layerLocalTime(fromParent t: Double) -> Double {
        guard duration > 0, duration.isFinite, let state = state(atParentTime: t) else { return localTime(fromParent: t) }
        return state.time
    }
}

/// Where an animation is at a given parent time (semantics §1.3).
package struct TimingState: Equatable, Sendable {
    /// Basic local time within the current pass, in [0, duration].
    package var time: Double
    /// `time / duration` (1 for a zero duration), before any timing function.
    package var progress: Double
    /// Completed cycles before the current one (for cumulative animations).
    package var iteration: Double
    /// Whether the object is in its active interval (false while filling).
    package var isActive: Bool
}

extension TimingSpec {
    /// The state at `parentTime`, or nil when the object has no effect then (outside its active interval
    /// without a fill covering the time). `duration` must already have its default applied.
    ///
    /// The active interval is `0 ≤ (t − beginTime)·speed < activeDuration` (Q1 DECISION: timeOffset shifts only
    /// the phase, wrapped modulo the cycle). Before it, backwards fill holds the value at local time 0; after
    /// it, forwards fill holds the value at the end — the fractional position after a fractional repeat count
    /// (Q2), the end of the pass after a whole number of cycles.
    package func state(atParentTime parentTime: Double) -> TimingState? {
        let local = (parentTime - beginTime) * speed
        let active = activeDuration
        if local.isNaN { return nil }
        if local < 0 {
            return fills.backwards ? phaseState(local: 0, isActive: false, atEnd: false) : nil
        }
        if local >= active {
            return fills.forwards && active.isFinite ? phaseState(local: active, isActive: false, atEnd: true) : nil
        }
        return phaseState(local: local, isActive: true, atEnd: false)
    }

    private func phaseState(local: Double, isActive: Bool, atEnd: Bool) -> TimingState {
        guard duration > 0, duration.isFinite else {
            // Zero duration: the object is at its end from the start. Infinite duration: never wraps.
            if duration.isInfinite { return TimingState(time: local + timeOffset, progress: 0, iteration: 0, isActive: isActive) }
            return TimingState(time: 0, progress: 1, iteration: 0, isActive: isActive)
        }
        let c = cycle
        let phase = local + timeOffset
        var iteration = (phase / c).rounded(.down)
        var inCycle = phase - iteration * c
        // Ending exactly on a cycle boundary holds the end of that cycle, not the start of the next.
        if atEnd && inCycle == 0 && phase > 0 { iteration -= 1; inCycle = c }
        let basic = autoreverses && inCycle > duration ? c - inCycle : inCycle
        return TimingState(time: basic, progress: basic / duration, iteration: iteration, isActive: isActive)
    }
}
