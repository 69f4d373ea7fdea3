import Foundation
import Testing

@testable import TesseraBenchKit

/// When sampling stops: at the minimum count once the minimum time has passed, at the maximum count, or after one
/// sample once the maximum time has passed.
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

    @Test func withoutAMaximumTimeASlowOperationTakesItsMinimumSamples() {
        let budget = SamplingBudget(minSamples: 3, maxSamples: 10, minSeconds: 0)
        let samples = budget.collect { _ in
            Thread.sleep(forTimeInterval: 0.03)
            return 1
        }
        #expect(samples.count == 3)
    }
}
