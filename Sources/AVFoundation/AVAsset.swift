import Foundation
@_exported import CoreMedia
import CoreGraphics

/// The kind of a track.
public struct AVMediaType: RawRepresentable, Hashable, Sendable {
    /// The raw value.
    public let rawValue: String
    /// A value from its raw value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Video tracks.
    public static let video = AVMediaType(rawValue: "vide")
    /// Audio tracks.
    public static let audio = AVMediaType(rawValue: "soun")
}

/// A timed media resource: its duration and tracks. Calyx reads video tracks (audio is not played).
open class AVAsset: NSObject, @unchecked Sendable {
    /// The decoder, or why the file cannot be played.
    let source: Result<VideoDecoder, Error>

    init(source: Result<VideoDecoder, Error>) { self.source = source }

    /// The duration (`.zero` for a file that cannot be read).
    open var duration: CMTime {
        guard case .success(let decoder) = source else { return .zero }
        return CMTime(seconds: decoder.duration, preferredTimescale: 600)
    }

    /// Whether the asset can be played.
    open var isPlayable: Bool { if case .success = source { return true }; return false }
    /// Whether the media can be read (the same as playable here).
    open var isReadable: Bool { isPlayable }

    /// The tracks (one video track when the file has a decodable one).
    open var tracks: [AVAssetTrack] {
        guard case .success(let decoder) = source else { return [] }
        return [AVAssetTrack(asset: self, decoder: decoder)]
    }

    /// The asset's tracks of one kind.
    open func tracks(withMediaType mediaType: AVMediaType) -> [AVAssetTrack] {
        tracks.filter { $0.mediaType == mediaType }
    }
}

/// An asset at a URL (a local file).
open class AVURLAsset: AVAsset, @unchecked Sendable {
    /// Where the media is.
    public let url: URL

    /// The media at `URL` (options are accepted and ignored).
    public init(url URL: URL, options: [String: Any]? = nil) {
        url = URL
        super.init(source: Result { try VideoDecoder(url: URL) })
    }
}

/// One track of an asset.
open class AVAssetTrack: NSObject, @unchecked Sendable {
    /// The asset the track belongs to.
    public private(set) weak var asset: AVAsset?
    /// Video or audio.
    public let mediaType: AVMediaType
    /// The frame size in pixels, before `preferredTransform`.
    public let naturalSize: CGSize
    /// How the track is meant to be displayed (a rotation for portrait recordings).
    public let preferredTransform: CGAffineTransform
    /// Frames per second, as the file states.
    public let nominalFrameRate: Float
    /// When the track plays within the asset.
    public let timeRange: CMTimeRange

    init(asset: AVAsset, decoder: VideoDecoder) {
        self.asset = asset
        mediaType = .video
        naturalSize = CGSize(width: decoder.width, height: decoder.height)
        preferredTransform = decoder.rotation == 0 ? .identity : CGAffineTransform(rotationAngle: decoder.rotation * .pi / 180)
        nominalFrameRate = Float(decoder.frameRate)
        timeRange = CMTimeRange(start: .zero, duration: CMTime(seconds: decoder.duration, preferredTimescale: 600))
    }
}
