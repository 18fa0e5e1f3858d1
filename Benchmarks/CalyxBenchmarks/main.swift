// `make bench`: performance figures measured against baselines run in the same process.
// Each figure prints as `bench: <name> <value> <unit>`, then a human summary.
import MallocInterposerSwift

var report = BenchReport()
AnimationEvaluationBenchmark.run(into: &report)
CompositorBenchmark.run(into: &report)
report.printSummary()
