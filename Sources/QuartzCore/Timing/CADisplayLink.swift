/// A timer synchronized with a display's refreshes, firing on a run loop (Apple's `CADisplayLink`).
///
/// Add it to a run loop and it calls its handler once per refresh of ``mainDisplay`` (or at
/// ``preferredFramesPerSecond`` when that is lower), with ``timestamp`` the refresh just shown and
/// ``targetTimestamp`` the next one. iOS code written `CADisplayLink(target: self, selector: #selector(step))`
/// needs the Objective-C runtime; on Linux write `CADisplayLink { [weak self] link in self?.step(link) }`.
///
/// The link holds its handler strongly, and a run loop holds the link while it is added, as Apple's does: call
/// ``invalidate()`` to stop it and let it go.
public final class CADisplayLink: NSObject, @unchecked Sendable {
    /// The display that paces display links created without one and the run-loop delivery of animation
    /// events. A window host sets its own display here; the default is a 60 Hz virtual display on the
    /// shared media clock.
    nonisolated(unsafe) public static var mainDisplay: CADisplayRefreshSource = CAVirtualDisplay(framesPerSecond: 60)

    private var handler: ((CADisplayLink) -> Void)?
    private let display: CADisplayRefreshSource
    private let lock = NSLock()
    /// One alarm per run loop the link is on (timers are not made afresh: see RunLoopAlarm).
    private var alarms: [ObjectIdentifier: RunLoopAlarm] = [:]
    private var runLoops: [ObjectIdentifier: (RunLoop, Set<RunLoop.Mode>)] = [:]

    /// The refresh the last call was made for, in media time (0 before the first).
    public private(set) var timestamp: CFTimeInterval = 0
    /// The refresh the next frame will be shown at: where an app should have its work done by.
    public private(set) var targetTimestamp: CFTimeInterval = 0
    /// The time between calls: the display's refresh interval times the refreshes skipped per call.
    public var duration: CFTimeInterval { display.refreshInterval * Double(refreshesPerCall) }
    /// Stops calls while true, without removing the link from its run loops.
    public var isPaused = false
    /// The rate the handler is called at; 0 (the default) means the display's own rate.
    public var preferredFramesPerSecond: Int {
        get { Int(preferredFrameRateRange.preferred ?? 0) }
        set { preferredFrameRateRange = CAFrameRateRange(minimum: 0, maximum: Float(max(newValue, 0)), preferred: Float(max(newValue, 0))) }
    }
    /// The rates the handler may be called at (`.default`: the display's own).
    public var preferredFrameRateRange: CAFrameRateRange = .default

    /// A link calling `handler` once per refresh of `display`, once added to a run loop.
    public init(display: CADisplayRefreshSource = CADisplayLink.mainDisplay, handler: @escaping (CADisplayLink) -> Void) {
        self.display = display
        self.handler = handler
        super.init()
    }

    /// How many refreshes pass between calls: the display's rate divided by the preferred rate, rounded.
    private var refreshesPerCall: Int {
        let displayRate = 1 / display.refreshInterval
        guard let preferred = preferredFrameRateRange.preferred, preferred > 0, preferred.isFinite,
              Double(preferred) < displayRate else { return 1 }
        return max(1, Int((displayRate / Double(preferred)).rounded()))
    }

    /// Starts calling the handler on `runloop` in `mode` (a link may be in several modes and run loops).
    public func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        let key = ObjectIdentifier(runloop)
        let isNew: Bool = lock.withLock {
            guard handler != nil else { return false }
            var entry = runLoops[key] ?? (runloop, [])
            let isNew = entry.1.isEmpty
            entry.1.insert(mode)
            runLoops[key] = entry
            return isNew
        }
        if isNew { schedule(on: runloop) } else if let alarm = lock.withLock({ alarms[key] }) { alarm.add(to: runloop, forMode: mode) }
    }

    /// Stops calling the handler on `runloop` in `mode`.
    public func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {
        let key = ObjectIdentifier(runloop)
        let alarm: RunLoopAlarm? = lock.withLock {
            guard var entry = runLoops[key] else { return nil }
            entry.1.remove(mode)
            if entry.1.isEmpty { runLoops[key] = nil; return alarms.removeValue(forKey: key) }
            runLoops[key] = entry
            return nil
        }
        alarm?.invalidate()
    }

    /// Removes the link from every run loop and releases its handler; it never fires again.
    public func invalidate() {
        let stopped: [RunLoopAlarm] = lock.withLock {
            handler = nil
            runLoops = [:]
            defer { alarms = [:] }
            return Array(alarms.values)
        }
        for alarm in stopped { alarm.invalidate() }
    }

    /// Sets the run loop's alarm for the next call (set again after each call, so calls stay on the display's
    /// refreshes however long the handler takes).
    private func schedule(on runloop: RunLoop) {
        let key = ObjectIdentifier(runloop)
        let clock = display.mediaClock
        let now = clock.currentTime
        var next = display.refresh(after: now)
        let step = Double(refreshesPerCall) * display.refreshInterval
        if timestamp > 0 {
            // Calls keep the link's own cadence: a call that comes late skips to the next refresh on it, as a
            // 20-per-second link on a 60 Hz display stays on every third refresh, never one between.
            let steps = max(((next - timestamp) / step - 0.5 / Double(refreshesPerCall)).rounded(.up), 1)
            next = timestamp + steps * step
        }
        let delay = max(next - now, 0)
        let refresh = next
        let alarm: RunLoopAlarm? = lock.withLock {
            guard let entry = runLoops[key] else { return nil }
            pendingRefreshes[key] = refresh
            if let existing = alarms[key] { return existing }
            // (The alarm holds the link, so a run loop keeps an added link alive, as Apple's does.)
            let made = RunLoopAlarm(on: runloop, modes: Array(entry.1)) { [self] _ in self.fire(on: runloop) }
            alarms[key] = made
            return made
        }
        alarm?.set(Date(timeIntervalSinceNow: delay))
    }

    /// The refresh each run loop's next call is for.
    private var pendingRefreshes: [ObjectIdentifier: CFTimeInterval] = [:]

    private func fire(on runloop: RunLoop) {
        let key = ObjectIdentifier(runloop)
        let (live, refresh) = lock.withLock { (runLoops[key] != nil && handler != nil, pendingRefreshes[key] ?? 0) }
        guard live else { return }
        if !isPaused, let handler = lock.withLock({ self.handler }) {
            timestamp = refresh
            targetTimestamp = refresh + duration
            handler(self)
        }
        schedule(on: runloop)
    }
}

/// A range of frame rates with a preferred one (Apple's `CAFrameRateRange`).
public struct CAFrameRateRange: Equatable, Sendable {
    /// The lowest acceptable rate, in frames per second.
    public var minimum: Float
    /// The highest acceptable rate, in frames per second.
    public var maximum: Float
    /// Nil: no preference within the range.
    public var preferred: Float?
    /// A range from `minimum` to `maximum` frames per second, preferring `preferred`.
    public init(minimum: Float, maximum: Float, preferred: Float? = nil) {
        self.minimum = minimum; self.maximum = maximum; self.preferred = preferred
    }
    /// The display's own rate.
    public static let `default` = CAFrameRateRange(minimum: 0, maximum: 0, preferred: 0)
    /// Whether the two ranges are the same.
    public func isEqual(to range: CAFrameRateRange) -> Bool { self == range }
}
