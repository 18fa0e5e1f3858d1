/// Delivers what Apple's run loop delivers between frames: `animationDidStart`/`animationDidStop` to animation
/// delegates, removal of finished `isRemovedOnCompletion` animations, and transaction completion blocks once
/// their animations are done. Hosts call ``CAProcessAnimationEvents(at:)`` once per frame, after committing;
/// nothing here runs during a commit.
///
/// A clock may be used on several threads at once (the process's shared clock always is: each thread that
/// commits without binding a clock of its own uses it). Each thread's pass therefore delivers only what that
/// thread committed — the layers its commits took, the completion blocks its transactions set, the time
/// observers it added — so a pass never touches another thread's layers or runs its blocks, and two threads'
/// passes share nothing but the lock-guarded lists.
package final class AnimationEventDispatcher: @unchecked Sendable {
    private let lock = NSRecursiveLock()
    /// Layers with animations (weakly held), in the order they were first tracked, each with the thread whose
    /// commit tracked it.
    private var layers = LayerRegistry<WeakLayer>()
    /// Completion blocks handed over by committed transactions (each knows the thread that set it).
    private var completions: [TransactionCompletion] = []
    /// Observers of media time (weakly held), each with the thread that added it.
    private var observers: [WeakObserver] = []
    private struct WeakObserver { weak var observer: MediaTimeObserver?; let owner = OwningThread() }

    /// The run-loop pumps of this clock, by run loop (RunLoopEventPump.swift).
    private var pumps: [ObjectIdentifier: RunLoopAlarm] = [:]
    /// Local times of the layers at the pass under way: the calling thread's own table (a layer's local time at
    /// a media time depends only on its ancestors' timing, so the table may serve every clock's passes on that
    /// thread; each pass starts it afresh).
    private static let threadPassTimes = ThreadLocalObject { PassLocalTimesBox() }
    private final class PassLocalTimesBox {
        var times = PassLocalTimes()
        /// The layers and the observers a pass visits (kept empty between passes, for their storage).
        var tracked: [CALayer] = []
        var watching: [MediaTimeObserver] = []
    }

    /// The pump alarm of `runLoop`, if one was made.
    func existingPumpAlarm(on runLoop: RunLoop) -> RunLoopAlarm? {
        lock.lock(); defer { lock.unlock() }
        guard let alarm = pumps[ObjectIdentifier(runLoop)], alarm.runLoop === runLoop else { return nil }
        return alarm
    }

    /// The pump alarm of `runLoop`, made on first use with `action`.
    func pumpAlarm(on runLoop: RunLoop, action: @escaping (RunLoopAlarm) -> Void) -> RunLoopAlarm {
        lock.lock(); defer { lock.unlock() }
        // (A run loop's identity may be reused after its thread ended: the alarm must be on this very loop.)
        if let alarm = pumps[ObjectIdentifier(runLoop)], alarm.runLoop === runLoop { return alarm }
        let alarm = RunLoopAlarm(on: runLoop, action: action)
        pumps[ObjectIdentifier(runLoop)] = alarm
        return alarm
    }

    /// Calls `observer` at each event pass while it lives.
    package func addTimeObserver(_ observer: MediaTimeObserver) {
        lock.lock(); defer { lock.unlock() }
        observers.removeAll { $0.observer == nil || $0.observer === observer }
        observers.append(WeakObserver(observer: observer))
    }

    private struct WeakLayer {
        weak var layer: CALayer?
        let id: ObjectIdentifier
        let owner = OwningThread()
    }

    /// Has the calling thread's passes deliver `layer`'s events (called by the commit that starts its animations;
    /// a later one on another thread hands the layer over to that thread).
    func track(_ layer: CALayer) {
        lock.lock(); defer { lock.unlock() }
        layers.insert(WeakLayer(layer: layer, id: ObjectIdentifier(layer)), for: ObjectIdentifier(layer)) {
            $0.layer == nil || !$0.owner.isCurrent
        }
    }

    /// Runs `block` at the next event pass, as Apple's main queue runs work dispatched to it: what UIKit uses for
    /// completions that wait for nothing.
    package func runAtNextPass(_ block: @escaping () -> Void) {
        schedule([TransactionCompletion(block: block)])
    }

    func schedule(_ blocks: [TransactionCompletion]) {
        lock.lock(); defer { lock.unlock() }
        completions += blocks
    }

    /// An animation ended (finished or removed): tell its delegate and the completions waiting for it.
    func animationEnded(_ animation: CAAnimation, finished: Bool) {
        animation.delegate?.animationDidStop(animation, finished: finished)
        // (Only this thread's transactions can wait for an animation this thread added.)
        lock.lock()
        let waiting = completions.filter(\.owner.isCurrent)
        lock.unlock()
        for c in waiting { c.animationEnded(animation) }
        CATransaction.animationEndedInOpenTransactions(animation)
    }

    /// Whether anything is waiting to be delivered to the calling thread: a completion block, a tracked layer
    /// with animations or an observer waiting for a later time.
    var hasPendingWork: Bool {
        lock.lock(); defer { lock.unlock() }
        return completions.contains(where: \.owner.isCurrent)
            || layers.entries.contains { $0.owner.isCurrent && ($0.layer.map { !$0.animationEntries.isEmpty } ?? false) }
            || observers.contains { $0.owner.isCurrent && ($0.observer?.waitsForMediaTime ?? false) }
    }

    /// One pass on the calling thread: what its commits handed over.
    func process(atMediaTime now: CFTimeInterval) {
        let times = Self.threadPassTimes.value
        // The thread's list of layers from the last pass, emptied, so that a pass makes no list of its own. (Taken
        // out while in use: a pass that a callback starts inside this one makes its own.)
        var tracked = times.tracked
        times.tracked = []
        defer { tracked.removeAll(keepingCapacity: true); times.tracked = tracked }
        lock.lock()
        var sawGone = false
        for entry in layers.entries {
            guard let layer = entry.layer else { sawGone = true; continue }
            if entry.owner.isCurrent { tracked.append(layer) }
        }
        if sawGone { layers.removeAll(where: { $0.layer == nil }, id: \.id) }
        // Whether a transaction's completion may be waiting for an animation to end (then every end must be
        // found, even of an animation nobody else hears about).
        let completionsMayWait = completions.contains(where: \.owner.isCurrent)
        lock.unlock()
        times.times.forget()
        let anyWaiting = completionsMayWait || CATransaction.stack.scopes.contains { !$0.completions.isEmpty }
        for layer in tracked { processAnimations(of: layer, at: now, times: times, completionsMayWait: anyWaiting) }
        var watching = times.watching
        times.watching = []
        defer { watching.removeAll(keepingCapacity: true); times.watching = watching }
        lock.lock()
        for entry in observers where entry.owner.isCurrent { if let observer = entry.observer { watching.append(observer) } }
        lock.unlock()
        for observer in watching { observer.mediaTimeDidAdvance(to: now) }
        // (Most passes have no completions to look at: no list is made for them then.)
        lock.lock()
        let ready = completions.isEmpty ? [] : completions.filter { $0.owner.isCurrent && $0.isReady }
        if !ready.isEmpty { completions.removeAll { $0.owner.isCurrent && $0.isReady } }
        lock.unlock()
        for c in ready { c.block() }
    }

    /// Starts and stops of one layer's animations. Delegates may add, remove or replace any animation (this
    /// layer's included) and edit the tree: the pass walks a snapshot of the layer's animations and finds each
    /// again, by identity, before acting on it, so an animation a callback removed is skipped (its removal
    /// already reported it) and one a callback added waits for the next pass (docs/bad-input.md).
    private func processAnimations(of layer: CALayer, at now: CFTimeInterval, times: PassLocalTimesBox, completionsMayWait: Bool) {
        // Every layer with animations is visited every frame, so a layer with nothing to report costs no
        // allocation: its local time is found only when it has running animations, the snapshot only when one
        // of them starts or ends now.
        // (Only animations that have yet to start, or whose end someone would notice, need the layer's time: a
        // started animation that stays on its layer, with no delegate and no completion waiting, ends unheard —
        // a Lottie file's keyframe animations, looping under their clock layer, every frame.)
        func mayReport(_ entry: AnimationEntry) -> Bool {
            guard !entry.pendingBegin else { return false }
            guard entry.didStart else { return true }
            return !entry.reportedStop
                && (completionsMayWait || entry.endIsNoticed)
        }
        guard layer.animationEntries.contains(where: mayReport) else { return }
        let local = times.times.localTime(of: layer, at: now)
        func elapsed(_ entry: AnimationEntry) -> (elapsed: Double, active: Double) {
            let spec = entry.compiled?.timing ?? TimingSpec(entry.animation)
            return ((local - spec.beginTime) * spec.speed, spec.activeDuration)
        }
        func startsOrEnds(_ entry: AnimationEntry) -> Bool {
            guard mayReport(entry) else { return false }
            let (elapsed, active) = elapsed(entry)
            return (!entry.didStart && elapsed >= 0) || elapsed >= active
        }
        guard layer.animationEntries.contains(where: startsOrEnds) else { return }
        // Delegates told below may move layers or change their timing: later layers' times are found afresh.
        defer { times.times.forget() }
        let snapshot = layer.animationEntries.filter { !$0.pendingBegin }
        for entry in snapshot where !entry.didStart && elapsed(entry).elapsed >= 0 {
            guard let i = layer.animationEntries.firstIndex(where: { $0.animation === entry.animation }),
                  !layer.animationEntries[i].didStart else { continue }
            layer.animationEntries[i].didStart = true
            entry.animation.delegate?.animationDidStart(entry.animation)
        }
        for entry in snapshot where elapsed(entry).elapsed >= elapsed(entry).active {
            guard let i = layer.animationEntries.firstIndex(where: { $0.animation === entry.animation }) else { continue }
            if entry.animation.isRemovedOnCompletion {
                layer.animationEntries.remove(at: i)
                layer.revision &+= 1
                if layer.committedState != nil {
                    layer.recordCommittedState()
                    CommitLog.publish([layer])
                }
                animationEnded(entry.animation, finished: true)
            } else if !layer.animationEntries[i].reportedStop {
                // A kept animation is reported once.
                layer.animationEntries[i].reportedStop = true
                animationEnded(entry.animation, finished: true)
            }
        }
    }
}

extension CATransaction {
    /// Completions still in open transactions stop waiting for an animation that ended.
    static func animationEndedInOpenTransactions(_ animation: CAAnimation) {
        for scope in stack.scopes { for c in scope.completions { c.animationEnded(animation) } }
    }
}

/// Delivers animation delegate callbacks, removes finished animations and runs ready transaction completion
/// blocks, as the main run loop does between frames on Apple platforms — for what the calling thread committed
/// under the current media clock. Hosts call it once per frame after `CATransaction.flush()`, on the thread that
/// commits; tests call it after advancing the media clock. (Calyx addition.)
public func CAProcessAnimationEvents(at mediaTime: CFTimeInterval = CACurrentMediaTime()) {
    CAMediaClock.current.events.process(atMediaTime: mediaTime)
}
