import Foundation
import QuartzCore

/// Plays one item's video in media time: the item time at a media time t is where it was at the last change
/// (play, pause, rate, seek) plus the media time since, times the rate — so any renderer asking for the frame at
/// a frame's time gets the same picture, live or offline. At the item's end the player posts
/// `AVPlayerItemDidPlayToEndTime` and does what `actionAtItemEnd` says, at the next event pass.
open class AVPlayer: NSObject, MediaTimeObserver, @unchecked Sendable {
    /// Whether the player can play, with AVFoundation's raw values.
    public enum Status: Int, Sendable {
        /// The player has no item ready yet.
        case unknown
        /// The player can play its item.
        case readyToPlay
        /// The player cannot play (see `error`).
        case failed
    }
    /// What the player does when its item ends.
    public enum ActionAtItemEnd: Int, Sendable {
        /// Moves on to the next item (an `AVQueuePlayer`'s behaviour).
        case advance
        /// Pauses at the end of the item.
        case pause
        /// Keeps playing (the time stays at the end).
        case none
    }
    /// Whether the player is paused, waiting or playing.
    public enum TimeControlStatus: Int, Sendable {
        /// Playback is paused.
        case paused
        /// Playback waits to play at the rate asked for (Calyx never buffers, so this does not last).
        case waitingToPlayAtSpecifiedRate
        /// Playback is under way.
        case playing
    }

    private let lock = NSRecursiveLock()
    private var item: AVPlayerItem?
    /// Item time at `anchorMediaTime`, and the rate since.
    private var anchorItemTime = 0.0
    private var anchorMediaTime = 0.0
    private var currentRate: Float = 0
    /// A loop range (AVPlayerLooper): item times run from `start` for `duration`, over and over.
    var loop: (start: Double, duration: Double, since: Double)?
    private var endNotified = false
    let clock: CAMediaClock

    /// What happens when the item ends (`.pause` for `AVPlayer`, `.advance` for `AVQueuePlayer`).
    open var actionAtItemEnd: ActionAtItemEnd = .pause
    /// The rate `play()` starts at.
    open var defaultRate: Float = 1
    /// Accepted; Calyx plays no sound.
    open var volume: Float = 1
    /// Accepted; Calyx plays no sound.
    open var isMuted = false
    /// Accepted; local files do not stall.
    open var automaticallyWaitsToMinimizeStalling = true

    /// A player with no item.
    public override init() {
        clock = CAMediaClock.current
        super.init()
        clock.events.addTimeObserver(self)
    }

    /// A player of `item`.
    public init(playerItem item: AVPlayerItem?) {
        clock = CAMediaClock.current
        super.init()
        clock.events.addTimeObserver(self)
        replaceCurrentItem(with: item)
    }

    /// A player of the file at `URL`.
    public convenience init(url URL: URL) { self.init(playerItem: AVPlayerItem(url: URL)) }

    /// The item playing.
    open var currentItem: AVPlayerItem? { lock.lock(); defer { lock.unlock() }; return item }

    /// Whether the player can play.
    open var status: Status {
        switch currentItem?.status {
        case .readyToPlay?: return .readyToPlay
        case .failed?: return .failed
        default: return .unknown
        }
    }
    /// Why the item failed, if it did.
    open var error: Error? { currentItem?.error }

    /// Playing while the rate is not 0, else paused.
    open var timeControlStatus: TimeControlStatus { rate == 0 ? .paused : .playing }

    /// Replaces the item; the new one starts where it was left (0 for a new item), paused or playing as before.
    open func replaceCurrentItem(with newItem: AVPlayerItem?) {
        lock.lock(); defer { lock.unlock() }
        let now = clock.currentTime
        if let old = item { old.parkedTime = itemTimeLocked(at: now); old.player = nil }
        item = newItem
        newItem?.player = self
        anchorItemTime = newItem?.parkedTime ?? 0
        anchorMediaTime = now
        loop = nil
        endNotified = false
    }

    /// The playback rate: 0 paused, 1 normal, 2 twice as fast, negative backwards. Setting it keeps the current
    /// time and plays on from there.
    open var rate: Float {
        get { lock.lock(); defer { lock.unlock() }; return currentRate }
        set {
            guard newValue.isFinite else { return }
            lock.lock()
            reanchor()
            currentRate = newValue
            if newValue != 0 { endNotified = false }
            lock.unlock()
            if newValue != 0 { RunLoopEventPump.start(for: clock) }
        }
    }

