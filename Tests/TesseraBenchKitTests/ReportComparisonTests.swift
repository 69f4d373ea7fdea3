import Foundation
import Testing
@testable import TesseraBenchKit

extension BenchmarkReport {
    /// A report of the given results, as if measured on one fixed machine.
    static func synthetic(_ results: [BenchmarkResult], cpu: String = "Test CPU") -> BenchmarkReport {
        BenchmarkReport(
            environment: RunEnvironment(
                host: "test", cpuModel: cpu, cores: 2, operatingSystem: "Linux", swiftVersion: "6.3", allocator: "jemalloc",
                gitCommit: nil, date: "2026-01-01T00:00:00Z"
            ),
            settings: RunSettings(
                layouts: [.flow], strategies: nil, itemCounts: [1_000], viewportWidth: 390, viewportHeight: 844, seed: 1,
                workload: "test", traceFrames: 10, verifiedFrames: 10
            ),
            results: results, verifications: [], targets: []
        )
    }
}

/// A result whose median is set outright, so a change is exactly what the test says, whatever the samples.
private func result(
    _ operation: BenchmarkOperation, items: Int = 1_000, median: UInt64, samples: [UInt64]
) -> BenchmarkResult {
    var result = BenchmarkResult(layout: .flow, strategy: .soaBinarySearch, items: items, operation: operation, samples: samples)
    result.medianNanoseconds = median
    return result
}

/// `count` consecutive values from `start`: two runs apart by more than `count` never overlap, so differ significantly.
private func consecutive(from start: UInt64, count: UInt64 = 21) -> [UInt64] {
    Array(start..<start + count)
}

@Suite struct ReportComparisonTests {
    let base = BenchmarkReport.synthetic([
        result(.prepareCold, median: 1_000, samples: consecutive(from: 990)),
        result(.prepareWarm, median: 1_000, samples: consecutive(from: 990)),
        result(.query, median: 1_000, samples: consecutive(from: 990)),
        result(.fillFloor, median: 1_000, samples: [900, 1_000, 1_100]),
        result(.query, items: 10, median: 100, samples: consecutive(from: 90)),
    ])
    let head = BenchmarkReport.synthetic([
        // Unchanged, improved, regressed, and 10% slower on three samples each, too few to be significant.
        result(.prepareCold, median: 1_010, samples: consecutive(from: 1_000)),
        result(.prepareWarm, median: 900, samples: consecutive(from: 890)),
        result(.query, median: 1_200, samples: consecutive(from: 1_190)),
        result(.fillFloor, median: 1_100, samples: [950, 1_100, 1_200]),
        result(.query, items: 100_000, median: 5_000, samples: consecutive(from: 4_990)),
    ])

    @Test func judgesEachMatchByChangeAndSignificance() {
        let comparison = ReportComparison(base: base, head: head)
        let verdicts = Dictionary(uniqueKeysWithValues: comparison.matches.map { ($0.key.operation, $0.verdict) })
        #expect(verdicts == [.prepareCold: .unchanged, .prepareWarm: .improvement, .query: .regression, .fillFloor: .inconclusive])
        let query = comparison.matches.first { $0.key.operation == .query }
        #expect(query?.change == 0.2)
        #expect(query?.baseMedian == 1_000 && query?.headMedian == 1_200)
        #expect(query.map { $0.test.p < 1e-6 } == true)
        #expect(comparison.regressions.map(\.key) == [base.results[2].key])
    }

    @Test func listsResultsOfOneSideWithoutFailing() {
        let comparison = ReportComparison(base: base, head: head)
        #expect(comparison.onlyInBase.map(\.items) == [10])
        #expect(comparison.onlyInHead.map(\.items) == [100_000])
        #expect(comparison.regressions.count == 1)
        let text = comparison.text()
        #expect(text.contains("only in BASE") && text.contains("only in HEAD"))
    }

    @Test func ordersRegressionsFirstThenImprovementsThenTheRest() {
        let verdicts = ReportComparison(base: base, head: head).matches.map(\.verdict)
        #expect(verdicts == [.regression, .improvement, .inconclusive, .unchanged])
    }

