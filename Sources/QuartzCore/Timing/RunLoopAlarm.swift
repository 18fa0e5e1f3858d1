/// One Foundation timer on one run loop, fired again and again by moving its fire date.
///
/// Foundation on Linux never frees a `Timer` (about 270 bytes each, whether it fires, is invalidated or is never
/// scheduled; measured under LeakSanitizer), so Calyx makes one timer per job and run loop — a thread's pending
/// commit, a display link on a run loop, a clock's event pump — and reuses it: the timer repeats with an interval
/// no one waits out, and each request moves its next fire date.
final class RunLoopAlarm: @unchecked Sendable {
    private var timer: Timer!
    private let action: (RunLoopAlarm) -> Void
    /// Whether the alarm is set (guarded by the lock: a pump may be set from a committing thread).
    private var isSet = false
    private let lock = NSLock()
    /// The run loop it fires on.
    weak var runLoop: RunLoop?
    /// Set when the alarm is let go at its thread's exit: its timer is then left to the run loop (see ``abandon()``).
    private var isAbandoned = false

    /// An alarm on `runLoop` in `modes` that runs `action` each time it goes off. It goes off only when set.
    init(on runLoop: RunLoop, modes: [RunLoop.Mode] = [.default], action: @escaping (RunLoopAlarm) -> Void) {
        self.action = action
        self.runLoop = runLoop
        timer = Timer(fire: .distantFuture, interval: 1e9, repeats: true) { [weak self] _ in self?.goOff() }
        for mode in modes { runLoop.add(timer, forMode: mode) }
    }

    private func goOff() {
        lock.withLock { isSet = false }
        action(self)
    }

    /// Sets the alarm for `date` unless it is set already.
    func setIfIdle(_ date: Date) {
        guard lock.withLock({ let idle = !isSet; isSet = true; return idle }) else { return }
        timer.fireDate = date
    }

    /// Adds the alarm to another mode of a run loop.
    func add(to runLoop: RunLoop, forMode mode: RunLoop.Mode) { runLoop.add(timer, forMode: mode) }

    /// Goes off at `date` (at once when it has passed), once.
    func set(_ date: Date) {
        lock.withLock { isSet = true }
        timer.fireDate = date
    }

    /// Will not go off until set again.
    func clear() {
        lock.withLock { isSet = false }
        timer.fireDate = .distantFuture
    }

    /// Takes the timer off its run loops for good.
    func invalidate() { timer.invalidate() }

    /// Lets the alarm go without touching its run loop. A thread's own alarm is released while the thread exits,
    /// when Foundation may already be tearing that thread's run loop down: invalidating the timer then would edit
    /// the dying loop (a crash seen under ThreadSanitizer). The loop releases the timer as it goes; the timer holds
    /// the alarm weakly, so a late firing finds nothing to call.
    func abandon() { isAbandoned = true }

    deinit {
        // A loop that has gone (a pump outliving its thread) took the timer with it.
        if !isAbandoned, runLoop != nil { timer.invalidate() }
    }
}
