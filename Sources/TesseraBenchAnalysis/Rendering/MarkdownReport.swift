import Foundation
import TesseraBenchKit

/// The report's document as Markdown, for a pull request or a wiki page.
package enum MarkdownReport {
    package static func render(_ report: BenchmarkReport) -> String {
        render(ReportDocument(report))
    }

    package static func render(_ document: ReportDocument) -> String {
        var text = "# \(escape(document.title))\n\nSchema version \(document.schemaVersion).\n"
        text += "\n## Environment\n\n" + list(document.environment)
        text += "\n## Settings\n\n" + list(document.settings)
        text += "\n## Results\n\n"
        if document.layouts.isEmpty { text += "No results.\n" }
        for layout in document.layouts {
            text += "### \(escape(layout.name))\n\n" + markdown(document.results(of: layout)) + "\n"
        }
        if let fewSamples = document.fewSamples { text += "\(escape(fewSamples))\n\n" }
        text += "## Verification\n\n\(escape(document.verification.summary))\n"
        if !document.verification.failures.isEmpty { text += "\n" + bullets(document.verification.failures) }
        if !document.skipped.isEmpty { text += "\n## Skipped\n\n" + bullets(document.skipped) }
        if let memory = document.memory { text += "\n## Memory\n\n\(escape(memory))\n" }
        if let budget = document.frameBudget {
            text += "\n## Frame budget\n\n\(escape(budget.caption))\n\n" + markdown(budget.table)
        }
        if let shifts = document.shifts {
            text += "\n## Layout shift\n\n\(escape(shifts.caption))\n\n" + markdown(shifts.table)
        }
        if let counted = document.counted {
            text += "\n## Counted\n\n\(escape(counted.caption))\n\n" + markdown(counted.table)
        }
        if let agreement = document.countedAgreement {
            text += "\n## Timed and counted\n\n\(escape(agreement.caption))\n\n" + markdown(agreement.table)
        }
        text += "\n## Targets\n\n\(escape(document.targets.summary))\n"
        if let targets = document.targets.table { text += "\n" + markdown(targets) }
        if let standings = document.standings {
            text += "\n## Fastest\n\n\(escape(standings.caption))\n\n" + markdown(standings.table)
        }
        return text
    }

    static func list(_ facts: [ReportDocument.Fact]) -> String {
        facts.map { "- **\($0.label):** \(escape($0.value))\n" }.joined()
    }

    static func bullets(_ lines: [String]) -> String {
        lines.map { "- \(escape($0))\n" }.joined()
    }

    static func markdown(_ table: ReportTable) -> String {
        let (columns, rows) = table.shown
        func row(_ cells: [String]) -> String { "| " + cells.map(escape).joined(separator: " | ") + " |\n" }
        let rule = "|" + columns.map { $0.isNumber ? " --: |" : " --- |" }.joined() + "\n"
        return row(columns.map(\.title)) + rule + rows.map(row).joined()
    }

    /// Backslash-escapes the characters that Markdown would read as formatting, table cells or HTML, and puts
    /// line breaks, which would end a list item or a table row, as spaces.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "\\", "`", "*", "_", "[", "]", "<", ">", "|", "#": escaped += "\\\(character)"
            case _ where character.isNewline: escaped += " "
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
