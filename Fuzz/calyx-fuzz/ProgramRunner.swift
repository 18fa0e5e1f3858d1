import CoreGraphics
import QuartzCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The child's side: generates the program for a seed, runs the calls it keeps, and prints the digest of every
/// frame and query, so the supervisor can compare two runs in two processes.
enum ProgramRunner {
    /// Caps this process's address space, so runaway allocation ends the child instead of the machine.
    static func limitMemory(megabytes: Int) {
        var limit = rlimit(rlim_cur: rlim_t(megabytes) << 20, rlim_max: rlim_t(megabytes) << 20)
        setrlimit(Int32(RLIMIT_AS.rawValue), &limit)
    }

    /// Caps this process's CPU time: past it the kernel sends SIGXCPU, which the supervisor reads as a hang. CPU
    /// time, not wall-clock time, so a loaded machine does not turn a slow program into a false hang.
    static func limitCPU(seconds: Int) {
        var limit = rlimit(rlim_cur: rlim_t(seconds), rlim_max: rlim_t(seconds + 5))
        setrlimit(Int32(RLIMIT_CPU.rawValue), &limit)
    }

    /// Runs the program of `seed` (only the calls in `keep`, if given) and answers its digest.
    static func run(seed: UInt64, keep: Set<Int>?) -> String {
        var generator = ProgramGenerator(seed: seed)
        let calls = generator.program()
        let clock = CAMediaClock(manualTime: 0)
        return CAMediaClock.$current.withValue(clock) {
            let world = ProgramWorld(clock: clock)
            CALayerTreeDiagnosticHandler = { [unowned world] _ in world.diagnostics += 1 }
            for (index, call) in calls.enumerated() where keep?.contains(index) ?? true {
                call.run(world)
            }
            while world.openTransactions > 0 { CATransaction.commit(); world.openTransactions -= 1 }
            CATransaction.flush()
            world.renderer.beginFrame(atTime: clock.currentTime, timeStamp: nil)
            world.renderer.render(); world.renderer.endFrame()
            world.observe(world.rendererCanvas)
            CAProcessAnimationEvents()
            world.observe(world.completions)
            return String(world.digest.value, radix: 16)
        }
    }

    /// The program of `seed` as Swift-like source, one call a line (`L` is the layer pool; indices wrap).
    static func source(seed: UInt64, keep: Set<Int>?) -> [String] {
        var generator = ProgramGenerator(seed: seed)
        return generator.program().enumerated().compactMap { index, call in
            keep?.contains(index) ?? true ? "/* \(index) */ \(call.source)" : nil
        }
    }

    static func callCount(seed: UInt64) -> Int {
        var generator = ProgramGenerator(seed: seed)
        return generator.program().count
    }
}
