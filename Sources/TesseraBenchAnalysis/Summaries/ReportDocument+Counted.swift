import TesseraBenchKit

// Counts beside times (`run --measure instructions`, or `time,instructions`): what a report says of its counted
// results, once for every renderer, so the terminal, Markdown, HTML and CSV all carry them.
extension ReportDocument {
    /// The sentence under the counted table.
    static let countedCaption =
        "Counted under callgrind, per operation; estimated cycles = L1 hits + 5 × LL hits + 35 × RAM accesses "
        + "(simulated caches: 32 KiB L1, 8 MiB LL). A count does not see memory-level parallelism, prefetchers or the "
        + "clock's frequency: compare builds with it, and designs with times."

    /// One row for each counted result: its counts a operation, and how many times the naive dictionary's
    /// estimated cycles its own are. `nil` when the report counted nothing.
    static func counted(_ report: BenchmarkReport) -> ReportTable? {
        let counted = report.counted ?? []
        guard !counted.isEmpty else { return nil }
        var naive: [BenchmarkResult.Key: Double] = [:]
        for result in counted where result.strategy == .naiveDictionary {
            naive[result.key] = result.cost.estimatedCycles
        }
        let rows = counted.map { result -> [ReportTable.Figure] in
            var naiveKey = result.key
            naiveKey.label = StrategyID.naiveDictionary.rawValue
            let cost = result.cost
            return [
                .text(result.key.layout.name), .text(result.key.label), .text(result.layout.rawValue),
                .text(result.strategy.rawValue), .text(result.parameters ?? ""),
                result.itemsPerSection.map(ReportTable.Figure.count) ?? .missing, .count(result.elements),
                .text(result.operation.rawValue), .decimal(cost.instructions),
                .decimal(cost.estimatedCycles), .decimal(cost.l1Misses), .decimal(cost.lastLevelMisses),
                .decimal(naive[naiveKey].map { $0 / Swift.max(cost.estimatedCycles, 1) }),
            ]
        }
        return ReportTable(
            // As people read them (the shape and the parameters in the names), and as CSV's columns split them.
            columns: [
                .init("layout"), .init("strategy"), .init("layout", csv: "layout", shown: false),
                .init("strategy", csv: "strategy", shown: false), .init("parameters", csv: "parameters", shown: false),
                .init("items/section", csv: "items_per_section", shown: false),
                .init("elements", csv: "elements", number: true), .init("operation", csv: "operation"),
                .init("instructions", csv: "instructions", number: true),
                .init("est. cycles", csv: "estimated_cycles", number: true),
                .init("L1 misses", csv: "l1_misses", number: true), .init("LL misses", csv: "ll_misses", number: true),
                .init("naive-dictionary ×", number: true),
            ],
            rows: rows)
    }

    /// The naive dictionary's cost over the engine's, timed and counted, when the report holds both.
    static func countedAgreement(_ report: BenchmarkReport) -> (caption: String, table: ReportTable)? {
        guard !report.results.isEmpty, !(report.counted ?? []).isEmpty else { return nil }
        let agreement = CountedAgreement(report)
        guard !agreement.rows.isEmpty else { return nil }
        let rows = agreement.rows.map { row -> [ReportTable.Figure] in
            [
                .text(row.layout.name), .count(row.elements), .text(row.operation.rawValue), .decimal(row.timed),
                .decimal(row.cycles), .decimal(row.instructions),
            ]
        }
        return (
            "naive-dictionary's cost over \(agreement.engine.rawValue)'s, timed and counted. Where the columns part, "
                + "believe the time: a count prices every miss alike and sees no prefetcher.",
            ReportTable(
                columns: [
                    .init("layout"), .init("elements", number: true), .init("operation"), .init("time ×", number: true),
                    .init("est. cycles ×", number: true), .init("instructions ×", number: true),
                ],
                rows: rows)
        )
    }
}
