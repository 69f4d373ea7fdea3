import Foundation

/// github-action-benchmark's `customSmallerIsBetter` tool: a JSON array of `{"name", "unit", "value", "range",
/// "extra"}`, as its README documents it (`range` and `extra` are optional strings; the chart shows `range` beside
/// the value and `extra` in the tooltip). One entry a figure, named by its series so each measure charts apart.
package enum GitHubActionBenchmark {
    struct Entry: Encodable {
        var name: String
        var unit: String
        var value: Double
        var range: String?
        var extra: String?
    }

    /// The run's figures as one `customSmallerIsBetter` document.
    package static func document(_ run: RecordedRun) throws -> Data {
        let entries = run.metrics.map { metric in
            Entry(
                name: metric.series, unit: metric.measure.unit, value: metric.value,
                range: metric.lower.flatMap { lower in
                    metric.upper.map { upper in
                        "95% interval \(format(lower, metric.measure)) to \(format(upper, metric.measure))"
                    }
                },
                extra: "commit \(run.commit)\nmachine \(run.machine)\n\(run.workload)")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(entries)
    }

    private static func format(_ value: Double, _ measure: Measure) -> String {
        measure == .latency ? TerminalTable.duration(value) : String(format: "%.4g", value)
    }
}
