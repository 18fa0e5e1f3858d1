import Foundation
import CoreGraphics
import QuartzCore

/// The files an ``AnimationExporter`` writes.
public enum AnimationExportFormat: String, CaseIterable, Sendable {
    /// An animated GIF (giflib), palette chosen per frame or over all frames, dithered.
    case gif
    /// A directory of PNG files, `frame_00000.png` on, one per frame.
    case png

    /// The format a path's extension names (`.gif`; a path without an extension is a PNG directory).
    public init?(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "gif": self = .gif
        case "", "png": self = .png
        default: return nil
        }
    }
}

/// How an animation becomes frames.
public struct AnimationExportOptions: Sendable {
    /// The frame's size in points; nil: the layer's bounds.
    public var size: CGSize?
    /// Pixels per point.
    public var scale: CGFloat = 1
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
    /// GIF only: how many times the animation repeats after it first plays; 0 loops forever.
    public var loopCount = 0

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

    public var description: String {
        switch self {
        case .cannotWrite(let path, let reason): "cannot write \(path): \(reason)"
        case .unknownFormat(let ext): "unknown format '\(ext)' (known: \(AnimationExportFormat.allCases.map(\.rawValue).joined(separator: ", ")))"
        case .impossibleFrames(let why): "cannot make frames: \(why)"
        case .encoderFailed(let why): "encoding failed: \(why)"
        }
    }
}
