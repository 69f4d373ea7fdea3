import Foundation
import TesseraBenchKit

/// BASE against HEAD from randomized interleaved rounds: what `tessera-bench ab` decides and reports.
///
/// Each round ran one fresh process of each build over the same matrix, so each round gives one HEAD/BASE ratio of
/// medians per result, and the rounds, not the samples within a process, are the independent samples: most of the
/// noise on a shared machine lies between processes (another program, frequency, cache and page placement), where
/// samples from one process cannot see it. The decision uses a confidence interval for the median ratio
/// (`MedianInterval`): a regression is an interval wholly above 1 + threshold, an improvement one wholly below
/// 1 − threshold, unchanged one wholly within, and anything else inconclusive.
package struct ABComparison: Codable, Sendable {
    /// Version 2: a row's element count is `elements` (version 1 called it `items`).
    package static let currentSchemaVersion = 2
    package static let toolName = "tessera-bench ab"

    /// One result both builds measured in every round.
    package struct Row: Codable, Hashable, Sendable {
        package var layout: LayoutID
        /// The shape measured (`BenchmarkResult.itemsPerSection`).
        package var itemsPerSection: Int?
        /// The strategy as reports label it, with its parameters and allocator when not the standard ones.
        package var strategy: String
        package var elements: Int
        package var operation: BenchmarkOperation
        /// The median over the rounds of each build's median, in nanoseconds.
        package var baseMedianNanoseconds: Double
        package var headMedianNanoseconds: Double
        /// HEAD's median over BASE's, one a round, in round order.
        package var ratios: [Double]
        /// The confidence interval of the median ratio; absent with too few rounds for the confidence.
        package var interval: MedianInterval?
        package var verdict: Verdict
        /// Whether a regression of this result fails `ab` (its operation is in the gate); `nil` in comparisons
        /// written before gates, where every result was gated.
        package var gated: Bool?
        /// The smallest change of the median ratio the interval can tell from the threshold, as a fraction: the
        /// threshold plus the interval's half-width. A change this large would put the interval wholly past 1 ±
        /// threshold; a smaller one could stay inconclusive.
        package var detectableChange: Double?
        /// The second set of rounds that confirmed, or did not, a regression; `nil` for any other verdict.
        package var confirmation: Confirmation?

        /// Whether the result fails `ab`: gated, a regression, and confirmed by a second set of rounds when one was
        /// run.
        package var fails: Bool { gated != false && verdict == .regression && confirmation?.confirmed != false }

        /// As `flow · soa-binary-search · 100,200 · query`.
        package var name: String {
            "\(shapedLayout.name) · \(strategy) · \(elements.formatted()) · \(operation.rawValue)"
        }

        package var shapedLayout: ShapedLayout { ShapedLayout(layout, itemsPerSection: itemsPerSection) }

        /// The verdict as the table shows it: a regression that does not fail says why.
        package var verdictLabel: String {
            guard verdict == .regression else { return verdict.rawValue }
            if gated == false { return "regression (not gated)" }
            if confirmation?.confirmed == false { return "regression (not confirmed)" }
            return verdict.rawValue
        }

        /// As `1.102 [1.071, 1.134]`, or `1.102 (too few rounds)`.
        package var formattedRatio: String {
            let ratio = interval?.median ?? ratios.sorted()[ratios.count / 2]
            guard let interval else { return String(format: "%.3f (too few rounds)", ratio) }
            return String(format: "%.3f [%.3f, %.3f]", ratio, interval.lower, interval.upper)
        }
    }

    /// The rounds run after a regression was flagged, on their own: a regression fails `ab` only when these show
    /// HEAD slower too (their interval, at the comparison's confidence, wholly above 1), so one burst of
    /// interference in the first set cannot fail it alone.
    package struct Confirmation: Codable, Hashable, Sendable {
        /// HEAD's median over BASE's, one a round, in round order.
        package var ratios: [Double]
        package var interval: MedianInterval?
        package var confirmed: Bool

        package init(ratios: [Double], confidence: Double) {
            self.ratios = ratios
            interval = MedianInterval(ratios, confidence: confidence)
            confirmed = interval.map { $0.lower > 1 } ?? false
        }
    }

    /// Which build ran first in a round.
    package enum Side: String, Codable, Sendable {
        case base = "BASE"
        case head = "HEAD"
    }

    /// A report made here is of the current schema and by this tool; a report read keeps what its file says.
    package var schemaVersion = Self.currentSchemaVersion
    package var tool = Self.toolName
    /// The two binaries, as given.
    package var base: String
    package var head: String
    /// The change of the median ratio, as a fraction (0.05 is 5%), beyond which a change counts.
    package var threshold: Double
    /// The confidence of each interval asked for.
    package var confidence: Double
    /// The `tessera-bench run` options both builds were given, and those BASE did not know and ran without.
    package var runArguments: [String]
    package var droppedForBase: [String]
    /// Per round, the order the two builds ran in.
    package var orders: [[Side]]
    /// Where the rounds ran: HEAD's first report's environment.
    package var environment: RunEnvironment?
    /// The operations whose regressions fail `ab`; `nil` when every one does.
    package var gate: [BenchmarkOperation]?
    /// The looks of `--until-decided` and their intervals' ranks; `nil` for a fixed number of rounds.
    package var design: SequentialDesign?
    /// Regressions first, then improvements, inconclusive and unchanged, each in HEAD's order.
    package var rows: [Row]
    /// Results measured by one build only, named as rows are.
    package var onlyInBase: [String]
    package var onlyInHead: [String]
    /// The results of the gate's operations that BASE measured in every round and HEAD did not, named as rows
    /// are: what the gate was to judge and HEAD no longer measures (`headBrokeTheGate`). `nil` in comparisons
    /// written before it was kept.
    package var gatedOnlyInBase: [String]?
    /// HEAD's checks against brute force that found a strategy of those results inexact, as
    /// `Verification.mismatchLine`: a run times no query or update of a strategy whose answers differ, which is
    /// why HEAD lacks them.
    package var inexactInHead: [String]?

    package var rounds: Int { orders.count }
    /// The results that fail `ab`: gated regressions, confirmed when a second set of rounds was run.
    package var regressions: [Row] { rows.filter(\.fails) }

    /// Matches each round's two reports by layout, strategy, item count and operation; a result counts when both
    /// builds measured it in every round (a key repeated within a report counts once, at its first appearance).
    ///
    /// - Parameters:
    ///   - gate: the operations whose regressions fail `ab`; `nil` for all.
    ///   - design: the sequential design whose look this is; its rank for this many rounds bounds the intervals,
    ///     instead of `confidence` for a fixed number of rounds.
    package init(
        rounds: [(base: BenchmarkReport, head: BenchmarkReport)], orders: [[Side]], base: String, head: String,
        runArguments: [String], droppedForBase: [String], threshold: Double = 0.03, confidence: Double = 0.95,
        gate: Set<BenchmarkOperation>? = nil, design: SequentialDesign? = nil
    ) {
        self.base = base
        self.head = head
        self.threshold = threshold
        self.confidence = confidence
        self.runArguments = runArguments
        self.droppedForBase = droppedForBase
        self.orders = orders
        self.gate = gate.map { gate in BenchmarkOperation.allCases.filter(gate.contains) }
        self.design = design
        environment = rounds.first?.head.environment

        let key = BenchmarkResult.keys(matching: rounds.flatMap { [$0.base, $0.head] })
        func medians(_ report: BenchmarkReport) -> [BenchmarkResult.Key: Double] {
            report.results.reduce(into: [:]) { medians, result in
                if medians[key(result)] == nil { medians[key(result)] = result.medianNanoseconds }
            }
        }
        let baseRounds = rounds.map { medians($0.base) }
        let headRounds = rounds.map { medians($0.head) }
        let headOrder: [BenchmarkResult.Key] =
            rounds.first.map { round in
                var seen = Set<BenchmarkResult.Key>()
                return round.head.results.map(key).filter { seen.insert($0).inserted }
            } ?? []
        func inEvery(_ rounds: [[BenchmarkResult.Key: Double]]) -> Set<BenchmarkResult.Key> {
            guard let first = rounds.first else { return [] }
            return Set(first.keys.filter { key in rounds.allSatisfy { $0[key] != nil } })
        }
        let inEveryBase = inEvery(baseRounds)
        let inEveryHead = inEvery(headRounds)

        var rows: [Row] = []
        for key in headOrder where inEveryBase.contains(key) && inEveryHead.contains(key) {
            let baseMedians = baseRounds.map { $0[key]! }
            let headMedians = headRounds.map { $0[key]! }
            // A median of 0 (a report rounding a tiny time down) has no ratio; it counts as the clock's grid.
            let ratios = zip(headMedians, baseMedians).map { Swift.max($0, 1e-3) / Swift.max($1, 1e-3) }
            let interval =
                if let design {
                    design.rank(afterRounds: ratios.count).flatMap { MedianInterval(ratios, rank: $0) }
                } else {
                    MedianInterval(ratios, confidence: confidence)
                }
            rows.append(
                Row(
                    layout: key.layout.layout, itemsPerSection: key.layout.itemsPerSection, strategy: key.label,
                    elements: key.elements, operation: key.operation,
                    baseMedianNanoseconds: MedianInterval.median(of: baseMedians),
                    headMedianNanoseconds: MedianInterval.median(of: headMedians),
                    ratios: ratios, interval: interval, verdict: Verdict(interval, threshold: threshold),
                    gated: gate.map { $0.contains(key.operation) } ?? true,
                    detectableChange: interval.map { threshold + ($0.upper - $0.lower) / 2 }
                ))
        }
        self.rows = rows.enumerated().sorted { ($0.element.verdict, $0.offset) < ($1.element.verdict, $1.offset) }.map(
            \.element)
        onlyInBase = inEveryBase.subtracting(inEveryHead).map(\.description).sorted()
        onlyInHead = inEveryHead.subtracting(inEveryBase).map(\.description).sorted()
        let missing = inEveryBase.subtracting(inEveryHead).filter { gate?.contains($0.operation) ?? true }
        gatedOnlyInBase = missing.map(\.description).sorted()
        var inexact: [String] = []
        for check in rounds.flatMap(\.head.verifications) where !check.isExact && missing.contains(where: check.covers)
        {
            if !inexact.contains(check.mismatchLine) { inexact.append(check.mismatchLine) }
        }
        inexactInHead = inexact
    }

    /// Why the comparison can neither pass nor fail a change, or `nil` when it judged something: no result measured
    /// by both builds in every round, or none of the gate's operations among those (`--gate update-batch` on a run
    /// of naive strategies), named with what was measured.
    package var unjudged: String? {
        guard !rows.isEmpty else {
            return "no result was measured by both builds in every round: nothing was compared"
        }
        guard !rows.contains(where: { $0.gated != false }) else { return nil }
        let gated = (gate ?? BenchmarkOperation.allCases).map(\.rawValue).joined(separator: ", ")
        let measured = BenchmarkOperation.allCases.filter { operation in rows.contains { $0.operation == operation } }
        return "the gate (\(gated)) judged nothing: no result of its operations was measured by both builds, which "
            + "measured \(measured.map(\.rawValue).joined(separator: ", ")); gate an operation the run measures"
    }

    /// Why HEAD, though its runs succeeded, broke the benchmark, or `nil`: it did not measure gated results BASE
    /// measured (its run dropped them, or a strategy's answers turned inexact and its run timed no query of it), so
    /// the gate could not judge them, named with HEAD's inexact checks when there are some.
    package var headBrokeTheGate: String? {
        BrokenGate.description(
            gatedOnlyInBase ?? [], measured: ("measure", "measured in every round"), inexact: inexactInHead,
            runs: "times")
    }

    /// Whether every gated result is decided against the threshold: a regression (its interval wholly above
    /// 1 + threshold) or cleared (wholly at or below it). `--until-decided` stops then, or at the first regression,
    /// which a second set of rounds confirms.
    package var gateIsDecided: Bool {
        let gated = rows.filter { $0.gated != false }
        return gated.contains { $0.verdict == .regression }
            || gated.allSatisfy { row in
                row.interval.map { $0.lower > 1 + threshold || $0.upper <= 1 + threshold } ?? false
            }
    }

    /// Judges each gated regression again on `later` rounds alone, run after it was flagged: it stays failing only
    /// if those rounds' interval (at the comparison's confidence) lies wholly above 1.
    package mutating func confirm(with later: [(base: BenchmarkReport, head: BenchmarkReport)]) {
        let key = BenchmarkResult.keys(matching: later.flatMap { [$0.base, $0.head] })
        func medians(_ report: BenchmarkReport) -> [String: Double] {
            report.results.reduce(into: [:]) { medians, result in
                let name = key(result).description
                if medians[name] == nil { medians[name] = result.medianNanoseconds }
            }
        }
        let pairs = later.map { (medians($0.base), medians($0.head)) }
        for index in rows.indices where rows[index].gated != false && rows[index].verdict == .regression {
            let name = rows[index].name
            let ratios = pairs.compactMap { base, head in
                base[name].flatMap { base in head[name].map { Swift.max($0, 1e-3) / Swift.max(base, 1e-3) } }
            }
            rows[index].confirmation = Confirmation(ratios: ratios, confidence: confidence)
        }
    }

    package func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }
}

