import ArgumentParser
import Foundation

/// `calyx-fuzz`: hostile-input testing of Calyx's whole public API (random programs in child processes) and of
/// its parsers (mutation loops). `make test` runs a few hundred programs; `make fuzz` as many as asked.
@main
struct CalyxFuzz: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calyx-fuzz",
        abstract: "Random programs against the public API, and mutation fuzzing of the decoders and parsers.",
        subcommands: [Programs.self, Run.self, Inputs.self])
}

/// Checks many seeds, each in two child processes; prints each failure shrunk to the calls that matter.
struct Programs: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run random programs in child processes; report crashes, hangs, memory over budget and nondeterminism.")

    @Option(help: "How many programs.") var count = 300
    @Option(help: "The first seed.") var start: UInt64 = 1
    @Option(help: "Child processes at once (default: one per core).") var jobs = ProcessInfo.processInfo.activeProcessorCount
    @Option(help: "CPU seconds before a program counts as hung (wall-clock time is allowed six times as much, for programs that block).") var timeout = 10.0
    @Option(help: "Peak resident memory allowed per program, in MiB.") var memoryMb = 1024
    @Option(help: "Seconds to spend shrinking each failing program.") var shrinkSeconds = 120.0

    func run() throws {
        let scratch = NSTemporaryDirectory() + "calyx-fuzz-\(getpid())"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let supervisor = ProgramSupervisor(executable: CommandLine.arguments[0].hasPrefix("/") ? CommandLine.arguments[0]
                                              : FileManager.default.currentDirectoryPath + "/" + CommandLine.arguments[0],
                                           timeout: timeout, memoryBudget: memoryMb << 20, jobs: max(jobs, 1), scratch: scratch)
        let seeds = (0..<UInt64(count)).map { start + $0 }
        let began = Date()
        let failures = supervisor.check(seeds: seeds) { done in
            if done % 100 == 0 { print("random-programs: \(done)/\(count) run", Date().timeIntervalSince(began), "s") }
        }
        for (seed, failure) in failures {
            print("\nFAILED seed \(seed): \(failure)")
            let kept = supervisor.shrink(seed: seed, failure: failure, budget: shrinkSeconds)
            print("shrunk to \(kept.count) of \(ProgramRunner.callCount(seed: seed)) calls:")
            for line in ProgramRunner.source(seed: seed, keep: kept) { print("    " + line) }
            print("replay: calyx-fuzz run --seed \(seed) --keep \(kept.sorted().map(String.init).joined(separator: ","))")
        }
        print(String(format: "random-programs: %d programs in %.1f s", count, Date().timeIntervalSince(began)))
        print("random-programs: \(count - failures.count) passed, \(failures.count) failed")
        if !failures.isEmpty { throw ExitCode.failure }
    }
}

/// The child: runs one program and prints its digest.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run one seed's program (what `programs` starts in each child).")

    @Option(help: "The program's seed.") var seed: UInt64
    @Option(help: "Only these call indices, comma-separated (a shrunk program).") var keep: String?
    @Option(help: "Address-space cap for this process, in MiB.") var memoryMb = 3072
    @Option(help: "CPU-time cap for this process, in seconds.") var cpuSeconds = 60
    @Flag(help: "Print the program's source instead of running it.") var print = false

    func run() throws {
        let kept = keep.map { Set($0.split(separator: ",").compactMap { Int($0) }) }
        if print {
            for line in ProgramRunner.source(seed: seed, keep: kept) { Swift.print(line) }
            return
        }
        ProgramRunner.limitMemory(megabytes: memoryMb)
        ProgramRunner.limitCPU(seconds: cpuSeconds)
        Swift.print("digest \(ProgramRunner.run(seed: seed, keep: kept))")
    }
}

/// Mutation fuzzing of one parser.
struct Inputs: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Mutation-fuzz a decoder or parser: png, jpeg, font, keypath.")

    @Option(help: "png, jpeg, font, keypath or lottie.") var target: String
    @Option(help: "How many inputs.") var count = 1_000_000
    @Option(help: "The mutation seed.") var seed: UInt64 = 1

    func run() throws {
        guard let target = InputFuzzer.Target(rawValue: target) else {
            throw ValidationError("unknown target '\(target)': use png, jpeg, font, keypath or lottie")
        }
        var fuzzer = InputFuzzer(target: target, rng: SplitMix(seed: seed))
        var corpus = fuzzer.corpus()
        installCrashHandler(target: target.rawValue)
        let began = Date()
        var accepted = 0
        for i in 0..<count {
            let parent = corpus[i % corpus.count]
            let input = fuzzer.mutate(parent, corpus: corpus)
            currentInputCount = input.count
            input.withUnsafeBytes { currentInput.copyMemory(from: $0) }
            if fuzzer.execute(input) {
                accepted += 1
                // Keep a few accepted mutants, so later inputs grow from inputs that got further in.
                if corpus.count < 256, i % 97 == 0 { corpus.append(input) }
            }
        }
        let seconds = Date().timeIntervalSince(began)
        Swift.print(String(format: "fuzz-%@: %d inputs in %.1f s (%.0f a second), %d accepted, 0 crashes",
                           target.rawValue, count, seconds, Double(count) / seconds, accepted))
    }
}
