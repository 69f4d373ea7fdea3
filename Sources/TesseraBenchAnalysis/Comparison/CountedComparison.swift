import Foundation
import TesseraBenchKit

/// Two builds compared on counts (`ab --measure instructions`): each build counted twice, and every result's
/// HEAD/BASE ratios of estimated cycles and instructions judged against the threshold (`verdict`).
///
/// A count has no noise to average away, so one round decides: what the second round is for is to show that the
/// counts repeat. Where two runs of one build differ (a fresh allocation's address sets its simulated cache
/// misses; the allocator's state follows what the process did before), the result's margin widens by that
/// difference, so a count that moves by itself cannot fail a change.
package struct CountedComparison: Codable, Sendable {
    package enum Verdict: String, Codable, Sendable {
        case regression, improvement, unchanged
    }

    package struct Row: Codable, Sendable {
        package var name: String
        package var operation: BenchmarkOperation
        /// Whether a regression of it fails ab.
        package var gated: Bool
        /// BASE's and HEAD's first counts.
        package var base: CountedCost
        package var head: CountedCost
        /// HEAD's estimated cycles over BASE's.
        package var ratio: Double
        /// HEAD's instructions over BASE's.
        package var instructionRatio: Double
        /// The largest relative difference of estimated cycles or instructions between the two runs of one build.
        package var spread: Double
        package var verdict: Verdict
    }

    /// What wrote the file: no reader of runs or timed comparisons takes it for one of theirs.
    package var tool = "tessera-bench ab --measure instructions"
    package var schemaVersion = 1
    /// The change, as a fraction, beyond which a ratio counts (with each row's spread added).
    package var threshold: Double
    package var rows: [Row]
    /// Gated results BASE counted in both runs and HEAD did not: the change broke the benchmark.
    package var gatedOnlyInBase: [String]
    /// How many results agreed to the instruction, and in every measure, between the two runs of each build.
    package var sameInstructions: Int
    package var sameEverywhere: Int

    /// - Parameters:
    ///   - base: BASE's two counted reports; `head`: HEAD's.
    ///   - gate: the operations whose regressions fail.
    package init(
        base: (BenchmarkReport, BenchmarkReport), head: (BenchmarkReport, BenchmarkReport), threshold: Double,
        gate: Set<BenchmarkOperation>
    ) {
        func counts(_ report: BenchmarkReport) -> [BenchmarkResult.Key: CountedCost] {
            Dictionary((report.counted ?? []).map { ($0.key, $0.cost) }) { first, _ in first }
        }
        let (base1, base2, head1, head2) = (counts(base.0), counts(base.1), counts(head.0), counts(head.1))
        self.threshold = threshold
        var rows: [Row] = []
        var missing: [String] = []
        var sameInstructions = 0
        var sameEverywhere = 0
        for result in base.0.counted ?? [] {
            let key = result.key
            guard let baseAgain = base2[key], let baseCost = base1[key] else { continue }
            guard let headCost = head1[key], let headAgain = head2[key] else {
                if gate.contains(key.operation) { missing.append(key.description) }
                continue
            }
            if baseCost.instructions == baseAgain.instructions, headCost.instructions == headAgain.instructions {
                sameInstructions += 1
            }
            if baseCost == baseAgain, headCost == headAgain { sameEverywhere += 1 }
            let spread =
                [(baseCost, baseAgain), (headCost, headAgain)].map { first, second in
                    Swift.max(
                        Self.difference(first.estimatedCycles, second.estimatedCycles),
                        Self.difference(first.instructions, second.instructions))
                }.max() ?? 0
            let ratio = headCost.estimatedCycles / Swift.max(baseCost.estimatedCycles, 1)
            let instructionRatio = headCost.instructions / Swift.max(baseCost.instructions, 1)
            rows.append(
                Row(
                    name: key.description, operation: key.operation, gated: gate.contains(key.operation),
                    base: baseCost, head: headCost, ratio: ratio, instructionRatio: instructionRatio, spread: spread,
                    verdict: Self.verdict(cycles: ratio, instructions: instructionRatio, margin: threshold + spread)))
        }
        self.rows = rows
        gatedOnlyInBase = missing
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
        guard !rows.isEmpty else { return "no result was counted by both builds in both runs: nothing was compared" }
        guard rows.contains(where: \.gated) else {
            return "the gate judged nothing: no result of its operations was counted by both builds"
        }
        return nil
    }

    /// Why HEAD broke the benchmark, or `nil`.
    package var headBrokeTheGate: String? {
        guard !gatedOnlyInBase.isEmpty else { return nil }
        return
            "HEAD did not count \(gatedOnlyInBase.count == 1 ? "a gated result" : "\(gatedOnlyInBase.count) gated results") "
            + "that BASE counted: \(gatedOnlyInBase.joined(separator: ", ")): the change breaks the benchmark"
    }

    /// What the two runs of each build showed of the counts' repeatability.
    package var repeatability: String {
        let largest = rows.max { $0.spread < $1.spread }
        var text =
            "Each build counted twice: \(sameInstructions) of \(rows.count) results agreed to the instruction, "
            + "\(sameEverywhere) in every measure."
        if let largest, largest.spread > 0 {
            text +=
                " The largest difference of estimated cycles or instructions between two runs of one build: "
                + String(format: "%.3f%%", largest.spread * 100) + " (\(largest.name)); a count moves with the "
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

    /// The rows as aligned text, gated first, then the verdict's summary.
    package func text() -> String {
        let regressed = regressions.count
        let verdict =
            regressed == 0
            ? "No gated result regressed by more than \(Self.percent(threshold)) of estimated cycles or instructions."
            : "\(regressed) gated result\(regressed == 1 ? "" : "s") regressed by more than "
                + "\(Self.percent(threshold)) of estimated cycles or instructions."
        return TerminalTable.align(table, rightAligned: [2, 3, 4, 5]) + "\n" + repeatability + "\n" + verdict + "\n"
    }

    /// The same as a Markdown table, for a pull request.
    package func markdown() -> String {
        let cells = table
        let lines =
            ["| " + cells[0].joined(separator: " | ") + " |", "| --- | --- | ---: | ---: | ---: | ---: | --- |"]
            + cells.dropFirst().map { "| " + $0.joined(separator: " | ") + " |" }
        return lines.joined(separator: "\n") + "\n\n" + repeatability + "\n"
    }

    package func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }

    static func percent(_ fraction: Double) -> String { String(format: "%g%%", fraction * 100) }
}
