import Foundation
import Testing

@testable import TesseraBenchAnalysis
@testable import TesseraBenchKit

@Suite struct ABComparisonTests {
    /// One report: soa-binary-search's query, warm prepare and fill floor at the given medians.
    func report(query: Double, warm: Double = 1_000_000, fill: Double = 300_000, extra: BenchmarkOperation? = nil)
        -> BenchmarkReport
    {
        var results = [(BenchmarkOperation.query, query), (.prepareWarm, warm), (.fillFloor, fill)].map {
            operation, median in
            var result = BenchmarkResult(
                layout: .flow, strategy: .soaBinarySearch, elements: 1_000, operation: operation, samples: [median])
            result.medianNanoseconds = median
            return result
        }
        if let extra {
            results.append(
                BenchmarkResult(layout: .flow, strategy: .intervalTree, elements: 1_000, operation: extra, samples: [5])
            )
        }
        return .synthetic(results)
    }

    /// Rounds whose HEAD query is `slowdown` times BASE's, each side jittered by a few percent.
    func comparison(rounds: Int, slowdown: Double, jitter: Double = 0.02, threshold: Double = 0.05) -> ABComparison {
        var generator = SeededGenerator(seed: 7)
        let pairs = (0..<rounds).map { _ in
            let noise = { 1 + Double.random(in: -jitter...jitter, using: &generator) }
            return (base: report(query: 100 * noise()), head: report(query: 100 * slowdown * noise()))
        }
        return ABComparison(
            rounds: pairs, orders: Array(repeating: [.base, .head], count: rounds), base: "base", head: "head",
            runArguments: ["--quick"], droppedForBase: [], threshold: threshold
        )
    }

    func row(_ comparison: ABComparison, _ operation: BenchmarkOperation) -> ABComparison.Row? {
        comparison.rows.first { $0.operation == operation }
    }

    @Test func aTenPercentSlowdownIsARegressionAndNothingElse() throws {
        let comparison = comparison(rounds: 20, slowdown: 1.1)
        let query = try #require(row(comparison, .query))
        #expect(query.verdict == .regression)
        #expect(query.interval.map { $0.lower > 1.05 && $0.upper < 1.15 } == true)
        #expect(comparison.regressions.map(\.operation) == [.query])
        #expect(comparison.rows.first?.operation == .query, "regressions come first")
        #expect(row(comparison, .prepareWarm)?.verdict == .unchanged)
        #expect(comparison.text().contains("REGRESSION"))
        #expect(comparison.markdown().contains("**regression**"))
    }

    @Test func theSameBuildIsUnchangedAndAFasterOneImproved() {
        #expect(comparison(rounds: 20, slowdown: 1).rows.allSatisfy { $0.verdict == .unchanged })
        #expect(row(comparison(rounds: 20, slowdown: 0.8), .query)?.verdict == .improvement)
    }

    @Test func wideSpreadsAndTooFewRoundsAreInconclusive() {
        // ±30% between rounds: a 6% change cannot be told from noise.
        #expect(row(comparison(rounds: 20, slowdown: 1.06, jitter: 0.3), .query)?.verdict == .inconclusive)
        let five = comparison(rounds: 5, slowdown: 2)
        #expect(row(five, .query)?.verdict == .inconclusive)
        #expect(row(five, .query)?.interval == nil)
        #expect(row(five, .query)?.formattedRatio.contains("too few rounds") == true)
    }

