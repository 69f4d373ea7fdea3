/// A table of a report: named columns and rows of typed figures, which each renderer writes its own way (a
/// duration with its unit on a terminal, in nanoseconds in CSV).
package struct ReportTable: Sendable {
    package struct Column: Sendable {
        package var title: String
        /// The column's name in CSV, `nil` for a column CSV leaves out.
        package var csv: String?
        /// Whether the terminal, Markdown and HTML show it (CSV keeps some columns for scripts alone).
        package var shown: Bool
        /// Aligned right.
        package var isNumber: Bool

        init(_ title: String, csv: String? = nil, number: Bool = false, shown: Bool = true) {
            self.title = title
            self.csv = csv
            self.shown = shown
            isNumber = number
        }
    }

    package enum Figure: Hashable, Sendable {
        case text(String)
        case count(Int)
        case nanoseconds(Double)
        /// A figure that may not apply (`nil`: an empty cell).
        case decimal(Double?)
        case missing

        /// As a person reads it: a duration in the unit that keeps three or four digits, a count with separators.
        package var shown: String {
            switch self {
            case .text(let text): text
            case .count(let count): count.formatted()
            case .nanoseconds(let nanoseconds): TerminalTable.duration(nanoseconds)
            case .decimal(let value): value.map(TerminalTable.decimal) ?? ""
            case .missing: ""
            }
        }

        /// As a script reads it: nanoseconds and plain numbers, the shortest decimal that reads back the same, and
        /// an empty cell for what does not apply or is not finite.
        package var raw: String {
            switch self {
            case .text(let text): text
            case .count(let count): "\(count)"
            case .nanoseconds(let value), .decimal(let value?): value.isFinite ? "\(value)" : ""
            case .decimal(nil), .missing: ""
            }
        }
    }

    package var columns: [Column]
    package var rows: [[Figure]]

    /// The columns and cells people see, as text.
    package var shown: (columns: [Column], rows: [[String]]) {
        let kept = columns.indices.filter { columns[$0].shown }
        return (kept.map { columns[$0] }, rows.map { row in kept.map { row[$0].shown } })
    }

    func rows(where column: Int, is value: Figure) -> ReportTable {
        ReportTable(columns: columns, rows: rows.filter { $0[column] == value })
    }

    func dropping(column: Int) -> ReportTable {
        var table = self
        table.columns.remove(at: column)
        for index in table.rows.indices { table.rows[index].remove(at: column) }
        return table
    }
}
