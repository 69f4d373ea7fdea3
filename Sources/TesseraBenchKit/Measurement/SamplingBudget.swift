import Histogram

/// How long to keep sampling one operation: until it has `minSamples` samples and `minSeconds` have passed, or
/// until it has `maxSamples`, or, once `maxSeconds` have passed, at the first odd count, whichever comes first. The
/// seconds are those spent sampling, untimed set-up (a cold prepare's fresh layouts) included. One sample past
/// `minSeconds` (two past `maxSeconds`) is the most it overruns.
///
/// `maxSeconds` binds only an operation whose samples take a good share of it each: at 1M items, the tutorials'
/// designs, which take hundreds of times the engine's time, so that their ratio to it needs no tight interval. The
/// count it stops at is odd so that the median is a sample, not the lower of two middle ones.
package struct SamplingBudget: Hashable, Sendable {
    var minSamples: Int
    var maxSamples: Int
    var minSeconds: Double
    var maxSeconds = Double.infinity

    /// Prepares and updates: a few samples; at 1M items a naive prepare, more than half a second, is sampled once.
    package static let prepare = SamplingBudget(minSamples: 3, maxSamples: 200, minSeconds: 0.5, maxSeconds: 0.5)
    /// Queries: one sample a frame of the trace; at 1M items a naive query of 0.2 s is sampled for two seconds.
    package static let query = SamplingBudget(minSamples: 30, maxSamples: 50_000, minSeconds: 0.5, maxSeconds: 2)
    /// A short run: a twentieth of a second an operation (or 5 samples, for the slowest), enough for a median that
    /// `ab`'s rounds can compare; a run of 2 samples, as this once was, averaged two warm-up passes.
    package static let quick = SamplingBudget(minSamples: 5, maxSamples: 200, minSeconds: 0.05)
    /// `tune`'s prepares and updates: a tenth of a second each, since its rounds give the confidence.
    package static let tunePrepare = SamplingBudget(minSamples: 3, maxSamples: 50, minSeconds: 0.1)
    /// `tune`'s queries: a round's median needs a few passes over the trace (a sample is a pass's mean query, or one
    /// query when a query is as long as a batch), not seconds.
    package static let tuneQuery = SamplingBudget(minSamples: 5, maxSamples: 5_000, minSeconds: 0.05)

    /// Calls `body` (which returns one sample: nanoseconds per operation, timing only what it means to time) within
    /// the budget.
    package func collect<Failure: Error>(_ body: (Int) throws(Failure) -> Double) throws(Failure) -> [Double] {
        var samples: [Double] = []
        // Reserved up front, so a sampled operation's allocation count does not include the samples' growth.
        samples.reserveCapacity(Swift.min(maxSamples, 1 << 16))
        let start = monotonicNanoseconds()
        while samples.count < maxSamples {
            let elapsed = Double(monotonicNanoseconds() - start) / 1e9
            if samples.count >= minSamples, elapsed >= minSeconds { break }
            if samples.count % 2 == 1, elapsed >= maxSeconds { break }
            samples.append(try body(samples.count))
        }
        // Copied to their count: a query reserves 50,000 samples (400 kB), which its result would otherwise hold
        // to the end of the run, one more for every operation measured.
        return samples.withUnsafeBufferPointer { Array($0) }
    }
}
