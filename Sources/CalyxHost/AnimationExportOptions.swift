import Foundation
import CoreGraphics
import QuartzCore

/// The files an ``AnimationExporter`` writes.
public enum AnimationExportFormat: String, CaseIterable, Sendable {
    /// An animated GIF (giflib), palette chosen per frame or over all frames, dithered.
    case gif
    /// An animated WebP (libwebp), lossy at ``AnimationExportOptions/quality`` or lossless at quality 1, with alpha.
    case webp
    /// An animated PNG: lossless, with alpha.
    case apng
    /// H.264 video in an MP4 file (FFmpeg's libraries with libx264). No alpha.
    case mp4
    /// VP9 video in a WebM file (FFmpeg's libraries with libvpx). No alpha.
    case webm
    /// A directory of PNG files, `frame_00000.png` on, one per frame.
    case png

    /// The format a path's extension names (`.gif`, `.webp`, `.apng`, `.mp4`, `.webm`; a path without an
    /// extension, or ending `.png`, is a directory of PNG frames).
    public init?(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "", "png": self = .png
        case let ext: self.init(rawValue: ext)
        }
    }

    /// Whether the format keeps transparency (video formats show transparent parts black, or the background).
    public var hasAlpha: Bool { self != .mp4 && self != .webm }
}

/// How an animation becomes frames.
public struct AnimationExportOptions: Sendable {
    /// The frame's size in points; nil: the layer's bounds.
    public var size: CGSize?
    /// Pixels per point.
    public var scale: CGFloat = 1
    /// Frames written per second of animation.
    public var framesPerSecond: Double = 30
    /// Seconds of animation; nil: until the last finite animation in the tree ends (one frame when none does).
    public var duration: CFTimeInterval?
    /// Frame numbers to write, of all the animation's frames (`120...239`): parts written separately join into
    /// the whole without a seam, each frame at the time its number gives.
    public var frames: ClosedRange<Int>?
    /// The media time of frame 0; nil: the current media time when the export starts.
    public var startTime: CFTimeInterval?
    /// Painted under each frame; nil leaves the background transparent.
    public var backgroundColor: CGColor?
    /// GIF only: one palette for all frames instead of one per frame.
    public var usesGlobalPalette = false
    /// GIF only: Floyd–Steinberg dithering.
    public var dithers = true
    /// GIF, WebP and APNG: how many times the animation repeats after it first plays; 0 loops forever.
    public var loopCount = 0
    /// WebP, MP4 and WebM: 0…1, higher is better and larger. WebP at 1 is lossless; video maps it onto the
    /// encoder's constant-quality scale (0.8: x264 CRF 10, VP9 CRF 13).
    public var quality = 0.8

    /// Options with the given size, scale, rate, duration, frame range and background, and the defaults for the rest.
    public init(size: CGSize? = nil, scale: CGFloat = 1, framesPerSecond: Double = 30, duration: CFTimeInterval? = nil,
                frames: ClosedRange<Int>? = nil, backgroundColor: CGColor? = nil) {
        self.size = size; self.scale = scale; self.framesPerSecond = framesPerSecond; self.duration = duration
        self.frames = frames; self.backgroundColor = backgroundColor
    }
}

/// Why an export did not happen. No partial file is left behind.
public enum AnimationExportError: Error, Equatable, CustomStringConvertible {
    /// The destination cannot be written (a missing directory, no permission).
    case cannotWrite(path: String, reason: String)
    /// The path's extension names no format Calyx writes.
    case unknownFormat(String)
    /// The frame size, scale, rate, duration or frame range cannot make frames.
    case impossibleFrames(String)
    /// The encoder failed.
    case encoderFailed(String)

    /// What went wrong, in a sentence.
    public var description: String {
        switch self {
        case .cannotWrite(let path, let reason): "cannot write \(path): \(reason)"
        case .unknownFormat(let ext): "unknown format '\(ext)' (known: \(AnimationExportFormat.allCases.map(\.rawValue).joined(separator: ", ")))"
        case .impossibleFrames(let why): "cannot make frames: \(why)"
        case .encoderFailed(let why): "encoding failed: \(why)"
        }
    }
}
