import Foundation
import TesseraBenchKit

/// The report's document as aligned text for a terminal.
package enum TerminalTable {
    package static func render(_ report: BenchmarkReport) -> String {
        render(ReportDocument(report))
    }

    /// The results in one table, then the verification, what was skipped, the frame budget, the targets and who
    /// is fastest: the document less its environment and settings, which a terminal user has just chosen.
    package static func render(_ document: ReportDocument) -> String {
        var blocks = [align(document.results) + (document.fewSamples.map { "\($0)\n" } ?? "")]
        blocks.append(
            ([document.verification.summary] + document.verification.failures.map { "  \($0)" }).joined(separator: "\n")
                + "\n")
        if !document.skipped.isEmpty { blocks.append(document.skipped.joined(separator: "\n") + "\n") }
        if let memory = document.memory { blocks.append(memory + "\n") }
        if let budget = document.frameBudget { blocks.append("\(budget.caption)\n" + align(budget.table)) }
        if let shifts = document.shifts { blocks.append("\(shifts.caption)\n" + align(shifts.table)) }
        blocks.append("\(document.targets.summary)\n" + (document.targets.table.map(align) ?? ""))
        if let standings = document.standings { blocks.append("\(standings.caption)\n" + align(standings.table)) }
        // One blank line between blocks.
        return blocks.joined(separator: "\n")
    }

    /// A report table's shown columns, numbers aligned right.
    static func align(_ table: ReportTable) -> String {
        let (columns, rows) = table.shown
        return align([columns.map(\.title)] + rows, rightAligned: Set(columns.indices.filter { columns[$0].isNumber }))
    }

    /// Nanoseconds in the unit that keeps three or four significant digits.
    package static func duration(_ nanoseconds: Double) -> String {
        let value = nanoseconds
        switch value {
        case ..<100: return String(format: "%.1f ns", value)
        case ..<1e3: return String(format: "%.0f ns", value)
        case ..<1e6: return String(format: "%.2f µs", value / 1e3)
        case ..<1e9: return String(format: "%.2f ms", value / 1e6)
        default: return String(format: "%.2f s", value / 1e9)
        }
    }

    package static func decimal(_ value: Double) -> String {
        switch Swift.abs(value) {
        case 0: "0"
        case ..<0.1: String(format: "%.2g", value)
        case ..<10: String(format: "%.2f", value)
        case ..<1_000: String(format: "%.1f", value)
        // A report may hold any finite number; one past Int's range (or not finite) is shown, not converted.
        default: Int(exactly: value.rounded())?.formatted() ?? String(format: "%.3g", value)
        }
    }

    /// Rows padded to columns, the first four aligned left and the rest right unless `rightAligned` says which.
    package static func align(_ rows: [[String]], rightAligned: Set<Int>? = nil) -> String {
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        let right = rightAligned ?? Set(4..<rows[0].count)
        return rows.map { row in
            let line = row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return right.contains(column) ? padding + cell : cell + padding
            }.joined(separator: "  ")
            // No trailing spaces after a last column aligned left.
            return String(line.reversed().drop(while: { $0 == " " }).reversed())
        }.joined(separator: "\n") + "\n"
    }
}
