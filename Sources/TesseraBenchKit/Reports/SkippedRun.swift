import Foundation

/// A strategy not run because it would not fit in memory.
public struct SkippedRun: Codable, Hashable, Sendable {
    public var layout: LayoutID
    /// The shape skipped (`BenchmarkResult.itemsPerSection`).
    public var itemsPerSection: Int?
    public var strategy: StrategyID
    public var items: Int
    public var estimatedBytes: Double
    public var budgetBytes: Double

    public var shapedLayout: ShapedLayout { ShapedLayout(layout, itemsPerSection: itemsPerSection) }

    public var description: String {
        let gigabytes = { (bytes: Double) in String(format: "%.1f GB", bytes / 1e9) }
        return
            "\(shapedLayout.name) · \(strategy.rawValue) at \(items.formatted()) items skipped: it would need about \(gigabytes(estimatedBytes)), over the \(gigabytes(budgetBytes)) budget"
    }
}
