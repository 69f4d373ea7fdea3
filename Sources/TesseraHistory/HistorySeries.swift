import Foundation
import GRDB
import TesseraBenchAnalysis
import TesseraBenchKit

/// One figure over time: a benchmark's measure on one machine, a point a run, oldest first.
package struct HistorySeries: Hashable, Sendable {
    /// A series is one benchmark's measure on one machine, from one kind of report: a run's median and `ab`'s
    /// median over its rounds are measured differently, so they never share a series.
    package struct Key: Hashable, Sendable, CustomStringConvertible {
        package var machine: String
        package var kind: RecordedRun.Kind
        package var benchmark: String
        package var measure: Measure

        package var description: String {
            "\(benchmark) \(measure.rawValue) on \(machine)" + (kind == .ab ? " (from ab)" : "")
        }
    }

    package struct Point: Hashable, Sendable {
        package var run: HistoryRun
        package var value: Double
        /// The bounds of the value's 95% interval, when the run gave them.
        package var lower: Double?
        package var upper: Double?
    }

    package var key: Key
    package var points: [Point]

    package var values: [Double] { points.map(\.value) }
}

extension HistorySeries.Point {
    /// A figure's row, with the benchmark and measure it belongs to; a row no `add` could have written is refused.
    static func read(_ row: Row, run: HistoryRun, path: String) throws(HistoryError)
        -> (benchmark: String, measure: Measure, point: HistorySeries.Point)
    {
        func bad(_ detail: String) -> HistoryError { HistoryError(path: path, reason: .badRow(detail)) }
        func column<Value: DatabaseValueConvertible>(_ name: String) throws(HistoryError) -> Value? {
            try row.historyValue(name, of: "run \(run.id)'s figure", path: path)
        }
        guard let benchmark: String = try column("benchmark"), BenchmarkName(benchmark) != nil,
            let measureName: String = try column("measure"), let measure = Measure(rawValue: measureName)
        else { throw bad("run \(run.id) has a figure of no known benchmark or measure") }
        // The report reader's limits: a value no report could give was not written by `add`.
        let figure = "run \(run.id)'s \(benchmark) \(measureName)"
        let rule = "a figure of \(measureName) is 0 or more and at most " + String(format: "%g", measure.largestValue)
        guard let value: Double = try column("value") else { throw bad("\(figure) has no value") }
        guard value >= 0, value <= measure.largestValue else { throw bad("\(figure) is \(value), where \(rule)") }
        let lower: Double? = try column("lower")
        let upper: Double? = try column("upper")
        for (name, bound) in [("lower", lower), ("upper", upper)] {
            if let bound, !(bound >= 0 && bound <= measure.largestValue) {
                throw bad("\(figure)'s \(name) bound is \(bound), where \(rule)")
            }
        }
        if let lower, let upper, lower > upper {
            throw bad("\(figure) has a lower bound, \(lower), above its upper bound, \(upper)")
        }
        return (benchmark, measure, HistorySeries.Point(run: run, value: value, lower: lower, upper: upper))
    }
}
