/// What measuring one strategy held in memory, estimated before it ran (`MemoryEstimate`) and, under an allocator
/// that tracks its peak (jemalloc), measured: the heap's highest point while the strategy was measured, above what
/// the process held when the run began.
public struct MemoryUse: Codable, Hashable, Sendable {
    public var layout: LayoutID
    /// The shape measured (`BenchmarkResult.itemsPerSection`).
    public var itemsPerSection: Int?
    public var strategy: StrategyID
    public var elements: Int
    public var estimatedBytes: Double
    public var measuredBytes: Double?

    public init(
        layout: LayoutID, itemsPerSection: Int? = nil, strategy: StrategyID, elements: Int, estimatedBytes: Double,
        measuredBytes: Double?
    ) {
        self.layout = layout
        self.itemsPerSection = itemsPerSection
        self.strategy = strategy
        self.elements = elements
        self.estimatedBytes = estimatedBytes
        self.measuredBytes = measuredBytes
    }

    public var shapedLayout: ShapedLayout { ShapedLayout(layout, itemsPerSection: itemsPerSection) }
}
