import QuartzCore
import Foundation
import MallocInterposerSwift

/// Issue target: evaluating 100,000 active mixed animations per frame costs under 100 ns per animation on one
/// core, with no allocation in the per-frame path. The baseline is a bare `Double` lerp over the same count —
/// the floor any evaluator pays for touching 100,000 values.
enum AnimationEvaluationBenchmark {
    static let count = Int(ProcessInfo.processInfo.environment["CALYX_BENCH_ANIMATIONS"] ?? "") ?? 100_000

    /// The five kinds of the mix, each as an animation plus the value underneath it.
    static func makeMix() -> [(name: String, make: (Int) -> CAAnimation, base: AnimatableValue)] {
        [
            ("opacity", { i in
                let a = CABasicAnimation(keyPath: "opacity"); a.fromValue = 0; a.toValue = 1
                a.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut); a.autoreverses = i % 2 == 0
                return a
            }, .number(1)),
            ("keyframes", { _ in
                let a = CAKeyframeAnimation(keyPath: "position")
                a.values = [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 100), CGPoint(x: 0, y: 100)]
                a.keyTimes = [0, 0.2, 0.7, 1]
                return a
            }, .point(CGPoint(x: 5, y: 5))),
            ("rotation", { _ in
                let a = CABasicAnimation(keyPath: "transform.rotation.z"); a.fromValue = 0; a.toValue = 2 * Double.pi
                return a
            }, .transform(CATransform3DMakeScale(1.5, 1.5, 1))),
            ("spring", { _ in
                let a = CASpringAnimation(keyPath: "position.x"); a.fromValue = 0; a.toValue = 300; a.damping = 8
                return a
            }, .point(CGPoint(x: 1, y: 2))),
            ("color", { _ in
                let a = CABasicAnimation(keyPath: "backgroundColor")
                a.fromValue = CGColor(red: 1, green: 0, blue: 0, alpha: 1); a.toValue = CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)
                return a
            }, .color(RGBA(r: 0, g: 1, b: 0, a: 1))),
        ]
    }

    static func run(into report: inout BenchReport) {
        let layer = CALayer()
        let mix = makeMix()
        var animations: [CompiledAnimation] = []
        var bases: [AnimatableValue] = []
        animations.reserveCapacity(count); bases.reserveCapacity(count)
        var generator = SplitMix(seed: 7)
        for i in 0..<count {
            let kind = mix[i % mix.count]
            let a = kind.make(i)
            a.duration = 0.5 + Double(generator.next() % 1000) / 500   // 0.5–2.5 s
            a.beginTime = -Double(generator.next() % 1000) / 1000       // already running
            a.repeatCount = .infinity
            animations.append(CompiledAnimation(a, for: layer)!)
            bases.append(kind.base)
        }
        // The engine's per-frame pass: a batch (grouped by evaluation path), writing slot i from bases[i].
        let batch = AnimationBatch(animations.enumerated().map { AnimationBatch.Item($1, slot: $0) })
        var output = bases
        var frame = 0
        var times = [0.0]
        /// Resets the slots to the values underneath (the render tree starts each frame from the model state).
        func resetSlots() {
            output.withUnsafeMutableBufferPointer { out in bases.withUnsafeBufferPointer { base in
                for i in 0..<count { out[i] = base[i] }
            } }
        }
        func evaluateAnimations() {
            times[0] = 10 + Double(frame) / 60
            frame += 1
            _ = times.withUnsafeBufferPointer { batch.evaluate(parentTimes: $0, values: &output) }
        }
        func evaluateFrame() { resetSlots(); evaluateAnimations() }

        // Allocation count over ten whole frames (after warm-up, so one-time growth is excluded).
        evaluateFrame()
        MallocInterposerSwift.reset()
        MallocInterposerSwift.hook()
        for _ in 0..<10 { evaluateFrame() }
        MallocInterposerSwift.unhook()
        let mallocs = Double(MallocInterposerSwift.getStatistics().mallocCount) / 10
        // Prove the counter works: a deliberate allocation must be seen (else the figure is meaningless).
        MallocInterposerSwift.reset()
        MallocInterposerSwift.hook()
        let probe = [Int](repeating: frame, count: 1000)
        MallocInterposerSwift.unhook()
        let counting = MallocInterposerSwift.getStatistics().mallocCount > 0 && probe.count == 1000

        let mixed = medianSeconds(runs: 15, setup: resetSlots, evaluateAnimations)
        let perAnimation = mixed / Double(count) * 1e9
        let withReset = medianSeconds(runs: 15, evaluateFrame)

        var doubles = [Double](repeating: 0, count: count), targets = (0..<count).map { Double($0) }
        let floor = medianSeconds(runs: 15) {
            let t = Double(frame % 60) / 60; frame += 1
            for i in 0..<count { doubles[i] = doubles[i] + (targets[i] - doubles[i]) * t }
        }

        report.add("anim.eval.mixed", perAnimation, "ns",
                   note: "per animation, 100,000 interleaved mixed animations per frame through AnimationBatch, one core (target < 100 ns)")
        report.add("anim.eval.frame", mixed * 1e3, "ms", note: "one frame of 100,000 animations")
        report.add("anim.eval.frame_with_reset", withReset * 1e3, "ms",
                   note: "the same frame plus resetting 100,000 enum slots to their base values first")
        if counting {
            report.add("anim.eval.allocs_per_frame", mallocs, "count", note: "heap allocations per frame (target 0)")
        } else {
            print("note: allocation counting is inactive (run through `make bench`, which preloads the interposer)")
        }
        report.add("anim.eval.vs_lerp_floor", mixed / floor, "x", note: "evaluation time over a bare lerp of the same count")

        // Each kind alone, for where the time goes.
        for (k, kind) in mix.enumerated() {
            let indices = Array(stride(from: k, to: count, by: mix.count))
            let seconds = medianSeconds(runs: 9) {
                let t = 10 + Double(frame) / 60; frame += 1
                for i in indices { output[i] = bases[i]; _ = animations[i].apply(atParentTime: t, to: &output[i]) }
            }
            report.add("anim.eval.\(kind.name)", seconds / Double(indices.count) * 1e9, "ns")
        }
        _ = output.count + Int(doubles[0])
    }
}

/// A small deterministic generator (SplitMix64), so the benchmark scene is the same every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E3779B97F4A7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        return z ^ (z >> 31)
    }
}
