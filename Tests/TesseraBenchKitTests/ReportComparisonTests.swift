import Foundation
import Testing

@testable import TesseraBenchAnalysis
@testable import TesseraBenchKit

extension BenchmarkReport {
    /// A report of the given results, as if measured on one fixed machine.
    static func synthetic(_ results: [BenchmarkResult], cpu: String = "Test CPU") -> BenchmarkReport {
        BenchmarkReport(
            environment: RunEnvironment(
                host: "test", cpuModel: cpu, cores: 2, operatingSystem: "Linux", swiftVersion: "6.3",
                allocator: "jemalloc",
                gitCommit: nil, date: "2026-01-01T00:00:00Z"
            ),
            settings: RunSettings(
                layouts: [.flow], strategies: nil, itemCounts: [1_000], viewportWidth: 390, viewportHeight: 844,
                seed: 1,
                workload: "test", traceFrames: 10, verifiedFrames: 10
            ),
            results: results, verifications: [], targets: []
        )
    }
}

/// A result whose median is set outright, so a change is exactly what the test says, whatever the samples.
private func result(
    _ operation: BenchmarkOperation, layout: LayoutID = .flow, items: Int = 1_000, median: Double, samples: [Double]
) -> BenchmarkResult {
    var result = BenchmarkResult(
        layout: layout, strategy: .soaBinarySearch, elements: items, operation: operation, samples: samples)
    result.medianNanoseconds = median
    return result
}

/// A result of 21 consecutive samples with `median` in their middle: two such results more than 21 apart never
/// overlap, so differ significantly.
private func result(
    _ operation: BenchmarkOperation, layout: LayoutID = .flow, items: Int = 1_000, around median: Double
) -> BenchmarkResult {
    result(operation, layout: layout, items: items, median: median, samples: (-10...10).map { median + Double($0) })
}

@Suite struct ReportComparisonTests {
    /// Every operation at 1,000 ns, the fill floor on three samples; and a query at an item count HEAD did not run.
    let base = BenchmarkReport.synthetic(
        [BenchmarkOperation.prepareCold, .prepareWarm, .query].map { result($0, around: 1_000) } + [
            result(.fillFloor, median: 1_000, samples: [900, 1_000, 1_100]),
            result(.query, items: 10, around: 100),
        ])
    let head = BenchmarkReport.synthetic([
        // Unchanged, improved, regressed, and 10% slower on three samples each, too few to be significant.
        result(.prepareCold, around: 1_010),
        result(.prepareWarm, around: 900),
        result(.query, around: 1_200),
        result(.fillFloor, median: 1_100, samples: [950, 1_100, 1_200]),
        result(.query, items: 100_000, around: 5_000),
    ])

