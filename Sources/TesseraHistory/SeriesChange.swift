import Foundation
import TesseraBenchKit

/// Where a series changed, named by the first run of its new level: what `history detect` prints.
package struct SeriesChange: Sendable {
    package var series: HistorySeries.Key
    /// The first run at the new level: its commit is the first commit of the change.
    package var firstRun: HistoryRun
    /// The run before it, the last at the old level.
    package var lastRunBefore: HistoryRun
    package var change: ChangePoint

    /// A rise of a smaller-is-better figure (every measure is one).
    package var isRegression: Bool { change.meanAfter > change.meanBefore }

    /// The change points of each series, oldest first within a series, as `EDivisive` finds them with these
    /// settings.
    ///
    /// - Parameter minMagnitude: the smallest relative change reported; `nil` for each measure's own
    ///   (`Measure.smallestChange`: none for times, 0.5% for counts).
    /// - Complexity: O(Σ w² n) for series of n points and windows of w points (E-divisive's candidate search).
    package static func detect(
        in series: [HistorySeries], windowLength: Int = 50, maxPValue: Double = 0.001, minMagnitude: Double? = nil
    ) -> [SeriesChange] {
        series.flatMap { one in
            let detector = EDivisive(
                windowLength: windowLength, maxPValue: maxPValue,
                minMagnitude: minMagnitude ?? one.key.measure.smallestChange)
            return detector.changePoints(in: one.values).map { change in
                SeriesChange(
                    series: one.key, firstRun: one.points[change.index].run,
                    lastRunBefore: one.points[change.index - 1].run, change: change)
            }
        }
    }

    /// As `regression  flow/soa-binary-search/query/1000000 latency on …: first at 1a2b3c4 (after 0f9e8d7):
    /// 229 ns → 252 ns (+10.0%), p = 0.00002`.
    package func line() -> String {
        let before = HistoryTable.value(change.meanBefore, series.measure)
        let after = HistoryTable.value(change.meanAfter, series.measure)
        return "\(isRegression ? "regression " : "improvement") \(series): first at \(firstRun.commit) "
            + "(after \(lastRunBefore.commit)): \(before) → \(after) "
            + String(format: "(%+.1f%%), p = %.2g", change.forwardChange, change.pValue)
    }
}
