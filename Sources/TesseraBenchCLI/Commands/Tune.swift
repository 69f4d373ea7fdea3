import ArgumentParser
import Foundation
import TesseraBenchAnalysis
import TesseraBenchKit

struct Tune: ParsableCommand, ItemCountCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure every exact index and its parameters on one layout and workload, and recommend one.",
        discussion: """
            Tries soa-binary-search block sizes, interval-tree leaf levels, page-table page lengths and union-rects \
            block sizes, each checked against brute force first. Then the exact ones are timed in interleaved \
            rounds, each in a random order, and each is compared with the leader (the fastest median query) round \
            by round: its ratio and a 95% interval. A candidate whose interval lies wholly at or below 1 + threshold \
            ties with the leader, one wholly above is slower, and one across it is not separated. Among the leader \
            and its ties, the one holding fewer bytes, then the faster warm prepare, is recommended, with the \
            `run` command line that applies it (--index). When a candidate the rounds could not separate would be \
            chosen if it were as fast, tune makes no decision: it names the candidates and the command that would \
            separate them (more rounds, or a wider threshold).

            Exit status: 0 with a recommendation; 2 when the rounds cannot decide (the table is still printed); \
            1 when no candidate answered exactly or the run failed; 64 for usage.
            """
    )
    static let defaultItemCount = 100_000

    @OptionGroup var subject: OneLayoutOptions<Tune>

    @Option(
        parsing: .unconditional,
        help: "Interleaved rounds of every candidate, \(TuneResult.minimumRounds) or more (a 95% interval needs 6).")
    var rounds = 10

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "How much slower than the leader, in percent (0 to 1000), a candidate may be and still count as as fast.",
            valueName: "percent"))
    var threshold = 3.0  // TuneResult.defaultThreshold, in percent

    @Flag(help: "No progress on standard error.")
    var quiet = false

    @OptionGroup var workload: WorkloadOptions

    func validate() throws {
        try subject.check(workload)
        guard rounds >= TuneResult.minimumRounds, rounds <= TuneResult.maximumRounds else {
            throw ValidationError(
                "--rounds must be between \(TuneResult.minimumRounds) and \(TuneResult.maximumRounds): fewer than \(TuneResult.minimumRounds) give no 95% interval of a candidate's ratio to the leader, so no candidate could be told from it"
            )
        }
        try ThresholdOption.check(threshold)
    }

    func run() throws {
        let source = try workload.source()
        let count = try subject.itemCount(workload, of: source)
        let layout = subject.layout
        let settings = RunSettings(
            layouts: [layout], strategies: [], itemCounts: [count], viewportWidth: workload.viewport.size.width,
            viewportHeight: workload.viewport.size.height, seed: workload.seed,
            workload: workload.description(of: [layout]),
            traceFrames: 0, verifiedFrames: 16
        )
        var runner = BenchmarkRunner(
            settings: settings, workload: source, parameters: workload.parameters)
        runner.prepareBudget = .tunePrepare
        runner.queryBudget = .tuneQuery
        runner.probe = TesseraBench.allocatorProbe
        if !quiet, isatty(STDERR_FILENO) != 0 {
            runner.progress = { line in FileHandle.standardError.write(Data("\(line)\n".utf8)) }
        }
        let result = try runner.tune(layout, items: count, rounds: rounds, threshold: threshold / 100)
        print(result.render(followUp: followUp(arguments: CommandLine.arguments, count: count)), terminator: "")
        switch result.decision {
        case .recommended: return
        case .undecided: throw ExitCode.noDecision
        case .nothingExact: throw ExitCode.failure
        }
    }
}

extension ExitCode {
    /// `tune`: measured, but the rounds cannot tell the candidates that would decide apart.
    static let noDecision = ExitCode(2)
}
