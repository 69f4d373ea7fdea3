import Foundation
import TesseraBenchKit

extension BenchmarkResult {
    /// The key by which results of `reports` are matched: with the shape when every report records shapes, and
    /// without it when one was written before shapes were (it ran one shape, which its workload line names).
    static func keys(matching reports: [BenchmarkReport]) -> (BenchmarkResult) -> Key {
        let shaped = reports.allSatisfy { report in
            report.results.contains { $0.itemsPerSection != nil } || report.settings.itemsPerSection != nil
        }
        return { result in
            var key = result.key
            if !shaped { key.layout.itemsPerSection = nil }
            return key
        }
    }
}

/// BASE against HEAD: for each result both reports have, the change of the median and whether the samples differ
/// significantly.
package struct ReportComparison: Sendable {
    /// Regression and improvement: beyond the threshold and significant; inconclusive: beyond it but not
    /// significant; unchanged: within it.

    package struct Match: Sendable, CustomStringConvertible {
        package var key: BenchmarkResult.Key
        package var baseMedian: Double
        package var headMedian: Double
        /// HEAD's median relative to BASE's, minus one: 0.1 is 10% slower.
        package var change: Double
        package var test: MannWhitneyU
        package var verdict: Verdict

        /// As `+12.3%`.
        package var formattedChange: String { String(format: "%+.1f%%", change * 100) }

        /// As `0.012`, `< 0.001`, or `no samples` when there was no test.
        package var formattedP: String {
            guard test.isTested else { return "no samples" }
            return test.p < 0.001 ? "< 0.001" : String(format: "%.3f", test.p)
        }

        /// As `flow · soa-binary-search · 1,000,000 · query: +12.3%, p < 0.001`.
        package var description: String {
            "\(key): \(formattedChange), p \(formattedP.hasPrefix("<") ? "" : "= ")\(formattedP)"
        }
    }

    /// The relative change beyond which a significant change counts: 0.05 is 5%.
    package var threshold: Double
    /// The significance level: a change counts when the U test's p-value is below it.
    package var alpha: Double
    /// Regressions first, then improvements, inconclusive and unchanged results, each in BASE's order.
    package var matches: [Match]
    package var onlyInBase: [BenchmarkResult]
    package var onlyInHead: [BenchmarkResult]
    /// Everything but the results in which the two reports differ: the work timed, then the other settings, then
    /// the machine and build.
    package var differences: [Difference]

    /// A key repeated within a report is matched in order of appearance.
    package init(base: BenchmarkReport, head: BenchmarkReport, threshold: Double = 0.05, alpha: Double = 0.05) {
        self.threshold = threshold
        self.alpha = alpha
        let key = BenchmarkResult.keys(matching: [base, head])
        var unmatchedHead = Dictionary(grouping: head.results.indices, by: { key(head.results[$0]) })
        var matched = Set<Int>()
        var matches: [Match] = []
        var onlyInBase: [BenchmarkResult] = []
        for old in base.results {
            guard let index = unmatchedHead[key(old)]?.first else {
                onlyInBase.append(old)
                continue
            }
            unmatchedHead[key(old)]?.removeFirst()
            matched.insert(index)
            let new = head.results[index]
            let change =
                new.medianNanoseconds == old.medianNanoseconds
                ? 0 : (new.medianNanoseconds - old.medianNanoseconds) / old.medianNanoseconds
            let test = MannWhitneyU(old.samplesNanoseconds, new.samplesNanoseconds)
            let verdict: Verdict =
                if Swift.abs(change) <= threshold { .unchanged } else if test.p >= alpha {
                    .inconclusive
                } else if change > 0 { .regression } else { .improvement }
            matches.append(
                Match(
                    key: key(old), baseMedian: old.medianNanoseconds, headMedian: new.medianNanoseconds, change: change,
                    test: test, verdict: verdict))
        }
        self.matches = matches.enumerated().sorted { ($0.element.verdict, $0.offset) < ($1.element.verdict, $1.offset) }
            .map(\.element)
        self.onlyInBase = onlyInBase
        onlyInHead = head.results.indices.filter { !matched.contains($0) }.map { head.results[$0] }
        differences = Self.differences(base, head)
    }

    package var regressions: [Match] { matches.filter { $0.verdict == .regression } }

    /// One way in which the two reports differ apart from their results, as `seed: 1 → 2`.
    package struct Difference: Hashable, Sendable, CustomStringConvertible {
        /// What differs, as `workload` or `CPU`.
        package var name: String
        package var base: String
        package var head: String
        /// Another workload, seed or viewport: the runs timed different work, so a change between them says nothing
        /// about the code. Other differences (the machine, the allocator, the compiler) can explain a change too, but
        /// the numbers still measure the same thing.
        package var timesDifferentWork: Bool

        package var description: String { "\(name): \(base) → \(head)" }
    }

    /// Whether the two reports timed different work, so their numbers cannot be compared at all.
    package var timesDifferentWork: Bool { differences.contains(where: \.timesDifferentWork) }

    /// Why this comparison cannot judge HEAD against BASE, or `nil` when it can: the reports have no result in
    /// common (nothing was compared, so "no regressions" would be empty), or they timed different work.
    package var unusableReason: String? {
        if matches.isEmpty {
            return
                "the reports have no result in common: BASE holds \(Self.contents(onlyInBase)); HEAD holds \(Self.contents(onlyInHead))"
        }
        let work = differences.filter(\.timesDifferentWork)
        guard work.isEmpty else {
            return
                "the reports timed different work, so their numbers cannot be compared: \(work.map(\.description).joined(separator: "; "))"
        }
        return nil
    }

    /// The settings first, then the machine and build. The work timed: the workload (its line names the layouts, the
    /// shapes, the sizing and the seed), the seed, the viewport and the trace replayed; what `compare` and every
    /// round of `ab` refuse. The strategies and item counts are left out: they show as results of one side only. So
    /// are the trace's frames, which follow from the workload, seed, viewport and the largest item count run.
    package static func differences(_ base: BenchmarkReport, _ head: BenchmarkReport) -> [Difference] {
        let (old, new) = (base.settings, head.settings)
        let (was, now) = (base.environment, head.environment)
        func quoted(_ text: String) -> String { "\"\(text)\"" }
        func viewport(_ settings: RunSettings) -> String {
            String(format: "%g×%g", settings.viewportWidth, settings.viewportHeight)
        }
        let all = [
            Difference(
                name: "workload", base: quoted(old.workload), head: quoted(new.workload), timesDifferentWork: true),
            Difference(name: "seed", base: "\(old.seed)", head: "\(new.seed)", timesDifferentWork: true),
            Difference(name: "viewport", base: viewport(old), head: viewport(new), timesDifferentWork: true),
            Difference(
                name: "trace", base: old.trace ?? "built-in", head: new.trace ?? "built-in", timesDifferentWork: true),
            Difference(
                name: "verified frames", base: "\(old.verifiedFrames)", head: "\(new.verifiedFrames)",
                timesDifferentWork: false),
            // Schema 2 may time a short operation in batches, a sample then being a batch's mean.
            Difference(
                name: "report schema", base: "\(base.schemaVersion)", head: "\(head.schemaVersion)",
                timesDifferentWork: false),
            Difference(name: "CPU", base: quoted(was.cpuModel), head: quoted(now.cpuModel), timesDifferentWork: false),
            Difference(name: "cores", base: "\(was.cores)", head: "\(now.cores)", timesDifferentWork: false),
            Difference(
                name: "allocator", base: quoted(was.allocator), head: quoted(now.allocator), timesDifferentWork: false),
            Difference(
                name: "Swift", base: quoted(was.swiftVersion), head: quoted(now.swiftVersion), timesDifferentWork: false
            ),
            Difference(
                name: "OS", base: quoted(was.operatingSystem), head: quoted(now.operatingSystem),
                timesDifferentWork: false),
            Difference(name: "host", base: quoted(was.host), head: quoted(now.host), timesDifferentWork: false),
        ]
        return all.filter { $0.base != $0.head }
    }

    /// What a report's results cover, as `8 results (flow; soa-binary-search, naive-dictionary; 1,000 elements)`.
    private static func contents(_ results: [BenchmarkResult]) -> String {
        guard !results.isEmpty else { return "no results" }
        func distinct(_ values: [String]) -> String {
            var seen = Set<String>()
            return values.filter { seen.insert($0).inserted }.joined(separator: ", ")
        }
        let layouts = distinct(results.map(\.shapedLayout.name))
        let strategies = distinct(results.map(\.label))
        let elements = distinct(results.map { $0.elements.formatted() })
        return
            "\(results.count == 1 ? "1 result" : "\(results.count) results") (\(layouts); \(strategies); \(elements) elements)"
    }
}

