/// Delivers animation events on a run loop, as Apple's main run loop does between frames: after a commit on the
/// main thread (or on any thread inside its running run loop), a timer on that thread's run loop calls
/// ``CAProcessAnimationEvents(at:)`` for the committing clock once per display refresh, until nothing is left to
/// deliver. Code that adds an animation and then runs `RunLoop.main.run(until:)` sees `animationDidStop` and its
/// completion block when they are due, with no Calyx-specific call. Callers that drive time by hand keep calling
/// `CAProcessAnimationEvents` themselves; on a thread whose run loop is not running nothing is installed.
package final class RunLoopEventPump: @unchecked Sendable {
    private static let lock = NSLock()
    /// The pumps running, by clock and run loop.
    nonisolated(unsafe) private static var running: Set<Key> = []
    private struct Key: Hashable { let clock: ObjectIdentifier; let runLoop: ObjectIdentifier }

    /// Starts a pump for `clock` on the current thread's run loop, if it has one that runs and none is pumping.
    package static func start(for clock: CAMediaClock) {
        let runLoop: RunLoop
        if Thread.isMainThread { runLoop = .main }
        else if RunLoop.current.currentMode != nil { runLoop = .current }
        else { return }
        let key = Key(clock: ObjectIdentifier(clock), runLoop: ObjectIdentifier(runLoop))
        guard lock.withLock({ running.insert(key).inserted }) else { return }
        let interval = CADisplayLink.mainDisplay.refreshInterval
        let timer = Timer(fire: Date(timeIntervalSinceNow: interval), interval: interval, repeats: true) { timer in
            CAMediaClock.$current.withValue(clock) { CAProcessAnimationEvents(at: clock.currentTime) }
            if !clock.events.hasPendingWork {
                timer.invalidate()
                lock.withLock { _ = running.remove(key) }
            }
        }
        // (The default mode only: on Linux a timer also added for the common modes stopped firing after the first
        // pass of the loop.)
        runLoop.add(timer, forMode: .default)
    }
}
