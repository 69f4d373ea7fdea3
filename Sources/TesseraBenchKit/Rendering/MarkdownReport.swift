import Foundation

/// The report as Markdown, for a pull request or a wiki page. Its facts and tables are plain text, which the HTML
/// report shows too, each renderer escaping them for its own format.
public enum MarkdownReport {
    public static func render(_ report: BenchmarkReport) -> String {
        var text = "# \(BenchmarkReport.toolName) report\n\nSchema version \(report.schemaVersion).\n"
        text += "\n## Environment\n\n" + list(environment(report))
        text += "\n## Settings\n\n" + list(settings(report))
        text += "\n## Results\n\n"
        let layouts = layouts(in: report)
        if layouts.isEmpty { text += "No results.\n" }
        for layout in layouts {
            text += "### \(escape(layout.rawValue))\n\n" + markdown(resultTable(report, layout: layout)) + "\n"
        }
        let verification = verification(report)
        text += "## Verification\n\n\(escape(verification.summary))\n"
        if !verification.failures.isEmpty { text += "\n" + verification.failures.map { "- \(escape($0))\n" }.joined() }
        if let skipped = report.skipped {
            text += "\n## Skipped\n\n" + skipped.map { "- \(escape($0.description))\n" }.joined()
        }
        if let budget = frameBudgetTable(report) {
            text += "\n## Frame budget\n\nThe share of a 120 Hz frame (8.33 ms) the median query takes.\n\n" + markdown(budget)
        }
        text += "\n## Targets\n\n\(escape(targetsSummary(report)))\n"
        if !report.targets.isEmpty { text += "\n" + markdown(targetTable(report)) }
        return text
    }

    /// Per layout and strategy, the median query's share of a frame at each item count, and the largest count
    /// under 1%; `nil` when the report has no queries.
    static func frameBudgetTable(_ report: BenchmarkReport) -> Table? {
        let lines = FrameBudget.summarize(report.results)
        guard !lines.isEmpty else { return nil }
        return Table(
            columns: ["layout", "strategy", "share of a frame, by elements", "largest under 1%"],
            rightAligned: [3],
            rows: lines.map { line in
                let shares = line.shares.map { String(format: "%.4f%% at %@", $0.share * 100, $0.items.formatted()) }
                return [line.layout.rawValue, line.strategy.rawValue, shares.joined(separator: ", "), line.largestNegligible.map { $0.formatted() } ?? "none"]
            }
        )
    }

    /// Rows of text under a header, numbers aligned right.
    struct Table {
        var columns: [String]
        var rightAligned: Set<Int>
        var rows: [[String]]
    }

    static func environment(_ report: BenchmarkReport) -> [(label: String, value: String)] {
        let environment = report.environment
        return [
            ("Host", environment.host), ("CPU", environment.cpuModel), ("Cores", "\(environment.cores)"),
            ("OS", environment.operatingSystem), ("Swift", environment.swiftVersion), ("Allocator", environment.allocator),
            ("Commit", environment.gitCommit ?? "unknown"), ("Date", environment.date),
        ]
    }

    static func settings(_ report: BenchmarkReport) -> [(label: String, value: String)] {
        let settings = report.settings
        return [
            ("Layouts", settings.layouts.map(\.rawValue).joined(separator: ", ")),
            ("Strategies", settings.strategies.map { $0.map(\.rawValue).joined(separator: ", ") } ?? "each layout's tutorial designs and the engine's"),
            // Semicolons, since the counts have commas of their own.
            ("Item counts", settings.itemCounts.map { $0.formatted() }.joined(separator: "; ")),
            ("Viewport", "\(settings.viewportWidth.formatted()) × \(settings.viewportHeight.formatted())"),
            ("Seed", "\(settings.seed)"), ("Workload", settings.workload),
            ("Trace frames", "\(settings.traceFrames)"), ("Verified frames", "\(settings.verifiedFrames)"),
        ]
    }

    /// The layouts with results, in the order the run measured them.
    static func layouts(in report: BenchmarkReport) -> [LayoutID] {
        var seen: Set<LayoutID> = []
        return report.results.map(\.layout).filter { seen.insert($0).inserted }
    }

