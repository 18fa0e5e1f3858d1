import QuartzCore
import Foundation
import MallocInterposerSwift

/// Issue 9's figures: what a commit costs when one property of a large tree changes, and what animation and
/// render-tree work add to a frame the render server draws.
enum RenderServerBenchmark {
    static func run(into report: inout BenchReport) {
        commitOneChange(into: &report)
        layerCopy(into: &report)
        pipeline(into: &report)
    }

    /// A layer's committed copy (what each commit takes of a changed layer, and `presentation()` of each layer
    /// it returns): a plain layer and a shape layer with every key set away from its default.
    static func layerCopy(into report: inout BenchReport) {
        let plain = CALayer()
        plain.frame = CGRect(x: 1, y: 2, width: 30, height: 40); plain.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        plain.cornerRadius = 4; plain.borderWidth = 2; plain.shadowOpacity = 0.5; plain.name = "plain"
        let shape = CAShapeLayer()
        shape.frame = plain.frame; shape.path = CGPath(ellipseIn: shape.bounds, transform: nil); shape.lineWidth = 3
        shape.strokeEnd = 0.5; shape.fillColor = nil
        var sink = 0
        for (name, layer) in [("plain", plain), ("shape", shape)] {
            func copies() { for _ in 0..<1000 { sink &+= layer.engineCopy().hash } }
            copies()
            MallocInterposerSwift.reset()
            MallocInterposerSwift.hook()
            _ = layer.engineCopy()
            MallocInterposerSwift.unhook()
            let allocations = Double(MallocInterposerSwift.getStatistics().mallocCount)
            report.add("layer.copy.\(name)", medianSeconds(runs: 9, copies) / 1000 * 1e6, "us",
                       note: "one \(name) layer copied whole (a commit's copy of a changed layer)")
            report.add("layer.copy.\(name).allocs", allocations, "count", note: "heap allocations per copy")
        }
        if sink == 42 { print(sink) }
    }

    /// One property changed and committed in a 10,000-layer tree (100 groups of 100), then taken up by a
    /// render tree; against the same with the render tree walking the whole model, as every sync used to.
    static func commitOneChange(into report: inout BenchReport) {
        let root = CALayer()
        var leaves: [CALayer] = []
        for _ in 0..<100 {
            let group = CALayer()
            root.addSublayer(group)
            for _ in 0..<100 { let leaf = CALayer(); group.addSublayer(leaf); leaves.append(leaf) }
        }
        CATransaction.flush()
        let tree = RenderTree()
        tree.sync(with: root)
        var step = 0
        func commitOne() {
            for _ in 0..<100 {
                step += 1
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                leaves[(step * 7919) % leaves.count].position.x = CGFloat(step % 500)
                CATransaction.commit()
                tree.sync(with: root)
            }
        }
        let pushed = medianSeconds(runs: 9, commitOne) / 100
        let visits = tree.lastSyncVisits
        tree.alwaysWalksWholeTree = true
        let walked = medianSeconds(runs: 9, commitOne) / 100
        report.add("commit.one_change_10k", pushed * 1e6, "us",
                   note: "one property changed and committed in a 10,000-layer tree, then synced into a render tree (\(visits) layer visited)")
        report.add("commit.one_change_10k.vs_full_walk", walked / pushed, "x",
                   note: "the same commit with the render tree walking all 10,000 layers, over the push")
    }

    /// 1,000 of scene A's layers, each running a rotation and an opacity animation, drawn whole by the render
    /// server on one core; against the same frame of the same layers without animations. The two are drawn
    /// alternately and compared frame by frame (the median of the paired ratios), so a machine whose speed
    /// drifts during the run affects both alike.
    static func pipeline(into report: inout BenchReport) {
        let clock = CAMediaClock(manualTime: 0)
        CAMediaClock.$current.withValue(clock) {
            func server(animated: Bool) -> CARenderServer? {
                let root = CompositorBenchmark.scene(perspective: false, seed: 1, count: 1000)
                if animated {
                    for (i, layer) in (root.sublayers ?? []).enumerated() {
                        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
                        spin.byValue = 2 * Double.pi; spin.duration = 2 + Double(i % 5); spin.repeatCount = .infinity
                        let fade = CABasicAnimation(keyPath: "opacity")
                        fade.fromValue = 0.3; fade.toValue = 1; fade.duration = 1.5; fade.autoreverses = true
                        fade.repeatCount = .infinity
                        layer.add(spin, forKey: "spin"); layer.add(fade, forKey: "fade")
                    }
                }
                CATransaction.flush()
                let server = CARenderServer(layer: root, pixelWidth: 1280, pixelHeight: 720)
                server?.threads = 1
                server?.push()
                return server
            }
            guard let still = server(animated: false), let animated = server(animated: true) else { return }
            let clock = ContinuousClock()
            func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18 }
            var time = 1.0
            var ratios: [Double] = [], animatedTimes: [Double] = [], extras: [Double] = []
            for round in 0..<23 {
                time += 1.0 / 60
                let a = seconds(clock.measure { still.drawFrame(at: time, wholeFrame: true) })
                let b = seconds(clock.measure { animated.drawFrame(at: time, wholeFrame: true) })
                guard round >= 3 else { continue }   // warm-up
                ratios.append(b / a); animatedTimes.append(b); extras.append(b - a)
            }
            func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
            report.add("pipeline.frame_1000_animated", median(animatedTimes) * 1e3, "ms",
                       note: "1,000 scene-A layers, each rotating and fading, drawn whole by the render server, one core")
            report.add("pipeline.vs_compositing", median(ratios), "x",
                       note: "that frame over the same layers composited without animations, paired frame by frame (target ≤ 1.2)")
            report.add("pipeline.extra_per_animated_layer", median(extras) / 1000 * 1e6, "us",
                       note: "what one animated layer adds to the frame: evaluation, frame layer, recording its moved blit")
        }
    }
}
