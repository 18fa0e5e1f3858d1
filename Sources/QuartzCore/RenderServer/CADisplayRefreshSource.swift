#if canImport(Glibc)
import Glibc
#endif

/// What paces a render server: a display's refreshes. A window host answers its vsync; tests and headless
/// servers use a ``CAVirtualDisplay``.
public protocol CADisplayRefreshSource: AnyObject, Sendable {
    /// Seconds between refreshes.
    var refreshInterval: CFTimeInterval { get }
    /// The clock whose time refreshes are given in.
    var mediaClock: CAMediaClock { get }
    /// Blocks until the next refresh or for at most `timeout` seconds of real time, whichever comes first.
    func waitForNextRefresh(timeout: Double) -> CADisplayRefresh
    /// Closes the display: a waiting ``waitForNextRefresh(timeout:)`` answers `.closed` soon after.
    func close()
}

extension CADisplayRefreshSource {
    /// The first refresh after media time `t` (refreshes fall on whole multiples of the interval).
    public func refresh(after t: CFTimeInterval) -> CFTimeInterval {
        ((t / refreshInterval).rounded(.down) + 1) * refreshInterval
    }
}

/// What waiting for a display's refresh found.
public enum CADisplayRefresh: Equatable, Sendable {
    /// A refresh, at this media time.
    case refresh(CFTimeInterval)
    /// No refresh came within the timeout.
    case timedOut
    /// The display has closed; no refresh will come.
    case closed
}

/// A display that refreshes `framesPerSecond` times a second of a media clock, with no screen behind it.
///
/// Refreshes fall on whole multiples of the interval of the clock's time. When the caller is late (a frame took
/// longer than an interval), the refreshes it missed are skipped, as a real display's vsyncs are: the next one
/// answered is the latest that has passed. On a manual clock the display refreshes as the clock is advanced.
public final class CAVirtualDisplay: CADisplayRefreshSource, @unchecked Sendable {
    /// The time between refreshes, in seconds.
    public let refreshInterval: CFTimeInterval
    private let clock: CAMediaClock
    /// The clock the refreshes follow.
    public var mediaClock: CAMediaClock { clock }
    private let lock = NSLock()
    private var lastRefresh: CFTimeInterval?
    private var isClosed = false

    /// A display at `framesPerSecond` (clamped to 1…1000) on `clock`.
    public init(framesPerSecond: Int = 60, clock: CAMediaClock = .shared) {
        refreshInterval = 1 / Double(min(max(framesPerSecond, 1), 1000))
        self.clock = clock
    }

    /// Waits for the next refresh of the clock and answers its time, or `.timedOut` after `timeout` seconds, or `.closed` once the display is closed.
    public func waitForNextRefresh(timeout: Double) -> CADisplayRefresh {
        var waited = 0.0
        while true {
            let (closed, last) = lock.withLock { (isClosed, lastRefresh) }
            if closed { return .closed }
            if waited > timeout { return .timedOut }
            let now = clock.currentTime
            guard now.isFinite else { usleep(5000); waited += 0.005; continue }
            // The latest refresh that has passed; answered once (missed ones are skipped).
            let tick = (now / refreshInterval).rounded(.down) * refreshInterval
            if last.map({ tick >= $0 + refreshInterval / 2 }) ?? true {
                lock.withLock { lastRefresh = tick }
                return .refresh(tick)
            }
            // Sleep toward the next refresh, in short steps so closing and a manual clock are noticed.
            let wait = min(max((last ?? tick) + refreshInterval - now, 0.0005), 0.005)
            usleep(UInt32(wait * 1e6))
            waited += wait
        }
    }

    /// Closes the display: every wait answers `.closed` from now on.
    public func close() { lock.withLock { isClosed = true } }
}
