/// What measuring one strategy held in memory, estimated before it ran (`MemoryEstimate`) and, under an allocator
/// that tracks its peak (jemalloc), measured: the heap's highest point while the strategy was measured, above what
/// the process held when the run began.
package struct MemoryUse: Codable, Hashable, Sendable {
    package var layout: LayoutID
    /// The shape measured (`BenchmarkResult.itemsPerSection`).
    package var itemsPerSection: Int?
    package var strategy: StrategyID
    package var elements: Int
    package var estimatedBytes: Double
    package var measuredBytes: Double?

    package var shapedLayout: ShapedLayout { ShapedLayout(layout, itemsPerSection: itemsPerSection) }
}
