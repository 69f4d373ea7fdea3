/// What share of a 120 Hz frame each strategy's query takes, and how far it scales before it takes 1% of one.
public struct FrameBudget: Sendable {
    /// One frame at 120 Hz.
    public static let frameNanoseconds = 1e9 / 120
    /// The share of a frame a query may take and still be negligible.
    public static let negligibleShare = 0.01

    public var layout: ShapedLayout
    public var strategy: StrategyID
    /// Per item count measured, the median query's share of a frame.
    public var shares: [(elements: Int, share: Double)]
    /// The largest item count whose median query stays under 1% of a frame, if any does.
    public var largestNegligible: Int?

    /// One line per layout, shape and strategy that has query results.
    public static func summarize(_ results: [BenchmarkResult]) -> [FrameBudget] {
        var lines: [FrameBudget] = []
        for layout in results.shapedLayouts {
            for strategy in StrategyID.allCases {
                let queries = results.filter {
                    $0.isStandard && $0.shapedLayout == layout && $0.strategy == strategy && $0.operation == .query
                }
                .sorted { $0.elements < $1.elements }
                guard !queries.isEmpty else { continue }
                let shares = queries.map { (elements: $0.elements, share: $0.medianNanoseconds / frameNanoseconds) }
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
