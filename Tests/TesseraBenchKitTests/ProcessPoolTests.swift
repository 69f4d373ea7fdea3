import Foundation
import Testing

@testable import TesseraBenchKit
@testable import TesseraNative

/// `--processes`: each process's medians pooled, the processes the samples of each target's interval.
@Suite struct ProcessPoolTests {
    /// One process's measurement of the waterfall's scroll: the Swift soa at `swift` ns, the C at 50 ns, and the
    /// soa's median ratio over the C `ratio`, its interval a round either side.
    func process(swift: Double, ratio: Double) -> NativeComparison.Measurement {
        let timings = [
            NativeComparison.Timing(
                layout: .waterfall, trace: .scroll, candidate: .swiftSoA, nanosecondsPerQuery: swift),
            NativeComparison.Timing(layout: .waterfall, trace: .scroll, candidate: .cFlat, nanosecondsPerQuery: 50),
        ]
        let interval = MedianInterval([ratio - 0.1, ratio - 0.05, ratio, ratio, ratio + 0.05, ratio + 0.1])
        let ratios = [
            NativeComparison.Ratio(
                layout: .waterfall, trace: .scroll, candidate: .swiftSoA, yardstick: .cFlat, interval: interval,
                limit: 1.3)
        ]
        return NativeComparison.Measurement(timings: timings, ratios: ratios)
    }

    @Test func eachTargetIsJudgedOnTheMedianOfTheProcessesMedians() throws {
        let ratios = [1.1, 1.5, 1.2, 1.25, 1.0, 1.4, 1.35]
        let processes = ratios.enumerated().map { process(swift: 50 + Double($0.offset), ratio: $0.element) }
        let pooled = try NativeComparison.Measurement.pooled(processes)
        #expect(pooled.timings.map(\.nanosecondsPerQuery) == [53, 50])
        let ratio = try #require(pooled.ratios.first)
        #expect(pooled.ratios.count == 1)
        #expect(ratio.median == 1.25)
        // Seven processes: the 95% interval runs from the smallest median to the largest.
        #expect(ratio.interval?.lower == 1.0)
        #expect(ratio.interval?.upper == 1.5)
        #expect(ratio.limit == 1.3)
        #expect(ratio.met)
    }

    @Test func fewerThanSixProcessesAreRefused() {
        #expect(throws: ProcessPool.Failure.tooFewProcesses(5)) {
            try NativeComparison.Measurement.pooled(Array(repeating: process(swift: 50, ratio: 1), count: 5))
        }
    }

    @Test func processesThatMeasuredDifferentThingsAreRefused() {
        var processes = Array(repeating: process(swift: 50, ratio: 1), count: 6)
        processes[3].ratios[0].trace = .jumps
        #expect(throws: ProcessPool.Failure.self) { try NativeComparison.Measurement.pooled(processes) }
        processes = Array(repeating: process(swift: 50, ratio: 1), count: 6)
        processes[5].ratios[0].interval = nil
        #expect(throws: ProcessPool.Failure.self) { try NativeComparison.Measurement.pooled(processes) }
    }

    @Test func floorsArePooledAlike() throws {
        let processes = (0..<6).map { process in
            PrepareFloors.Measurement(
                timings: [
                    PrepareFloors.Timing(
                        layout: .flow, candidate: .warmPrepare, nanosecondsPerElement: 9 + Double(process))
                ],
                ratios: [
                    PrepareFloors.Ratio(
                        layout: .flow, candidate: .warmPrepare, yardstick: .fillFloor,
                        interval: MedianInterval(Array(repeating: 1.6 + Double(process) / 10, count: 6)), limit: 1.5
                    )
                ]
            )
        }
        let pooled = try PrepareFloors.Measurement.pooled(processes)
        #expect(pooled.timings.map(\.nanosecondsPerElement) == [11.5])
        #expect(pooled.ratios.map(\.median) == [1.85])
        #expect(pooled.ratios.map(\.limit) == [1.5])
    }

    @Test func aMeasurementReadsBackAsItWasPrinted() throws {
        let measurement = process(swift: 61.5, ratio: 1.23)
        let read = try JSONDecoder().decode(NativeComparison.Measurement.self, from: JSONEncoder().encode(measurement))
        #expect(read.timings.map(\.poolKey) == measurement.timings.map(\.poolKey))
        #expect(read.timings.map(\.nanosecondsPerQuery) == measurement.timings.map(\.nanosecondsPerQuery))
        #expect(read.ratios.map(\.interval) == measurement.ratios.map(\.interval))
    }
}
