import Foundation
import TesseraBenchKit

/// The report's results as CSV (RFC 4180: CRLF line ends, quoted fields), one row per result, for spreadsheets and
/// scripts: times in nanoseconds (fractional where a sample is a batch's mean), no units, an empty cell where a
/// figure does not apply. Numbers are the shortest decimal that reads back as the same value (`12.5`, `1e-05`).
/// `rank` and `times_fastest` place each result among the strategies of its layout, count and operation (empty
/// for the fill floor); `items_per_section` is the shape measured, empty where the workload had none;
/// `floor_elements` and `over_floor` are an update's work floor and its time over the floor's (added last, so the
/// columns before them keep their places). Layout shift follows, a row for each strategy's scenario, its operation
/// `shift-` and the scenario's name and its figures in the last columns (empty in the timed rows): the steps, the
/// largest and the p99 shift in points, the score, and a waterfall's column changes and balance. Counts follow
/// (`run --measure time,instructions`), a row for each counted result, its counts a operation in the last columns:
/// instructions, estimated cycles, and L1 and last-level misses.
package enum CSVReport {
    package static let columns =
        [
            "layout", "strategy", "elements", "operation", "samples", "median_ns", "p90_ns", "p99_ns",
            "ns_per_element", "bytes_per_element", "allocations_per_operation", "missed_elements", "parameters",
            "allocator",
            "rank", "times_fastest", "items_per_section", "floor_elements", "over_floor",
        ] + shiftColumns + countedColumns

    /// The columns only layout shift's rows fill.
    static let shiftColumns = [
        "shift_steps", "shift_largest_pt", "shift_p99_pt", "shift_score", "column_changes", "column_balance",
    ]
    /// The columns only counted rows fill (`run --measure time,instructions`): counts per operation.
    static let countedColumns = ["instructions", "estimated_cycles", "l1_misses", "ll_misses"]

    package static func render(_ report: BenchmarkReport) -> String {
        render(ReportDocument(report))
    }

    /// The document's results table, its columns in the order above (which scripts rely on), raw figures.
    package static func render(_ document: ReportDocument) -> String {
        let table = document.results
        let positions = columns.dropLast(shiftColumns.count + countedColumns.count).compactMap { name in
            table.columns.firstIndex { $0.csv == name }
        }
        let blank = [String](repeating: "", count: shiftColumns.count + countedColumns.count)
        let rows = table.rows.map { row in positions.map { row[$0].raw } + blank }
        let shifts = (document.report.shifts ?? []).map(shiftRow)
        return ([columns] + rows + shifts + countedRows(document.counted?.table)).map {
            $0.map(field).joined(separator: ",") + "\r\n"
        }.joined()
    }

    /// The counted table's rows as rows of the columns above, each figure under its CSV name.
    static func countedRows(_ table: ReportTable?) -> [[String]] {
        guard let table else { return [] }
        return table.rows.map { row in
            columns.map { name in table.columns.firstIndex { $0.csv == name }.map { row[$0].raw } ?? "" }
        }
    }

    /// A layout shift result as a row of the columns above.
    static func shiftRow(_ shift: ShiftResult) -> [String] {
        let figures: [String: ReportTable.Figure] = [
            "layout": .text(shift.layout.rawValue), "strategy": .text(shift.strategy.rawValue),
            "elements": .count(shift.elements),
            "operation": .text("shift-\(shift.scenario.rawValue)"), "parameters": .text(shift.parameters ?? ""),
            "items_per_section": shift.itemsPerSection.map(ReportTable.Figure.count) ?? .missing,
            "shift_steps": .count(shift.steps), "shift_largest_pt": .decimal(shift.largestPoints),
            "shift_p99_pt": .decimal(shift.p99Points), "shift_score": .decimal(shift.score),
            "column_changes": shift.columnChanges.map(ReportTable.Figure.count) ?? .missing,
            "column_balance": .decimal(shift.columnBalance),
        ]
        return columns.map { figures[$0]?.raw ?? "" }
    }

    /// Quotes a field that holds a comma, a quote or a line break, doubling its quotes.
    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