    /// Plays at the default rate.
    open func play() { rate = defaultRate }
    /// Pauses (rate 0).
    open func pause() { rate = 0 }

    /// The item time now.
    open func currentTime() -> CMTime {
        lock.lock(); defer { lock.unlock() }
        return CMTime(seconds: itemTimeLocked(at: clock.currentTime), preferredTimescale: 600)
    }

    /// Seek with Apple's default tolerance: the time lands on the start of the frame that shows `time` (ask for
    /// zero tolerances to land exactly on `time`).
    open func seek(to time: CMTime) { seek(to: time, completionHandler: { _ in }) }

    /// Seek with Apple's default tolerance: the time lands on the start of the frame that shows `time`.
    open func seek(to time: CMTime, completionHandler: @escaping (Bool) -> Void) {
        seek(to: time, toleranceBefore: .positiveInfinity, toleranceAfter: .positiveInfinity, completionHandler: completionHandler)
    }

    /// Moves to `time`; within the tolerances the player may land on the start of the frame showing it.
    open func seek(to time: CMTime, toleranceBefore: CMTime, toleranceAfter: CMTime) {
        seek(to: time, toleranceBefore: toleranceBefore, toleranceAfter: toleranceAfter, completionHandler: { _ in })
    }

    /// Moves to `time`; within the tolerances the player may land on the start of the frame showing it instead.
    open func seek(to time: CMTime, toleranceBefore: CMTime, toleranceAfter: CMTime, completionHandler: @escaping (Bool) -> Void) {
        guard time.isNumeric else { completionHandler(false); return }
        lock.lock()
        let duration = item?.durationSeconds ?? 0
        var target = min(max(time.seconds, 0), duration)
        if let rate = item?.decoder?.frameRate, rate > 0 {
            let frameStart = (target * rate + 1e-9).rounded(.down) / rate
            if target - frameStart <= max(toleranceBefore.isNumeric ? toleranceBefore.seconds : .infinity, 0) { target = frameStart }
        }
        anchorItemTime = target
        anchorMediaTime = clock.currentTime
        if let l = loop { loop = (l.start, l.duration, anchorMediaTime - (target - l.start) / Double(max(abs(currentRate), 1e-9))) }
        endNotified = false
        lock.unlock()
        clock.events.runAtNextPass { completionHandler(true) }
    }

    // MARK: Time

    /// Item time at media time `t` (lock held).
    private func itemTimeLocked(at t: Double) -> Double {
        guard let item else { return 0 }
        let duration = item.durationSeconds
        let raw = anchorItemTime + (t - anchorMediaTime) * Double(currentRate)
        if let loop, loop.duration > 0, currentRate != 0 {
            let elapsed = (t - loop.since) * Double(currentRate)
            let into = elapsed.truncatingRemainder(dividingBy: loop.duration)
            return loop.start + (into < 0 ? into + loop.duration : into)
        }
        return min(max(raw, 0), duration)
    }

    /// Fixes the anchor at now (before the rate or the item changes).
    private func reanchor() {
        let now = clock.currentTime
        anchorItemTime = itemTimeLocked(at: now)
        anchorMediaTime = now
    }

    /// The picture at media time `t` (what a player layer shows for a frame drawn for that time).
    func image(atMediaTime t: CFTimeInterval) -> CGImage? {
        lock.lock()
        let current = item
        let time = itemTimeLocked(at: t)
        lock.unlock()
        return current?.image(atItemTime: time)
    }

    // MARK: The end of the item

    /// Whether the player needs to hear of the media time (it is playing toward an end it has not reached).
    public var waitsForMediaTime: Bool { lock.lock(); defer { lock.unlock() }; return currentRate != 0 && !endNotified && loop == nil }

    /// Notices the end of the item at media time `now`: posts `AVPlayerItemDidPlayToEndTime` and pauses, advances or keeps going as `actionAtItemEnd` says.
    public func mediaTimeDidAdvance(to now: CFTimeInterval) {
        lock.lock()
        guard let item, currentRate != 0, loop == nil, !endNotified else { lock.unlock(); return }
        let duration = item.durationSeconds
        let reached = currentRate > 0 ? anchorItemTime + (now - anchorMediaTime) * Double(currentRate) >= duration
                                      : anchorItemTime + (now - anchorMediaTime) * Double(currentRate) <= 0
        guard reached else { lock.unlock(); return }
        endNotified = true
        let end = currentRate > 0 ? duration : 0
        switch actionAtItemEnd {
        case .pause: anchorItemTime = end; anchorMediaTime = now; currentRate = 0
        case .none: break
        case .advance: anchorItemTime = end; anchorMediaTime = now
        }
        lock.unlock()
        NotificationCenter.default.post(name: .AVPlayerItemDidPlayToEndTime, object: item)
        if actionAtItemEnd == .advance { advanceToNextItem() }
    }

