import Foundation

/// The results as CSV (RFC 4180: CRLF line ends, quoted fields), one row per result, for spreadsheets and
/// scripts: times in nanoseconds (fractional where a sample is a batch's mean), no units, an empty cell where a
/// figure does not apply.
public enum CSVReport {
    public static let columns = [
        "layout", "strategy", "items", "operation", "samples", "median_ns", "p90_ns", "p99_ns",
        "ns_per_item", "bytes_per_item", "allocations_per_operation", "missed_elements", "parameters", "allocator",
    ]

    public static func render(_ report: BenchmarkReport) -> String {
        let rows = report.results.map { result in
            [
                result.layout.rawValue, result.strategy.rawValue, "\(result.items)", result.operation.rawValue, "\(result.samples)",
                "\(result.medianNanoseconds)", "\(result.p90Nanoseconds)", "\(result.p99Nanoseconds)",
                number(result.nanosecondsPerItem), number(result.bytesPerItem), number(result.allocationsPerOperation),
                result.missedElements.map { "\($0)" } ?? "", result.parameters ?? "", result.allocator ?? "",
            ]
        }
        return ([columns] + rows).map { $0.map(field).joined(separator: ",") + "\r\n" }.joined()
    }

    /// The shortest decimal that reads back as the same value (`12.5`, `1e-05`), which every CSV reader parses.
    static func number(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "" }
        return "\(value)"
    }

    /// Quotes a field that holds a comma, a quote or a line break, doubling its quotes.
    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
