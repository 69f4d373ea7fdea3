import ArgumentParser
import Foundation
import TesseraBenchKit

struct Tune: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure every exact index and its parameters on one layout and workload, and recommend one.",
        discussion: """
            Tries soa-binary-search block sizes, interval-tree leaf levels, page-table page lengths and union-rects \
            block sizes, each checked against brute force first. The fastest exact median query wins; within 5% of \
            it, the one holding fewer bytes, then the faster warm prepare.
            """
    )

    @Option(help: "The layout.")
    var layout: LayoutID = .flow

    @Option(parsing: .unconditional, help: ArgumentHelp("Items in the built-in workload (a workload file fixes its own).", valueName: "count"))
    var items = CountArgument(100_000)

    @Flag(help: "No progress on standard error.")
    var quiet = false

    @OptionGroup var workload: WorkloadOptions

    func run() throws {
        let settings = RunSettings(
            layouts: [layout], strategies: [], itemCounts: [items.count], viewportWidth: workload.viewport.size.width,
            viewportHeight: workload.viewport.size.height, seed: workload.seed, workload: workload.description,
            traceFrames: 0, verifiedFrames: 16
        )
        var runner = BenchmarkRunner(settings: settings, workload: try workload.source(), parameters: workload.parameters)
        runner.prepareBudget = SamplingBudget(minSamples: 3, maxSamples: 50, minSeconds: 0.1, maxSeconds: 0.5)
        runner.queryBudget = SamplingBudget(minSamples: 200, maxSamples: 20_000, minSeconds: 0.2, maxSeconds: 0.5)
        runner.probe = TesseraBench.allocatorProbe
        if !quiet, isatty(STDERR_FILENO) != 0 {
            runner.progress = { line in FileHandle.standardError.write(Data("\(line)\n".utf8)) }
        }
        print(try runner.tune(layout, items: items.count).render(), terminator: "")
    }
}