// MARK: - Rendering

extension ABComparison {
    /// As `1 regression, 7 unchanged (10 rounds; threshold 5%, 95% intervals of the median HEAD/BASE ratio)`.
    package var summary: String {
        let verdicts = Dictionary(grouping: rows, by: \.verdict).mapValues(\.count)
        var counts = Verdict.allCases.compactMap { verdict -> String? in
            let count = verdicts[verdict, default: 0]
            guard count > 0 else { return nil }
            let word =
                count == 1 || verdict == .inconclusive || verdict == .unchanged
                ? verdict.rawValue : verdict.rawValue + "s"
            return "\(count) \(word)"
        }
        if verdicts[.regression, default: 0] == 0 { counts.insert("no regressions", at: 0) }
        if !onlyInBase.isEmpty { counts.append("\(onlyInBase.count) only in BASE") }
        if !onlyInHead.isEmpty { counts.append("\(onlyInHead.count) only in HEAD") }
        let passing = rows.filter { $0.verdict == .regression && !$0.fails }.count
        if passing > 0 { counts.append("\(passing) of the regressions not gated or not confirmed") }
        return counts.joined(separator: ", ")
            + String(
                format: " (%d rounds; threshold %g%%, %g%% intervals of the median HEAD/BASE ratio)", rounds,
                threshold * 100, confidence * 100)
    }

