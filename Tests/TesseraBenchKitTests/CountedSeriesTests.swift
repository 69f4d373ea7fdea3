import Foundation
import Testing

@testable import TesseraBenchAnalysis
@testable import TesseraBenchKit

/// Counts where times go: a counted run's and a counted `ab`'s figures as the exports and the history take them,
/// and the timed and counted ratios side by side.
@Suite struct CountedSeriesTests {
    static func counted(
        _ strategy: StrategyID, _ operation: BenchmarkOperation, instructions: Double, misses: Double = 0
    ) -> CountedResult {
        CountedResult(
            layout: .flow, strategy: strategy, elements: 1_000, operation: operation, operationsCounted: 1,
            cost: CountedCost(
                instructions: instructions, dataReads: 0, dataWrites: 0, l1Misses: misses, lastLevelMisses: misses))
    }

    @Test func aCountedRunsFiguresAreItsInstructionsAndEstimatedCycles() throws {
        var report = BenchmarkReport.synthetic([])
        report.counted = [Self.counted(.soaBinarySearch, .query, instructions: 4_000, misses: 10)]
        let run = try RecordedRun(.run(report), commit: "abc")
        #expect(run.kind == .run)
        #expect(
            run.metrics.map(\.series) == [
                "flow/soa-binary-search/query/1000 instructions", "flow/soa-binary-search/query/1000 estimated-cycles",
            ])
        // 4,000 accesses, 10 of them to memory: 3,990 at 1 cycle and 10 at 35.
        #expect(run.metrics.map(\.value) == [4_000, 4_340])
        let bmf = try JSONSerialization.jsonObject(with: ExportFormat.bmf.document([run])) as? [String: Any]
        let figures = bmf?["flow/soa-binary-search/query/1000"] as? [String: [String: Double]]
        #expect(figures?["instructions"]?["value"] == 4_000 && figures?["estimated-cycles"]?["value"] == 4_340)
    }

    /// `ab --measure instructions --report` reads back as a file `export` and `history add` take, with HEAD's
    /// counts as its figures; a broken one is refused with the field.
    @Test func aCountedComparisonReadsBackWithHeadsCountsAsItsFigures() throws {
        var base = BenchmarkReport.synthetic([])
        base.counted = [Self.counted(.soaBinarySearch, .query, instructions: 4_000)]
        var head = base
        head.counted = [Self.counted(.soaBinarySearch, .query, instructions: 4_100)]
        head.environment.gitCommit = "head"
        let comparison = CountedComparison(
            base: [base, base], head: [head, head], runArguments: ["--items", "1k"], threshold: 0.01, gate: [.query])
        let url = URL(fileURLWithPath: "/tmp/ab-counted.json")
        guard case .countedAB(let read) = try ReportFile.load(data: comparison.jsonData(), at: url) else {
            Issue.record("not read as a counted comparison")
            return
        }
        #expect(read.rows.map(\.name) == ["flow · soa-binary-search · 1,000 · query"])
        let run = try RecordedRun(.countedAB(read))
        #expect(run.kind == .ab && run.commit == "head" && run.workload == "ab --measure instructions: --items 1k")
        #expect(run.metrics.map(\.measure) == [.instructions, .estimatedCycles])
        #expect(run.metrics.map(\.value) == [4_100, 4_100])

        var broken = comparison
        broken.rows[0].spread = -1
        #expect {
            try ReportFile.load(data: broken.jsonData(), at: url)
        } throws: { error in
            "\(error)".contains("rows[0].spread is -1.0")
        }
        broken = comparison
        broken.rows[0].head.lastLevelMisses = 1
        #expect {
            try ReportFile.load(data: broken.jsonData(), at: url)
        } throws: { error in
            "\(error)".contains("rows[0].head has more misses than accesses")
        }
        // A cost of nothing counted made every ratio to it 0/0, which `compare` called an improvement.
        broken = comparison
        broken.rows[0].head = CountedCost(instructions: 0, dataReads: 0, dataWrites: 0, l1Misses: 0, lastLevelMisses: 0)
        #expect {
            try ReportFile.load(data: broken.jsonData(), at: url)
        } throws: { error in
            "\(error)".contains("rows[0].head.instructions is 0")
        }
    }

    /// The naive dictionary's cost over the engine's, for each operation both timed and counted; an operation
    /// only counted has no time to stand beside.
    @Test func theTimedAndCountedRatiosStandSideBySide() throws {
        var engineQuery = BenchmarkResult(
            layout: .flow, strategy: .soaBinarySearch, elements: 1_000, operation: .query, samples: [100])
        engineQuery.medianNanoseconds = 100
        var naiveQuery = BenchmarkResult(
            layout: .flow, strategy: .naiveDictionary, elements: 1_000, operation: .query, samples: [5_000])
        naiveQuery.medianNanoseconds = 5_000
        var report = BenchmarkReport.synthetic([engineQuery, naiveQuery])
        report.counted = [
            Self.counted(.soaBinarySearch, .query, instructions: 1_000),
            Self.counted(.naiveDictionary, .query, instructions: 40_000),
            Self.counted(.soaBinarySearch, .prepareWarm, instructions: 10_000),
            Self.counted(.naiveDictionary, .prepareWarm, instructions: 600_000),
            Self.counted(.intervalTree, .query, instructions: 900),
        ]
        let agreement = CountedAgreement(report)
        #expect(agreement.engine == .soaBinarySearch)
        #expect(agreement.rows.map(\.operation) == [.query, .prepareWarm])
        #expect(agreement.rows.map(\.timed) == [50, nil])
        #expect(agreement.rows.map(\.cycles) == [40, 60] && agreement.rows.map(\.instructions) == [40, 60])
        let text = agreement.text()
        #expect(text.contains("naive-dictionary's cost over soa-binary-search's"), "\(text)")
        let lines = text.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        let query: [String] = try #require(lines.first { $0.contains("query") })
        #expect(query.suffix(3) == ["50.0", "40.0", "40.0"], "\(text)")
        let prepare: [String] = try #require(lines.first { $0.contains("prepare-warm") })
        #expect(prepare.suffix(3) == ["–", "60.0", "60.0"], "\(text)")
        #expect(CountedAgreement(BenchmarkReport.synthetic([])).text().contains("no operation of both"))
    }
}
