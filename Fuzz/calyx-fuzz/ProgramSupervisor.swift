import Foundation

/// The parent's side: runs each seed's program in a child process (twice, to compare digests across two
/// processes with different hash seeds), classifies what went wrong, and shrinks each failing program to the
/// calls that still fail the same way.
struct ProgramSupervisor {
    enum Failure: Equatable, CustomStringConvertible {
        case crash(String), hang, memory(Int), nondeterministic

        var description: String {
            switch self {
            case .crash(let why): return "crash (\(why))"
            case .hang: return "hang (no end within the time limit)"
            case .memory(let bytes): return "memory (\(bytes >> 20) MiB at peak)"
            case .nondeterministic: return "nondeterministic (two runs gave different frames)"
            }
        }

        /// Failures of the same kind count as the same while shrinking (a crash's message may move).
        func sameKind(as other: Failure) -> Bool {
            switch (self, other) {
            case (.crash, .crash), (.hang, .hang), (.memory, .memory), (.nondeterministic, .nondeterministic): return true
            default: return false
            }
        }
    }

    let executable: String
    let timeout: Double
    let memoryBudget: Int
    let jobs: Int
    let scratch: String

    private func arguments(seed: UInt64, keep: Set<Int>?) -> [String] {
        var args = [executable, "run", "--seed", String(seed), "--memory-mb", String((memoryBudget >> 20) + 1024),
                    "--cpu-seconds", String(max(Int(timeout.rounded(.up)), 1))]
        if let keep { args += ["--keep", keep.sorted().map(String.init).joined(separator: ",")] }
        return args
    }

    /// What one run's outcome says, if it failed on its own (crash, hang, memory).
    private func judge(_ outcome: ChildOutcome) -> Failure? {
        if outcome.peakMemory > memoryBudget { return .memory(outcome.peakMemory) }
        switch outcome.ending {
        case .timedOut, .signalled(SIGXCPU): return .hang
        case .signalled(let signal): return .crash("signal \(signal): \(Self.firstError(outcome.errorOutput))")
        case .exited(let code) where code != 0: return .crash("exit \(code): \(Self.firstError(outcome.errorOutput))")
        default: return nil
        }
    }

    /// The failure's message and the first frame in Calyx's sources, from the child's standard error.
    static func firstError(_ text: String) -> String {
        let lines = text.split(separator: "\n")
        let message = lines.first { $0.contains("Fatal error") || $0.contains("runtime failure") }
            ?? lines.first { $0.contains("error") } ?? lines.first ?? "no message"
        let frame = lines.first { $0.contains("/Sources/") }.flatMap { line in
            line.range(of: "/Sources/").map { String(line[$0.lowerBound...]) }
        }
        return message.trimmingCharacters(in: .whitespaces) + (frame.map { " at \($0)" } ?? "")
    }

    static func digest(_ outcome: ChildOutcome) -> String? {
        outcome.output.split(separator: "\n").last { $0.hasPrefix("digest ") }.map(String.init)
    }

    /// Runs every seed twice and answers the failures by seed.
    func check(seeds: [UInt64], progress: (Int) -> Void) -> [(seed: UInt64, failure: Failure)] {
        let jobList = seeds.flatMap { [arguments(seed: $0, keep: nil), arguments(seed: $0, keep: nil)] }
        var outcomes = [ChildOutcome?](repeating: nil, count: jobList.count)
        var done = 0
        ChildPool(width: jobs, timeout: timeout * 6, scratch: scratch).run(jobList) { index, outcome in
            outcomes[index] = outcome
            done += 1
            if done % 2 == 0 { progress(done / 2) }
        }
        var failures: [(UInt64, Failure)] = []
        for (i, seed) in seeds.enumerated() {
            let a = outcomes[2 * i]!, b = outcomes[2 * i + 1]!
            if let f = judge(a) ?? judge(b) { failures.append((seed, f)); continue }
            if Self.digest(a) == nil || Self.digest(a) != Self.digest(b) { failures.append((seed, .nondeterministic)) }
        }
        return failures
    }

    /// Whether the program of `seed` restricted to `keep` still fails like `failure` (nondeterminism: in one of
    /// three paired runs).
    private func stillFails(seed: UInt64, keep: Set<Int>, like failure: Failure) -> Bool {
        let pairs = failure == .nondeterministic ? 3 : 1
        let jobList = (0..<(2 * pairs)).map { _ in arguments(seed: seed, keep: keep) }
        var outcomes = [ChildOutcome?](repeating: nil, count: jobList.count)
        ChildPool(width: jobs, timeout: timeout * 6, scratch: scratch).run(jobList) { outcomes[$0] = $1 }
        for p in 0..<pairs {
            let a = outcomes[2 * p]!, b = outcomes[2 * p + 1]!
            if let f = judge(a) ?? judge(b) { if f.sameKind(as: failure) { return true }; continue }
            if failure == .nondeterministic, Self.digest(a) != Self.digest(b) { return true }
        }
        return false
    }

    /// Delta debugging (Zeller's ddmin, simplified to removing chunks): the smallest set of calls found within
    /// `budget` seconds that still fails the same way.
    func shrink(seed: UInt64, failure: Failure, budget: Double) -> Set<Int> {
        let deadline = ChildProcess.now() + budget
        var kept = Array(0..<ProgramRunner.callCount(seed: seed))
        var chunk = max(kept.count / 2, 1)
        while chunk >= 1, ChildProcess.now() < deadline {
            var removedAny = false
            var start = 0
            while start < kept.count, ChildProcess.now() < deadline {
                let candidate = Array(kept[..<start] + kept[min(start + chunk, kept.count)...])
                if !candidate.isEmpty, stillFails(seed: seed, keep: Set(candidate), like: failure) {
                    kept = candidate; removedAny = true
                } else {
                    start += chunk
                }
            }
            if !removedAny || chunk > kept.count { chunk /= 2 }
        }
        return Set(kept)
    }
}
