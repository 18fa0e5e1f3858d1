// `make bench`: performance figures measured against baselines run in the same process.
// Each figure prints as `bench: <name> <value> <unit>`, then a human summary.
import MallocInterposerSwift

// `calyx-bench anim`, `calyx-bench compositor` or `calyx-bench server`, `calyx-bench export`, `calyx-bench uikit`, `calyx-bench tiles`, `calyx-bench lottie`, `calyx-bench autolayout`, `calyx-bench scrolling` runs one group (for profiling); no argument runs all. `calyx-bench lottie <file>` draws
// only that reference file's frames (no export or loading); `calyx-bench lottie <file> --profile <rounds> [--scrubbed]` draws only Calyx's, played (or scrubbed), that many rounds.
let only = CommandLine.arguments.dropFirst().first
var report = BenchReport()
if only == nil || only == "anim" {
    AnimationEvaluationBenchmark.run(into: &report)
    RenderTreeAnimationBenchmark.run(into: &report)
}
if only == nil || only == "compositor" { CompositorBenchmark.run(into: &report) }
if only == nil || only == "server" { RenderServerBenchmark.run(into: &report) }
if only == "pipeline" { RenderServerBenchmark.pipeline(into: &report) }
if only == nil || only == "export" { ExportBenchmark.run(into: &report) }
if only == nil || only == "uikit" {
    ViewAnimationBenchmark.run(into: &report)
    AutoLayoutBenchmark.run(into: &report)
}
if only == "autolayout" { AutoLayoutBenchmark.run(into: &report) }
if only == nil || only == "scrolling" { ScrollingBenchmark.run(into: &report) }
if only == nil || only == "tiles" { TiledLayerBenchmark.run(into: &report) }
if only == nil || only == "lottie" {
    LottieBenchmark.run(into: &report, only: CommandLine.arguments.dropFirst(2).first)
}
report.printSummary()
