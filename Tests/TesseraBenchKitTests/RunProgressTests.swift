import Testing

@testable import TesseraBenchKit

/// The time left is what the measurements to come took, per byte they hold, where they were made before: the same
/// strategy and count on an earlier layout, else the nearest smaller count, else the run's rate so far.
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