    /// A gate none of whose operations both builds measured judged nothing: the comparison says so, naming the
    /// gate and what was measured, where it passed with no word.
    @Test func aGateOfNothingMeasuredJudgedNothing() {
        let pairs = (0..<6).map { _ in (base: report(query: 100), head: report(query: 100)) }
        func compared(gate: Set<BenchmarkOperation>?) -> ABComparison {
            ABComparison(
                rounds: pairs, orders: Array(repeating: [.base, .head], count: 6), base: "b", head: "h",
                runArguments: [], droppedForBase: [], gate: gate)
        }
        let unjudged = compared(gate: [.updateBatch]).unjudged
        #expect(
            unjudged
                == "the gate (update-batch) judged nothing: no result of its operations was measured by both builds, "
                + "which measured prepare-warm, query, fill-floor; gate an operation the run measures")
        #expect(compared(gate: [.updateBatch]).text().contains("The gate (update-batch) judged nothing"))
        #expect(compared(gate: [.query]).unjudged == nil)
        #expect(compared(gate: nil).unjudged == nil)
        let nothing = ABComparison(
            rounds: [], orders: [], base: "b", head: "h", runArguments: [], droppedForBase: [], gate: [.query])
        #expect(nothing.unjudged?.contains("no result was measured by both builds") == true)
    }

    /// A HEAD that no longer measures a gated result BASE measured (its strategy turned inexact, so its run timed
    /// no query) broke the benchmark: the comparison says so, with HEAD's inexact check, where it passed as
    /// "no regressions, 1 only in BASE". A result outside the gate only in BASE breaks nothing.
    @Test func aGatedResultOnlyInBaseBreaksTheGate() {
        var inexact = report(query: 100)
        inexact.results.removeAll { $0.operation == .query }
        inexact.verifications = [
            Verification(
                layout: .flow, strategy: .soaBinarySearch, elements: 1_000, framesChecked: 10, mismatchedFrames: 3,
                missedElements: 4, extraElements: 0)
        ]
        func compared(head: BenchmarkReport, gate: Set<BenchmarkOperation>) -> ABComparison {
            ABComparison(
                rounds: (0..<6).map { _ in (base: report(query: 100), head: head) },
                orders: Array(repeating: [.base, .head], count: 6), base: "b", head: "h", runArguments: [],
                droppedForBase: [], gate: gate)
        }
        let broken = compared(head: inexact, gate: [.query, .prepareWarm])
        #expect(broken.gatedOnlyInBase == ["flow · soa-binary-search · 1,000 · query"])
        #expect(
            broken.headBrokeTheGate
                == "HEAD did not measure a gated result that BASE measured in every round: flow · soa-binary-search "
                + "· 1,000 · query; HEAD's answers differ from brute force (flow · soa-binary-search at 1,000 "
                + "elements: 3 of 10 frames differ), and a run times no query or update of an inexact strategy: the "
                + "change breaks the benchmark")
        #expect(broken.text().contains("HEAD did not measure a gated result"))
        var dropped = inexact
        dropped.verifications = []
        #expect(
            compared(head: dropped, gate: [.query])
                .headBrokeTheGate?.hasSuffix("· query: the change breaks the benchmark") == true)
        #expect(compared(head: inexact, gate: [.prepareWarm]).headBrokeTheGate == nil)
        #expect(compared(head: report(query: 100), gate: [.query]).headBrokeTheGate == nil)
    }

    /// The fewest rounds that give an interval, which `ab` takes no fewer of: 6 at 95%, as `tune` takes.
    @Test func aNinetyFivePercentIntervalNeedsSixRounds() {
        #expect(MedianInterval.fewestSamples(confidence: 0.95) == 6)
        #expect(MedianInterval.fewestSamples(confidence: 0.99) == 8)
        for confidence in [0.5, 0.9, 0.95, 0.99] {
            let fewest = MedianInterval.fewestSamples(confidence: confidence)
            let samples = (0..<fewest).map(Double.init)
            #expect(MedianInterval(samples, confidence: confidence) != nil)
            #expect(MedianInterval(Array(samples.dropLast()), confidence: confidence) == nil)
        }
    }

    @Test func resultsOfOneSideAreListedNotCompared() {
        let rounds = (0..<6).map { _ in
            (base: report(query: 100, extra: .prepareCold), head: report(query: 100, extra: .query))
        }
        let comparison = ABComparison(
            rounds: rounds, orders: Array(repeating: [.head, .base], count: 6), base: "b", head: "h",
            runArguments: [], droppedForBase: ["--new-option", "3"]
        )
        #expect(comparison.rows.count == 3)
        #expect(comparison.onlyInBase == ["flow · interval-tree · 1,000 · prepare-cold"])
        #expect(comparison.onlyInHead == ["flow · interval-tree · 1,000 · query"])
        #expect(comparison.text().contains("BASE does not know --new-option 3"))
        #expect(comparison.summary.contains("1 only in BASE, 1 only in HEAD"))
    }

    @Test func theReportRoundTrips() throws {
        let comparison = comparison(rounds: 8, slowdown: 1.2)
        let decoded = try JSONDecoder().decode(ABComparison.self, from: try comparison.jsonData())
        #expect(decoded.tool == "tessera-bench ab")
        #expect(decoded.schemaVersion == ABComparison.currentSchemaVersion)
        #expect(decoded.rows == comparison.rows)
        #expect(decoded.rounds == 8)
    }

    @Test func olderBuildsRunWithoutTheOptionsTheyDoNotKnow() {
        let help = "USAGE: tessera-bench run [--layouts <layouts>] [--items <counts>] [--seed <seed>] [--quick]"
        let (kept, dropped) = ABTrials.supported(
            [
                "--layouts", "flow", "--items=10k", "--quick", "--seed", "-3", "--target-strategy", "interval-tree",
                "--new-flag",
            ],
            byHelp: help
        )
        #expect(kept == ["--layouts", "flow", "--items=10k", "--quick", "--seed", "-3"])
        #expect(dropped == ["--target-strategy", "interval-tree", "--new-flag"])
    }

    @Test func theBaseRevisionIsTheOneAskedForElseOriginMainElseTheLastCommit() {
        typealias Facts = BaseRevision.Facts
        #expect(
            BaseRevision.choose(
                Facts(requested: "v1.2", originMainExists: true, originMainIsHead: false, hasChanges: false)
            ).revision == "v1.2")
        #expect(
            BaseRevision.choose(
                Facts(requested: "", originMainExists: true, originMainIsHead: false, hasChanges: false)
            ).revision == "origin/main")
        let onMain = BaseRevision.choose(
            Facts(requested: nil, originMainExists: true, originMainIsHead: true, hasChanges: false))
        #expect(onMain.revision == "HEAD~1")
        #expect(onMain.note != nil)
        #expect(
            BaseRevision.choose(Facts(requested: nil, originMainExists: true, originMainIsHead: true, hasChanges: true))
                .revision == "origin/main")
        #expect(
            BaseRevision.choose(
                Facts(requested: nil, originMainExists: false, originMainIsHead: false, hasChanges: false)
            ).revision == "HEAD~1")
    }
}

