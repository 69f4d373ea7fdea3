import Foundation
import TesseraBenchKit

/// A counted run's results (`run --measure instructions`) as aligned text for a terminal: each operation's counts
/// per operation, and how many times the naive dictionary's estimated cycles each strategy's are.
package enum CountedTable {
    package static func render(_ report: BenchmarkReport) -> String {
        guard let table = ReportDocument.counted(report) else { return "" }
        return TerminalTable.align(table) + "\n" + ReportDocument.countedCaption + "\n" + checks(report)
    }

    /// What the run's checks against brute force found, as the timed tables say it: a strategy whose answers
    /// differ is named, with whether its counts are shown (the tutorials' designs as written) or not counted.
    static func checks(_ report: BenchmarkReport) -> String {
        let checks = report.verifications
        guard !checks.isEmpty else { return "" }
        let inexact = checks.filter { !$0.isExact }
        return "Answers checked against brute force: \(checks.count - inexact.count) of \(checks.count) checks exact.\n"
            + inexact.map { check in
                "  differs: \(check.mismatchLine)"
                    + (check.strategy.isKnownInexact
                        ? " (the tutorial's design as written; counted)\n" : " (not counted)\n")
            }.joined()
    }
}
