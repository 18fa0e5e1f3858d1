/// Collects figures and prints them in the `bench:` line format, then a readable summary.
struct BenchReport {
    private(set) var figures: [(name: String, value: Double, unit: String, note: String)] = []

    mutating func add(_ name: String, _ value: Double, _ unit: String, note: String = "") {
        figures.append((name, value, unit, note))
        print("bench: \(name) \(format(value)) \(unit)")
    }

    /// A figure reported earlier in this run.
    func value(of name: String) -> Double? { figures.last { $0.name == name }?.value }

    func printSummary() {
        print("\nSummary")
        for f in figures where !f.note.isEmpty { print("  \(f.name): \(format(f.value)) \(f.unit) — \(f.note)") }
    }

    /// Whole numbers as they are; figures below one (a frame in milliseconds) to three decimals, so the
    /// ratios against other engines can be checked from the printed figures; the rest to two.
    private func format(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e9 ? String(Int(v)) : String(format: abs(v) < 1 ? "%.3f" : "%.2f", v)
    }
}

/// Median of the durations of `runs` calls of `body`, after `warmup` calls, in seconds; `setup` runs before
/// each call, untimed.
func medianSeconds(warmup: Int = 3, runs: Int, setup: () -> Void = {}, _ body: () -> Void) -> Double {
    for _ in 0..<warmup { setup(); body() }
    var samples: [Double] = []
    let clock = ContinuousClock()
    for _ in 0..<runs {
        setup()
        let d = clock.measure(body)
        samples.append(Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18)
    }
    samples.sort()
    return samples[samples.count / 2]
}
