import ArgumentParser
import CalyxHost
import CalyxGallery
import Foundation
import Lottie
import QuartzCore
#if canImport(Glibc)
import Glibc
#endif

/// `calyx render <scene>`: exports a scene's animation headlessly.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a scene's animation, or a Lottie file, to GIF, WebP, APNG, MP4, WebM or a folder of PNG frames.",
        discussion: """
            Frames are drawn headlessly at the times the frame rate gives, from media time 0, and are the same \
            bytes on every run. A long export can be split by frame range across machines; the parts join \
            without a seam. Run `calyx list` for the scenes. A path to a Lottie file (.json or .lottie) renders that \
            animation once from its first frame, at its own size.

            GIF, WebP and APNG keep transparency; MP4 (H.264) and WebM (VP9) show transparent parts black \
            unless --background is given.

            Examples:
              calyx render worm --out worm.gif
              calyx render worm --out worm.mp4 --fps 60 --scale 2 --background white
              calyx render cube --format png --out cube-frames --fps 60 --scale 2
              calyx render burst --out burst.gif --frames 0..44 --background white
              calyx render loader.json --out loader.mp4 --fps 60 --background white
              calyx render loader.json --out still --size 400x400 --progress 0.5 --scale 2
            """)

    @Argument(help: "The scene to render (see `calyx list`), or a Lottie file (.json or .lottie).")
    var scene: String

    @Option(name: .shortAndLong, help: "The file (.gif, .webp, .apng, .mp4, .webm) or folder (PNG frames) to write.")
    var out: String

    @Option(help: "gif, webp, apng, mp4, webm or png; by default the output's extension decides (no extension: png).")
    var format: String?

    @Option(help: "Frames per second.")
    var fps: Double = 30

    @Option(help: "Seconds to render; by default one pass of the scene.")
    var duration: Double?

    @Option(help: "Pixels per point.")
    var scale: Double = 1

    @Option(help: "Only these frames, as first..last (for example 120..239).")
    var frames: String?

    @Option(help: "Background colour: white, black, or #rrggbb; by default transparent.")
    var background: String?

    @Option(help: "Lottie files: the size in points, as WIDTHxHEIGHT, that the animation is fitted into (aspect fit).")
    var size: String?

    @Option(help: "Lottie files: one still frame at this progress from 0 (the start frame) to 1 (the end frame).")
    var progress: Double?

    @Flag(help: "One palette for all frames of a GIF instead of one per frame.")
    var globalPalette = false

    @Option(help: "WebP, MP4 and WebM quality from 0 to 1 (WebP at 1 is lossless).")
    var quality: Double = 0.8

    func run() throws {
        // A file-size limit (ulimit -f) then fails the write with an error the exporter reports, as a full disk
        // does, instead of killing the process with SIGXFSZ.
        signal(SIGXFSZ, SIG_IGN)
        let lottie = LottieExport.isLottieFile(scene)
        let entry = Gallery.scene(named: scene)
        guard lottie || entry != nil else {
            throw ValidationError("no scene '\(scene)' and no Lottie file there; see `calyx list`")
        }
        guard lottie || (size == nil && progress == nil) else {
            throw ValidationError("--size and --progress apply to Lottie files; a scene has its own size and timeline")
        }
        let fitted = try size.map(Self.parseSize)
        if let progress, !(progress.isFinite && progress >= 0 && progress <= 1) {
            throw ValidationError("--progress takes a number from 0 to 1")
        }
        let url = URL(fileURLWithPath: out)
        let chosenFormat: AnimationExportFormat?
        if let format {
            guard let f = AnimationExportFormat(rawValue: format.lowercased()) else {
                throw ValidationError("unknown format '\(format)'; known: \(AnimationExportFormat.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            chosenFormat = f
        } else {
            chosenFormat = nil
        }
        var options = AnimationExportOptions(scale: CGFloat(scale), framesPerSecond: fps, duration: duration ?? entry?.duration)
        options.usesGlobalPalette = globalPalette
        guard quality >= 0, quality <= 1 else { throw ValidationError("--quality takes a number from 0 to 1") }
        options.quality = quality
        if let frames { options.frames = try Self.parseRange(frames) }
        if let background { options.backgroundColor = try Self.parseColor(background) }
        let bar = ProgressBar()
        do {
            if let entry {
                try entry.export(to: url, format: chosenFormat, options: options) { done, total in bar.show(done, of: total) }
            } else {
                try LottieExport.export(file: scene, to: url, format: chosenFormat, options: options,
                                        size: fitted, stillAt: progress) { done, total in bar.show(done, of: total) }
            }
        } catch let error as LottieError {
            bar.finish()
            FileHandle.standardError.write(Data("Error: \(error.description)\n".utf8))
            throw ExitCode(1)
        } catch let error as AnimationExportError {
            // (Not a usage error: say what failed, without the usage text.)
            bar.finish()
            FileHandle.standardError.write(Data("Error: \(error.description)\n".utf8))
            throw ExitCode(1)
        }
        bar.finish()
        print(url.path)
    }

    static func parseRange(_ text: String) throws -> ClosedRange<Int> {
        let parts = text.components(separatedBy: "..")
        guard parts.count == 2, let first = Int(parts[0]), let last = Int(parts[1]), first >= 0, first <= last else {
            throw ValidationError("--frames takes first..last, such as 120..239")
        }
        return first...last
    }

    /// `WIDTHxHEIGHT` in points, each a positive finite number no larger than 16,384.
    static func parseSize(_ text: String) throws -> CGSize {
        let parts = text.lowercased().components(separatedBy: "x")
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
              width.isFinite, height.isFinite, width > 0, height > 0, width <= 16_384, height <= 16_384 else {
            throw ValidationError("--size takes WIDTHxHEIGHT in points, such as 512x512")
        }
        return CGSize(width: width, height: height)
    }

    static func parseColor(_ text: String) throws -> CGColor {
        switch text.lowercased() {
        case "white": return CGColor(gray: 1, alpha: 1)
        case "black": return CGColor(gray: 0, alpha: 1)
        default:
            let hex = text.hasPrefix("#") ? String(text.dropFirst()) : text
            guard hex.count == 6, let value = UInt32(hex, radix: 16) else {
                throw ValidationError("--background takes white, black or #rrggbb")
            }
            return CGColor(red: CGFloat((value >> 16) & 0xFF) / 255, green: CGFloat((value >> 8) & 0xFF) / 255,
                           blue: CGFloat(value & 0xFF) / 255, alpha: 1)
        }
    }
}

/// A one-line progress bar on standard error, drawn only when it is a terminal.
final class ProgressBar {
    private let enabled = isatty(2) != 0
    private var shown = false

    func show(_ done: Int, of total: Int) {
        guard enabled, total > 1 else { return }
        let width = 30
        let filled = total > 0 ? width * done / total : width
        let line = "\r[" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled) + "] \(done)/\(total) frames"
        FileHandle.standardError.write(line.data(using: .utf8)!)
        shown = true
    }

    func finish() {
        guard shown else { return }
        FileHandle.standardError.write("\n".data(using: .utf8)!)
        shown = false
    }
}
