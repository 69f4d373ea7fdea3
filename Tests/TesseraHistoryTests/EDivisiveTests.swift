import Foundation
import Testing

@testable import TesseraHistory

@Suite struct EDivisiveTests {
    /// A figure's run-to-run noise today, as a fraction: the median, over the 44 results of flow and waterfall
    /// for soa-binary-search and interval-tree at 100k items, of each result's coefficient of variation across 12
    /// `run --quick` processes on the 2-core machine (from 0.6% for a fill floor to 5% for flow's query and
    /// more for cold prepares; docs/notes/2026-11-26-history.md).
    static let measuredNoise = 0.021

    @Test func findsAnObviousStepAtItsFirstPoint() {
        let series = (0..<40).map { i in (i < 20 ? 100.0 : 110.0) + Double(i % 3) }
        let points = EDivisive().changePoints(in: series)
        #expect(points.map(\.index) == [20])
        #expect(abs(points[0].forwardChange - 10) < 0.5)
    }

    @Test func aFlatSeriesHasNoChangePoint() {
        let series = (0..<60).map { i in 100.0 + Double((i * 7) % 5) }
        #expect(EDivisive().changePoints(in: series).isEmpty)
    }

    @Test func shortConstantAndEmptySeriesHaveNone() {
        for series in [[], [1.0], [1, 2], Array(repeating: 5.0, count: 80)] {
            #expect(EDivisive().changePoints(in: series).isEmpty)
        }
    }

    @Test func studentsTailMatchesSciPy() {
        // Two-sided p-values of scipy.stats.t.sf(|t|, df) * 2.
        let p1 = EDivisive.regularizedIncompleteBeta(5, 0.5, 10 / (10 + 2.228138851986274 * 2.228138851986274))
        #expect(abs(p1 - 0.05) < 1e-12)
        let p2 = EDivisive.regularizedIncompleteBeta(29, 0.5, 58 / (58 + 9.0))
        #expect(abs(p2 / 0.00397427218436653 - 1) < 1e-10)
    }

    @Test func sumsInNumPysOrder() {
        let values = (0..<20).map { 0.1 * Double($0) + 1e-3 }
        #expect(abs(EDivisive.numpySum(values[...]) - values.reduce(0, +)) < 1e-12)
    }

    /// The target: a 10% step in 60 points at today's noise found at its first run in at least 95 of 100 seeded
    /// series, and nothing flagged in at least 95 of 100 flat ones.
    @Test func aTenPercentStepIsFoundAtItsCommitAndAFlatSeriesStaysQuiet() {
        let detector = EDivisive()
        var found = 0
        var quiet = 0
        for seed in 0..<100 as Range<UInt64> {
            let stepped = SyntheticSeries(seed: seed, noise: Self.measuredNoise, stepped: true)
            if detector.changePoints(in: stepped.values).map(\.index).contains(stepped.stepIndex!) { found += 1 }
            let flat = SyntheticSeries(seed: 1_000 + seed, noise: Self.measuredNoise, stepped: false)
            if detector.changePoints(in: flat.values).isEmpty { quiet += 1 }
        }
        #expect(found >= 95, "found the step at its first run in \(found) of 100")
        #expect(quiet >= 95, "flagged nothing in \(quiet) of 100 flat series")
    }
}
