import QuartzCore
import Foundation
import MallocInterposerSwift

/// The engine's own per-frame animation pass: a render tree of 10,000 layers, each with one animation of the
/// mix, evaluated into the animated layer copies the compositor reads. The same animations wrapped in animation
/// groups (as a Lottie player makes them: each layer's animations in a group with the composition's timing) run
/// in the same process: groups are flattened onto the same plan, so they should cost about the same.
enum RenderTreeAnimationBenchmark {
    static let layerCount = 10_000

    /// A tree of `layerCount` animated layers; with `grouped`, each animation sits in a group that carries its
    /// begin time and repetition.
    static func tree(grouped: Bool) -> (RenderTree, [RenderTree.Node]) {
        let mix = AnimationEvaluationBenchmark.makeMix()
        let root = CALayer()
        var generator = SplitMix(seed: 11)
        for i in 0..<layerCount {
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            let a = mix[i % mix.count].make(i)
            a.duration = 0.5 + Double(generator.next() % 1000) / 500
            a.beginTime = -Double(generator.next() % 1000) / 1000
            a.repeatCount = .infinity
            if grouped {
                let group = CAAnimationGroup()
                group.duration = a.duration; group.beginTime = a.beginTime; group.repeatCount = .infinity
                a.beginTime = 0; a.repeatCount = 0
                group.animations = [a]
                layer.add(group, forKey: "a")
            } else {
                layer.add(a, forKey: "a")
            }
            root.addSublayer(layer)
        }
        let tree = RenderTree()
        tree.sync(with: root)
        return (tree, tree.root?.children ?? [])
    }

    /// Evaluates one frame of `nodes` at the next frame time.
    final class FrameRunner {
        let tree: RenderTree, nodes: [RenderTree.Node]
        var frame = 0, sink = 0.0
        init(_ tree: RenderTree, _ nodes: [RenderTree.Node]) { self.tree = tree; self.nodes = nodes }
        func evaluateFrame() {
            frame += 1
            let t = Double(frame) / 60
            tree.beginFrame()
            for node in nodes { sink += Double(node.frameLayer(parentTime: t).layer.opacity) }
        }
        /// Heap allocations per layer in one frame.
        func allocationsPerLayer() -> Double {
            evaluateFrame()
            MallocInterposerSwift.reset()
            MallocInterposerSwift.hook()
            evaluateFrame()
            MallocInterposerSwift.unhook()
            return Double(MallocInterposerSwift.getStatistics().mallocCount) / Double(nodes.count)
        }
    }

    static func run(into report: inout BenchReport) {
        let (plainTree, plainNodes) = tree(grouped: false), (groupedTree, groupedNodes) = tree(grouped: true)
        let plainRunner = FrameRunner(plainTree, plainNodes), groupedRunner = FrameRunner(groupedTree, groupedNodes)
        let plainAllocations = plainRunner.allocationsPerLayer(), groupedAllocations = groupedRunner.allocationsPerLayer()
        // Paired: each round times a plain frame then a grouped one, so a machine whose speed drifts moves both;
        // the ratio is the median of the rounds' ratios.
        let clock = ContinuousClock()
        func seconds(_ body: () -> Void) -> Double {
            let d = clock.measure(body)
            return Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
        }
        for _ in 0..<3 { plainRunner.evaluateFrame(); groupedRunner.evaluateFrame() }
        var plainTimes: [Double] = [], groupedTimes: [Double] = [], ratios: [Double] = []
        for _ in 0..<15 {
            let a = seconds(plainRunner.evaluateFrame), b = seconds(groupedRunner.evaluateFrame)
            plainTimes.append(a); groupedTimes.append(b); ratios.append(b / a)
        }
        func median(_ x: [Double]) -> Double { x.sorted()[x.count / 2] }
        let plain = (seconds: median(plainTimes), allocations: plainAllocations)
        let grouped = (seconds: median(groupedTimes), allocations: groupedAllocations)

        report.add("anim.rendertree.per_layer", plain.seconds / Double(layerCount) * 1e9, "ns",
                   note: "render tree: evaluating one animated layer into its frame layer for the compositor (target ≤ 500 ns)")
        report.add("anim.rendertree.grouped_per_layer", grouped.seconds / Double(layerCount) * 1e9, "ns",
                   note: "the same, each animation inside an animation group")
        report.add("anim.rendertree.grouped_vs_plain", median(ratios), "x",
                   note: "grouped over ungrouped, median of paired rounds in the same run (target ≤ 1.2)")
        if let mixed = report.value(of: "anim.eval.mixed") {
            report.add("anim.rendertree.vs_eval_mixed", plain.seconds / Double(layerCount) * 1e9 / mixed, "x",
                       note: "per animated layer over one mixed animation evaluated alone, same run (target ≤ 8)")
        }
        // (Counted only when the interposer is preloaded, as `make bench` does.)
        if ProcessInfo.processInfo.environment["LD_PRELOAD"]?.contains("MallocInterposer") == true {
            report.add("anim.rendertree.allocs_per_layer", plain.allocations, "count",
                       note: "heap allocations per animated layer per frame (target 0)")
            report.add("anim.rendertree.grouped_allocs_per_layer", grouped.allocations, "count",
                       note: "the same with each animation in a group (target 0)")
        }
    }
}
