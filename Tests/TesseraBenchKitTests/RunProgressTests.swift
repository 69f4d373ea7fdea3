import Testing

@testable import TesseraBenchKit

/// The time left is what the measurements to come took where they were made before: the same strategy and count on
/// an earlier layout, else the nearest smaller count scaled by its elements, else the run's rate per element.
@Suite struct RunProgressTests {
    typealias Measurement = RunProgress.Measurement
    let naiveSmall = Measurement(strategy: "naive-dictionary", items: 100_000)
    let naiveLarge = Measurement(strategy: "naive-dictionary", items: 1_000_000)
    let engineSmall = Measurement(strategy: "soa-binary-search", items: 100_000)
    let engineLarge = Measurement(strategy: "soa-binary-search", items: 1_000_000)

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

    @Test func aStrategyNotYetSeenTakesTheRunsRatePerElement() {
        let progress = RunProgress([engineSmall, naiveSmall])
        progress.record(engineSmall, seconds: 4)
        progress.done = 1
        #expect(progress.timeLeft(elapsed: 4) == 4)
    }

    @Test func durationsReadAsSecondsMinutesAndHours() {
        #expect(RunProgress.duration(42) == "42 s")
        #expect(RunProgress.duration(180) == "3 min")
        #expect(RunProgress.duration(3_900) == "65 min")
        #expect(RunProgress.duration(5_400) == "1 h 30 min")
    }
}
