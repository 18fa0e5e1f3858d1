import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// How a child process ended, as the supervisor judges it.
struct ChildOutcome {
    enum Ending: Equatable { case exited(Int32), signalled(Int32), timedOut }
    let ending: Ending
    let output: String
    let errorOutput: String
    /// Peak resident memory, in bytes (the kernel's own accounting, `ru_maxrss`).
    let peakMemory: Int
}

/// Runs `arguments` (the first is the executable) with standard output and error captured in files, and kills
/// it after `timeout` seconds. Several run at once through `ChildPool`.
final class ChildProcess {
    let pid: pid_t
    let deadline: Double
    private let outPath: String, errPath: String

    init?(_ arguments: [String], timeout: Double, scratch: String) {
        let stamp = "\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        outPath = "\(scratch)/\(stamp).out"; errPath = "\(scratch)/\(stamp).err"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var cArgs = arguments.map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) } }
        var child: pid_t = 0
        guard posix_spawn(&child, arguments[0], &actions, nil, &cArgs, environ) == 0 else { return nil }
        pid = child
        deadline = Self.now() + timeout
    }

    static func now() -> Double {
        var ts = timespec(); clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Reaps the child if it has ended (killing it first once past its deadline); nil while it runs.
    func poll() -> ChildOutcome? {
        var status: Int32 = 0
        var usage = rusage()
        let timedOut = Self.now() > deadline
        if timedOut { kill(pid, SIGKILL) }
        let reaped = wait4(pid, &status, timedOut ? 0 : WNOHANG, &usage)
        guard reaped == pid else { return nil }
        let ending: ChildOutcome.Ending
        if timedOut { ending = .timedOut }
        else if status & 0x7f == 0 { ending = .exited((status >> 8) & 0xff) }
        else { ending = .signalled(status & 0x7f) }
        defer { unlink(outPath); unlink(errPath) }
        return ChildOutcome(ending: ending, output: Self.read(outPath), errorOutput: Self.read(errPath),
                            peakMemory: Int(usage.ru_maxrss) * 1024)
    }

    private static func read(_ path: String) -> String {
        (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }
}

/// Runs jobs as child processes, `width` at a time, and hands each outcome to its completion in the order the
/// children end.
struct ChildPool {
    let width: Int
    let timeout: Double
    let scratch: String

    func run(_ jobs: [[String]], _ completion: (Int, ChildOutcome) -> Void) {
        var next = 0
        var running: [(index: Int, child: ChildProcess)] = []
        while next < jobs.count || !running.isEmpty {
            while running.count < width, next < jobs.count {
                if let child = ChildProcess(jobs[next], timeout: timeout, scratch: scratch) {
                    running.append((next, child))
                } else {
                    completion(next, ChildOutcome(ending: .exited(127), output: "", errorOutput: "could not start \(jobs[next][0])", peakMemory: 0))
                }
                next += 1
            }
            var stillRunning: [(index: Int, child: ChildProcess)] = []
            for entry in running {
                if let outcome = entry.child.poll() { completion(entry.index, outcome) } else { stillRunning.append(entry) }
            }
            if stillRunning.count == running.count { usleep(2_000) }
            running = stillRunning
        }
    }
}
