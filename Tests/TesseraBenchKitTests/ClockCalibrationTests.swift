import Testing

@testable import TesseraBenchKit

/// The clock's calibration and the batch sizes drawn from it. Batch sizing reads a clock of the test's own, which
/// each operation advances by its pretended duration: nothing here depends on how fast this machine is.
@Suite struct ClockCalibrationTests {
    /// A clock read costing 20 ns on a 10 ns grid: batches of 10 µs.
    let clock = ClockCalibration(overheadNanoseconds: 20, resolutionNanoseconds: 10)

    /// A clock that moves only when an operation says it took time.
    final class PretendClock {
        var nanoseconds: UInt64 = 1_000
        func read() -> UInt64 { nanoseconds }
    }

    @Test func theMeasuredClockIsPlausible() {
        let measured = ClockCalibration.measure()
        #expect(measured.overheadNanoseconds > 0 && measured.overheadNanoseconds.isFinite, "\(measured)")
        #expect(measured.resolutionNanoseconds > 0 && measured.resolutionNanoseconds.isFinite, "\(measured)")
        #expect(measured.batchNanoseconds >= 10_000)
    }

    @Test func aBatchIsTenMicrosecondsOr200Reads() {
        #expect(clock.batchNanoseconds == 10_000)
        #expect(ClockCalibration(overheadNanoseconds: 100, resolutionNanoseconds: 30).batchNanoseconds == 20_000)
        #expect(ClockCalibration(overheadNanoseconds: 20, resolutionNanoseconds: 1_000).batchNanoseconds == 200_000)
    }

    @Test func aShortOperationFillsABatch() {
        let time = PretendClock()
        #expect(clock.batchSize(limit: 1_000, now: time.read) { _ in time.nanoseconds += 100 } == 100)
    }

    @Test func aSlowFirstCallDoesNotMakeAShortOperationTimedAlone() {
        // Batches of 50 µs; the first call takes 400 µs (cold caches), well under the millisecond past which an
        // operation is timed alone, and the others 1 µs.
        let clock = ClockCalibration(overheadNanoseconds: 20, resolutionNanoseconds: 250)
        let time = PretendClock()
        let batch = clock.batchSize(limit: 1_000, now: time.read) { _ in
            time.nanoseconds += time.nanoseconds == 1_000 ? 400_000 : 1_000
        }
        #expect(batch == 50)
    }

    @Test func aPreemptionInOneProbeDoesNotMakeAShortOperationLookLong() {
        // The second probe loses 4 ms to a preemption; the third sees the calls' own 1 µs.
        let time = PretendClock()
        var calls = 0
        let batch = clock.batchSize(limit: 1_000, now: time.read) { _ in
            calls += 1
            time.nanoseconds += calls == 12 ? 4_000_000 : 1_000
        }
        #expect(batch == 10)
    }

    @Test func anOperationAsLongAsABatchIsTimedAlone() {
        let time = PretendClock()
        #expect(clock.batchSize(limit: 1_000, now: time.read) { _ in time.nanoseconds += 50_000 } == 1)
    }

    @Test func aLongOperationIsCalledOnceToSizeItsBatch() {
        let time = PretendClock()
        var calls = 0
        let batch = clock.batchSize(limit: 1_000, now: time.read) { _ in
            calls += 1
            time.nanoseconds += 1_500_000
        }
        #expect(batch == 1)
        #expect(calls == 1)
    }

    @Test func theBatchStopsAtItsLimit() {
        let time = PretendClock()
        #expect(clock.batchSize(limit: 7, now: time.read) { _ in time.nanoseconds += 1 } == 7)
        #expect(clock.batchSize(limit: 0, now: time.read) { _ in time.nanoseconds += 1 } == 1)
    }
}
