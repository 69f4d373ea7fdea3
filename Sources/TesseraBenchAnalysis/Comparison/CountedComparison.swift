import Foundation
import TesseraBenchKit

/// Two builds compared on counts (`ab --measure instructions`, or `compare` of two counted reports): every
/// result's HEAD/BASE ratios of estimated cycles and instructions judged against the threshold (`verdict`).
///
/// A count has no noise to average away, so one run of each build decides: what `ab`'s second run is for is to
/// show that the counts repeat. Where two runs of one build differ (a fresh allocation's address sets its simulated
/// cache misses; the allocator's state follows what the process did before), the result's margin widens by that
/// difference, so a count that moves by itself cannot fail a change.
package struct CountedComparison: Codable, Sendable {
    package enum Verdict: String, Codable, Sendable {
        case regression, improvement, unchanged
    }

    package struct Row: Codable, Sendable {
        package var layout: LayoutID
        /// The shape measured (`BenchmarkResult.itemsPerSection`).
        package var itemsPerSection: Int?
        /// The strategy as reports label it, with its parameters when not the standard ones.
        package var strategy: String
        package var elements: Int
        package var operation: BenchmarkOperation
        /// Whether a regression of it fails.
        package var gated: Bool
        /// BASE's and HEAD's first counts.
        package var base: CountedCost
        package var head: CountedCost
        /// HEAD's estimated cycles over BASE's.
        package var ratio: Double
        /// HEAD's instructions over BASE's.
        package var instructionRatio: Double
        /// The largest relative difference of estimated cycles or instructions between two runs of one build; 0
        /// when each build ran once.
        package var spread: Double
        package var verdict: Verdict

        package var key: BenchmarkResult.Key {
            BenchmarkResult.Key(
                layout: ShapedLayout(layout, itemsPerSection: itemsPerSection), label: strategy, elements: elements,
                operation: operation)
        }

        /// As `flow · soa-binary-search · 10,000 · query`.
        package var name: String { key.description }
    }

    package static let toolName = "tessera-bench ab --measure instructions"
    /// Version 2 names each row's result by its parts, and holds HEAD's environment and the run's options.
    package static let currentSchemaVersion = 2

    /// What wrote the file: no reader of runs or timed comparisons takes it for one of theirs.
    package var tool = Self.toolName
    package var schemaVersion = Self.currentSchemaVersion
    /// The change, as a fraction, beyond which a ratio counts (with each row's spread added).
    package var threshold: Double
    /// How many times each build was counted.
    package var runs: Int
    /// The `tessera-bench run` options both builds were given.
    package var runArguments: [String]
    /// Where HEAD was counted: its first report's environment.
    package var environment: RunEnvironment?
    package var rows: [Row]
    /// Gated results BASE counted in every run and HEAD did not: the change broke the benchmark.
    package var gatedOnlyInBase: [String]
    /// Results counted in every run of one build only, named as rows are; `nil` in comparisons written before
    /// they were kept.
    package var onlyInBase: [String]?
    package var onlyInHead: [String]?
    /// HEAD's checks against brute force that found a strategy of `gatedOnlyInBase` inexact, as
    /// `Verification.mismatchLine`: a run counts no query or update of a strategy whose answers differ.
    package var inexactInHead: [String]?
    /// How many results agreed to the instruction, and in every measure, between the runs of each build.
    package var sameInstructions: Int
    package var sameEverywhere: Int

    /// - Parameters:
    ///   - base: BASE's counted reports, one a run; `head`: HEAD's. Each holds at least one.
    ///   - runArguments: the options both builds' runs were given.
    ///   - gate: the operations whose regressions fail.
    package init(
        base: [BenchmarkReport], head: [BenchmarkReport], runArguments: [String], threshold: Double,
        gate: Set<BenchmarkOperation>
    ) {
        precondition(!base.isEmpty && !head.isEmpty, "each build is counted at least once")
        func counts(_ report: BenchmarkReport) -> [BenchmarkResult.Key: CountedCost] {
            Dictionary((report.counted ?? []).map { ($0.key, $0.cost) }) { first, _ in first }
        }
        let (baseCounts, headCounts) = (base.map(counts), head.map(counts))
        self.threshold = threshold
        runs = min(base.count, head.count)
        self.runArguments = runArguments
        environment = head[0].environment
        var rows: [Row] = []
        var missing: [String] = []
        var sameInstructions = 0
        var sameEverywhere = 0
        for result in base[0].counted ?? [] {
            let key = result.key
            let baseRuns = baseCounts.compactMap { $0[key] }
            guard baseRuns.count == base.count else { continue }
            let headRuns = headCounts.compactMap { $0[key] }
            guard headRuns.count == head.count else {
                if gate.contains(key.operation) { missing.append(key.description) }
                continue
            }
            let (baseCost, headCost) = (baseRuns[0], headRuns[0])
            let repeats = [baseRuns, headRuns].flatMap { runs in runs.dropFirst().map { (runs[0], $0) } }
            if repeats.allSatisfy({ $0.instructions == $1.instructions }) { sameInstructions += 1 }
            if repeats.allSatisfy({ $0 == $1 }) { sameEverywhere += 1 }
            let spread =
                repeats.map { first, again in
                    Swift.max(
                        Self.difference(first.estimatedCycles, again.estimatedCycles),
                        Self.difference(first.instructions, again.instructions))
                }.max() ?? 0
            let ratio = headCost.estimatedCycles / Swift.max(baseCost.estimatedCycles, 1)
            let instructionRatio = headCost.instructions / Swift.max(baseCost.instructions, 1)
            rows.append(
                Row(
                    layout: key.layout.layout, itemsPerSection: key.layout.itemsPerSection, strategy: key.label,
                    elements: key.elements, operation: key.operation, gated: gate.contains(key.operation),
                    base: baseCost, head: headCost, ratio: ratio, instructionRatio: instructionRatio, spread: spread,
                    verdict: Self.verdict(cycles: ratio, instructions: instructionRatio, margin: threshold + spread)))
        }
        self.rows = rows
        gatedOnlyInBase = missing
        func inEvery(_ counts: [[BenchmarkResult.Key: CountedCost]]) -> Set<BenchmarkResult.Key> {
            counts.dropFirst().reduce(Set(counts[0].keys)) { $0.intersection($1.keys) }
        }
        let (inEveryBase, inEveryHead) = (inEvery(baseCounts), inEvery(headCounts))
        onlyInBase = inEveryBase.subtracting(inEveryHead).map(\.description).sorted()
        onlyInHead = inEveryHead.subtracting(inEveryBase).map(\.description).sorted()
        var inexact: [String] = []
        for check in head.flatMap(\.verifications) where !check.isExact {
            let covered = inEveryBase.subtracting(inEveryHead).contains {
                gate.contains($0.operation) && check.covers($0)
            }
            if covered, !inexact.contains(check.mismatchLine) { inexact.append(check.mismatchLine) }
        }
        inexactInHead = inexact
        self.sameInstructions = sameInstructions
        self.sameEverywhere = sameEverywhere
    }

    /// A regression: estimated cycles up by more than `margin`, or instructions up by more than it with no fewer
    /// cycles. Instructions count as well, because work added in registers (no memory access) raises the cycle
    /// estimate by less than it raises the instructions: 1.1% more instructions of flow's query is 0.87% more
    /// cycles. An improvement is the same downwards.
    static func verdict(cycles: Double, instructions: Double, margin: Double) -> Verdict {
        if cycles > 1 + margin || (instructions > 1 + margin && cycles > 1) { return .regression }
        if cycles < 1 - margin || (instructions < 1 - margin && cycles < 1) { return .improvement }
        return .unchanged
    }

    /// `|a − b|` over the larger of the two.
    static func difference(_ a: Double, _ b: Double) -> Double {
        let larger = Swift.max(abs(a), abs(b))
        return larger == 0 ? 0 : abs(a - b) / larger
    }

    /// The gated results that regressed.
    package var regressions: [Row] { rows.filter { $0.gated && $0.verdict == .regression } }

    /// Why the comparison judged nothing, or `nil`.
    package var unjudged: String? {
        guard !rows.isEmpty else { return "no result was counted by both builds in every run: nothing was compared" }
        guard rows.contains(where: \.gated) else {
            return "the gate judged nothing: no result of its operations was counted by both builds"
        }
        return nil
    }

    /// Why HEAD broke the benchmark, or `nil`: named with HEAD's inexact checks when there are some, as `ab`'s
    /// timed comparison names them.
    package var headBrokeTheGate: String? {
        BrokenGate.description(gatedOnlyInBase, measured: ("count", "counted"), inexact: inexactInHead, runs: "counts")
    }

    /// The verdict, in one sentence: what broke or was not judged before any "no regression", which a
    /// comparison that judged nothing cannot claim.
    package var verdictLine: String {
        func sentence(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() + "." }
        let failures = [headBrokeTheGate, unjudged].compactMap { $0 }
        if !failures.isEmpty { return failures.map(sentence).joined(separator: " ") }
        let regressed = regressions.count
        return regressed == 0
            ? "No gated result regressed by more than \(Self.percent(threshold)) of estimated cycles or instructions."
            : "\(regressed) gated result\(regressed == 1 ? "" : "s") regressed by more than "
                + "\(Self.percent(threshold)) of estimated cycles or instructions."
    }

    /// Results counted by one build only, as a sentence; `nil` when both counted the same.
    package var oneSided: String? {
        let sides = [("BASE", onlyInBase ?? []), ("HEAD", onlyInHead ?? [])].filter { !$0.1.isEmpty }
        guard !sides.isEmpty else { return nil }
        return "Counted by one build only: "
            + sides.map { side, names in "\(names.count) in \(side) (\(names.joined(separator: ", ")))" }
            .joined(separator: "; ") + "."
    }

    /// What the runs of each build showed of the counts' repeatability; `nil` when nothing was compared.
    package var repeatability: String? {
        guard !rows.isEmpty else { return nil }
        guard runs > 1 else {
            return "Each build counted once: how far its counts repeat was not measured (ab counts each twice)."
        }
        let largest = rows.max { $0.spread < $1.spread }
        var text =
            "Each build counted \(runs == 2 ? "twice" : "\(runs) times"): \(sameInstructions) of \(rows.count) "
            + "results agreed to the instruction, \(sameEverywhere) in every measure."
        if let largest, largest.spread > 0 {
            text +=
                " The largest difference of estimated cycles or instructions between two runs of one build: "
                + String(format: "%.2g%%", largest.spread * 100) + " (\(largest.name)); a count moves with the "
                + "addresses of fresh memory (the simulated caches' misses) and the allocator's state, and a result's "
                + "margin is the threshold plus its own difference."
        }
        return text
    }

    /// The table's header and a row's cells, gated rows first.
    private var table: [[String]] {
        let ordered = rows.filter(\.gated) + rows.filter { !$0.gated }
        return [["result", "gated", "BASE cycles", "HEAD cycles", "ratio", "instructions", "verdict"]]
            + ordered.map { row in
                [
                    row.name, row.gated ? "yes" : "no", TerminalTable.decimal(row.base.estimatedCycles),
                    TerminalTable.decimal(row.head.estimatedCycles), String(format: "%.4f", row.ratio),
                    String(format: "%.4f", row.instructionRatio), row.verdict.rawValue,
                ]
            }
    }

    /// What a reader needs besides the table and the verdict: results one build alone counted, and how far the
    /// counts repeated.
    private var notes: [String] { [oneSided, repeatability].compactMap { $0 } }

    /// The rows as aligned text, gated first (no table when no result was compared), then the notes and the
    /// verdict.
    package func text() -> String {
        (rows.isEmpty ? "" : TerminalTable.align(table, rightAligned: [2, 3, 4, 5]) + "\n")
            + notes.map { $0 + "\n" }.joined() + verdictLine + "\n"
    }

    /// The verdict, the notes and the table, in Markdown for a pull request, as `ab`'s timed comparison writes it.
    package func markdown() -> String {
        var text = "**\(Self.toolName)**: \(verdictLine)\n" + notes.map { "\n> \($0)\n" }.joined()
        guard !rows.isEmpty else { return text }
        let cells = table
        let lines =
            ["| " + cells[0].joined(separator: " | ") + " |", "| --- | --- | ---: | ---: | ---: | ---: | --- |"]
            + cells.dropFirst().map { "| " + $0.joined(separator: " | ") + " |" }
        text += "\n" + lines.joined(separator: "\n") + "\n"
        return text
    }

    package func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }

    static func percent(_ fraction: Double) -> String { String(format: "%g%%", fraction * 100) }
}
