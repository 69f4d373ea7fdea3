import Foundation
import TesseraBenchKit

/// The history's series as an HTML page: a chart of each over its runs, the value as a line, its 95% interval as a
/// band, and each change point `EDivisive` finds as a dashed line before the first run at the new level.
package enum HistoryChart {
    static let width = 720.0, height = 260.0
    static let left = 80.0, right = width - 40, top = 16.0, bottom = height - 44

    /// A page of one chart a series.
    package static func page(_ series: [HistorySeries], title: String) -> String {
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>\(escape(title))</title>
            <style>
            body { font: 14px/1.4 -apple-system, system-ui, sans-serif; margin: 2em; color: #222; }
            h2 { font-size: 1em; margin: 2em 0 0.3em; }
            svg text { font: 11px sans-serif; fill: #444; }
            p.changes { margin: 0.2em 0; }
            </style>
            </head>
            <body>
            <h1>\(escape(title))</h1>
            <p>Each point is a run, oldest on the left; the band is the 95% interval of each value, where the run \
            gave one. Dashed lines mark the change points found (E-divisive means, as Apache Otava finds them), \
            before the first run at the new level.</p>

            """
        for one in series {
            let changes = SeriesChange.detect(in: [one])
            html += "<h2>\(escape(one.key.description))</h2>\n" + svg(one, changes: changes) + "\n"
            for change in changes { html += "<p class=\"changes\">\(escape(change.line()))</p>\n" }
        }
        return html + "</body>\n</html>\n"
    }

    static func svg(_ series: HistorySeries, changes: [SeriesChange]) -> String {
        let points = series.points
        let lows = points.map { $0.lower ?? $0.value }
        let highs = points.map { $0.upper ?? $0.value }
        var low = lows.min() ?? 0
        var high = highs.max() ?? 1
        if high - low < high * 1e-9 { (low, high) = (low * 0.95, high * 1.05 + 1e-9) }
        let pad = (high - low) * 0.08
        (low, high) = (max(0, low - pad), high + pad)
        func x(_ index: Int) -> Double {
            points.count == 1 ? (left + right) / 2 : left + (right - left) * Double(index) / Double(points.count - 1)
        }
        func y(_ value: Double) -> Double { bottom - (bottom - top) * (value - low) / (high - low) }
        func at(_ xValue: Double, _ yValue: Double) -> String { String(format: "%.1f,%.1f", xValue, yValue) }

        var svg = "<svg viewBox=\"0 0 \(Int(width)) \(Int(height))\" width=\"\(Int(width))\" role=\"img\">\n"
        svg +=
            "<rect x=\"\(left)\" y=\"\(top)\" width=\"\(right - left)\" height=\"\(bottom - top)\" fill=\"none\" stroke=\"#ccc\"/>\n"
        for step in 0...4 {
            let value = low + (high - low) * Double(step) / 4
            svg +=
                "<text x=\"\(left - 6)\" y=\(quoted(y(value) + 4)) text-anchor=\"end\">"
                + escape(HistoryTable.value(value, series.key.measure)) + "</text>\n"
        }
        let band =
            points.indices.map { at(x($0), y(highs[$0])) } + points.indices.reversed().map { at(x($0), y(lows[$0])) }
        svg += "<polygon points=\"\(band.joined(separator: " "))\" fill=\"#0072B2\" fill-opacity=\"0.18\"/>\n"
        let line = points.indices.map { at(x($0), y(points[$0].value)) }.joined(separator: " ")
        svg += "<polyline points=\"\(line)\" fill=\"none\" stroke=\"#0072B2\" stroke-width=\"1.5\"/>\n"
        for (index, point) in points.enumerated() {
            let label = "\(point.run.commit): \(HistoryTable.value(point.value, series.key.measure))"
            svg +=
                "<circle cx=\(quoted(x(index))) cy=\(quoted(y(point.value))) r=\"2.5\" fill=\"#0072B2\">"
                + "<title>\(escape(label))</title></circle>\n"
        }
        let every = max(1, Int((Double(points.count) / 8).rounded(.up)))
        for index in stride(from: 0, to: points.count, by: every) {
            svg +=
                "<text x=\(quoted(x(index))) y=\"\(bottom + 16)\" text-anchor=\"middle\">"
                + escape(String(points[index].run.commit.prefix(9))) + "</text>\n"
        }
        for change in changes {
            let lineX = (x(change.change.index - 1) + x(change.change.index)) / 2
            let colour = change.isRegression ? "#D55E00" : "#009E73"
            svg +=
                "<line x1=\(quoted(lineX)) x2=\(quoted(lineX)) y1=\"\(top)\" y2=\"\(bottom)\" stroke=\"\(colour)\" "
                + "stroke-dasharray=\"5 3\" stroke-width=\"1.5\"/>\n"
            svg +=
                "<text x=\(quoted(lineX + 4)) y=\"\(top + 12)\" fill=\"\(colour)\" style=\"fill: \(colour)\">"
                + escape(
                    String(
                        format: "%+.1f%% at %@", change.change.forwardChange, String(change.firstRun.commit.prefix(9))))
                + "</text>\n"
        }
        svg +=
            "<text x=\"\((left + right) / 2)\" y=\"\(height - 6)\" text-anchor=\"middle\">commit (one point a run)</text>\n"
        return svg + "</svg>"
    }

    private static func quoted(_ value: Double) -> String { String(format: "\"%.1f\"", value) }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
