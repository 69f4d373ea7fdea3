import Foundation

/// The report as aligned text for a terminal.
public enum TerminalTable {
    public static func render(_ report: BenchmarkReport) -> String {
        var rows = [["layout", "strategy", "items", "operation", "median", "p90", "p99", "ns/elem", "B/elem", "allocs/op", "samples"]]
        for result in report.results {
            rows.append([
                result.layout.rawValue, result.label, result.items.formatted(), result.operation.rawValue,
                duration(result.medianNanoseconds), duration(result.p90Nanoseconds), duration(result.p99Nanoseconds),
                result.nanosecondsPerItem.map { decimal($0) } ?? "",
                result.bytesPerItem.map { decimal($0) } ?? "",
                result.allocationsPerOperation.map { decimal($0) } ?? "",
                "\(result.samples)",
            ])
        }
        var text = align(rows)
        let inexact = report.verifications.filter { !$0.isExact }
        text += "\nAnswers checked against brute force on \(report.settings.verifiedFrames) frames of each trace: "
        text += inexact.isEmpty ? "every strategy exact.\n" : "\n"
        for failure in inexact {
            let consequence = failure.strategy.isKnownInexact ? "timed as written, misses reported" : "not timed"
            text += "  \(failure.layout.rawValue) · \(failure.strategy.rawValue) at \(failure.items.formatted()) elements: "
            text += "\(failure.mismatchedFrames) frames differ, \(failure.missedElements) elements missed, \(failure.extraElements) extra (\(consequence))\n"
        }
        for skip in report.skipped ?? [] {
            text += "\n\(skip.description)"
        }
        if let budget = MarkdownReport.frameBudgetTable(report) {
            text += "\n\nShare of a 120 Hz frame (8.33 ms) taken by the median query:\n"
            text += align([budget.columns] + budget.rows)
        }
        if report.targets.isEmpty {
            // Said rather than left out, so a run without the judged strategy shows why it has no targets.
            text += "\n\(MarkdownReport.targetsSummary(report))\n"
        } else {
            text += "\nTargets (docs/DESIGN.md §7, judged on \(MarkdownReport.judgedStrategy(report).rawValue), ratios within this run):\n"
            text += align([["", "target", "layout", "items", "measured", "wanted"]] + report.targets.map { check in
                [check.passed ? "pass" : "MISS", check.name, check.layout.rawValue, check.items.formatted(), decimal(check.measured), "\(check.comparison.rawValue) \(decimal(check.target))"]
            })
        }
        return text
    }

    /// Nanoseconds in the unit that keeps three or four significant digits.
    public static func duration(_ nanoseconds: Double) -> String {
        let value = nanoseconds
        switch value {
        case ..<100: return String(format: "%.1f ns", value)
        case ..<1e3: return String(format: "%.0f ns", value)
        case ..<1e6: return String(format: "%.2f µs", value / 1e3)
        case ..<1e9: return String(format: "%.2f ms", value / 1e6)
        default: return String(format: "%.2f s", value / 1e9)
        }
    }

    public static func decimal(_ value: Double) -> String {
        switch Swift.abs(value) {
        case 0: "0"
        case ..<10: String(format: "%.2f", value)
        case ..<1_000: String(format: "%.1f", value)
        default: Int(value.rounded()).formatted()
        }
    }

    public static func align(_ rows: [[String]]) -> String {
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return column < 4 ? cell + padding : padding + cell
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }
}
