import TesseraBenchKit

/// BASE's layout shift against HEAD's, result by result: a shift is deterministic (the same steps, the same
/// offsets), so one run of each judges it. A result regresses when HEAD moves the view by more than
/// `ShiftResult.noticeablePoints` where BASE did not, whatever the times say.
package struct ShiftComparison: Sendable {
    package struct Row: Sendable, CustomStringConvertible {
        package var base: ShiftResult
        package var head: ShiftResult

        package var regressed: Bool {
            head.largestPoints > ShiftResult.noticeablePoints && base.largestPoints <= ShiftResult.noticeablePoints
        }

        /// Whether the largest shift moved by more than a noticeable amount either way.
        package var changed: Bool { Swift.abs(head.largestPoints - base.largestPoints) > ShiftResult.noticeablePoints }

        /// As `flow · soa-binary-search · 10,000 · shift insert-above: 143 pt, BASE 0 pt`.
        package var description: String {
            "\(head.shapedLayout.name) · \(head.label) · \(head.elements.formatted()) · shift \(head.scenario.rawValue): "
                + "\(TerminalTable.decimal(head.largestPoints)) pt, BASE \(TerminalTable.decimal(base.largestPoints)) pt"
        }
    }

    package var rows: [Row]
    /// How many results only one of the two measured.
    package var unmatched: Int

    package init(base: [ShiftResult], head: [ShiftResult]) {
        let heads = Dictionary(head.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        rows = base.compactMap { old in heads[old.key].map { Row(base: old, head: $0) } }
        unmatched = base.count + head.count - 2 * rows.count
    }

    package var regressions: [Row] { rows.filter(\.regressed) }

    /// The sentence that sums the comparison up, and a line for each result whose largest shift changed.
    package func text() -> String {
        let regressed = regressions.count
        var text =
            "Layout shift: \(rows.count) results compared (each scenario's largest shift; a move above "
            + "\(TerminalTable.decimal(ShiftResult.noticeablePoints)) pt where BASE had none regresses); "
            + (regressed == 0 ? "none regressed" : "\(regressed) regressed")
            + (unmatched > 0 ? "; \(unmatched) measured by one build only" : "") + ".\n"
        for row in rows where row.changed { text += "  \(row.regressed ? "regression: " : "")\(row)\n" }
        return text
    }

    /// The same, for a pull-request comment.
    package func markdown() -> String {
        var text =
            "\n### Layout shift\n\n" + MarkdownReport.escape(text().split(separator: "\n").first.map(String.init) ?? "")
            + "\n"
        let changed = rows.filter(\.changed)
        if !changed.isEmpty {
            text += "\n" + MarkdownReport.bullets(changed.map { ($0.regressed ? "regression: " : "") + $0.description })
        }
        return text
    }
}
