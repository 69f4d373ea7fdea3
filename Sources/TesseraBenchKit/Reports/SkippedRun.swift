import Foundation

/// A strategy not run because it would not fit in memory.
package struct SkippedRun: Codable, Hashable, Sendable {
    package var layout: LayoutID
    /// The shape skipped (`BenchmarkResult.itemsPerSection`).
    package var itemsPerSection: Int?
    package var strategy: StrategyID
    package var items: Int
    package var estimatedBytes: Double
    package var budgetBytes: Double

    package var shapedLayout: ShapedLayout { ShapedLayout(layout, itemsPerSection: itemsPerSection) }

    package var description: String {
        let gigabytes = { (bytes: Double) in String(format: "%.1f GB", bytes / 1e9) }
        return
            "\(shapedLayout.name) · \(strategy.rawValue) at \(items.formatted()) items skipped: it would need about \(gigabytes(estimatedBytes)), over the \(gigabytes(budgetBytes)) budget"
    }
}
