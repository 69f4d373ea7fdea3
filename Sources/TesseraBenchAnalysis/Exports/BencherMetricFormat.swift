import Foundation

/// Bencher Metric Format (BMF): the JSON `bencher run --adapter json` reads, as bencher.dev documents it,
/// `{"<benchmark>": {"<measure>": {"value", "lower_value", "upper_value"}}}`: one object a benchmark, one a measure
/// in it, the bounds optional. `latency` is Bencher's built-in measure, in nanoseconds; the others (bytes an element,
/// allocations an operation, `ab`'s HEAD/BASE ratio) are measures Bencher creates by their slug the first time.
package enum BencherMetricFormat {
    struct Value: Encodable {
        var value: Double
        var lowerValue: Double?
        var upperValue: Double?

        enum CodingKeys: String, CodingKey {
            case value
            case lowerValue = "lower_value"
            case upperValue = "upper_value"
        }
    }

    /// The run's figures as one BMF document.
    package static func document(_ run: RecordedRun) throws -> Data {
        var benchmarks: [String: [String: Value]] = [:]
        for metric in run.metrics {
            benchmarks[metric.benchmark.description, default: [:]][metric.measure.rawValue] = Value(
                value: metric.value, lowerValue: metric.lower, upperValue: metric.upper)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(benchmarks)
    }
}
