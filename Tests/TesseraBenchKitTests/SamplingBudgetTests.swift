import Foundation
import Testing

@testable import TesseraBenchKit

/// When sampling stops: at the minimum count once the minimum time has passed, at the maximum count, or at the first
/// odd count once the maximum time has passed.
@Suite struct SamplingBudgetTests {
    @Test func aFastOperationTakesItsMinimumSamples() {
        let budget = SamplingBudget(minSamples: 3, maxSamples: 10, minSeconds: 0, maxSeconds: 60)
        #expect(budget.collect { Double($0) }.count == 3)
    }

    @Test func theMaximumCountEndsSamplingBeforeTheMinimumTime() {
        let budget = SamplingBudget(minSamples: 3, maxSamples: 10, minSeconds: 60)
        #expect(budget.collect { Double($0) }.count == 10)
    }

    @Test func anOperationLongerThanTheMaximumTimeIsSampledOnce() {
        let budget = SamplingBudget(minSamples: 3, maxSamples: 10, minSeconds: 0, maxSeconds: 0.02)
        let samples = budget.collect { _ in
            Thread.sleep(forTimeInterval: 0.03)
            return 1
        }
        #expect(samples.count == 1)
    }

    @Test func aMaximumTimeOfNoneStillTakesOneSample() {
        let budget = SamplingBudget(minSamples: 3, maxSamples: 10, minSeconds: 0, maxSeconds: 0)
        #expect(budget.collect { Double($0) }.count == 1)
    }

    /// Two samples of 15 ms pass the maximum of 20 ms; the median of two would be the faster, so a third is taken
    /// (or, on a machine slow enough that the first sample passes it, one).
    @Test func pastTheMaximumTimeSamplingStopsAtAnOddCount() {
        let budget = SamplingBudget(minSamples: 10, maxSamples: 10, minSeconds: 0, maxSeconds: 0.02)
        let samples = budget.collect { _ in
            Thread.sleep(forTimeInterval: 0.015)
            return 1
        }
        #expect(samples.count == 3 || samples.count == 1, "\(samples.count) samples")
    }

    @Test func withoutAMaximumTimeASlowOperationTakesItsMinimumSamples() {
        let budget = SamplingBudget(minSamples: 3, maxSamples: 10, minSeconds: 0)
        let samples = budget.collect { _ in
            Thread.sleep(forTimeInterval: 0.03)
            return 1
        }
        #expect(samples.count == 3)
    }
}
