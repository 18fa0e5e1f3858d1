#if canImport(Glibc)
import Glibc
#endif

/// The source of "now" for Core Animation. Hosts and tests replace it to choose time: frames rendered offline
/// or in tests are reproducible because nothing in Calyx reads the system clock except through this.
///
/// Each clock also owns the animation events (delegate callbacks, completion blocks) of the animations added
/// while it is current, so independent clocks — two hosts, or tests running in parallel — never see each
/// other's events.
public final class CAMediaClock: @unchecked Sendable {
    private let lock = NSLock()
    private var manualTime: CFTimeInterval?
    private var slowdown = CAMediaClock.slowAnimationsFactorFromEnvironment
    package let events = AnimationEventDispatcher()

    /// How many times slower animations added under this clock run (see `CAAnimation.slowAnimationsFactor`).
    public var slowAnimationsFactor: Double {
        get { lock.lock(); defer { lock.unlock() }; return slowdown }
        set {
            guard newValue.isFinite, newValue > 0 else { return }
            lock.lock(); slowdown = newValue; lock.unlock()
        }
    }

    /// The process's clock, current unless a task binds another with `CAMediaClock.$current.withValue`.
    public static let shared = CAMediaClock()

    /// The clock in effect for this task (``shared`` unless bound).
    @TaskLocal public static var current: CAMediaClock = .shared

    /// A clock; manual (frozen) at `time` if given, else following the system's monotonic clock.
    public init(manualTime time: CFTimeInterval? = nil) { manualTime = time }

    /// The current media time: the manual time if one is set, else `CLOCK_MONOTONIC` in seconds.
    public var currentTime: CFTimeInterval {
        lock.lock(); defer { lock.unlock() }
        if let manualTime { return manualTime }
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return CFTimeInterval(ts.tv_sec) + CFTimeInterval(ts.tv_nsec) / 1e9
    }

    /// Freezes the clock at `time` (manual mode); `nil` returns to the system clock.
    public func setManualTime(_ time: CFTimeInterval?) {
        lock.lock(); manualTime = time; lock.unlock()
    }

    /// Moves a manual clock forward by `seconds` (starting it at 0 if it was not manual).
    public func advance(by seconds: CFTimeInterval) {
        lock.lock(); manualTime = (manualTime ?? 0) + seconds; lock.unlock()
    }
}

/// Seconds on the current media clock: the monotonic system clock, or the manual time of the clock bound to
/// this task (see ``CAMediaClock``).
public func CACurrentMediaTime() -> CFTimeInterval { CAMediaClock.current.currentTime }
