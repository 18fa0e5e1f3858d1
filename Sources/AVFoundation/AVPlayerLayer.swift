import Foundation
import QuartzCore

/// How video fills a player layer's bounds.
public struct AVLayerVideoGravity: RawRepresentable, Hashable, Sendable {
    /// The raw value.
    public let rawValue: String
    /// A value from its raw value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The whole frame, aspect kept, letterboxed (the default).
    public static let resizeAspect = AVLayerVideoGravity(rawValue: "AVLayerVideoGravityResizeAspect")
    /// The bounds filled, aspect kept, the frame cropped.
    public static let resizeAspectFill = AVLayerVideoGravity(rawValue: "AVLayerVideoGravityResizeAspectFill")
    /// The frame stretched to the bounds.
    public static let resize = AVLayerVideoGravity(rawValue: "AVLayerVideoGravityResize")

    var contentsGravity: CALayerContentsGravity {
        switch self {
        case .resizeAspectFill: return .resizeAspectFill
        case .resize: return .resize
        default: return .resizeAspect
        }
    }
}

/// A layer showing a player's video. Each frame drawn shows the video frame for the player's time at that frame's
/// media time, so exported frames are exact and live playback keeps time. It composites like any layer
/// (transforms, corners, borders, shadows, masks).
open class AVPlayerLayer: CALayer, CALayerTimedContents, @unchecked Sendable {
    /// The player whose video the layer shows.
    open var player: AVPlayer? { didSet { setNeedsDisplay() } }
    /// How the video fills the bounds (`.resizeAspect` by default).
    open var videoGravity: AVLayerVideoGravity = .resizeAspect { didSet { contentsGravity = videoGravity.contentsGravity } }

    /// A layer showing no player.
    public override init() {
        super.init()
        contentsGravity = .resizeAspect
        hasTimedContents = true
    }

    /// A layer showing `player`'s video.
    public convenience init(player: AVPlayer?) {
        self.init()
        self.player = player
    }

    /// A copy of `layer`'s player and gravity (for presentation copies).
    public required init(layer: Any) {
        super.init(layer: layer)
        hasTimedContents = true
        if let other = layer as? AVPlayerLayer { player = other.player; videoGravity = other.videoGravity }
    }

    /// Not available: Calyx reads no nib files.
    public required init?(coder: NSCoder) { return nil }

    /// Whether the layer has video to show: the player's item opened and has a decodable video track.
    open var isReadyForDisplay: Bool { player?.currentItem?.status == .readyToPlay }

    /// Where the video lies in the bounds under `videoGravity`.
    open var videoRect: CGRect {
        guard let track = player?.currentItem?.asset.tracks(withMediaType: .video).first else { return .zero }
        let size = track.naturalSize.applying(track.preferredTransform)
        let (w, h) = (abs(size.width), abs(size.height))
        guard w > 0, h > 0, bounds.width > 0, bounds.height > 0 else { return .zero }
        switch videoGravity {
        case .resize: return bounds
        default:
            let scale = videoGravity == .resizeAspectFill ? max(bounds.width / w, bounds.height / h) : min(bounds.width / w, bounds.height / h)
            let fit = CGSize(width: w * scale, height: h * scale)
            return CGRect(x: bounds.midX - fit.width / 2, y: bounds.midY - fit.height / 2, width: fit.width, height: fit.height)
        }
    }

    /// Pixel buffer attributes (kept for source compatibility; frames are always 8-bit BGRA).
    open var pixelBufferAttributes: [String: Any]?

    package func timedContents(atMediaTime t: CFTimeInterval) -> CGImage? { player?.image(atMediaTime: t) }
    package var changesContinuously: Bool { (player?.rate ?? 0) != 0 }
}
