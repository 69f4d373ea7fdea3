#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Nanoseconds on the monotonic clock.
@inlinable @inline(__always) package func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Times `body` once, in nanoseconds.
@inlinable @inline(__always) package func timed(_ body: () throws -> Void) rethrows -> UInt64 {
    let start = monotonicNanoseconds()
    try body()
    return monotonicNanoseconds() - start
}

/// What reading the clock costs on this machine, measured at the start of every run and recorded in its report.
///
/// A timed operation pays one clock read on top of its own time, and reads are rounded to the clock's grid. An
/// operation of 60 ns timed alone is a third clock; batching operations between two reads makes that a share of a
/// percent (`batchNanoseconds`).
package struct ClockCalibration: Codable, Hashable, Sendable {
    /// The mean time between two back-to-back reads: what one read adds to anything timed.
    package var overheadNanoseconds: Double
    /// The smallest step between two reads that differ: the clock's grid.
    package var resolutionNanoseconds: Double

    /// Reads the clock back to back, `chunks` times `reads` reads: about 2 ms. The overhead is the median chunk's
    /// mean, so that a preemption, which lands in one chunk, does not inflate it (a mean over all reads rises by
    /// 40 ns for each 4 ms time slice lost).
    package static func measure(chunks: Int = 100, reads: Int = 1_000) -> ClockCalibration {
        var smallestStep = UInt64.max
        var chunkMeans: [Double] = []
        chunkMeans.reserveCapacity(chunks)
        for _ in 0..<chunks {
            var previous = monotonicNanoseconds()
            let first = previous
            for _ in 0..<reads {
                let now = monotonicNanoseconds()
                if now > previous { smallestStep = Swift.min(smallestStep, now - previous) }
                previous = now
            }
            chunkMeans.append(Double(previous - first) / Double(reads))
        }
        chunkMeans.sort()
        return ClockCalibration(
            overheadNanoseconds: chunkMeans[chunkMeans.count / 2],
            resolutionNanoseconds: smallestStep == .max ? 0 : Double(smallestStep)
        )
    }

    /// How long a batch of operations between two clock reads lasts at least: long enough that the clock's cost
    /// and its grid are under half a percent of it, and never under 10 µs.
    package var batchNanoseconds: Double {
        Swift.max(10_000, 200 * Swift.max(overheadNanoseconds, resolutionNanoseconds))
    }

    /// How many operations a batch takes, timing consecutive calls of `operation` (given its call number) until
    /// they add up to one batch or `limit` calls were made: once to warm caches, branch predictors and buffers (a
    /// first call can be many times slower), then twice for the estimate, keeping the faster, so that a preemption
    /// does not make a short operation look long. An operation as long as a batch is timed alone; one over a
    /// millisecond is called only once here (a preemption within one short call is rare, and probing a naive
    /// prepare at 1M thrice would cost seconds). `now` reads the clock (the monotonic clock; a test's own).
    func batchSize(limit: Int, now: () -> UInt64 = monotonicNanoseconds, _ operation: (Int) throws -> Void) rethrows
        -> Int
    {
        let limit = Swift.max(limit, 1)
        var perCall = Double.infinity
        for probe in 0..<3 {
            let start = now()
            var calls = 0
            var elapsed = 0.0
            repeat {
                try operation(calls)
                calls += 1
                elapsed = Double(now() - start)
            } while calls < limit && elapsed < batchNanoseconds
            if probe == 0 {
                if calls == 1 && elapsed >= Self.longOperationNanoseconds { return 1 }
                continue
            }
            perCall = Swift.min(perCall, elapsed / Double(calls))
        }
        guard perCall < batchNanoseconds else { return 1 }
        return Swift.min(Swift.max(Int((batchNanoseconds / Swift.max(perCall, 1)).rounded(.up)), 1), limit)
    }

    /// An operation whose first call takes this long is timed alone without further probing.
    static let longOperationNanoseconds = 1_000_000.0
}
