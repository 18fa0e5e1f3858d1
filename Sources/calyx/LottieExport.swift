import CalyxHost
import Foundation
import Lottie
import QuartzCore

/// `calyx render <file.json>`: a Lottie file exported like a scene — played once from its first frame under a
/// manual clock, so the frames are the same bytes on every run.
enum LottieExport {
    /// Whether `argument` names a Lottie file rather than a scene.
    static func isLottieFile(_ argument: String) -> Bool {
        argument.lowercased().hasSuffix(".json") && FileManager.default.fileExists(atPath: argument)
    }

    static func export(file: String, to url: URL, format: AnimationExportFormat?, options: AnimationExportOptions,
                       progress: ((Int, Int) -> Void)?) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        let animation = try LottieAnimation.from(data: data)
        let clock = CAMediaClock(manualTime: 0)
        try CAMediaClock.$current.withValue(clock) {
            let player = LottieAnimationLayer(animation: animation)
            player.imageProvider = FilepathImageProvider(filepath: URL(fileURLWithPath: file).deletingLastPathComponent())
            player.frame = animation.bounds
            player.layoutIfNeeded()
            player.play()
            var options = options
            options.startTime = 0
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
