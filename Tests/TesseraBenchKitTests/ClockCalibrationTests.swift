import Foundation
import Testing
@testable import TesseraBenchKit

/// The clock's calibration and the batch sizes drawn from it. Sleeps give operations a floor on their duration, so
/// these hold on a loaded machine: nothing here depends on an operation being fast.
@Suite struct ClockCalibrationTests {
    /// A clock read costing 20 ns on a 10 ns grid: batches of 10 µs.
    let clock = ClockCalibration(overheadNanoseconds: 20, resolutionNanoseconds: 10)

    @Test func theMeasuredClockIsPlausible() {
        let measured = ClockCalibration.measure()
        #expect(measured.overheadNanoseconds > 0 && measured.overheadNanoseconds < 100_000, "\(measured)")
        #expect(measured.resolutionNanoseconds > 0 && measured.resolutionNanoseconds <= 1_000_000, "\(measured)")
        #expect(measured.batchNanoseconds >= 10_000)
    }

    @Test func aBatchIsTenMicrosecondsOr200Reads() {
        #expect(clock.batchNanoseconds == 10_000)
        #expect(ClockCalibration(overheadNanoseconds: 100, resolutionNanoseconds: 30).batchNanoseconds == 20_000)
        #expect(ClockCalibration(overheadNanoseconds: 20, resolutionNanoseconds: 1_000).batchNanoseconds == 200_000)
    }

    @Test func aSlowFirstCallDoesNotMakeAShortOperationTimedAlone() {
        // Batches of 50 µs, and the first call sleeps well under the millisecond past which an operation is timed
        // alone. A preemption that outlasts both later probes makes them look long, which a saturated two-core
        // machine did about one time in four; of three tries, one must see the short calls.
        let clock = ClockCalibration(overheadNanoseconds: 20, resolutionNanoseconds: 250)
        let batches = (0..<3).map { _ in
            var calls = 0
            return clock.batchSize(limit: 1_000) { _ in
                calls += 1
                if calls == 1 { usleep(400) }
            }
        }
        #expect(batches.contains { $0 > 1 }, "the first, cold call took 8 batches; the others are short: \(batches)")
    }

    @Test func anOperationAsLongAsABatchIsTimedAlone() {
        #expect(clock.batchSize(limit: 1_000) { _ in usleep(50) } == 1)
    }

    @Test func aLongOperationIsCalledOnceToSizeItsBatch() {
        var calls = 0
        let batch = clock.batchSize(limit: 1_000) { _ in
            calls += 1
            usleep(1_500)
        }
        #expect(batch == 1)
        #expect(calls == 1)
    }

    @Test func theBatchStopsAtItsLimit() {
        #expect(clock.batchSize(limit: 7) { _ in } == 7)
        #expect(clock.batchSize(limit: 0) { _ in } == 1)
    }
}