    @Test func judgesEachMatchByChangeAndSignificance() {
        let comparison = ReportComparison(base: base, head: head)
        let verdicts = Dictionary(uniqueKeysWithValues: comparison.matches.map { ($0.key.operation, $0.verdict) })
        #expect(
            verdicts == [
                .prepareCold: .unchanged, .prepareWarm: .improvement, .query: .regression, .fillFloor: .inconclusive,
            ])
        let query = comparison.matches.first { $0.key.operation == .query }
        #expect(query?.change == 0.2)
        #expect(query?.baseMedian == 1_000 && query?.headMedian == 1_200)
        #expect(query.map { $0.test.p < 1e-6 } == true)
        #expect(comparison.regressions.map(\.key) == [base.results[2].key])
    }

    @Test func listsResultsOfOneSideWithoutFailing() {
        let comparison = ReportComparison(base: base, head: head)
        #expect(comparison.onlyInBase.map(\.elements) == [10])
        #expect(comparison.onlyInHead.map(\.elements) == [100_000])
        #expect(comparison.regressions.count == 1)
        let text = comparison.text()
        #expect(text.contains("only in BASE") && text.contains("only in HEAD"))
    }

    @Test func ordersRegressionsFirstThenImprovementsThenTheRest() {
        let verdicts = ReportComparison(base: base, head: head).matches.map(\.verdict)
        #expect(verdicts == [.regression, .improvement, .inconclusive, .unchanged])
    }

    @Test func aChangeOfExactlyTheThresholdIsNotBeyondIt() {
        let base = BenchmarkReport.synthetic([result(.query, around: 1_000)])
        let slower = BenchmarkReport.synthetic([result(.query, around: 1_050)])
        let faster = BenchmarkReport.synthetic([result(.query, around: 950)])
        #expect(ReportComparison(base: base, head: slower).matches.map(\.verdict) == [.unchanged])
        #expect(ReportComparison(base: base, head: slower, threshold: 0.049).matches.map(\.verdict) == [.regression])
        #expect(ReportComparison(base: base, head: faster).matches.map(\.verdict) == [.unchanged])
        #expect(ReportComparison(base: base, head: faster, threshold: 0.049).matches.map(\.verdict) == [.improvement])
        #expect(ReportComparison(base: base, head: slower, threshold: 0).matches.map(\.verdict) == [.regression])
    }

    @Test func significanceIsJudgedAgainstAlpha() {
        // The "small, many ties" pair of MannWhitneyUTests, times 100: p = 0.04988443697992588 by SciPy.
        let base = BenchmarkReport.synthetic([
            result(.query, median: 300, samples: [100, 200, 200, 300, 300, 300, 400])
        ])
        let head = BenchmarkReport.synthetic([
            result(.query, median: 400, samples: [200, 300, 300, 400, 400, 500, 600, 600])
        ])
        #expect(ReportComparison(base: base, head: head, alpha: 0.0499).matches.map(\.verdict) == [.regression])
        #expect(ReportComparison(base: base, head: head, alpha: 0.0498).matches.map(\.verdict) == [.inconclusive])
    }

    @Test func resultsWithoutSamplesAreNeverSignificant() {
        let base = BenchmarkReport.synthetic([result(.query, median: 1_000, samples: [])])
        let head = BenchmarkReport.synthetic([result(.query, around: 2_000)])
        let match = ReportComparison(base: base, head: head).matches[0]
        #expect(!match.test.isTested)
        #expect(match.verdict == .inconclusive)
        #expect(match.formattedP == "no samples")
    }

    @Test func repeatedResultsAreMatchedInOrder() {
        let base = BenchmarkReport.synthetic([
            result(.query, around: 1_000),
            result(.query, around: 2_000),
        ])
        let head = BenchmarkReport.synthetic([result(.query, around: 1_000)])
        let comparison = ReportComparison(base: base, head: head)
        #expect(comparison.matches.map(\.baseMedian) == [1_000])
        #expect(comparison.onlyInBase.map(\.medianNanoseconds) == [2_000])
    }

    /// Another machine can explain a change, but the numbers still measure the same thing: a warning, no more.
    @Test func anotherMachineIsAWarningOnly() {
        var other = BenchmarkReport.synthetic(head.results, cpu: "Other CPU")
        other.environment.cores = 4
        other.environment.allocator = "glibc malloc"
        let comparison = ReportComparison(base: base, head: other)
        #expect(
            comparison.differences.map(\.description) == [
                #"CPU: "Test CPU" → "Other CPU""#, "cores: 2 → 4", #"allocator: "jemalloc" → "glibc malloc""#,
            ])
        #expect(!comparison.timesDifferentWork)
        #expect(comparison.unusableReason == nil)
        #expect(comparison.regressions.count == 1, "judged as usual")
        let lines = comparison.text().split(separator: "\n")
        #expect(
            lines.first
                == #"Warning: the runs differ in set-up, which can explain a change by itself: CPU: "Test CPU" → "Other CPU"; cores: 2 → 4; allocator: "jemalloc" → "glibc malloc"."#
        )
        #expect(comparison.markdown().contains(#"> **Warning**: the runs differ in set-up"#))
        #expect(ReportComparison(base: base, head: head).differences.isEmpty)
        #expect(ReportComparison(base: base, head: head).warning == nil)
        #expect(ReportComparison(base: base, head: head).text().hasPrefix("1 regression"))
    }

    /// Another workload, seed, viewport or trace times different work: the numbers cannot be compared at all (and
    /// `ab` refuses a round whose two reports differ so).
    @Test(arguments: ["workload", "seed", "viewport", "trace"])
    func differentWorkIsUnusable(_ setting: String) throws {
        var other = head
        switch setting {
        case "workload": other.settings.workload = "file w.json"
        case "seed": other.settings.seed = 2
        case "trace": other.settings.trace = "scroll.json (FNV-1a 1234), 60 frames a second"
        default: (other.settings.viewportWidth, other.settings.viewportHeight) = (844, 390)
        }
        let comparison = ReportComparison(base: base, head: other)
        let expected = [
            "workload": #"workload: "test" → "file w.json""#, "seed": "seed: 1 → 2",
            "viewport": "viewport: 390×844 → 844×390",
            "trace": "trace: built-in → scroll.json (FNV-1a 1234), 60 frames a second",
        ][setting]
        #expect(comparison.differences.map(\.description) == [expected])
        #expect(comparison.timesDifferentWork)
        let reason = try #require(comparison.unusableReason)
        #expect(reason == "the reports timed different work, so their numbers cannot be compared: \(expected!)")
        // The table is still there, led by the warning.
        let text = comparison.text()
        #expect(
            text.hasPrefix(
                "Warning: the reports timed different work, so these numbers measure different things: \(expected!).\n")
        )
        #expect(text.contains("REGRESSION"))
    }

    /// Other settings can explain a change, as another machine can, but the work is the same.
    @Test func otherSettingsAreAWarningOnly() {
        var other = head
        other.settings.verifiedFrames = 32
        other.schemaVersion = 1
        let comparison = ReportComparison(base: base, head: other)
        #expect(comparison.differences.map(\.description) == ["verified frames: 10 → 32", "report schema: 3 → 1"])
        #expect(comparison.unusableReason == nil)
    }

    /// With nothing matched, "no regressions" would be vacuous: the comparison says what each report holds instead.
    @Test func reportsWithNoResultInCommonAreUnusable() throws {
        let flow = BenchmarkReport.synthetic([result(.query, around: 1_000)])
        let waterfall = BenchmarkReport.synthetic([
            result(.query, layout: .waterfall, items: 10_000, around: 1_000),
            result(.prepareCold, layout: .waterfall, items: 10_000, around: 1_000),
        ])
        let comparison = ReportComparison(base: flow, head: waterfall)
        #expect(comparison.matches.isEmpty)
        #expect(
            comparison.unusableReason
                == "the reports have no result in common: BASE holds 1 result (flow; soa-binary-search; 1,000 elements); HEAD holds 2 results (waterfall; soa-binary-search; 10,000 elements)"
        )
        let empty = ReportComparison(base: flow, head: .synthetic([]))
        #expect(empty.unusableReason?.hasSuffix("HEAD holds no results") == true)
        #expect(ReportComparison(base: base, head: head).unusableReason == nil)
    }

    @Test func markdownSummarisesThenTablesRegressionsFirst() {
        let markdown = ReportComparison(base: base, head: head).markdown()
        let lines = markdown.split(separator: "\n").map(String.init)
        #expect(
            lines[0]
                == "**tessera-bench compare**: 1 regression, 1 improvement, 1 inconclusive, 1 unchanged, 1 only in BASE, 1 only in HEAD (threshold 5%, alpha 0.05)"
        )
        let rows = lines.filter { $0.hasPrefix("| flow |") }
        #expect(rows.count == 6)
        #expect(
            rows[0]
                == "| flow | soa-binary-search | 1,000 | query | 1.00 µs | 1.20 µs | +20.0% | < 0.001 | **regression** |"
        )
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
