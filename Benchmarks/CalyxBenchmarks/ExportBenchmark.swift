import CalyxHost
import Foundation
import QuartzCore

/// Export of a worm loading indicator (a ring's strokeStart/strokeEnd chasing each other while it turns) at
/// 512 × 512, 60 fps, 4 s, to GIF: frames per second through the whole export, and the share of the time spent
/// rendering against encoding (quantizing, dithering, giflib).
enum ExportBenchmark {
    static func worm() -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 512, height: 512)
        root.backgroundColor = CGColor(red: 0.1, green: 0.11, blue: 0.14, alpha: 1)
        let ring = CAShapeLayer()
        ring.frame = root.bounds
        ring.path = CGPath(ellipseIn: CGRect(x: 96, y: 96, width: 320, height: 320), transform: nil)
        ring.fillColor = nil
        ring.strokeColor = CGColor(red: 0.95, green: 0.45, blue: 0.1, alpha: 1)
        ring.lineWidth = 28
        ring.lineCap = .round
        let head = CAKeyframeAnimation(keyPath: "strokeEnd")
        head.values = [0, 1, 1]; head.keyTimes = [0, 0.5, 1]
        let tail = CAKeyframeAnimation(keyPath: "strokeStart")
        tail.values = [0, 0, 1]; tail.keyTimes = [0, 0.5, 1]
        let chase = CAAnimationGroup()
        chase.animations = [head, tail]; chase.duration = 2; chase.repeatCount = .infinity
        chase.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        ring.add(chase, forKey: "chase")
        let turn = CABasicAnimation(keyPath: "transform.rotation.z")
        turn.fromValue = 0; turn.toValue = 2 * Double.pi; turn.duration = 1.6; turn.repeatCount = .infinity
        ring.add(turn, forKey: "turn")
        root.addSublayer(ring)
        return root
    }

    static func run(into report: inout BenchReport) {
        for format in [AnimationExportFormat.gif, .mp4] {
            CAMediaClock.$current.withValue(CAMediaClock(manualTime: 0)) {
                var options = AnimationExportOptions(framesPerSecond: 60, duration: 4)
                options.startTime = 0
                let exporter = AnimationExporter(layer: worm(), options: options)
                let file = FileManager.default.temporaryDirectory.appendingPathComponent("calyx-bench-\(UUID().uuidString).\(format.rawValue)")
                defer { try? FileManager.default.removeItem(at: file) }
                do { try exporter.export(to: file) } catch { print("bench: export.\(format.rawValue) failed: \(error)"); return }
                func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18 }
                let rendering = seconds(exporter.timings.rendering), total = rendering + seconds(exporter.timings.encoding)
                let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
                let frames = 240
                report.add("export.\(format.rawValue).fps", Double(frames) / total, "fps",
                           note: "worm at 512×512, 60 fps, 4 s (\(frames) frames) exported to \(format.rawValue.uppercased()); \(size / 1024) KiB")
                report.add("export.\(format.rawValue).render_share", rendering / total, "ratio",
                           note: "share of that time spent rendering frames (the rest converts, encodes and writes)")
            }
        }
    }
}
