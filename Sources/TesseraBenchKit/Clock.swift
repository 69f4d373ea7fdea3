#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Nanoseconds on the monotonic clock.
@inline(__always) func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Times `body` once, in nanoseconds.
@inline(__always) func timed(_ body: () throws -> Void) rethrows -> UInt64 {
    let start = monotonicNanoseconds()
    try body()
    return monotonicNanoseconds() - start
}

/// What reading the clock costs on this machine, measured at the start of every run and recorded in its report.
///
/// A timed operation pays one clock read on top of its own time, and reads are rounded to the clock's grid. An
/// operation of 60 ns timed alone is a third clock; batching operations between two reads makes that a share of a
/// percent (`batchNanoseconds`).
public struct ClockCalibration: Codable, Hashable, Sendable {
    /// The mean time between two back-to-back reads: what one read adds to anything timed.
    public var overheadNanoseconds: Double
    /// The smallest step between two reads that differ: the clock's grid.
    public var resolutionNanoseconds: Double

    public init(overheadNanoseconds: Double, resolutionNanoseconds: Double) {
        self.overheadNanoseconds = overheadNanoseconds
        self.resolutionNanoseconds = resolutionNanoseconds
    }

    /// Reads the clock back to back: about 2 ms.
    public static func measure(reads: Int = 100_000) -> ClockCalibration {
        var smallestStep = UInt64.max
        var previous = monotonicNanoseconds()
        let first = previous
        for _ in 0..<reads {
            let now = monotonicNanoseconds()
            if now > previous { smallestStep = Swift.min(smallestStep, now - previous) }
            previous = now
        }
        return ClockCalibration(
            overheadNanoseconds: Double(previous - first) / Double(reads),
            resolutionNanoseconds: smallestStep == .max ? 0 : Double(smallestStep)
        )
    }

    /// How long a batch of operations between two clock reads lasts at least: long enough that the clock's cost
    /// and its grid are under half a percent of it, and never under 10 µs.
    public var batchNanoseconds: Double {
        Swift.max(10_000, 200 * Swift.max(overheadNanoseconds, resolutionNanoseconds))
    }

    /// How many operations a batch takes, timing consecutive calls of `operation` (given its call number) until
    /// they add up to one batch or `limit` calls were made: once to warm caches and branch predictors, then again
    /// for the estimate. An operation as long as a batch is timed alone, and called once here.
    func batchSize(limit: Int, _ operation: (Int) throws -> Void) rethrows -> Int {
        let limit = Swift.max(limit, 1)
        var calls = 0
        var elapsed = 0.0
        for _ in 0..<2 {
            let start = monotonicNanoseconds()
            calls = 0
            repeat {
                try operation(calls)
                calls += 1
                elapsed = Double(monotonicNanoseconds() - start)
            } while calls < limit && elapsed < batchNanoseconds
            if calls == 1 { return 1 }
        }
        let perCall = Swift.max(elapsed / Double(calls), 1)
        return Swift.min(Swift.max(Int((batchNanoseconds / perCall).rounded(.up)), 1), limit)
    }
}
