import Foundation

/// What share of a frame each strategy's query takes, and how far it scales before it takes 1% of one. A frame is
/// one of the replayed trace's: 1/120 s for the built-in trace, 1/`framesPerSecond` for a trace file.
package struct FrameBudget: Sendable {
    /// The share of a frame a query may take and still be negligible.
    package static let negligibleShare = 0.01

    package var layout: ShapedLayout
    package var strategy: StrategyID
    /// Per item count measured, the median query's share of a frame.
    package var shares: [(elements: Int, share: Double)]
    /// The largest item count whose median query stays under 1% of a frame, if any does.
    package var largestNegligible: Int?

    /// One frame of a trace recorded at `framesPerSecond`.
    package static func nanoseconds(framesPerSecond: Double) -> Double { 1e9 / framesPerSecond }

    /// A frame as a report names it: "a 60 Hz frame (16.67 ms)", with `note` in the brackets after the length.
    package static func describe(framesPerSecond: Double, note: String? = nil) -> String {
        String(
            format: "a %@ Hz frame (%.2f ms%@)", framesPerSecond.formatted(), 1e3 / framesPerSecond,
            note.map { ", \($0)" } ?? "")
    }

    /// One line per layout, shape and strategy that has query results, each query against one frame of a trace
    /// recorded at `framesPerSecond`.
    package static func summarize(
        _ results: [BenchmarkResult], framesPerSecond: Double = ScrollTrace.framesPerSecond
    ) -> [FrameBudget] {
        let frame = nanoseconds(framesPerSecond: framesPerSecond)
        var lines: [FrameBudget] = []
        for layout in results.shapedLayouts {
            for strategy in StrategyID.allCases {
                let queries = results.filter {
                    $0.isStandard && $0.shapedLayout == layout && $0.strategy == strategy && $0.operation == .query
                }
                .sorted { $0.elements < $1.elements }
                guard !queries.isEmpty else { continue }
                let shares = queries.map { (elements: $0.elements, share: $0.medianNanoseconds / frame) }
                lines.append(
                    FrameBudget(
                        layout: layout, strategy: strategy, shares: shares,
                        largestNegligible: shares.last { $0.share < negligibleShare }?.elements
                    ))
            }
        }
        return lines
    }
}
