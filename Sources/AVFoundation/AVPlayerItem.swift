import Foundation
import QuartzCore

/// The error domain of AVFoundation's errors.
public let AVFoundationErrorDomain = "AVFoundationErrorDomain"

extension NSNotification.Name {
    /// Posted (object: the item) when an item plays to its end.
    public static let AVPlayerItemDidPlayToEndTime = NSNotification.Name("AVPlayerItemDidPlayToEndTimeNotification")
    /// Posted (object: the item) when an item fails to play to its end.
    public static let AVPlayerItemFailedToPlayToEndTime = NSNotification.Name("AVPlayerItemFailedToPlayToEndTimeNotification")
}

/// An asset's presentation state in a player: whether it can play (`status`, `error`) and its time.
open class AVPlayerItem: NSObject, @unchecked Sendable {
    /// Whether the item can play, with AVFoundation's raw values.
    public enum Status: Int, Sendable {
        /// The item's media has not been opened yet.
        case unknown
        /// The item's media is open and can play.
        case readyToPlay
        /// The item's media could not be opened (see `error`).
        case failed
    }

    /// The media the item plays.
    public let asset: AVAsset
    /// `.readyToPlay` once the file is open and has a video track Calyx can decode, `.failed` (with `error`) when not.
    open private(set) var status: Status
    /// Why the item failed, if it did.
    open private(set) var error: Error?
    /// Decoding ahead happens here, away from the threads that draw and commit.
    private let prefetch = DispatchQueue(label: "calyx.AVPlayerItem.prefetch")
    private let prefetchLock = NSLock()
    private var prefetchQueued = false
    /// The time while no player owns the item.
    var parkedTime = 0.0
    weak var player: AVPlayer?

    /// An item playing `asset`.
    public init(asset: AVAsset) {
        self.asset = asset
        switch asset.source {
        case .success: status = .readyToPlay
        case .failure(let failure):
            status = .failed
            error = NSError(domain: AVFoundationErrorDomain, code: -11828,   // AVError.fileFormatNotRecognized
                            userInfo: [NSLocalizedDescriptionKey: "Cannot Open", NSLocalizedFailureReasonErrorKey: "\(failure)"])
        }
        super.init()
    }

    /// An item playing the file at `URL`.
    public convenience init(url URL: URL) { self.init(asset: AVURLAsset(url: URL)) }

    /// The item's duration (`.indefinite` until ready, as on Apple; Calyx knows it at once).
    open var duration: CMTime { status == .readyToPlay ? asset.duration : .indefinite }

    /// The item's current time: its player's, or where it was left.
    open func currentTime() -> CMTime {
        if let player, player.currentItem === self { return player.currentTime() }
        return CMTime(seconds: parkedTime, preferredTimescale: 600)
    }

    /// Moves the item to `time` (through its player when it has one).
    open func seek(to time: CMTime, completionHandler: ((Bool) -> Void)? = nil) {
        if let player, player.currentItem === self { player.seek(to: time, completionHandler: completionHandler ?? { _ in }); return }
        if time.isNumeric { parkedTime = min(max(time.seconds, 0), max(duration.seconds, 0)) }
        completionHandler?(time.isNumeric)
    }

    var decoder: VideoDecoder? { if case .success(let d) = asset.source { return d }; return nil }
    var durationSeconds: Double { decoder?.duration ?? 0 }

    /// The frame at item time `time`, and a few more decoded ahead of it in the background.
    func image(atItemTime time: Double) -> CGImage? {
        guard let decoder else { return nil }
        let image = decoder.image(at: time)
        prefetchLock.lock()
        let queue = !prefetchQueued
        prefetchQueued = true
        prefetchLock.unlock()
        if queue {
            prefetch.async { [weak self] in
                self?.prefetchLock.lock(); self?.prefetchQueued = false; self?.prefetchLock.unlock()
                decoder.decodeAhead(4)
            }
        }
        return image
    }

    /// A new item for the same asset (what `AVPlayerLooper` plays from its template).
    open override func copy() -> Any { AVPlayerItem(asset: asset) }
}