    /// What the rounds could have seen, as `could detect a change of ±4.1% in every gated result (±3.2% in half of
    /// them)`; `nil` without an interval.
    package var detectability: String? {
        let changes = rows.filter { $0.gated != false }.compactMap(\.detectableChange).sorted()
        guard let widest = changes.last else { return nil }
        return String(
            format: "could detect a change of ±%.1f%% in every gated result (±%.1f%% in half of them)", widest * 100,
            changes[(changes.count - 1) / 2] * 100)
    }

    /// How the rounds were run: until decided, and whether a regression was confirmed.
    private var procedure: String? {
        var parts: [String] = []
        if let design {
            parts.append(
                "Until decided: looked after \(design.looks.filter { $0 <= rounds }.map(String.init).joined(separator: ", ")) "
                    + "of at most \(design.budget) rounds (O'Brien–Fleming-type spending, so the looks together keep "
                    + String(format: "%g%% confidence).", design.confidence * 100))
        }
        let confirmed = rows.compactMap(\.confirmation)
        if let first = confirmed.first {
            parts.append(
                "\(first.ratios.count) rounds more confirmed \(confirmed.filter(\.confirmed).count) of "
                    + "\(confirmed.count) regression\(confirmed.count == 1 ? "" : "s") (HEAD slower in those rounds alone)."
            )
        }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    /// Notes a reader needs: options BASE ran without, and results the two builds do not share.
    private var notes: [String] {
        var notes: [String] = []
        if !droppedForBase.isEmpty {
            notes.append("BASE does not know \(droppedForBase.joined(separator: " ")) and ran without.")
        }
        if let headBrokeTheGate { notes.append(headBrokeTheGate + ".") }
        if let unjudged { notes.append(unjudged.prefix(1).uppercased() + unjudged.dropFirst() + ".") }
        if let detectability { notes.append("The rounds \(detectability).") }
        if let procedure { notes.append(procedure) }
        return notes
    }

    /// Aligned text for a terminal.
    package func text() -> String {
        let text = summary + "\n" + notes.map { $0 + "\n" }.joined()
        let header = [
            "layout", "strategy", "elements", "operation", "BASE median", "HEAD median", "HEAD/BASE [interval]",
            "verdict",
        ]
        let rows = tableRows { $0.uppercased() }
        guard !rows.isEmpty else { return text }
        return text + "\n" + TerminalTable.align([header] + rows)
    }

    /// GitHub-flavoured Markdown for a pull request: the summary, then the table, regressions first.
    package func markdown() -> String {
        var text = "**tessera-bench ab**: \(summary)\n" + notes.map { "\n> \($0)\n" }.joined()
        let rows = tableRows { "**\($0)**" }
        guard !rows.isEmpty else { return text }
        text +=
            "\n| layout | strategy | elements | operation | BASE median | HEAD median | HEAD/BASE [interval] | verdict |\n"
        text += "|:--|:--|--:|:--|--:|--:|--:|:--|\n"
        for row in rows { text += "| " + row.joined(separator: " | ") + " |\n" }
        return text
    }

    private func tableRows(emphasize: (String) -> String) -> [[String]] {
        let matched = rows.map { row in
            [
                row.shapedLayout.name, row.strategy, row.elements.formatted(), row.operation.rawValue,
                TerminalTable.duration(row.baseMedianNanoseconds), TerminalTable.duration(row.headMedianNanoseconds),
                row.formattedRatio, row.fails ? emphasize(row.verdict.rawValue) : row.verdictLabel,
            ]
        }
        func oneSided(_ name: String, _ side: String) -> [String] {
            let parts = name.components(separatedBy: " · ")
            return parts.count == 4
                ? parts + ["", "", "", "only in \(side)"] : [name, "", "", "", "", "", "", "only in \(side)"]
        }
        return matched + onlyInBase.map { oneSided($0, "BASE") } + onlyInHead.map { oneSided($0, "HEAD") }
    }
}

extension Verdict {
    /// `ab`'s verdict on a result from the interval of its rounds' median ratio; inconclusive without one (too few
    /// rounds).
    init(_ interval: MedianInterval?, threshold: Double) {
        guard let interval else {
            self = .inconclusive
            return
        }
        self =
            if interval.lower > 1 + threshold { .regression } else if interval.upper < 1 - threshold {
                .improvement
            } else if interval.lower >= 1 - threshold, interval.upper <= 1 + threshold { .unchanged } else {
                .inconclusive
            }
    }
}
