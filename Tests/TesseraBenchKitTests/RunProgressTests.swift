import Testing

@testable import TesseraBenchKit

/// The time left is what the measurements to come took, per byte they hold, where they were made before: the same
/// strategy and count on an earlier layout, else the line through the two nearest smaller counts, else the nearest
/// smaller count, else the run's rate so far.
@Suite struct RunProgressTests {
    typealias Measurement = RunProgress.Measurement
    let naiveSmall = Measurement(strategy: "naive-dictionary", items: 100_000, bytesPerElement: 800)
    let naiveLarge = Measurement(strategy: "naive-dictionary", items: 1_000_000, bytesPerElement: 800)
    let engineSmall = Measurement(strategy: "soa-binary-search", items: 100_000, bytesPerElement: 200)
    let engineLarge = Measurement(strategy: "soa-binary-search", items: 1_000_000, bytesPerElement: 200)

    @Test func aSecondLayoutIsExpectedToTakeWhatTheFirstTook() {
        // Two layouts of four measurements; the first layout's are made.
        let progress = RunProgress([
            naiveSmall, engineSmall, naiveLarge, engineLarge, naiveSmall, engineSmall, naiveLarge, engineLarge,
        ])
        for (measurement, seconds) in [(naiveSmall, 10.0), (engineSmall, 1.0), (naiveLarge, 100.0), (engineLarge, 2.0)]
        {
            progress.record(measurement, seconds: seconds)
        }
        progress.done = 4
        #expect(progress.timeLeft(elapsed: 113) == 113)
    }

    @Test func aLargerCountIsScaledFromTheSameStrategysSmallerOne() {
        let progress = RunProgress([naiveSmall, engineSmall, naiveLarge, engineLarge])
        progress.record(naiveSmall, seconds: 10)
        progress.record(engineSmall, seconds: 1)
        progress.done = 2
        #expect(progress.timeLeft(elapsed: 11) == 100 + 10)
    }

    /// 2 s at 100k and 3 s at 1M: a second of fixed costs and of a rate that 10M spends ten times. A line that would
    /// shrink (4 s, then 3 s) stops at the nearest count's time; one steeper than the nearest count's rate (0.1 s,
    /// then 3 s) stops at that rate.
    @Test(arguments: [
        (small: 2.0, large: 3.0, expected: 13.0), (small: 4, large: 3, expected: 3),
        (small: 0.1, large: 3, expected: 30),
    ])
    func aLargerCountFollowsTheLineThroughTwoSmallerOnes(seconds: (small: Double, large: Double, expected: Double)) {
        let engineHuge = Measurement(strategy: "soa-binary-search", items: 10_000_000, bytesPerElement: 200)
        let progress = RunProgress([engineSmall, engineLarge, engineHuge])
        progress.record(engineSmall, seconds: seconds.small)
        progress.record(engineLarge, seconds: seconds.large)
        progress.done = 2
        #expect(abs(progress.timeLeft(elapsed: seconds.small + seconds.large) - seconds.expected) < 1e-9)
    }

    /// Counts at or below the fewest elements the estimates are fitted at weigh the same: no line runs through them.
    @Test func twoCountsOfOneWeightGiveTheNearestOnesRate() {
        let tiny = Measurement(strategy: "soa-binary-search", items: 1_000, bytesPerElement: 200)
        let floor = Measurement(strategy: "soa-binary-search", items: 10_000, bytesPerElement: 200)
        let progress = RunProgress([tiny, floor, engineSmall])
        progress.record(tiny, seconds: 2)
        progress.record(floor, seconds: 3)
        progress.done = 2
        #expect(abs(progress.timeLeft(elapsed: 5) - 3 * engineSmall.weight / floor.weight) < 1e-9)
    }

    @Test func aStrategyNotYetSeenTakesTheRunsRatePerByte() {
        // The naive design took 40 s at 800 bytes an element: the engine, at 200, is expected to take a quarter.
        let progress = RunProgress([naiveSmall, engineSmall])
        progress.record(naiveSmall, seconds: 40)
        progress.done = 1
        #expect(progress.timeLeft(elapsed: 40) == 10)
    }

    @Test func anotherLayoutOfTheSameStrategyIsScaledByWhatItHolds() {
        let flow = engineSmall
        var sticky = engineSmall
        sticky.bytesPerElement = 300
        let progress = RunProgress([flow, sticky])
        progress.record(flow, seconds: 2)
        progress.done = 1
        #expect(progress.timeLeft(elapsed: 2) == 3)
    }

    @Test func smallCountsWeighAsTheFloorDoes() {
        let tiny = Measurement(strategy: "soa-binary-search", items: 1_000, bytesPerElement: 200)
        let floor = Measurement(strategy: "soa-binary-search", items: 20_000, bytesPerElement: 200)
        #expect(tiny.weight == floor.weight)
    }

    @Test func durationsReadAsSecondsMinutesAndHours() {
        #expect(RunProgress.duration(42) == "42 s")
        #expect(RunProgress.duration(180) == "3 min")
        #expect(RunProgress.duration(3_900) == "65 min")
        #expect(RunProgress.duration(5_400) == "1 h 30 min")
    }
}