    /// `AVQueuePlayer` moves to its next item; a plain player stops with none.
    func advanceToNextItem() {
        lock.lock(); currentRate = 0; lock.unlock()
    }
}

/// A player of a queue of items, advancing through them (`actionAtItemEnd` is `.advance`).
open class AVQueuePlayer: AVPlayer, @unchecked Sendable {
    private var queue: [AVPlayerItem] = []

    /// A queue player of `items`, the first current.
    public init(items: [AVPlayerItem]) {
        super.init(playerItem: items.first)
        queue = items
        actionAtItemEnd = .advance
    }

    /// A player with no item.
    public override init() {
        super.init()
        actionAtItemEnd = .advance
    }

    /// The items in the queue, the current one first.
    open func items() -> [AVPlayerItem] { queue }

    /// Inserts `item` after `afterItem` (at the end when nil or not queued); it becomes current if there was none.
    open func insert(_ item: AVPlayerItem, after afterItem: AVPlayerItem?) {
        if let afterItem, let i = queue.firstIndex(of: afterItem) { queue.insert(item, at: i + 1) } else { queue.append(item) }
        if currentItem == nil { replaceCurrentItem(with: item) }
    }

    /// Removes `item` from the queue (the next becomes current if it was).
    open func remove(_ item: AVPlayerItem) {
        queue.removeAll { $0 === item }
        if currentItem === item { replaceCurrentItem(with: queue.first) }
    }

    /// Empties the queue and stops.
    open func removeAllItems() { queue.removeAll(); replaceCurrentItem(with: nil) }

    /// Drops the current item and plays the next, at the same rate.
    open override func advanceToNextItem() {
        let playing = rate
        if let current = currentItem, let i = queue.firstIndex(of: current) { queue.remove(at: i) }
        replaceCurrentItem(with: queue.first)
        rate = queue.isEmpty ? 0 : playing
    }
}

/// Plays an item over and over in a queue player, with no gap: the loop is part of the player's time, so the
/// frame after the last is the first.
open class AVPlayerLooper: NSObject, @unchecked Sendable {
    /// Whether the player can play, with AVFoundation's raw values.
    public enum Status: Int, Sendable {
        /// Not loaded yet.
        case unknown
        /// Loaded and ready to use.
        case ready
        /// Loading failed.
        case failed
        /// Loading was cancelled.
        case cancelled
    }

    private weak var player: AVQueuePlayer?
    private let range: (start: Double, duration: Double)
    /// Whether the looper can loop.
    open private(set) var status: Status
    /// Why the item failed, if it did.
    open var error: Error? { nil }

    /// A looper that plays copies of `itemToLoop` (or `loopRange` of it) one after another in `player`.
    public init(player: AVQueuePlayer, templateItem itemToLoop: AVPlayerItem, timeRange loopRange: CMTimeRange = .invalid) {
        self.player = player
        let item = itemToLoop.copy() as! AVPlayerItem
        let whole = item.durationSeconds
        if loopRange.start.isNumeric, loopRange.duration.isNumeric, loopRange.duration.seconds > 0 {
            let start = min(max(loopRange.start.seconds, 0), whole)
            range = (start, min(loopRange.duration.seconds, whole - start))
        } else {
            range = (0, whole)
        }
        status = item.status == .readyToPlay && range.duration > 0 ? .ready : .failed
        super.init()
        player.removeAllItems()
        player.insert(item, after: nil)
        if status == .ready {
            item.parkedTime = range.start
            player.replaceCurrentItem(with: item)
            player.loop = (range.start, range.duration, player.clock.currentTime)
        }
    }

    /// How many times the item has played through.
    open var loopCount: Int {
        guard let player, let loop = player.loop, loop.duration > 0 else { return 0 }
        let elapsed = (player.clock.currentTime - loop.since) * Double(player.rate)
        return max(0, Int((elapsed / loop.duration).rounded(.down)))
    }

    /// Stops looping: the item plays to its end and stops.
    open func disableLooping() {
        guard let player, player.loop != nil else { return }
        let now = player.currentTime()
        player.loop = nil
        player.seek(to: now)
        status = .cancelled
    }
}
