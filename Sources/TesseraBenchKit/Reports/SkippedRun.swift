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

    public var description: String {
        let gigabytes = { (bytes: Double) in String(format: "%.1f GB", bytes / 1e9) }
        return "\(ShapedLayout(layout, itemsPerSection: itemsPerSection).name) · \(strategy.rawValue) at \(items.formatted()) items skipped: it would need about \(gigabytes(estimatedBytes)), over the \(gigabytes(budgetBytes)) budget"
    }
}