// MARK: - Rendering

extension ReportComparison {
    /// The warning to lead the output with when the reports differ in more than their results, or `nil`.
    package var warning: String? {
        guard !differences.isEmpty else { return nil }
        let listed = differences.map(\.description).joined(separator: "; ")
        return timesDifferentWork
            ? "the reports timed different work, so these numbers measure different things: \(listed)."
            : "the runs differ in set-up, which can explain a change by itself: \(listed)."
    }

    /// Counts by verdict, as `1 regression, 2 improvements, 9 unchanged, 1 only in HEAD (threshold 5%, alpha 0.05)`.
    package var summary: String {
        func count(_ number: Int, _ singular: String, _ plural: String) -> String? {
            number == 0 ? nil : "\(number) \(number == 1 ? singular : plural)"
        }
        let verdicts = Dictionary(grouping: matches, by: \.verdict).mapValues(\.count)
        let counts = [
            count(verdicts[.regression, default: 0], "regression", "regressions") ?? "no regressions",
            count(verdicts[.improvement, default: 0], "improvement", "improvements"),
            count(verdicts[.inconclusive, default: 0], "inconclusive", "inconclusive"),
            count(verdicts[.unchanged, default: 0], "unchanged", "unchanged"),
            count(onlyInBase.count, "only in BASE", "only in BASE"),
            count(onlyInHead.count, "only in HEAD", "only in HEAD"),
        ].compactMap { $0 }
        return counts.joined(separator: ", ") + String(format: " (threshold %g%%, alpha %g)", threshold * 100, alpha)
    }

