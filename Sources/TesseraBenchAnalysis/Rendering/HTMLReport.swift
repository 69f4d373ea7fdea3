import Foundation
import TesseraBenchKit

/// The report as one self-contained HTML page: the environment, a log–log chart of median time against element
/// count for each layout and operation, then every section of the report's document. Styles and charts are inline and there
/// is no script, font or other file to load, so the page reads the same offline, attached to a CI run or mailed.
package enum HTMLReport {
    package static func render(_ report: BenchmarkReport) -> String {
        render(ReportDocument(report))
    }

    package static func render(_ document: ReportDocument) -> String {
        let report = document.report
        let environment = report.environment
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escape("\(BenchmarkReport.toolName) report · \(environment.host) · \(environment.date)"))</title>
            <style>\(style)</style>
            </head>
            <body>
            <header>
            <h1>\(escape(document.title))</h1>
            \(facts(document.environment))</header>
            <main>
            <h2>Settings</h2>
            \(facts(document.settings))
            <h2>Median time against elements</h2>

            """
        let layouts = document.layouts
        if layouts.isEmpty {
            html += "<p>No results.</p>\n"
        } else {
            html +=
                "<p>Both axes logarithmic; a line per strategy, marked “inexact” where its answers differed from brute force. "
                + "Beside each operation that more than one strategy ran, each strategy's time over the fastest's at each count: "
                + "the engine's strategies, a band at the foot of the time chart, spread out there. The dashed red line on the "
                + "query charts is a frame at \(report.settings.queryFramesPerSecond.formatted()) Hz"
                + (report.settings.framesPerSecond == nil ? "" : ", the trace file's rate")
                + ". Rest the pointer on a point for its figures.</p>\n"
        }
        for layout in layouts {
            let indices = report.results.indices.filter { report.results[$0].shapedLayout == layout }
            let results = indices.map { report.results[$0] }
            html += "<h3>\(escape(layout.name))</h3>\n"
            for operation in BenchmarkOperation.allCases where results.contains(where: { $0.operation == operation }) {
                let measured = indices.filter { report.results[$0].operation == operation }
                // An operation a row: its time chart, and its relative chart beside it.
                html +=
                    "<div class=\"charts\">\n<figure>\n"
                    + chart(
                        measured.map { report.results[$0] }, layout: layout, operation: operation,
                        framesPerSecond: report.settings.queryFramesPerSecond, name: report.name(of:)
                    ).svg()
                if operation == .fillFloor {
                    html +=
                        "\n<figcaption>Each strategy's own floor, not a contest: the time to write the bytes it holds, which its warm prepare is judged against.</figcaption>"
                }
                html += "\n</figure>\n"
                let places = measured.compactMap { index in document.places[index].map { (report.results[index], $0) } }
                if Set(places.map(\.0.label)).count > 1 {
                    html +=
                        "<figure>\n"
                        + relativeChart(places, layout: layout, operation: operation, name: report.name(of:)).svg()
                        + "\n</figure>\n"
                }
                html += "</div>\n"
            }
        }
        html += "<h2>Results</h2>\n"
        if layouts.isEmpty { html += "<p>No results.</p>\n" }
        for layout in layouts {
            html += "<h3>\(escape(layout.name))</h3>\n" + table(document.results(of: layout))
        }
        if let fewSamples = document.fewSamples { html += "<p class=\"warning\">\(escape(fewSamples))</p>\n" }
        html +=
            "<h2>Verification</h2>\n<p>\(escape(document.verification.summary))</p>\n"
            + list(document.verification.failures)
        if !document.skipped.isEmpty { html += "<h2>Skipped</h2>\n" + list(document.skipped) }
        if let memory = document.memory { html += "<h2>Memory</h2>\n<p>\(escape(memory))</p>\n" }
        if let budget = document.frameBudget {
            html += "<h2>Frame budget</h2>\n<p>\(escape(budget.caption))</p>\n" + table(budget.table)
        }
        if let shifts = document.shifts {
            html += "<h2>Layout shift</h2>\n<p>\(escape(shifts.caption))</p>\n" + table(shifts.table)
        }
        if let counted = document.counted {
            html += "<h2>Counted</h2>\n<p>\(escape(counted.caption))</p>\n" + table(counted.table)
        }
        if let agreement = document.countedAgreement {
            html += "<h2>Timed and counted</h2>\n<p>\(escape(agreement.caption))</p>\n" + table(agreement.table)
        }
        html += "<h2>Targets</h2>\n<p>\(escape(document.targets.summary))</p>\n"
        if let targets = document.targets.table { html += table(targets) }
        if let standings = document.standings {
            html += "<h2>Fastest</h2>\n<p>\(escape(standings.caption))</p>\n" + table(standings.table)
        }
        return html + "</main>\n</body>\n</html>\n"
    }

    /// A layout and its shape as an id's part: `flow` or `flow-1`.
    static func chartID(_ layout: ShapedLayout) -> String {
        layout.layout.rawValue + (layout.itemsPerSection.map { "-\($0)" } ?? "")
    }

    /// One operation of one layout: a line per strategy (and per variant of one, such as another allocator),
    /// styled the same in every chart of the page, named by `name`; the query's has a frame's budget.
    static func chart(
        _ results: [BenchmarkResult], layout: ShapedLayout, operation: BenchmarkOperation,
        framesPerSecond: Double = ScrollTrace.framesPerSecond, name: (BenchmarkResult) -> String = \.label
    ) -> LogLogChart {
        var chart = LogLogChart(
            id: "chart-\(chartID(layout))-\(operation.rawValue)", title: "\(layout.name) · \(operation.rawValue)",
            xTitle: "elements (log scale)", yTitle: "median time (log scale)", xTickLabel: count,
            yTickLabel: roundDuration,
            series: series(results.map { ($0, $0.medianNanoseconds) }, name: name) { result, _ in
                "median \(TerminalTable.duration(result.medianNanoseconds)), p90 \(TerminalTable.duration(result.p90Nanoseconds)), "
                    + "p99 \(TerminalTable.duration(result.p99Nanoseconds))"
            }
        )
        if operation == .query {
            chart.references = [
                (
                    FrameBudget.nanoseconds(framesPerSecond: framesPerSecond),
                    "a frame at \(framesPerSecond.formatted()) Hz"
                )
            ]
        }
        return chart
    }

    /// The same operation as each strategy's median over the fastest's at each count: 1× is the fastest.
    static func relativeChart(
        _ places: [(BenchmarkResult, Standings.Place)], layout: ShapedLayout, operation: BenchmarkOperation,
        name: (BenchmarkResult) -> String
    ) -> LogLogChart {
        LogLogChart(
            id: "relative-\(chartID(layout))-\(operation.rawValue)",
            title: "\(layout.name) · \(operation.rawValue), against the fastest",
            xTitle: "elements (log scale)", yTitle: "time over the fastest's (log scale)", xTickLabel: count,
            yTickLabel: { ratio in
                ratio >= 1 && ratio == ratio.rounded() ? "\(Int(ratio).formatted())×" : String(format: "%.1f×", ratio)
            },
            series: series(places.map { ($0.0, $0.1.overFastest) }, name: name) { result, ratio in
                "\(Standings.times(ratio)) the fastest's time (median \(TerminalTable.duration(result.medianNanoseconds)))"
            }
        )
    }

    /// A line per strategy through `values`, styled by strategy: a variant (another allocator, other parameters)
    /// takes its strategy's colour with the style half the palette on, so it reads as kin but apart.
    private static func series(
        _ values: [(BenchmarkResult, Double)], name: (BenchmarkResult) -> String,
        tooltip: (BenchmarkResult, Double) -> String
    ) -> [LogLogChart.Series] {
        var seen: Set<String> = []
        return values.filter { seen.insert($0.0.label).inserted }.map { first, _ in
            let index =
                (StrategyID.allCases.firstIndex(of: first.strategy) ?? 0)
                + (first.isStandard ? 0 : LogLogChart.styles.count / 2)
            return LogLogChart.Series(
                name: name(first), style: LogLogChart.styles[index % LogLogChart.styles.count],
                points: values.filter { $0.0.label == first.label }.map { result, value in
                    LogLogChart.Point(
                        // A report may hold a median of 0, which a logarithmic axis cannot show.
                        x: Double(result.elements), y: max(value, 1),
                        tooltip: "\(name(result)), \(result.elements.formatted()) elements: \(tooltip(result, value))"
                    )
                }
            )
        }
    }

    /// A count as axis ticks write it: 500, 10k, 2M.
    static func count(_ value: Double) -> String {
        switch value {
        case ..<1e3: "\(Int(value.rounded()))"
        case ..<1e6: "\(Int((value / 1e3).rounded()))k"
        case ..<1e9: "\(Int((value / 1e6).rounded()))M"
        case ..<1e12: "\(Int((value / 1e9).rounded()))G"
        default: String(format: "%.0e", value)
        }
    }

    /// A round time as `TerminalTable.duration` writes it, without the zeros after the point: 100 ns, 1 µs, 20 ms.
    static func roundDuration(_ nanoseconds: Double) -> String {
        let text = TerminalTable.duration(nanoseconds)
        guard let space = text.firstIndex(of: " "), text[..<space].contains(".") else { return text }
        var number = text[..<space]
        while number.hasSuffix("0") { number.removeLast() }
        if number.hasSuffix(".") { number.removeLast() }
        return String(number + text[space...])
    }

    static func list(_ lines: [String]) -> String {
        lines.isEmpty ? "" : "<ul>\n" + lines.map { "<li>\(escape($0))</li>\n" }.joined() + "</ul>\n"
    }

    static func facts(_ facts: [ReportDocument.Fact]) -> String {
        "<dl>\n" + facts.map { "<dt>\(escape($0.label))</dt><dd>\(escape($0.value))</dd>\n" }.joined() + "</dl>\n"
    }

    static func table(_ table: ReportTable) -> String {
        let (columns, rows) = table.shown
        func row(_ cells: [String], tag: String) -> String {
            // A missed target stands out.
            (cells.first == "MISS" ? "<tr class=\"miss\">" : "<tr>")
                + cells.enumerated().map { column, cell in
                    let alignment = columns[column].isNumber ? " class=\"number\"" : ""
                    return "<\(tag)\(alignment)>\(escape(cell))</\(tag)>"
                }.joined() + "</tr>\n"
        }
        return "<div class=\"table\"><table>\n<thead>\n" + row(columns.map(\.title), tag: "th") + "</thead>\n<tbody>\n"
            + rows.map { row($0, tag: "td") }.joined() + "</tbody>\n</table></div>\n"
    }

    /// Text made safe for HTML and SVG, in elements and in quoted attributes.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    static let style = """
        body { font: 15px/1.45 system-ui, sans-serif; color: #1b1b1b; background: #fff; max-width: 1260px; margin: 0 auto; padding: 24px; }
        h1 { font-size: 1.7em; margin: 0 0 0.5em; }
        h2 { font-size: 1.3em; border-bottom: 1px solid #ddd; padding-bottom: 0.2em; margin-top: 2em; }
        h3 { font-size: 1.1em; margin: 1.4em 0 0.6em; }
        dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.2em 1.5em; margin: 0; }
        dt { font-weight: 600; color: #555; }
        dd { margin: 0; overflow-wrap: anywhere; }
        .charts { display: grid; grid-template-columns: repeat(auto-fill, minmax(480px, 1fr)); gap: 16px; margin-bottom: 16px; }
        figure { margin: 0; padding: 8px; border: 1px solid #e3e3e3; border-radius: 6px; break-inside: avoid; }
        svg { display: block; width: 100%; height: auto; }
        .table { overflow-x: auto; }
        table { border-collapse: collapse; font-size: 0.93em; font-variant-numeric: tabular-nums; }
        th, td { padding: 3px 9px; border-bottom: 1px solid #e6e6e6; text-align: left; white-space: nowrap; }
        th { background: #f4f4f4; vertical-align: bottom; white-space: normal; }
        .number { text-align: right; }
        .warning { background: #fff4d6; border-left: 4px solid #e0a400; padding: 6px 10px; }
        tr.miss td { background: #fde4e4; color: #8a0000; font-weight: 600; }
        figcaption { font-size: 0.85em; color: #555; padding: 4px 6px 0; }
        """
}
