#if canImport(Glibc)
import Glibc
#endif

/// The source of "now" for Core Animation. Hosts and tests replace it to choose time: frames rendered offline
/// or in tests are reproducible because nothing in Calyx reads the system clock except through this.
public final class CAMediaClock: @unchecked Sendable {
    private let lock = NSLock()
    private var manualTime: CFTimeInterval?

    /// The clock `CACurrentMediaTime()` reads.
    public static let shared = CAMediaClock()

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

/// Seconds on the monotonic media clock (or the manual time set on ``CAMediaClock/shared``).
public func CACurrentMediaTime() -> CFTimeInterval { CAMediaClock.shared.currentTime }