    /// Aligned text for a terminal: the warning, if any, the summary, then the table.
    package func text() -> String {
        var text = warning.map { "Warning: \($0)\n" } ?? ""
        text += summary + "\n"
        let header = [
            "layout", "strategy", "elements", "operation", "BASE median", "HEAD median", "change", "p", "verdict",
        ]
        let rows = tableRows { $0.uppercased() }
        if rows.isEmpty { return text }
        return text + "\n" + TerminalTable.align([header] + rows)
    }

    /// GitHub-flavoured Markdown for a pull-request comment: the summary, the warning, if any, then the table,
    /// regressions first.
    package func markdown() -> String {
        var text = "**tessera-bench compare**: \(summary)\n"
        if let warning {
            text += "\n> **Warning**: \(warning)\n"
        }
        let rows = tableRows { "**\($0)**" }
        if rows.isEmpty { return text }
        text += "\n| layout | strategy | elements | operation | BASE median | HEAD median | change | p | verdict |\n"
        text += "|:--|:--|--:|:--|--:|--:|--:|--:|:--|\n"
        for row in rows { text += "| " + row.joined(separator: " | ") + " |\n" }
        return text
    }

    /// Matches in verdict order, then the results of one side only; `emphasize` marks the regressions' verdict.
    private func tableRows(emphasize: (String) -> String) -> [[String]] {
        func leading(_ key: BenchmarkResult.Key) -> [String] {
            [key.layout.name, key.label, key.elements.formatted(), key.operation.rawValue]
        }
        let matched = matches.map { match in
            leading(match.key) + [
                TerminalTable.duration(match.baseMedian), TerminalTable.duration(match.headMedian),
                match.formattedChange, match.formattedP,
                match.verdict == .regression ? emphasize(match.verdict.rawValue) : match.verdict.rawValue,
            ]
        }
        let baseOnly = onlyInBase.map {
            leading($0.key) + [TerminalTable.duration($0.medianNanoseconds), "—", "", "", "only in BASE"]
        }
        let headOnly = onlyInHead.map {
            leading($0.key) + ["—", TerminalTable.duration($0.medianNanoseconds), "", "", "only in HEAD"]
        }
        return matched + baseOnly + headOnly
    }
}