    static func resultTable(_ report: BenchmarkReport, layout: LayoutID) -> Table {
        let optional = { (value: Double?) in value.map { TerminalTable.decimal($0) } ?? "" }
        return Table(
            columns: ["strategy", "elements", "operation", "median", "p90", "p99", "ns/element", "bytes/element", "allocations/op", "missed elements"],
            rightAligned: [1, 3, 4, 5, 6, 7, 8, 9],
            rows: report.results.filter { $0.layout == layout }.map { result in
                [
                    result.label, result.items.formatted(), result.operation.rawValue,
                    TerminalTable.duration(result.medianNanoseconds), TerminalTable.duration(result.p90Nanoseconds),
                    TerminalTable.duration(result.p99Nanoseconds), optional(result.nanosecondsPerItem),
                    optional(result.bytesPerItem), optional(result.allocationsPerOperation),
                    result.missedElements.map { $0.formatted() } ?? "",
                ]
            }
        )
    }

    /// A sentence on how the answers compared with brute force, and a line for each strategy that was not exact.
    static func verification(_ report: BenchmarkReport) -> (summary: String, failures: [String]) {
        guard !report.verifications.isEmpty else { return ("No answers were checked against brute force.", []) }
        let failures = report.verifications.filter { !$0.isExact }.map { failure in
            let consequence = failure.strategy.isKnownInexact ? "timed as written, misses reported" : "not timed"
            return "\(failure.layout.rawValue) · \(failure.strategy.rawValue) at \(failure.items.formatted()) elements: "
                + "\(failure.mismatchedFrames) of \(failure.framesChecked) frames differ, \(failure.missedElements) elements missed, "
                + "\(failure.extraElements) extra (\(consequence))."
        }
        let checked = "Answers checked against brute force on \(report.settings.verifiedFrames) frames of each trace:"
        return failures.isEmpty
            ? ("\(checked) every strategy exact.", [])
            : ("\(checked) \(failures.count) of \(report.verifications.count) not exact:", failures)
    }

    static func targetsSummary(_ report: BenchmarkReport) -> String {
        let judged = "judged on \(judgedStrategy(report).rawValue)"
        guard !report.targets.isEmpty else { return "No target of docs/DESIGN.md §7 applies to these results (\(judged))." }
        let missed = report.targets.filter { !$0.passed }.count
        return "docs/DESIGN.md §7, \(judged), as ratios within this run: \(report.targets.count - missed) passed, \(missed) missed."
    }

    /// The strategy the report's targets judge.
    static func judgedStrategy(_ report: BenchmarkReport) -> StrategyID {
        report.settings.targetStrategy ?? TargetCheck.defaultStrategy
    }

    static func targetTable(_ report: BenchmarkReport) -> Table {
        Table(
            columns: ["result", "target", "layout", "elements", "measured", "wanted"],
            rightAligned: [3, 4, 5],
            rows: report.targets.map { check in
                [
                    check.passed ? "pass" : "MISS", check.name, check.layout.rawValue, check.items.formatted(),
                    TerminalTable.decimal(check.measured), "\(check.comparison.rawValue) \(TerminalTable.decimal(check.target))",
                ]
            }
        )
    }

    static func list(_ facts: [(label: String, value: String)]) -> String {
        facts.map { "- **\($0.label):** \(escape($0.value))\n" }.joined()
    }

    static func markdown(_ table: Table) -> String {
        func row(_ cells: [String]) -> String { "| " + cells.map(escape).joined(separator: " | ") + " |\n" }
        let rule = "|" + table.columns.indices.map { table.rightAligned.contains($0) ? " --: |" : " --- |" }.joined() + "\n"
        return row(table.columns) + rule + table.rows.map(row).joined()
    }

    /// Backslash-escapes the characters that Markdown would read as formatting, table cells or HTML, and puts
    /// line breaks, which would end a list item or a table row, as spaces.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "\\", "`", "*", "_", "[", "]", "<", ">", "|", "#": escaped += "\\\(character)"
            case _ where character.isNewline: escaped += " "
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
