/// Delivers what Apple's run loop delivers between frames: `animationDidStart`/`animationDidStop` to animation
/// delegates, removal of finished `isRemovedOnCompletion` animations, and transaction completion blocks once
/// their animations are done. Hosts call ``CAProcessAnimationEvents(at:)`` once per frame, after committing;
/// nothing here runs during a commit.
package final class AnimationEventDispatcher: @unchecked Sendable {
    private let lock = NSRecursiveLock()
    /// Layers with animations (weakly held), in the order they were first tracked.
    private var layers = LayerRegistry<WeakLayer>()
    /// Completion blocks handed over by committed transactions.
    private var completions: [TransactionCompletion] = []
    /// Observers of media time (weakly held).
    private var observers: [WeakObserver] = []
    private struct WeakObserver { weak var observer: MediaTimeObserver? }

    /// Calls `observer` at each event pass while it lives.
    package func addTimeObserver(_ observer: MediaTimeObserver) {
        lock.lock(); defer { lock.unlock() }
        observers.removeAll { $0.observer == nil || $0.observer === observer }
        observers.append(WeakObserver(observer: observer))
    }

    private struct WeakLayer {
        weak var layer: CALayer?
        let id: ObjectIdentifier
    }

    func track(_ layer: CALayer) {
        lock.lock(); defer { lock.unlock() }
        layers.insert(WeakLayer(layer: layer, id: ObjectIdentifier(layer)), for: ObjectIdentifier(layer)) { $0.layer == nil }
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
        lock.lock()
        let waiting = completions
        lock.unlock()
        for c in waiting { c.animationEnded(animation) }
        CATransaction.animationEndedInOpenTransactions(animation)
    }

    /// Whether anything is waiting to be delivered: a completion block, or a tracked layer with animations.
    /// (Read on the thread that owns the layers.)
    var hasPendingWork: Bool {
        lock.lock(); defer { lock.unlock() }
        return !completions.isEmpty || layers.entries.contains { $0.layer.map { !$0.animationEntries.isEmpty } ?? false }
            || observers.contains { $0.observer?.waitsForMediaTime ?? false }
    }

    func process(atMediaTime now: CFTimeInterval) {
        lock.lock()
        let tracked = layers.entries.compactMap(\.layer)
        layers.removeAll(where: { $0.layer == nil }, id: \.id)
        lock.unlock()
        for layer in tracked { processAnimations(of: layer, at: now) }
        lock.lock()
        let watching = observers.compactMap(\.observer)
        lock.unlock()
        for observer in watching { observer.mediaTimeDidAdvance(to: now) }
        lock.lock()
        let ready = completions.filter(\.isReady)
        completions.removeAll { $0.isReady }
        lock.unlock()
        for c in ready { c.block() }
    }

    private func processAnimations(of layer: CALayer, at now: CFTimeInterval) {
        let local = layer.localTime(forMediaTime: now)
        var finished: [AnimationEntry] = []
        for i in layer.animationEntries.indices {
            let entry = layer.animationEntries[i]
            guard !entry.pendingBegin else { continue }
            let spec = entry.compiled?.timing ?? TimingSpec(entry.animation)
            let elapsed = (local - spec.beginTime) * spec.speed
            if !entry.didStart && elapsed >= 0 {
                layer.animationEntries[i].didStart = true
                entry.animation.delegate?.animationDidStart(entry.animation)
            }
            if elapsed >= spec.activeDuration { finished.append(entry) }
        }
        for entry in finished {
            if entry.animation.isRemovedOnCompletion {
                layer.animationEntries.removeAll { $0.key == entry.key }
                layer.revision &+= 1
                if layer.committedState != nil {
                    layer.recordCommittedState()
                    CommitLog.publish([layer])
                }
            } else if layer.animationEntries.contains(where: { $0.key == entry.key && $0.didStart == false }) {
                continue
            }
            // Report each finished animation once: kept ones are marked by moving their begin far past.
            if entry.animation.isRemovedOnCompletion || !(entry.animation.taggedValues["calyx.reportedStop"] as? Bool ?? false) {
                entry.animation.taggedValues["calyx.reportedStop"] = true
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
/// blocks, as the main run loop does between frames on Apple platforms. Hosts call it once per frame after
/// `CATransaction.flush()`; tests call it after advancing the media clock. (Calyx addition.)
public func CAProcessAnimationEvents(at mediaTime: CFTimeInterval = CACurrentMediaTime()) {
    CAMediaClock.current.events.process(atMediaTime: mediaTime)
}
