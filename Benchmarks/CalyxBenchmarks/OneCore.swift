import CRLottie

/// Runs `body` with the calling thread held to one core — the one it was on at the first call, the same each
/// time — and with it every thread started meanwhile (threads inherit their creator's affinity). rlottie
/// rasterizes on worker threads of its own, one per core, started at its first frame: without this its "one core"
/// figure used the other cores too, and moved by up to 2× from run to run with what else ran there. Held to one
/// core its times are steady. (Whether they are also lower depends on the machine: on the two-core machine of
/// 2026-11-28 the hand-offs between cores cost rlottie more than the second core gave; on that of 2026-12-06 its
/// showcase frame took 0.072 ms held to one core and 0.063 ms free on both.)
func onOneCore<T>(_ body: () -> T) -> T {
    let size = 128  // sizeof(cpu_set_t): 1024 cores
    var saved = [UInt8](repeating: 0, count: size), one = [UInt8](repeating: 0, count: size)
    let cpu = oneCore
    guard cpu >= 0, cpu < size * 8, sched_getaffinity(0, size, &saved) == 0 else { return body() }
    one[cpu / 8] = UInt8(1) << UInt8(cpu % 8)
    guard sched_setaffinity(0, size, one) == 0 else { return body() }
    defer { _ = sched_setaffinity(0, size, saved) }
    return body()
}

/// The core `onOneCore` holds its callers to (rlottie's workers, pinned at its first frame, stay on it).
private let oneCore = Int(sched_getcpu())
