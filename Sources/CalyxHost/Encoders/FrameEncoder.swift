import Foundation
import CoreGraphics
import ImageIO

/// One output format's writer: takes rendered frames in order, with their frame numbers, and completes its file
/// in ``finish()``. The exporter writes to a staging path and moves the result into place only once `finish`
/// returns, so a failed encoder leaves nothing behind.
protocol FrameEncoder: AnyObject {
    /// Adds frame `number` (its number among all the animation's frames, which fixes its time).
    func add(_ image: CGImage, number: Int) throws
    /// Writes whatever is pending and closes the file.
    func finish() throws
}

extension AnimationExportFormat {
    /// An encoder for this format writing to `path` (a file, or a directory for `.png`).
    func makeEncoder(path: String, width: Int, height: Int, options: AnimationExportOptions) throws -> FrameEncoder {
        switch self {
        case .gif: GIFFrameEncoder(path: path, options: options)
        case .png: try PNGSequenceEncoder(directory: path)
        case .apng: APNGFrameEncoder(path: path, options: options)
        case .webp: try WebPFrameEncoder(path: path, width: width, height: height, options: options)
        case .mp4: try VideoFrameEncoder(path: path, container: .mp4, width: width, height: height, options: options)
        case .webm: try VideoFrameEncoder(path: path, container: .webm, width: width, height: height, options: options)
        }
    }
}

/// Frame display times in whole milliseconds or hundredths, rounded on the running total so that the delays add
/// up to the true duration.
enum FrameDelays {
    /// How long frame `n` shows, in `1/unitsPerSecond` units, at `framesPerSecond`.
    static func delay(ofFrame n: Int, framesPerSecond fps: Double, unitsPerSecond: Double) -> Int {
        start(ofFrame: n + 1, framesPerSecond: fps, unitsPerSecond: unitsPerSecond)
            - start(ofFrame: n, framesPerSecond: fps, unitsPerSecond: unitsPerSecond)
    }

    static func start(ofFrame n: Int, framesPerSecond fps: Double, unitsPerSecond: Double) -> Int {
        Int((Double(n) * unitsPerSecond / fps).rounded())
    }
}

/// A folder of `frame_00000.png`, one PNG per frame named by its frame number.
final class PNGSequenceEncoder: FrameEncoder {
    private let directory: URL

    init(directory path: String) throws {
        directory = URL(fileURLWithPath: path, isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
    }

    func add(_ image: CGImage, number: Int) throws {
        let file = directory.appendingPathComponent(String(format: "frame_%05d.png", number))
        try image.pngData(path: file.path).write(to: file)
    }

    func finish() throws {}
}

/// An animated GIF: frames are kept until ``finish()`` because a global palette is chosen over all of them.
final class GIFFrameEncoder: FrameEncoder {
    private let path: String
    private let options: AnimationExportOptions
    private var frames: [(number: Int, pixels: StraightPixels)] = []

    init(path: String, options: AnimationExportOptions) {
        self.path = path
        self.options = options
    }

    func add(_ image: CGImage, number: Int) throws {
        frames.append((number, StraightPixels(image)))
    }

    func finish() throws {
        guard let first = frames.first else { throw AnimationExportError.impossibleFrames("no frames") }
        let writer = try GIFWriter(path: path, width: first.pixels.width, height: first.pixels.height,
                                   loopCount: options.loopCount)
        let global = options.usesGlobalPalette
            ? ColorQuantizer.palette(for: frames.map(\.pixels), maximumColors: 255) : nil
        for (n, pixels) in frames {
            let delay = FrameDelays.delay(ofFrame: n, framesPerSecond: options.framesPerSecond, unitsPerSecond: 100)
            try writer.add(pixels, palette: global, dithers: options.dithers, delayHundredths: delay)
        }
        try writer.close()
        // (giflib creates its file readable by its owner only.)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
    }
}

extension CGImage {
    /// The image as a PNG file's bytes, through ImageIO's encoder.
    func pngData(path: String) throws -> Data {
        let data = NSMutableData()
        guard let destination = CGImageDestinationCreateWithData(data as CFMutableData, "public.png" as CFString, 1, nil) else {
            throw AnimationExportError.encoderFailed("no PNG encoder")
        }
        CGImageDestinationAddImage(destination, self, nil)
        guard CGImageDestinationFinalize(destination) else {
            throw AnimationExportError.encoderFailed("PNG encoding of \(path) failed")
        }
        return data as Data
    }
}
