import Foundation
import TesseraBenchAnalysis
import TesseraBenchKit

/// The history's series as aligned text for a terminal.
package enum HistoryTable {
    /// A line a series: machine, benchmark, measure, runs, first and last value, and the change between them.
    package static func overview(_ series: [HistorySeries]) -> String {
        let header = ["benchmark", "measure", "machine", "from", "runs", "first", "last", "change"]
        let rows = series.map { one -> [String] in
            let first = one.values.first ?? 0
            let last = one.values.last ?? 0
            let change = first > 0 ? String(format: "%+.1f%%", (last / first - 1) * 100) : "–"
            return [
                one.key.benchmark, one.key.measure.rawValue, one.key.machine, one.key.kind.rawValue,
                String(one.points.count),
                value(first, one.key.measure), value(last, one.key.measure), change,
            ]
        }
        return TerminalTable.align([header] + rows, rightAligned: [4, 5, 6, 7])
    }

    /// Each series under its name, a line a point: commit, branch, time, value and its interval.
    package static func points(_ series: [HistorySeries]) -> String {
        series.map { one in
            let header = ["commit", "branch", "time", one.key.measure.rawValue, "95% interval"]
            let rows = one.points.map { point -> [String] in
                let interval =
                    if let lower = point.lower, let upper = point.upper {
                        "[\(value(lower, one.key.measure)), \(value(upper, one.key.measure))]"
                    } else { "" }
                return [
                    point.run.commit, point.run.branch ?? "", ISO8601DateFormatter().string(from: point.run.time),
                    value(point.value, one.key.measure), interval,
                ]
            }
            return "\(one.key)\n" + TerminalTable.align([header] + rows, rightAligned: [3, 4])
        }.joined(separator: "\n")
    }

    static func value(_ value: Double, _ measure: Measure) -> String {
        switch measure {
        case .latency: TerminalTable.duration(value)
        case .headBaseRatio, .overFloor: String(format: "%.3f", value)
        case .bytesPerElement, .allocationsPerOperation, .floorElements, .instructions, .estimatedCycles,
            .shiftLargest, .shiftP99, .shiftScore, .columnChanges:
            TerminalTable.decimal(value)
        }
    }
}