    @Test func aChangeOfExactlyTheThresholdIsNotBeyondIt() {
        let base = BenchmarkReport.synthetic([result(.query, median: 1_000, samples: consecutive(from: 990))])
        let slower = BenchmarkReport.synthetic([result(.query, median: 1_050, samples: consecutive(from: 1_040))])
        let faster = BenchmarkReport.synthetic([result(.query, median: 950, samples: consecutive(from: 940))])
        #expect(ReportComparison(base: base, head: slower).matches.map(\.verdict) == [.unchanged])
        #expect(ReportComparison(base: base, head: slower, threshold: 0.049).matches.map(\.verdict) == [.regression])
        #expect(ReportComparison(base: base, head: faster).matches.map(\.verdict) == [.unchanged])
        #expect(ReportComparison(base: base, head: faster, threshold: 0.049).matches.map(\.verdict) == [.improvement])
        #expect(ReportComparison(base: base, head: slower, threshold: 0).matches.map(\.verdict) == [.regression])
    }

    @Test func significanceIsJudgedAgainstAlpha() {
        // The "small, many ties" pair of MannWhitneyUTests, times 100: p = 0.04988443697992588 by SciPy.
        let base = BenchmarkReport.synthetic([result(.query, median: 300, samples: [100, 200, 200, 300, 300, 300, 400])])
        let head = BenchmarkReport.synthetic([result(.query, median: 400, samples: [200, 300, 300, 400, 400, 500, 600, 600])])
        #expect(ReportComparison(base: base, head: head, alpha: 0.0499).matches.map(\.verdict) == [.regression])
        #expect(ReportComparison(base: base, head: head, alpha: 0.0498).matches.map(\.verdict) == [.inconclusive])
    }

    @Test func resultsWithoutSamplesAreNeverSignificant() {
        let base = BenchmarkReport.synthetic([result(.query, median: 1_000, samples: [])])
        let head = BenchmarkReport.synthetic([result(.query, median: 2_000, samples: consecutive(from: 1_990))])
        let match = ReportComparison(base: base, head: head).matches[0]
        #expect(!match.test.isTested)
        #expect(match.verdict == .inconclusive)
        #expect(match.formattedP == "no samples")
    }

    @Test func repeatedResultsAreMatchedInOrder() {
        let base = BenchmarkReport.synthetic([result(.query, median: 1_000, samples: consecutive(from: 990)), result(.query, median: 2_000, samples: consecutive(from: 1_990))])
        let head = BenchmarkReport.synthetic([result(.query, median: 1_000, samples: consecutive(from: 990))])
        let comparison = ReportComparison(base: base, head: head)
        #expect(comparison.matches.map(\.baseMedian) == [1_000])
        #expect(comparison.onlyInBase.map(\.medianNanoseconds) == [2_000])
    }

    @Test func namesDifferencesInSetUp() {
        let comparison = ReportComparison(base: .synthetic([]), head: .synthetic([], cpu: "Other CPU"))
        #expect(comparison.environmentDifferences == ["CPU Test CPU → Other CPU"])
        #expect(comparison.text().contains("The runs differ in set-up: CPU Test CPU → Other CPU"))
        #expect(ReportComparison(base: base, head: head).environmentDifferences.isEmpty)
    }

    @Test func markdownSummarisesThenTablesRegressionsFirst() {
        let markdown = ReportComparison(base: base, head: head).markdown()
        let lines = markdown.split(separator: "\n").map(String.init)
        #expect(lines[0] == "**tessera-bench compare**: 1 regression, 1 improvement, 1 inconclusive, 1 unchanged, 1 only in BASE, 1 only in HEAD (threshold 5%, alpha 0.05)")
        let rows = lines.filter { $0.hasPrefix("| flow |") }
        #expect(rows.count == 6)
        #expect(rows[0] == "| flow | soa-binary-search | 1,000 | query | 1.00 µs | 1.20 µs | +20.0% | < 0.001 | **regression** |")
        #expect(rows[1].contains("| prepare-warm |") && rows[1].hasSuffix("| -10.0% | < 0.001 | improvement |"))
        #expect(rows[4].hasSuffix("| 100 ns | — |  |  | only in BASE |"))
        #expect(rows[5].hasSuffix("| — | 5.00 µs |  |  | only in HEAD |"))
    }

    @Test func summaryCountsNoRegressionsOutright() {
        let same = ReportComparison(base: base, head: base)
        #expect(same.summary == "no regressions, 5 unchanged (threshold 5%, alpha 0.05)")
        #expect(same.regressions.isEmpty)
    }

    @Test func textTableShoutsRegressions() {
        let text = ReportComparison(base: base, head: head).text()
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("flow") }
        #expect(rows.first?.hasSuffix("REGRESSION") == true)
        #expect(rows.first?.contains("+20.0%") == true)
    }

    @Test func describesARegressionForALog() {
        let regression = ReportComparison(base: base, head: head).regressions[0]
        #expect(regression.description == "flow · soa-binary-search · 1,000 · query: +20.0%, p < 0.001")
    }
}
