import ArgumentParser
import Foundation
import TesseraBenchAnalysis
import TesseraBenchKit

struct Compare: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare two single-run reports result by result; to decide whether a build is slower, use ab.",
        discussion: """
            Results are matched by layout, strategy, item count and operation. For each match: both medians, the \
            change, and the p-value of a two-sided Mann–Whitney U test on the two runs' samples. A regression is a \
            slowdown beyond --threshold that is also significant (p below --alpha); an improvement is the mirror. \
            Results in one report only are listed, not failed.

            Reports of `run --measure instructions` are compared on counts instead: each result's estimated \
            cycles and instructions, HEAD over BASE, a regression being a rise beyond --threshold (1% unless \
            given), as `ab --measure instructions` judges one run of each build. A report of `run --measure \
            time,instructions` is compared on both.

            Each report is a single run, and its samples see only the noise within that run, not the noise between \
            runs (another process, another moment on a shared machine), so compare cannot tell run-to-run noise \
            from a change: a "significant" change may be neither. To decide whether a build is slower, use \
            `tessera-bench ab`, which runs both binaries in randomized interleaved rounds and decides from the \
            per-round ratios.

            The output leads with a warning when the reports differ in more than their results: in set-up (CPU, \
            cores, allocator, Swift, OS, host) or settings (verified frames, report schema), which can explain a \
            change by themselves; or in the work timed (workload, seed, viewport, trace), when the numbers measure \
            different things and the comparison is unusable.

            Exit status: 0 when nothing regressed; 1 when a result regressed (listed on standard error); 2 for \
            unusable input: a report unreadable, not JSON, not a tessera-bench report or written by a newer one; \
            reports with no result in common (nothing printed); reports of different work (the table is printed, \
            led by its warning). Arguments that cannot be parsed, and a threshold or alpha out of range, are usage \
            errors: 64. Standard output or a file asked for that cannot be written: 74, whatever the verdict.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text
        case markdown
    }

    @Argument(help: ArgumentHelp("The report to compare against.", valueName: "base.json"))
    var base: String

    @Argument(help: ArgumentHelp("The report of the change.", valueName: "head.json"))
    var head: String

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "The change, in percent (0 to 1000), beyond which a significant change counts (default: 5 for times, 1 for counts).",
            valueName: "percent"))
    var threshold: Double?

    @Option(
        parsing: .unconditional,
        help: "The significance level, between 0 and 1: a change counts when its p-value is below it.")
    var alpha = 0.05

    @Option(help: "text for a terminal, or markdown for a pull-request comment.")
    var format = Format.text

    /// Settings out of range are usage errors (64), as an unknown option is: 2 is for the reports.
    func validate() throws {
        try ThresholdOption.check(threshold)
        guard alpha > 0, alpha < 1 else { throw ValidationError("--alpha must be between 0 and 1, not \(alpha)") }
    }

    func run() throws {
        let reports: (base: BenchmarkReport, head: BenchmarkReport)
        do throws(ReportError) {
            reports = (
                try .load(from: URL(fileURLWithPath: base), counted: true),
                try .load(from: URL(fileURLWithPath: head), counted: true)
            )
        } catch {
            throw unusable(error.description)
        }
        let timed = !reports.base.results.isEmpty && !reports.head.results.isEmpty
        let counted = !(reports.base.counted ?? []).isEmpty && !(reports.head.counted ?? []).isEmpty
        guard timed || counted else {
            throw unusable(
                "one report is of a timed run and the other of a counted one (run --measure instructions): "
                    + "nothing was measured alike")
        }
        var regressions: [String] = []
        if timed { regressions += try compareTimes(reports) }
        if counted { regressions += try compareCounts(reports, after: timed) }
        if let base = reports.base.shifts, let head = reports.head.shifts {
            let shifts = ShiftComparison(base: base, head: head)
            print(format == .markdown ? shifts.markdown() : "\n" + shifts.text(), terminator: "")
            regressions += shifts.regressions.map(\.description)
        }
        guard regressions.isEmpty else {
            let list = regressions.map { "  \($0)" }.joined(separator: "\n")
            printError("\(regressions.count == 1 ? "1 result" : "\(regressions.count) results") regressed:\n\(list)")
            throw ExitCode.regression
        }
    }

    /// The timed results compared and printed; the regressions, described.
    private func compareTimes(_ reports: (base: BenchmarkReport, head: BenchmarkReport)) throws -> [String] {
        let comparison = ReportComparison(
            base: reports.base, head: reports.head, threshold: (threshold ?? 5) / 100, alpha: alpha)
        let unusableReason = comparison.unusableReason
        // With nothing in common there is no table, and "no regressions" would claim a comparison never made.
        if let unusableReason, comparison.matches.isEmpty { throw unusable(unusableReason) }
        print(format == .markdown ? comparison.markdown() : comparison.text(), terminator: "")
        // Different work: the table is shown, led by its warning, but it can neither pass nor fail a change.
        if let unusableReason { throw unusable(unusableReason) }
        return comparison.regressions.map(\.description)
    }

    /// The counted results compared on estimated cycles and instructions and printed, every operation gated, after
    /// the timed comparison when there was one (which warned of the reports' differences); the regressions,
    /// described.
    private func compareCounts(_ reports: (base: BenchmarkReport, head: BenchmarkReport), after timed: Bool) throws
        -> [String]
    {
        let differences = ReportComparison.differences(reports.base, reports.head)
        let work = differences.filter(\.timesDifferentWork)
        guard work.isEmpty else {
            throw unusable(
                "the reports counted different work, so their counts cannot be compared: "
                    + work.map(\.description).joined(separator: "; "))
        }
        var comparison = CountedComparison(
            base: [reports.base], head: [reports.head], runArguments: [], threshold: (threshold ?? 1) / 100,
            gate: Set(BenchmarkOperation.allCases))
        // A result one report lacks is listed (`oneSided`), as the timed comparison lists it, and fails nothing:
        // only `ab`'s gate breaks on a result HEAD no longer counts.
        comparison.gatedOnlyInBase = []
        if let unjudged = comparison.unjudged { throw unusable(unjudged) }
        if timed {
            print("")
        } else if !differences.isEmpty {
            let listed = differences.map(\.description).joined(separator: "; ")
            print("Warning: the runs differ in set-up, which can explain a change by itself: \(listed).\n")
        }
        print(format == .markdown ? comparison.markdown() : comparison.text(), terminator: "")
        return comparison.regressions.map { row in
            "\(row.name): "
                + String(format: "estimated cycles %.4f, instructions %.4f", row.ratio, row.instructionRatio)
        }
    }

    /// Says why on standard error and returns the exit code for unusable input.
    private func unusable(_ message: String) -> ExitCode {
        printError("Error: \(message)")
        return .unusableInput
    }

    private func printError(_ message: String) {
        FileHandle.standardError.write(Data("\(message)\n".utf8))
    }
}

extension ExitCode {
    /// `compare`: at least one result regressed.
    static let regression = ExitCode(1)
    /// `compare`: a report or a setting could not be used, or the reports cannot be compared.
    static let unusableInput = ExitCode(2)
    /// `ab`: HEAD's own run failed, so the change cannot be measured: a failure of the change, not a comparison
    /// that could not be made.
    static let headFailed = ExitCode(3)
}
