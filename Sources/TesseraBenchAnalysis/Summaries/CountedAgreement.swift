import TesseraBenchKit

/// How many times the naive dictionary's cost the engine's is, for each operation a report both timed and counted:
/// by the clock, by estimated cycles and by instructions, side by side (`run --measure time,instructions`), so a
/// reader sees where the simulated count tells the same story as the time and where it does not.
///
/// The engine is the strategy the report's targets judge (`RunSettings.targetStrategy`, soa-binary-search by
/// default). A count weighs every miss the same and sees no prefetcher, so it underprices a design that streams
/// through memory and overprices one that chases pointers less than it seems; where the two ratios part, the time
/// is the one to believe.
package struct CountedAgreement {
    package struct Row {
        package var layout: ShapedLayout
        package var elements: Int
        package var operation: BenchmarkOperation
        /// The naive dictionary's median time over the engine's; `nil` when either was not timed.
        package var timed: Double?
        /// The naive dictionary's estimated cycles over the engine's, and its instructions over the engine's.
        package var cycles: Double
        package var instructions: Double
    }

    package var engine: StrategyID
    package var rows: [Row]

    package init(_ report: BenchmarkReport) {
        let engine = ReportDocument.judgedStrategy(report)
        self.engine = engine
        func key(_ result: CountedResult, as strategy: StrategyID) -> BenchmarkResult.Key {
            var key = result.key
            key.label = strategy.rawValue
            return key
        }
        let counted = Dictionary((report.counted ?? []).map { ($0.key, $0.cost) }) { first, _ in first }
        let timed = Dictionary(report.results.map { ($0.key, $0.medianNanoseconds) }) { first, _ in first }
        rows = (report.counted ?? []).compactMap { result in
            guard result.strategy == engine, result.parameters == nil,
                let naive = counted[key(result, as: .naiveDictionary)]
            else { return nil }
            var ratio: Double?
            if let naiveTime = timed[key(result, as: .naiveDictionary)], let engineTime = timed[key(result, as: engine)]
            {
                ratio = naiveTime / engineTime
            }
            return Row(
                layout: result.key.layout, elements: result.elements, operation: result.operation, timed: ratio,
                cycles: naive.estimatedCycles / Swift.max(result.cost.estimatedCycles, 1),
                instructions: naive.instructions / Swift.max(result.cost.instructions, 1))
        }
    }

    /// The rows as aligned text, under a line that says what they are; a line saying why when there are none.
    package func text() -> String {
        let title = "naive-dictionary's cost over \(engine.rawValue)'s, timed and counted:"
        guard !rows.isEmpty else {
            return title + " no operation of both was timed and counted (run both strategies).\n"
        }
        let header = ["layout", "elements", "operation", "time ×", "est. cycles ×", "instructions ×"]
        let cells = rows.map { row in
            [
                row.layout.name, row.elements.formatted(), row.operation.rawValue,
                row.timed.map { TerminalTable.decimal($0) } ?? "–", TerminalTable.decimal(row.cycles),
                TerminalTable.decimal(row.instructions),
            ]
        }
        return title + "\n" + TerminalTable.align([header] + cells, rightAligned: [1, 3, 4, 5])
            + "Where the columns part, believe the time: a count prices every miss alike and sees no prefetcher.\n"
    }
}
