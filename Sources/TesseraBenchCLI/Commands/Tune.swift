import ArgumentParser
import Foundation
import TesseraBenchKit

struct Tune: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure every exact index and its parameters on one layout and workload, and recommend one.",
        discussion: """
            Tries soa-binary-search block sizes, interval-tree leaf levels, page-table page lengths and union-rects \
            block sizes, each checked against brute force first. Then the exact ones are timed in interleaved \
            rounds, each in a random order, and each is compared with the leader (the fastest median query) round \
            by round: its ratio and a 95% interval. A candidate whose interval is not wholly above 1.05 ties with \
            the leader; among the tied, the one holding fewer bytes, then the faster warm prepare, is recommended.
            """
    )

    @Option(help: "The layout.")
    var layout: LayoutID = .flow

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Items in the built-in workload. (default: 100000, or a workload file's count)", valueName: "count"),
        transform: CountArgument.init(parsing:))
    var items: CountArgument?

    @Option(parsing: .unconditional, help: "Interleaved rounds of every candidate (6 or more give a 95% interval).")
    var rounds = 10

    @Flag(help: "No progress on standard error.")
    var quiet = false

    @OptionGroup var workload: WorkloadOptions

    func validate() throws {
        try WorkloadOptions.requireItems(items.map { [$0.count] } ?? [])
        try workload.requireOneShape()
        try workload.check([layout], viewports: WorkloadOptions.bothWaysUp(workload.viewport.size))
        guard rounds >= 1, rounds <= 1_000 else { throw ValidationError("--rounds must be between 1 and 1000") }
    }

    func run() throws {
        let source = try workload.source()
        let count = try workload.fileItemCount(asked: items?.count, of: source) ?? items?.count ?? 100_000
        let settings = RunSettings(
            layouts: [layout], strategies: [], itemCounts: [count], viewportWidth: workload.viewport.size.width,
            viewportHeight: workload.viewport.size.height, seed: workload.seed,
            workload: workload.description(of: [layout]),
            traceFrames: 0, verifiedFrames: 16
        )
        var runner = BenchmarkRunner(
            settings: settings, workload: source, parameters: workload.parameters)
        runner.prepareBudget = SamplingBudget(minSamples: 3, maxSamples: 50, minSeconds: 0.1)
        // A round's median needs a few passes over the trace (a sample is a pass's mean query, or one query when a
        // query is as long as a batch), not seconds: the rounds give the confidence.
        runner.queryBudget = SamplingBudget(minSamples: 5, maxSamples: 5_000, minSeconds: 0.05)
        runner.probe = TesseraBench.allocatorProbe
        if !quiet, isatty(STDERR_FILENO) != 0 {
            runner.progress = { line in FileHandle.standardError.write(Data("\(line)\n".utf8)) }
        }
        print(try runner.tune(layout, items: count, rounds: rounds).render(), terminator: "")
    }
}