@Suite struct ABGateTests {
    let tests = ABComparisonTests()

    func rounds(_ count: Int, slowdown: Double, seed: UInt64) -> [(base: BenchmarkReport, head: BenchmarkReport)] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { _ in
            let noise = { 1 + Double.random(in: -0.02...0.02, using: &generator) }
            return (base: tests.report(query: 100 * noise()), head: tests.report(query: 100 * slowdown * noise()))
        }
    }

    func comparison(_ rounds: [(base: BenchmarkReport, head: BenchmarkReport)], gate: Set<BenchmarkOperation>? = nil)
        -> ABComparison
    {
        ABComparison(
            rounds: rounds, orders: Array(repeating: [.base, .head], count: rounds.count), base: "base", head: "head",
            runArguments: [], droppedForBase: [], threshold: 0.03, gate: gate,
            design: SequentialDesign(budget: 30, every: 10))
    }

    @Test func aLookTooEarlyDecidesNothingAndALaterOneDecides() {
        #expect(!comparison(rounds(10, slowdown: 1.2, seed: 1)).gateIsDecided, "no look at 10 rounds")
        let plain = comparison(rounds(11, slowdown: 3, seed: 1))
        #expect(
            plain.gateIsDecided && plain.regressions.map(\.operation) == [.query], "a 3× slowdown, at the first look")
        let slow = comparison(rounds(20, slowdown: 1.2, seed: 1))
        #expect(slow.gateIsDecided && slow.regressions.map(\.operation) == [.query])
        let same = comparison(rounds(20, slowdown: 1, seed: 2))
        #expect(same.gateIsDecided && same.regressions.isEmpty, "every interval at or below 1.03")
        #expect(same.detectability?.hasPrefix("could detect a change of ±") == true)
    }

    @Test func aRegressionFailsOnlyWhenTheSecondSetOfRoundsConfirmsIt() {
        var confirmed = comparison(rounds(20, slowdown: 1.2, seed: 3))
        confirmed.confirm(with: rounds(10, slowdown: 1.2, seed: 4))
        #expect(confirmed.regressions.map(\.operation) == [.query])
        #expect(confirmed.rows.first { $0.operation == .query }?.confirmation?.confirmed == true)

        var unconfirmed = comparison(rounds(20, slowdown: 1.2, seed: 3))
        unconfirmed.confirm(with: rounds(10, slowdown: 1, seed: 5))
        #expect(unconfirmed.regressions.isEmpty)
        #expect(unconfirmed.rows.first { $0.operation == .query }?.verdictLabel == "regression (not confirmed)")
    }

    @Test func aRegressionOutsideTheGateIsReportedButDoesNotFail() {
        let ungated = comparison(rounds(20, slowdown: 1.2, seed: 3), gate: [.prepareWarm])
        let query = ungated.rows.first { $0.operation == .query }
        #expect(query?.verdict == .regression && query?.verdictLabel == "regression (not gated)")
        #expect(ungated.regressions.isEmpty)
    }

    @Test func theDefaultTimeLimitIsTenTimesBasesFirstRunAndAtLeastAMinute() {
        #expect(ABTrials.defaultTimeLimit(basesFirstRun: 1) == 60)
        #expect(ABTrials.defaultTimeLimit(basesFirstRun: 20) == 200)
    }
}
