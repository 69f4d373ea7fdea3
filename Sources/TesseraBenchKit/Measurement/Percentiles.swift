import Histogram

/// The percentiles a report gives, read from an HdrHistogram of the samples (three significant digits), in
/// nanoseconds.
package struct Percentiles: Codable, Hashable, Sendable {
    package var median: Double
    package var p90: Double
    package var p99: Double

    /// Samples are recorded in picoseconds, so a batch's mean of 60.4 ns keeps its fraction.
    package init(of samples: [Double]) {
        var histogram = Histogram<UInt64>(numberOfSignificantValueDigits: .three)
        histogram.autoResize = true
        for sample in samples { _ = histogram.record(UInt64(Swift.max(sample * 1_000, 1).rounded())) }
        func percentile(_ value: Double) -> Double { Double(histogram.valueAtPercentile(value)) / 1_000 }
        median = percentile(50)
        p90 = percentile(90)
        p99 = percentile(99)
    }
}
