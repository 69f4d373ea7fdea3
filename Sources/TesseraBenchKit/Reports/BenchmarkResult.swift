/// The samples and statistics of one operation.
public struct BenchmarkResult: Codable, Hashable, Sendable {
    public var layout: LayoutID
    public var strategy: StrategyID
    /// The index's parameters when they are not the strategy's standard ones (as `tune` tries them).
    public var parameters: String?
    /// The allocator, when not the report's own: the naive designs measured on glibc malloc beside jemalloc.
    public var allocator: String?
    public var items: Int
    public var operation: BenchmarkOperation
    /// The number of samples.
    public var samples: Int
    /// Nanoseconds per operation, one value a sample.
    public var samplesNanoseconds: [Double]
    /// When operations were timed in batches between two clock reads: the operations of the shortest batch. Each
    /// sample is then its batch's time per operation. Absent when each sample is one operation.
    public var operationsPerSample: Int?
    public var medianNanoseconds: Double
    public var p90Nanoseconds: Double
    public var p99Nanoseconds: Double
    /// For prepares and the fill floor: the median divided by the number of elements.
    public var nanosecondsPerItem: Double?
    /// For cold prepares: the bytes the allocator holds for the prepared layout, divided by the number of elements.
    public var bytesPerItem: Double?
    /// Heap allocations per operation, in the steady state for queries.
    public var allocationsPerOperation: Double?
    /// For queries: the elements brute force found that the strategy did not, over the checked frames.
    public var missedElements: Int?

    /// The strategy as reports name it, with its parameters and allocator when they are not the run's standard.
    public var label: String {
        strategy.rawValue + (parameters.map { " (\($0))" } ?? "") + (allocator.map { " [\($0)]" } ?? "")
    }

    /// Whether the result belongs to the run proper, rather than to a side-by-side variant of it.
    public var isStandard: Bool { parameters == nil && allocator == nil }

    public init(
        layout: LayoutID, strategy: StrategyID, items: Int, operation: BenchmarkOperation, samples: [Double],
        operationsPerSample: Int = 1, elements: Int? = nil
    ) {
        self.layout = layout
        self.strategy = strategy
        self.items = items
        self.operation = operation
        self.samples = samples.count
        samplesNanoseconds = samples
        self.operationsPerSample = operationsPerSample > 1 ? operationsPerSample : nil
        let percentiles = Percentiles(of: samples)
        medianNanoseconds = percentiles.median
        p90Nanoseconds = percentiles.p90
        p99Nanoseconds = percentiles.p99
        if let elements, elements > 0 { nanosecondsPerItem = percentiles.median / Double(elements) }
    }
}
