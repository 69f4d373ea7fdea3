import Foundation

extension BenchmarkResult {
    /// What a result measured, by which results of two reports are matched.
    public struct Key: Hashable, Sendable, CustomStringConvertible {
        public var layout: LayoutID
        /// The strategy with its parameters and allocator, so side-by-side variants match their own kind.
        public var label: String
        public var items: Int
        public var operation: BenchmarkOperation

        public var description: String {
            "\(layout.rawValue) · \(label) · \(items.formatted()) · \(operation.rawValue)"
        }
    }

    public var key: Key { Key(layout: layout, label: label, items: items, operation: operation) }
}

/// BASE against HEAD: for each result both reports have, the change of the median and whether the samples differ
/// significantly.
public struct ReportComparison: Sendable {
    public enum Verdict: String, CaseIterable, Comparable, Sendable {
        /// Slower beyond the threshold, and significant.
        case regression
        /// Faster beyond the threshold, and significant.
        case improvement
        /// Beyond the threshold, but not significant: the noise could explain it.
        case inconclusive
        /// Within the threshold.
        case unchanged

        /// In the order tables list them.
        public static func < (lhs: Self, rhs: Self) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    public struct Match: Sendable, CustomStringConvertible {
        public var key: BenchmarkResult.Key
        public var baseMedian: UInt64
        public var headMedian: UInt64
        /// HEAD's median relative to BASE's, minus one: 0.1 is 10% slower.
        public var change: Double
        public var test: MannWhitneyU
        public var verdict: Verdict

        /// As `+12.3%`.
        public var formattedChange: String { String(format: "%+.1f%%", change * 100) }

        /// As `0.012`, `< 0.001`, or `no samples` when there was no test.
        public var formattedP: String {
            guard test.isTested else { return "no samples" }
            return test.p < 0.001 ? "< 0.001" : String(format: "%.3f", test.p)
        }

        /// As `flow · soa-binary-search · 1,000,000 · query: +12.3%, p < 0.001`.
        public var description: String {
            "\(key): \(formattedChange), p \(formattedP.hasPrefix("<") ? "" : "= ")\(formattedP)"
        }
    }

    /// The relative change beyond which a significant change counts: 0.05 is 5%.
    public var threshold: Double
    /// The significance level: a change counts when the U test's p-value is below it.
    public var alpha: Double
    /// Regressions first, then improvements, inconclusive and unchanged results, each in BASE's order.
    public var matches: [Match]
    public var onlyInBase: [BenchmarkResult]
    public var onlyInHead: [BenchmarkResult]
    /// The parts of the set-up in which the two runs differ, which can explain a change by themselves.
    public var environmentDifferences: [String]

    /// A key repeated within a report is matched in order of appearance.
    public init(base: BenchmarkReport, head: BenchmarkReport, threshold: Double = 0.05, alpha: Double = 0.05) {
        self.threshold = threshold
        self.alpha = alpha
        var unmatchedHead = Dictionary(grouping: head.results.indices, by: { head.results[$0].key })
        var matched = Set<Int>()
        var matches: [Match] = []
        var onlyInBase: [BenchmarkResult] = []
        for old in base.results {
            guard let index = unmatchedHead[old.key]?.first else {
                onlyInBase.append(old)
                continue
            }
            unmatchedHead[old.key]?.removeFirst()
            matched.insert(index)
            let new = head.results[index]
            let change = new.medianNanoseconds == old.medianNanoseconds
                ? 0 : (Double(new.medianNanoseconds) - Double(old.medianNanoseconds)) / Double(old.medianNanoseconds)
            let test = MannWhitneyU(old.samplesNanoseconds, new.samplesNanoseconds)
            let verdict: Verdict = if Swift.abs(change) <= threshold { .unchanged }
                else if test.p >= alpha { .inconclusive }
                else if change > 0 { .regression }
                else { .improvement }
            matches.append(Match(key: old.key, baseMedian: old.medianNanoseconds, headMedian: new.medianNanoseconds, change: change, test: test, verdict: verdict))
        }
        self.matches = matches.enumerated().sorted { ($0.element.verdict, $0.offset) < ($1.element.verdict, $1.offset) }.map(\.element)
        self.onlyInBase = onlyInBase
        onlyInHead = head.results.indices.filter { !matched.contains($0) }.map { head.results[$0] }
        environmentDifferences = Self.differences(base.environment, head.environment)
    }

    public var regressions: [Match] { matches.filter { $0.verdict == .regression } }

    private static func differences(_ base: RunEnvironment, _ head: RunEnvironment) -> [String] {
        let parts: [(String, String, String)] = [
            ("CPU", base.cpuModel, head.cpuModel), ("cores", "\(base.cores)", "\(head.cores)"),
            ("allocator", base.allocator, head.allocator), ("Swift", base.swiftVersion, head.swiftVersion),
        ]
        return parts.filter { $0.1 != $0.2 }.map { "\($0.0) \($0.1) → \($0.2)" }
    }
}

// MARK: - Rendering

extension ReportComparison {
    /// Counts by verdict, as `1 regression, 2 improvements, 9 unchanged, 1 only in HEAD (threshold 5%, alpha 0.05)`.
    public var summary: String {
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

    /// Aligned text for a terminal.
    public func text() -> String {
        var text = summary + "\n"
        if !environmentDifferences.isEmpty {
            text += "The runs differ in set-up: \(environmentDifferences.joined(separator: "; ")).\n"
        }
        let header = ["layout", "strategy", "items", "operation", "BASE median", "HEAD median", "change", "p", "verdict"]
        let rows = tableRows { $0.uppercased() }
        if rows.isEmpty { return text }
        return text + "\n" + TerminalTable.align([header] + rows)
    }

    /// GitHub-flavoured Markdown for a pull-request comment: the summary, then the table, regressions first.
    public func markdown() -> String {
        var text = "**tessera-bench compare**: \(summary)\n"
        if !environmentDifferences.isEmpty {
            text += "\n> The runs differ in set-up: \(environmentDifferences.joined(separator: "; ")).\n"
        }
        let rows = tableRows { "**\($0)**" }
        if rows.isEmpty { return text }
        text += "\n| layout | strategy | items | operation | BASE median | HEAD median | change | p | verdict |\n"
        text += "|:--|:--|--:|:--|--:|--:|--:|--:|:--|\n"
        for row in rows { text += "| " + row.joined(separator: " | ") + " |\n" }
        return text
    }

    /// Matches in verdict order, then the results of one side only; `emphasize` marks the regressions' verdict.
    private func tableRows(emphasize: (String) -> String) -> [[String]] {
        func leading(_ key: BenchmarkResult.Key) -> [String] {
            [key.layout.rawValue, key.label, key.items.formatted(), key.operation.rawValue]
        }
        let matched = matches.map { match in
            leading(match.key) + [
                TerminalTable.duration(match.baseMedian), TerminalTable.duration(match.headMedian),
                match.formattedChange, match.formattedP,
                match.verdict == .regression ? emphasize(match.verdict.rawValue) : match.verdict.rawValue,
            ]
        }
        let baseOnly = onlyInBase.map { leading($0.key) + [TerminalTable.duration($0.medianNanoseconds), "—", "", "", "only in BASE"] }
        let headOnly = onlyInHead.map { leading($0.key) + ["—", TerminalTable.duration($0.medianNanoseconds), "", "", "only in HEAD"] }
        return matched + baseOnly + headOnly
    }
}
