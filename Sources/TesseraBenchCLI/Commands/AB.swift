import ArgumentParser
import Foundation
import TesseraBenchKit

struct AB: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ab",
        abstract: "Compare two tessera-bench builds in randomized interleaved rounds, and fail when HEAD is slower.",
        discussion: """
            Each round runs one fresh process of each binary, in random order, over the same `run` options (any \
            option of `tessera-bench run` given here: --layouts, --strategies, --items, the workload options). Each \
            round gives a HEAD/BASE ratio of medians for every result; the rounds are the independent samples, \
            because most of the noise on a shared machine lies between processes, where the samples of one run \
            cannot see it. For each result: the median ratio and its exact distribution-free confidence interval \
            (order statistics of the rounds' ratios, the sign-test interval). A regression is an interval wholly \
            above 1 + threshold, an improvement one wholly below 1 − threshold, unchanged one wholly within; \
            anything else is inconclusive (more rounds narrow the interval). A 95% interval needs 6 rounds.

            The rounds carry the evidence, so each process can be short: give --quick among the run options.

            Options BASE's `run --help` does not list are dropped for BASE, and said so.

            Exit status: 0 when nothing regressed; 1 when a result regressed (listed on standard error); 2 when a \
            binary is missing, BASE's run fails or writes no readable report, or nothing was measured by both; 3 \
            when HEAD's run fails (an error, a signal, no readable report): the change breaks the benchmark; 64 \
            for usage.
            """
    )

    @Argument(help: ArgumentHelp("The tessera-bench binary of the build to compare against.", valueName: "base"))
    var base: String

    @Argument(help: ArgumentHelp("The tessera-bench binary of the change.", valueName: "head"))
    var head: String

    @Option(parsing: .unconditional, help: "Rounds of one process of each binary (6 or more give a 95% interval).")
    var rounds = 20

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "The change of the median ratio, in percent, beyond which a change counts.", valueName: "percent"))
    var threshold = 5.0

    @Option(parsing: .unconditional, help: "The confidence of each interval, between 0 and 1.")
    var confidence = 0.95

    @Option(parsing: .unconditional, help: "The seed of the rounds' order (default: random, printed).")
    var orderSeed: UInt64?

    @Option(help: ArgumentHelp("Write the comparison as JSON to this file.", valueName: "file.json"))
    var report: String?

    @Option(
        help: ArgumentHelp("Write the comparison as Markdown, for a pull request, to this file.", valueName: "file.md"))
    var markdown: String?

    @Flag(help: "No progress on standard error.")
    var quiet = false

    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp("Options for `tessera-bench run`, given to both builds.", valueName: "run options"))
    var runOptions: [String] = []

    /// The run options without `--`, which a user may put before them to say they pass through: it is no option
    /// of `run`'s.
    var runArguments: [String] { runOptions.filter { $0 != "--" } }

    /// Options of `run` that choose what a run writes; `ab` writes its own.
    static let refusedRunOptions = ["--report", "--markdown", "--csv", "--html", "--system-malloc", "--quiet"]

    func validate() throws {
        guard rounds >= 1, rounds <= 1_000 else { throw ValidationError("--rounds must be between 1 and 1000") }
        guard threshold.isFinite, threshold >= 0, threshold < 100 else {
            throw ValidationError("--threshold must be a percentage from 0 to under 100")
        }
        guard confidence > 0, confidence < 1 else { throw ValidationError("--confidence must be between 0 and 1") }
        for option in runArguments
        where Self.refusedRunOptions.contains(String(option.split(separator: "=").first ?? "")) {
            throw ValidationError(
                "\(option) is not passed to the builds' runs: ab writes its own reports (--report and --markdown of ab)"
            )
        }
        // The options must mean something to this build's `run`: a typo fails now, not after the first round.
        do { _ = try Run.parse(runArguments) } catch {
            throw ValidationError("the run options are not valid for `tessera-bench run`: \(Run.message(for: error))")
        }
        _ = try outputFiles()
    }

    /// The comparison's reports, checked: neither may be one of the binaries.
    func outputFiles() throws -> OutputFiles {
        try OutputFiles(["--report": report, "--markdown": markdown], inputs: [("base", base), ("head", head)])
    }

    func run() throws {
        let outputFiles = try outputFiles()
        let seed = orderSeed ?? UInt64.random(in: 0...UInt64.max)
        var trials = ABTrials(
            base: URL(fileURLWithPath: base), head: URL(fileURLWithPath: head), runArguments: runArguments,
            rounds: rounds, orderSeed: seed
        )
        if !quiet {
            // Always, terminal or not: a CI log shows how far the rounds are.
            trials.progress = { line in FileHandle.standardError.write(Data("\(line)\n".utf8)) }
            trials.progress("ab: order seed \(seed) (--order-seed \(seed) repeats the order)")
        }
        let measured: ABTrials.Rounds
        do throws(ABTrials.Failure) {
            measured = try trials.run()
        } catch {
            FileHandle.standardError.write(Data("Error: \(error.description)\n".utf8))
            throw error.isHeadsRun ? ExitCode.headFailed : ExitCode.unusableInput
        }
        let comparison = ABComparison(
            rounds: measured.rounds, orders: measured.orders, base: base, head: head, runArguments: runArguments,
            droppedForBase: measured.droppedForBase, threshold: threshold / 100, confidence: confidence
        )
        print(comparison.text(), terminator: "")
        try outputFiles.write([
            "--report": { try comparison.jsonData() }, "--markdown": { Data(comparison.markdown().utf8) },
        ])
        guard !comparison.rows.isEmpty else {
            FileHandle.standardError.write(Data("Error: the two builds measured no result in common\n".utf8))
            throw ExitCode.unusableInput
        }
        let regressions = comparison.regressions
        guard regressions.isEmpty else {
            let list = regressions.map { "  \($0.name): \($0.formattedRatio)" }.joined(separator: "\n")
            FileHandle.standardError.write(
                Data(
                    "\(regressions.count == 1 ? "1 result" : "\(regressions.count) results") regressed:\n\(list)\n".utf8
                ))
            throw ExitCode.regression
        }
    }
}
