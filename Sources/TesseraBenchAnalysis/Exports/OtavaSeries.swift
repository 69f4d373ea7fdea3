import Foundation
import TesseraBenchKit

/// A series Apache Otava's JSON test type reads (`type: json` in `otava.yaml`, Otava 0.8.0): an array of runs,
/// oldest first, each `{"timestamp", "metrics": [{"name", "value"}], "attributes": {"commit", "branch"}}`, the
/// timestamp in seconds since 1970. `otava analyze` then finds the change points of each metric.
///
/// Otava's JSON importer lines each metric's values up with the runs by position, so every run must hold every
/// metric: only the figures all the runs have are written (`commonSeries` says which). It also takes every metric
/// as higher-is-better, so its report shows a slowdown as a positive change; the change points are the same.
package enum OtavaSeries {
    struct Run: Encodable {
        struct Value: Encodable {
            var name: String
            var value: Double
        }

        var timestamp: Int64
        var metrics: [Value]
        var attributes: [String: String]
    }

    /// The figures (by `Metric.series`) every one of `runs` holds, sorted: what the document carries.
    package static func commonSeries(_ runs: [RecordedRun]) -> [String] {
        guard let first = runs.first else { return [] }
        var common = Set(first.metrics.map(\.series))
        for run in runs.dropFirst() { common.formIntersection(run.metrics.map(\.series)) }
        return common.sorted()
    }

    /// The runs, oldest first, with the figures they all hold.
    ///
    /// - Throws: `ExportError.noCommonFigure` when the runs share no figure (every entry would hold none), and
    ///   `ExportError.time` for a run whose time no timestamp holds.
    package static func document(_ runs: [RecordedRun]) throws -> Data {
        let common = Set(commonSeries(runs))
        guard !common.isEmpty else { throw ExportError.noCommonFigure(runs: runs.count) }
        let series = try runs.sorted { $0.time < $1.time }.map { run in
            var attributes = ["commit": run.commit, "machine": run.machine]
            // Otava filters by branch when its config names a base_branch; a run without one matches no filter.
            attributes["branch"] = run.branch ?? ""
            let timestamp: Int64
            do throws(RecordedTime.Refusal) {
                timestamp = try RecordedTime.secondsSince1970(run.time)
            } catch {
                throw ExportError.time(error)
            }
            return Run(
                timestamp: timestamp,
                metrics: run.metrics.filter { common.contains($0.series) }.sorted { $0.series < $1.series }.map {
                    Run.Value(name: $0.series, value: $0.value)
                },
                attributes: attributes)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(series)
    }
}
