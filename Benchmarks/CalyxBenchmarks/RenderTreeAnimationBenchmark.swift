import QuartzCore
import Foundation
import MallocInterposerSwift

/// The engine's own per-frame animation pass: a render tree of 10,000 layers, each with one animation of the
/// mix, evaluated into the animated layer copies the compositor reads. The baseline, in the same run, is the
/// same tree through the general path (a dictionary of running values per layer, as `presentation()` uses).
enum RenderTreeAnimationBenchmark {
    static let layerCount = 10_000

    static func run(into report: inout BenchReport) {
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
            layer.add(a, forKey: "a")
            root.addSublayer(layer)
        }
        let tree = RenderTree()
        tree.sync(with: root)
        let nodes = tree.root?.children ?? []
        var frame = 0
        var sink = 0.0
        func evaluateFrame() {
            let t = 10 + Double(frame) / 60
            frame += 1
            tree.beginFrame()
            for node in nodes { sink += Double(node.frameLayer(parentTime: t).layer.opacity) }
        }

        evaluateFrame()
        MallocInterposerSwift.reset()
        MallocInterposerSwift.hook()
        evaluateFrame()
        MallocInterposerSwift.unhook()
        let allocations = Double(MallocInterposerSwift.getStatistics().mallocCount) / Double(layerCount)

        let planned = medianSeconds(runs: 9, evaluateFrame)
        for node in nodes { node.usesGeneralAnimationPath = true }
        let general = medianSeconds(runs: 9, evaluateFrame)

        report.add("anim.rendertree.per_layer", planned / Double(layerCount) * 1e9, "ns",
                   note: "render tree: evaluating one animated layer into its frame layer for the compositor (target ≤ 500 ns)")
        report.add("anim.rendertree.vs_general", general / planned, "x",
                   note: "the same frame through the general (dictionary) path, over the planned path")
        if let mixed = report.value(of: "anim.eval.mixed") {
            report.add("anim.rendertree.vs_eval_mixed", planned / Double(layerCount) * 1e9 / mixed, "x",
                       note: "per animated layer over one mixed animation evaluated alone, same run (target ≤ 8)")
        }
        // (Counted only when the interposer is preloaded, as `make bench` does.)
        if ProcessInfo.processInfo.environment["LD_PRELOAD"]?.contains("MallocInterposer") == true {
            report.add("anim.rendertree.allocs_per_layer", allocations, "count",
                       note: "heap allocations per animated layer per frame (target 0)")
        }
        _ = sink
    }
}
