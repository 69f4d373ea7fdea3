import Foundation
import Testing

@testable import TesseraBenchAnalysis
@testable import TesseraBenchKit

/// The counted measure's arithmetic: reading a callgrind dump, the cycle estimate, a counted report's checks, and
/// `ab --measure instructions`'s verdicts.
@Suite struct CountedCostTests {
    /// A dump as callgrind 3.19 writes it: the summary leaves off the trailing zeros.
    static let dump = """
        # callgrind format
        version: 1
        creator: callgrind-3.19.0
        desc: Trigger: Client Request: flow soa-binary-search query

        positions: line
        events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw
        summary: 6015 1001 1007 2 10 20 2

        fl=(1) ???
        fn=(2) main
        58 6015 1001 1007 2 10 20 2
        """

    @Test func aDumpsSummaryIsReadWithItsEventNames() throws {
        let totals = try CallgrindCounter.totals(ofDump: Self.dump, path: "d")
        #expect(totals["Ir"] == 6_015 && totals["D1mw"] == 20 && totals["ILmr"] == 2)
        #expect(totals["DLmr"] == 0 && totals["DLmw"] == 0, "left off the end: zero")
        #expect(throws: CountingError.unreadableDump(path: "d")) {
            try CallgrindCounter.totals(ofDump: "events: Ir\n", path: "d")
        }
    }

    /// 8,023 accesses, 32 first-level misses of which 2 went to memory: 7,991 hits at 1, 30 at 5 and 2 at 35.
    @Test func theEstimateWeighsEachLevelOfTheHierarchy() throws {
        let cost = CountedCost(events: try CallgrindCounter.totals(ofDump: Self.dump, path: "d"), operations: 1)
        #expect(cost.instructions == 6_015 && cost.l1Misses == 32 && cost.lastLevelMisses == 2)
        #expect(cost.estimatedCycles == 7_991 + 5 * 30 + 35 * 2)
        let halved = CountedCost(events: try CallgrindCounter.totals(ofDump: Self.dump, path: "d"), operations: 2)
        #expect(halved.estimatedCycles == cost.estimatedCycles / 2)
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(cost)) as? [String: Double]
        #expect(json?["estimatedCycles"] == cost.estimatedCycles, "written beside the counts it comes from")
        #expect(try JSONDecoder().decode(CountedCost.self, from: JSONEncoder().encode(cost)) == cost)
    }

    static func report(_ counts: [(BenchmarkOperation, Double)]) -> BenchmarkReport {
        var report = BenchmarkReport.synthetic([])
        report.counted = counts.map { operation, instructions in
            CountedResult(
                layout: .flow, strategy: .soaBinarySearch, elements: 1_000, operation: operation,
                operationsCounted: 1,
                cost: CountedCost(
                    instructions: instructions, dataReads: 0, dataWrites: 0, l1Misses: 0, lastLevelMisses: 0))
        }
        return report
    }

    /// A count that moves between two runs of one build widens its own margin by as much, so it cannot fail a
    /// change by itself; one that repeats is judged against the threshold alone.
    @Test func theMarginIsTheThresholdPlusWhatTheCountsMoveBy() throws {
        let base = Self.report([(.query, 1_000), (.prepareWarm, 100_000)])
        let head = Self.report([(.query, 1_012), (.prepareWarm, 102_000)])
        let steady = CountedComparison(
            base: [base, base], head: [head, head], runArguments: [], threshold: 0.01, gate: [.query])
        #expect(steady.rows.map(\.verdict) == [.regression, .regression])
        #expect(steady.regressions.map(\.operation) == [.query], "only the gate's regressions fail")
        #expect(steady.sameInstructions == 2 && steady.sameEverywhere == 2)
        let moving = Self.report([(.query, 1_005), (.prepareWarm, 100_000)])
        let noisy = CountedComparison(
            base: [base, moving], head: [head, head], runArguments: [], threshold: 0.01, gate: [.query])
        #expect(noisy.rows[0].verdict == .unchanged, "1.2% against 1% + 0.5%")
        #expect(noisy.repeatability?.contains("1 of 2 results agreed to the instruction") == true, "\(noisy)")
    }

    @Test func aGatedResultHeadNoLongerCountsBreaksTheBenchmark() {
        let base = Self.report([(.query, 1_000), (.prepareWarm, 100_000)])
        let head = Self.report([(.prepareWarm, 100_000)])
        let comparison = CountedComparison(
            base: [base, base], head: [head, head], runArguments: [], threshold: 0.01, gate: [.query])
        #expect(comparison.headBrokeTheGate?.contains("flow · soa-binary-search · 1,000 · query") == true)
        let ungated = CountedComparison(
            base: [base, base], head: [base, base], runArguments: [], threshold: 0.01, gate: [.updateBatch])
        #expect(ungated.unjudged?.contains("judged nothing") == true)
    }

    /// What the counted comparison prints and writes says what a timed one says: what broke the benchmark, what was
    /// not judged and what one build alone counted, in the text and the Markdown both; "0 of 0 results agreed…
    /// No gated result regressed" was printed over a HEAD that counted other work, and the Markdown had no verdict.
    @Test func theTextAndTheMarkdownSayWhatBrokeOrWasNotJudged() {
        let base = Self.report([(.query, 1_000), (.prepareWarm, 100_000)])
        let broken = CountedComparison(
            base: [base, base],
            head: [Self.report([(.prepareWarm, 100_000)])] + [Self.report([(.prepareWarm, 100_000)])],
            runArguments: [], threshold: 0.01, gate: [.query])
        let other = CountedComparison(
            base: [base], head: [Self.report([(.updateBatch, 5)])], runArguments: [], threshold: 0.01, gate: [.query])
        let ungated = CountedComparison(
            base: [base], head: [base], runArguments: [], threshold: 0.01, gate: [.updateBatch])
        for (comparison, says) in [
            (broken, "HEAD did not count a gated result"), (other, "No result was counted by both builds"),
            (ungated, "The gate judged nothing"),
        ] {
            for page in [comparison.text(), comparison.markdown()] {
                #expect(page.contains(says), "\(page)")
                #expect(!page.contains("No gated result regressed") && !page.contains("0 of 0"), "\(page)")
            }
        }
        #expect(
            broken.text().contains("Counted by one build only: 1 in BASE (flow · soa-binary-search · 1,000 · query)"))
        #expect(ungated.markdown().hasPrefix("**tessera-bench ab --measure instructions**: The gate judged nothing"))
        let same = CountedComparison(base: [base], head: [base], runArguments: [], threshold: 0.01, gate: [.query])
        #expect(same.markdown().contains("No gated result regressed by more than 1%"), "\(same.markdown())")
    }

    /// A counted report holds no time: read where counts are read, refused by name elsewhere, and its counts
    /// checked as a timed result's figures are.
    @Test func aCountedReportIsReadOnlyWhereCountsAre() throws {
        let url = URL(fileURLWithPath: "/tmp/counted.json")
        let data = try Self.report([(.query, 1_000)]).jsonData()
        #expect(try BenchmarkReport.read(data, at: url, counted: true).counted?.count == 1)
        #expect {
            try BenchmarkReport.read(data, at: url)
        } throws: { error in
            "\(error)".contains("counted run's report")
        }
        let negative = try Self.report([(.query, -1)]).jsonData()
        #expect {
            try BenchmarkReport.read(negative, at: url, counted: true)
        } throws: { error in
            "\(error)".contains("counted[0].cost.instructions is -1.0")
        }
    }
}
