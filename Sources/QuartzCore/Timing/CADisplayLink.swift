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
    private var timers: [ObjectIdentifier: Timer] = [:]
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
        if isNew { schedule(on: runloop) } else if let timer = lock.withLock({ timers[key] }) { runloop.add(timer, forMode: mode) }
    }

    /// Stops calling the handler on `runloop` in `mode`.
    public func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {
        let key = ObjectIdentifier(runloop)
        let timer: Timer? = lock.withLock {
            guard var entry = runLoops[key] else { return nil }
            entry.1.remove(mode)
            if entry.1.isEmpty { runLoops[key] = nil; return timers.removeValue(forKey: key) }
            runLoops[key] = entry
            return nil
        }
        timer?.invalidate()
    }

    /// Removes the link from every run loop and releases its handler; it never fires again.
    public func invalidate() {
        let stopped: [Timer] = lock.withLock {
            handler = nil
            runLoops = [:]
            defer { timers = [:] }
            return Array(timers.values)
        }
        for timer in stopped { timer.invalidate() }
    }

    /// Arms a one-shot timer for the next call on `runloop` (re-armed after each call, so calls stay on the
    /// display's refreshes however long the handler takes).
    private func schedule(on runloop: RunLoop) {
        let key = ObjectIdentifier(runloop)
        let clock = display.mediaClock
        let now = clock.currentTime
        var next = display.refresh(after: now)
        let step = Double(refreshesPerCall) * display.refreshInterval
        if timestamp > 0, next < timestamp + step - display.refreshInterval / 2 { next = timestamp + step }
        let delay = max(next - now, 0)
        let refresh = next
        // (The timer fires on the run loop it was added to, so that loop is `RunLoop.current` then.)
        // (An explicit fire date: Foundation on Linux fires `Timer(timeInterval:repeats:block:)` at once.)
        // (The timer holds the link, so a run loop keeps an added link alive, as Apple's does.)
        let timer = Timer(fire: Date(timeIntervalSinceNow: delay), interval: 0, repeats: false) { _ in
            self.fire(at: refresh, on: .current)
        }
        let modes: Set<RunLoop.Mode>? = lock.withLock {
            guard let entry = runLoops[key] else { return nil }
            timers[key] = timer
            return entry.1
        }
        guard let modes else { return }
        for mode in modes { runloop.add(timer, forMode: mode) }
    }

    private func fire(at refresh: CFTimeInterval, on runloop: RunLoop) {
        let live = lock.withLock { runLoops[ObjectIdentifier(runloop)] != nil && handler != nil }
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
    public var minimum: Float
    public var maximum: Float
    /// Nil: no preference within the range.
    public var preferred: Float?
    public init(minimum: Float, maximum: Float, preferred: Float? = nil) {
        self.minimum = minimum; self.maximum = maximum; self.preferred = preferred
    }
    /// The display's own rate.
    public static let `default` = CAFrameRateRange(minimum: 0, maximum: 0, preferred: 0)
    public func isEqual(to range: CAFrameRateRange) -> Bool { self == range }
}
