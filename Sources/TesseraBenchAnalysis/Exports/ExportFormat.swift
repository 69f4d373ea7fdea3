import Foundation

/// The formats `tessera-bench export` and `history export` write.
package enum ExportFormat: String, CaseIterable, Sendable {
    case bmf
    case githubActionBenchmark = "github-action-benchmark"
    case otava
    case influx

    /// Whether the format holds a series of runs (one run a row or a line); the others hold one run.
    package var holdsSeries: Bool { self == .otava || self == .influx }

    /// The runs in this format.
    ///
    /// - Precondition: one run, unless the format `holdsSeries`.
    /// - Throws: `ExportError` for runs the format cannot hold.
    package func document(_ runs: [RecordedRun]) throws -> Data {
        precondition(holdsSeries || runs.count == 1, "\(rawValue) holds one run")
        return switch self {
        case .bmf: try BencherMetricFormat.document(runs[0])
        case .githubActionBenchmark: try GitHubActionBenchmark.document(runs[0])
        case .otava: try OtavaSeries.document(runs)
        case .influx: try InfluxLineProtocol.document(runs)
        }
    }
}
