import Foundation
import QuartzCore
import CalyxHost

extension GalleryScene {
    /// Exports the scene headlessly from media time 0, on a manual clock of its own moved to each frame's time:
    /// the scene's changes are made before the first frame at or after their times, and animation events
    /// (delegate callbacks, completion blocks) are delivered between frames, as the run loop delivers them.
    public func export(to url: URL, format: AnimationExportFormat? = nil, options: AnimationExportOptions,
                       progress: ((Int, Int) -> Void)? = nil) throws {
        try export(options: options, progress: progress) { try $0.export(to: url, format: format) }
    }

    /// Exports the scene to each of `urls` (formats from their extensions), drawing each frame once for all.
    public func export(to urls: [URL], options: AnimationExportOptions, progress: ((Int, Int) -> Void)? = nil) throws {
        try export(options: options, progress: progress) { try $0.export(to: urls) }
    }

    private func export(options: AnimationExportOptions, progress: ((Int, Int) -> Void)?,
                        write: (AnimationExporter) throws -> Void) throws {
        let clock = CAMediaClock(manualTime: 0)
        try CAMediaClock.$current.withValue(clock) {
            let root = build()
            var options = options
            options.startTime = 0
            if options.duration == nil { options.duration = duration }
            let exporter = AnimationExporter(layer: root, options: options)
            exporter.progress = progress
            var pending = changes.sorted { $0.time < $1.time }[...]
            exporter.willRenderFrame = { _, t in
                clock.setManualTime(t)
                CAProcessAnimationEvents()
                while let next = pending.first, next.time <= t + 1e-9 {
                    next.apply(root)
                    pending.removeFirst()
                }
            }
            try write(exporter)
        }
    }
}
