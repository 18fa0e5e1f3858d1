import Foundation
import QuartzCore
import CalyxHost

extension GalleryScene {
    /// Exports the scene headlessly from media time 0, on a manual clock of its own moved to each frame's time:
    /// the scene's changes are made before the first frame at or after their times, and animation events
    /// (delegate callbacks, completion blocks) are delivered between frames, as the run loop delivers them.
    public func export(to url: URL, format: AnimationExportFormat? = nil, options: AnimationExportOptions,
                       progress: ((Int, Int) -> Void)? = nil) throws {
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
            try exporter.export(to: url, format: format)
        }
    }
}
