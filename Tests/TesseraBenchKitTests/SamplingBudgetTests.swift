import Foundation
import Testing

@testable import TesseraBenchKit

/// When sampling stops: at the minimum count once the minimum time has passed, at the maximum count, or at the first
/// odd count once the maximum time has passed.
@Suite struct SamplingBudgetTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var budget: SamplingBudget
        /// How long each sample sleeps.
        var seconds: Double
        /// The counts the budget may stop at: one where time cannot change it, two where a slow machine may.
        var counts: Set<Int>
        var testDescription: String

        init(_ description: String, _ budget: SamplingBudget, sleeping seconds: Double = 0, counts: Set<Int>) {
            self.budget = budget
            self.seconds = seconds
            self.counts = counts
            testDescription = description
        }
    }

    @Test(arguments: [
        Case(
            "a fast operation", SamplingBudget(minSamples: 3, maxSamples: 10, minSeconds: 0, maxSeconds: 60),
            counts: [3]),
        Case("the maximum count first", SamplingBudget(minSamples: 3, maxSamples: 10, minSeconds: 60), counts: [10]),
        Case(
            "a maximum time of none", SamplingBudget(minSamples: 3, maxSamples: 10, minSeconds: 0, maxSeconds: 0),
            counts: [1]),
        Case(
            "an operation longer than the maximum time",
            SamplingBudget(minSamples: 3, maxSamples: 10, minSeconds: 0, maxSeconds: 0.02), sleeping: 0.03, counts: [1]),
        // Two samples of 15 ms pass 20 ms; the median of two would be the faster, so a third is taken (or, where the
        // first sample alone passes it, one).
        Case(
            "past the maximum time, an odd count",
            SamplingBudget(minSamples: 10, maxSamples: 10, minSeconds: 0, maxSeconds: 0.02), sleeping: 0.015,
            counts: [1, 3]),
        Case(
            "a slow operation without a maximum time",
            SamplingBudget(minSamples: 3, maxSamples: 10, minSeconds: 0), sleeping: 0.03, counts: [3]),
    ])
    func samplingStops(_ example: Case) {
        let samples = example.budget.collect { _ in
            if example.seconds > 0 { Thread.sleep(forTimeInterval: example.seconds) }
            return 1
        }
        #expect(example.counts.contains(samples.count), "\(samples.count) samples")
    }
}
