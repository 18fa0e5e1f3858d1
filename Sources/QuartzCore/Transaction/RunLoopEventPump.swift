/// Delivers animation events on a run loop, as Apple's main run loop does between frames: after a commit on the
/// main thread (or on any thread inside its running run loop), a timer on that thread's run loop calls
/// ``CAProcessAnimationEvents(at:)`` for the committing clock once per display refresh, until nothing is left to
/// deliver. Code that adds an animation and then runs `RunLoop.main.run(until:)` sees `animationDidStop` and its
/// completion block when they are due, with no Calyx-specific call. Callers that drive time by hand keep calling
/// `CAProcessAnimationEvents` themselves; on a thread whose run loop is not running nothing is installed.
package enum RunLoopEventPump {
    /// Starts `clock`'s pump on the current thread's run loop, if it has one that runs and it is not pumping.
    package static func start(for clock: CAMediaClock) {
        let runLoop: RunLoop
        // (`Thread.current.isMainThread`, not the class property: on Linux that asks the kernel, twice, per commit.)
        if Thread.current.isMainThread { runLoop = .main }
        else if RunLoop.current.currentMode != nil { runLoop = .current }
        else { return }
        let interval = CADisplayLink.mainDisplay.refreshInterval
        // (Every commit comes here: the alarm made already is set without making its action again.)
        if let alarm = clock.events.existingPumpAlarm(on: runLoop) {
            alarm.setIfIdle(Date(timeIntervalSinceNow: interval))
            return
        }
        // One alarm per clock and run loop, kept by the clock's event dispatcher and set again at each refresh
        // while there is work (see RunLoopAlarm for why timers are not made afresh).
        clock.events.pumpAlarm(on: runLoop) { [weak clock] alarm in
            guard let clock else { return }
            CAMediaClock.$current.withValue(clock) { CAProcessAnimationEvents(at: clock.currentTime) }
            if clock.events.hasPendingWork { alarm.set(Date(timeIntervalSinceNow: interval)) } else { alarm.clear() }
        }.setIfIdle(Date(timeIntervalSinceNow: interval))
    }
}
