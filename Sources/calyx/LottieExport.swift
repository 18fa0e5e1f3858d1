import CalyxHost
import Foundation
import Lottie
import QuartzCore

/// `calyx render <file.json|file.lottie>`: a Lottie file exported like a scene — played once from its first frame under a
/// manual clock, so the frames are the same bytes on every run.
enum LottieExport {
    /// Whether `argument` names a Lottie file rather than a scene.
    static func isLottieFile(_ argument: String) -> Bool {
        let name = argument.lowercased()
        return (name.hasSuffix(".json") || name.hasSuffix(".lottie")) && FileManager.default.fileExists(atPath: argument)
    }

    /// The animation in `file` (a `.lottie` archive's first) and where its images come from (the archive, or
    /// the JSON file's folder).
    static func load(_ file: String) throws -> (LottieAnimation, AnimationImageProvider) {
        let url = URL(fileURLWithPath: file)
        if file.lowercased().hasSuffix(".lottie") {
            let archive = try DotLottieFile.SynchronouslyBlockingCurrentThread.loadedFrom(filepath: file).get()
            guard let entry = archive.animation() else { throw LottieError.invalidFile("no animation in \(file)") }
            return (entry.animation, entry.configuration.imageProvider ?? FilepathImageProvider(filepath: url.deletingLastPathComponent()))
        }
        return (try LottieAnimation.from(data: Data(contentsOf: url)), FilepathImageProvider(filepath: url.deletingLastPathComponent()))
    }

    /// Exports `file` played once from its start, fitted (aspect fit) into `size` points if given (else at its own
    /// size); with `stillAt`, one frame paused at that progress instead, as `setPlaybackMode(.paused(at:
    /// .progress(p)))` shows it.
    static func export(file: String, to url: URL, format: AnimationExportFormat?, options: AnimationExportOptions,
                       size: CGSize? = nil, stillAt stillProgress: Double? = nil,
                       progress: ((Int, Int) -> Void)?) throws {
        let (animation, images) = try load(file)
        let clock = CAMediaClock(manualTime: 0)
        try CAMediaClock.$current.withValue(clock) {
            // (The provider goes in with the animation: set afterwards, it would build the layer tree a second time.)
            let player = LottieAnimationLayer(animation: animation, imageProvider: images)
            player.frame = CGRect(origin: .zero, size: size ?? animation.bounds.size)
            player.layoutIfNeeded()
            var options = options
            options.startTime = 0
            if let stillProgress {
                player.setPlaybackMode(.paused(at: .progress(stillProgress)))
                options.duration = 0   // one frame
                options.frames = nil
            } else {
                player.play()
            }
            if options.duration == nil { options.duration = animation.duration }
            let exporter = AnimationExporter(layer: player, options: options)
            exporter.progress = progress
            exporter.willRenderFrame = { _, t in
                clock.setManualTime(t)
                CAProcessAnimationEvents()
            }
            try exporter.export(to: url, format: format)
        }
    }
}
