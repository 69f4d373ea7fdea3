import ArgumentParser
import Foundation
import TesseraBenchAnalysis
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
            anything else is inconclusive (more rounds narrow the interval). A 95% interval needs 6 rounds, so \
            --rounds, --budget and --confirmation-rounds (unless 0) take no fewer (8 at --confidence 0.99). The \
            output says how small a change the rounds could have seen: the threshold plus the interval's half-width. \
            In every round BASE and HEAD must have timed the same work (workload, seed, viewport, trace), as \
            `compare` requires.

            With --until-decided (what scripts/ci-benchmark runs), ab looks after every --look-every rounds (the \
            first look later, at the first round that holds an interval, when --look-every is too early) and \
            stops once every gated result is decided against the threshold (a regression, or an interval at or \
            below 1 + threshold) or --budget rounds are spent. Looking more than once would raise the chance of a \
            false alarm, so each look's interval is wider than a single test's: an exact group-sequential sign \
            test with O'Brien–Fleming-type alpha spending keeps the whole run at the stated confidence, and its \
            last look is as sharp as a fixed run of that many rounds.

            Only regressions of the --gate operations fail ab (by default the operations a frame or a one-item \
            change runs, and the warm prepare; the others are reported). A gated regression is confirmed by \
            --confirmation-rounds more rounds before it fails: HEAD must be slower in those rounds alone too.

            The rounds carry the evidence, so each process can be short: give --quick among the run options.

            With --measure instructions, each build's `run --measure instructions` counts every operation under \
            callgrind instead (instructions, data accesses, simulated cache misses and estimated cycles), twice \
            in random order: a count needs no rounds, and the second run shows how far the counts repeat. A result \
            regresses when HEAD's estimated cycles exceed BASE's by more than the threshold (1% unless given) plus \
            the difference between the two runs of one build, or its instructions do and its cycles do not fall, \
            whatever the machine's load. --rounds, \
            --until-decided, --budget, --look-every, --confirmation-rounds and --confidence do not apply, and are \
            refused; so are --rounds with --until-decided, and --budget and --look-every without it.

            Options BASE's `run --help` does not list are dropped for BASE, and said so.

            Every process has a time limit (--time-limit; by default ten times BASE's first run, which the first \
            round runs first, and at least a minute). A process past it is stopped with everything it started, \
            and so is the one running when ab is interrupted (SIGINT, SIGTERM, SIGHUP).

            Exit status: 0 when nothing regressed; 1 when a gated result regressed and was confirmed (listed on \
            standard error); 2 when a \
            binary is missing, BASE's run fails or writes no readable report, the two timed different work, or no \
            result of the gate's operations was measured by both (the gate judged nothing); 3 \
            when HEAD's run fails (an error, a signal, its time limit, no readable report) or HEAD did not measure \
            a result of the gate's operations that BASE measured (its answers turned inexact, or it dropped the \
            result): the change breaks the benchmark; 64 \
            for usage; 74 when standard output or a file asked for cannot be written, whatever the verdict.
            """
    )

    @Argument(help: ArgumentHelp("The tessera-bench binary of the build to compare against.", valueName: "base"))
    var base: String

    @Argument(help: ArgumentHelp("The tessera-bench binary of the change.", valueName: "head"))
    var head: String

    @Option(
        name: .customLong("rounds"), parsing: .unconditional,
        help: "Rounds of one process of each binary, 6 or more (a 95% interval needs 6). (default: 20)")
    var givenRounds: Int?

    var rounds: Int { givenRounds ?? 20 }

    @Flag(help: "Add rounds until every gated result is decided, or --budget rounds are spent.")
    var untilDecided = false

    @Option(
        name: .customLong("budget"), parsing: .unconditional,
        help: "With --until-decided: the most rounds before the confirmation. (default: 30)")
    var givenBudget: Int?

    var budget: Int { givenBudget ?? 30 }

    @Option(
        parsing: .unconditional,
        help: "With --until-decided: rounds between two looks. (default: 10, or the budget when it is fewer)")
    var lookEvery: Int?

    /// The rounds between two looks: as given, or 10, or the whole budget when it is fewer.
    var roundsBetweenLooks: Int { lookEvery ?? min(10, budget) }

    @Option(
        name: .customLong("confirmation-rounds"), parsing: .unconditional,
        help:
            "Rounds run after a gated regression to confirm it before ab fails (0: fail without confirming). (default: 10)"
    )
    var givenConfirmationRounds: Int?

    var confirmationRounds: Int { givenConfirmationRounds ?? 10 }

    @Option(
        help: ArgumentHelp(
            "The operations whose regressions fail ab, comma-separated, or all.", valueName: "operations"))
    var gate = AB.defaultGate.map(\.rawValue).joined(separator: ",")

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "The change of the median ratio, in percent (0 to 1000), beyond which a change counts (default: 3, or 1 with --measure instructions).",
            valueName: "percent"))
    var threshold: Double?

    @Option(
        help: ArgumentHelp(
            "What to compare: time, or instructions (counted under callgrind).", valueName: "time|instructions"))
    var measure = ComparedMeasure.time

    /// The threshold given, or the measure's own.
    var thresholdPercent: Double { threshold ?? (measure == .instructions ? 1 : 3) }

    /// What a frame or a one-item change runs, and the warm prepare: the operations `--quick` rounds resolve to a
    /// few percent. A cold prepare (allocation and page faults), a batch of 100 random updates and the fill floor
    /// (a memory-write yardstick) move by more than that from one process to the next, and are reported only.
    static let defaultGate: [BenchmarkOperation] = [
        .prepareWarm, .query, .updateResize, .updateInsert, .updateDelete, .queryBeforeUpdates, .queryAfterUpdates,
        .selfSizingScroll, .selfSizingScrollUp, .updateResizeAnchored, .updateInsertAnchored, .updateDeleteAnchored,
    ]

    /// The operations `--gate` names.
    var gatedOperations: Set<BenchmarkOperation> {
        get throws {
            Set(try parseIDs(gate, option: "operation") as [BenchmarkOperation])
        }
    }

    @Option(
        name: .customLong("confidence"), parsing: .unconditional,
        help: "The confidence of each interval, between 0 and 1. (default: 0.95)")
    var givenConfidence: Double?

    var confidence: Double { givenConfidence ?? 0.95 }

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Stop a round's process that runs longer than this, and fail (default: ten times BASE's first run, at "
                + "least 60).", valueName: "seconds"))
    var timeLimit: Double?

    @Option(
        parsing: .unconditional, help: "The seed of the rounds' order (default: random, printed).", transform: parseSeed
    )
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
    static let refusedRunOptions = [
        "--report", "--markdown", "--csv", "--html", "--system-malloc", "--quiet", "--measure",
    ]

    func validate() throws {
        try refuseOptionsThatDoNotApply()
        try ThresholdOption.check(threshold)
        guard confidence > 0, confidence < 1 else { throw ValidationError("--confidence must be between 0 and 1") }
        // With fewer rounds than an interval needs, no result can ever be a regression: a gate that cannot fail.
        let fewest = MedianInterval.fewestSamples(confidence: confidence)
        let why =
            "fewer give no \(String(format: "%g", confidence * 100))% interval of a ratio, so no result could regress"
        guard rounds >= fewest, rounds <= 1_000 else {
            throw ValidationError("--rounds must be between \(fewest) and 1000: \(why)")
        }
        guard (fewest...1_000).contains(budget), (1...budget).contains(roundsBetweenLooks) else {
            throw ValidationError(
                "--budget must be between \(fewest) and 1000 (\(why)), and --look-every between 1 and the budget")
        }
        guard confirmationRounds == 0 || (fewest...1_000).contains(confirmationRounds) else {
            throw ValidationError(
                "--confirmation-rounds must be 0 (fail without confirming) or between \(fewest) and 1000: \(why) in "
                    + "them, so no regression could be confirmed")
        }
        if let timeLimit, !(timeLimit.isFinite && timeLimit > 0) {
            throw ValidationError("--time-limit must be a number of seconds above 0, not \(timeLimit)")
        }
        guard try !gatedOperations.isEmpty else { throw ValidationError("--gate names no operation") }
        for option in runArguments
        where Self.refusedRunOptions.contains(String(option.split(separator: "=").first ?? "")) {
            if option.hasPrefix("--measure") {
                throw ValidationError("--measure is ab's own option: `ab --measure instructions` counts both builds")
            }
            throw ValidationError(
                "\(option) is not passed to the builds' runs: ab writes its own reports (--report and --markdown of ab)"
            )
        }
        // The options must mean something to this build's `run`: a typo fails now, not after the first round.
        do { _ = try Run.parse(runArguments) } catch {
            throw ValidationError("the run options are not valid for `tessera-bench run`: \(Run.message(for: error))")
        }
        if let repeated = RepeatedOptions.first(in: runArguments, of: Run.self) {
            throw ValidationError("the run options are not valid for `tessera-bench run`: \(repeated)")
        }
        _ = try outputFiles()
    }

    /// An option given that does not apply to what ab will do is refused, naming why: a counted comparison runs
    /// no rounds, a fixed number of rounds has no budget or looks, and rounds until decided are not a fixed number.
    private func refuseOptionsThatDoNotApply() throws {
        let given: [(option: String, given: Bool)] = [
            ("--rounds", givenRounds != nil), ("--until-decided", untilDecided), ("--budget", givenBudget != nil),
            ("--look-every", lookEvery != nil), ("--confirmation-rounds", givenConfirmationRounds != nil),
            ("--confidence", givenConfidence != nil),
        ]
        func first(of options: Set<String>) -> String? {
            given.first { options.contains($0.option) && $0.given }?.option
        }
        if measure == .instructions, let option = first(of: Set(given.map(\.option))) {
            throw ValidationError(
                "\(option) does not apply to --measure instructions: a counted comparison runs each build twice, in "
                    + "no rounds and with no interval")
        }
        if untilDecided, let option = first(of: ["--rounds"]) {
            throw ValidationError(
                "\(option) does not apply with --until-decided: --budget bounds its rounds and --look-every spaces "
                    + "its looks")
        }
        if !untilDecided, let option = first(of: ["--budget", "--look-every"]) {
            throw ValidationError("\(option) applies only with --until-decided; --rounds sets a fixed number")
        }
    }

    /// The comparison's reports, checked: neither may be one of the binaries.
    func outputFiles() throws -> OutputFiles {
        try OutputFiles(["--report": report, "--markdown": markdown], inputs: [("base", base), ("head", head)])
    }

    func run() throws {
        let outputFiles = try outputFiles()
        let seed = orderSeed ?? UInt64.random(in: 0...UInt64.max)
        if measure == .instructions { return try runCounted(seed: seed, outputFiles: outputFiles) }
        let trials = ABTrials(
            base: URL(fileURLWithPath: base), head: URL(fileURLWithPath: head), runArguments: runArguments,
            orderSeed: seed, timeLimit: timeLimit)
        if !quiet {
            // Always, terminal or not: a CI log shows how far the rounds are.
            trials.progress = { line in FileHandle.standardError.write(Data("\(line)\n".utf8)) }
            trials.progress("ab: order seed \(seed) (--order-seed \(seed) repeats the order)")
        }
        let gate = try gatedOperations
        func compare(_ rounds: [(base: BenchmarkReport, head: BenchmarkReport)], design: SequentialDesign?)
            -> ABComparison
        {
            ABComparison(
                rounds: rounds, orders: Array(trials.orders.prefix(rounds.count)), base: base, head: head,
                runArguments: runArguments, droppedForBase: trials.droppedForBase, threshold: thresholdPercent / 100,
                confidence: confidence, gate: gate, design: design)
        }
        var comparison: ABComparison
        do throws(ABTrials.Failure) {
            if untilDecided {
                let design = SequentialDesign(budget: budget, every: roundsBetweenLooks, confidence: confidence)
                comparison = compare([], design: design)
                for look in design.looks {
                    try trials.run(rounds: look - trials.rounds.count, of: design.budget)
                    comparison = compare(trials.rounds, design: design)
                    if !quiet, let detectability = comparison.detectability {
                        trials.progress("ab: after \(look) rounds, \(comparison.summary); \(detectability)")
                    }
                    if comparison.gateIsDecided { break }
                }
            } else {
                try trials.run(rounds: rounds, of: rounds)
                comparison = compare(trials.rounds, design: nil)
            }
            if confirmationRounds > 0,
                comparison.rows.contains(where: { $0.gated != false && $0.verdict == .regression })
            {
                let decided = trials.rounds.count
                trials.progress("ab: a gated result regressed; \(confirmationRounds) rounds more to confirm it")
                try trials.run(rounds: confirmationRounds, of: decided + confirmationRounds)
                comparison.confirm(with: Array(trials.rounds[decided...]))
            }
        } catch {
            FileHandle.standardError.write(Data("Error: \(error.description)\n".utf8))
            throw error.isHeadsRun ? ExitCode.headFailed : ExitCode.unusableInput
        }
        // Layout shift repeats exactly from run to run: the last round's judge it.
        let shifts = trials.rounds.last.flatMap { round in
            round.base.shifts.flatMap { base in round.head.shifts.map { ShiftComparison(base: base, head: $0) } }
        }
        print(comparison.text() + (shifts.map { "\n" + $0.text() } ?? ""), terminator: "")
        try outputFiles.write([
            "--report": { try comparison.jsonData() },
            "--markdown": { Data((comparison.markdown() + (shifts?.markdown() ?? "")).utf8) },
        ])
        try Self.exit(
            headBrokeTheGate: comparison.headBrokeTheGate, unjudged: comparison.unjudged,
            regressions: comparison.regressions.map { "\($0.name): \($0.formattedRatio)" }
                + (shifts?.regressions.map(\.description) ?? []))
    }

    /// Ends a comparison, timed or counted, with its exit status: 3 for a HEAD that no longer measures what the gate
    /// judges (it breaks the benchmark, as a HEAD whose run fails), 2 for a gate that judged nothing (it can neither
    /// pass nor fail a change), 1 for gated regressions, listed on standard error; 0 otherwise.
    static func exit(headBrokeTheGate: String?, unjudged: String?, regressions: [String]) throws {
        if let headBrokeTheGate {
            FileHandle.standardError.write(Data("Error: \(headBrokeTheGate)\n".utf8))
            throw ExitCode.headFailed
        }
        if let unjudged {
            FileHandle.standardError.write(Data("Error: \(unjudged)\n".utf8))
            throw ExitCode.unusableInput
        }
        guard regressions.isEmpty else {
            let list = regressions.map { "  \($0)" }.joined(separator: "\n")
            FileHandle.standardError.write(
                Data(
                    "\(regressions.count == 1 ? "1 result" : "\(regressions.count) results") regressed:\n\(list)\n".utf8
                ))
            throw ExitCode.regression
        }
    }
}
