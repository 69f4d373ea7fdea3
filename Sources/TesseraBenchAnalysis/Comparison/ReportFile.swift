import Foundation
import TesseraBenchKit

/// A file `tessera-bench` wrote: a run's report (`run --report`, timed or counted) or a comparison of two builds
/// (`ab --report`, timed or counted), told apart by its `tool` field. What `export` and `history add` take.
package enum ReportFile: Sendable {
    case run(BenchmarkReport)
    case ab(ABComparison)
    case countedAB(CountedComparison)

    /// Reads a report or a comparison, refusing anything else with the reason.
    package static func load(from url: URL) throws(ReportError) -> ReportFile {
        let data: Data
        switch JSONFile.data(at: url) {
        case .success(let bytes): data = bytes
        case .failure(let reason): throw ReportError(file: url, reason: .unreadable(reason.text))
        }
        return try load(data: data, at: url)
    }

    /// The report or comparison in `data`, read from the file at `url` (which names it in errors).
    package static func load(data: Data, at url: URL) throws(ReportError) -> ReportFile {
        let object = try JSONFile.object(in: data, at: url)
        switch object["tool"] as? String {
        case ABComparison.toolName: return .ab(try ABComparison.read(data, at: url))
        case CountedComparison.toolName: return .countedAB(try CountedComparison.read(data, at: url))
        default: return .run(try BenchmarkReport.read(data, at: url, counted: true))
        }
    }
}
