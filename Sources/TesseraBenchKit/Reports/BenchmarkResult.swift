/// The samples and statistics of one operation.
package struct BenchmarkResult: Codable, Hashable, Sendable {
    package var layout: LayoutID
    /// Items a section of the built-in workload, when it divided the layout into sections: the shape measured.
    /// `nil` for a workload file, for Mosaic and the carousel (one section by nature), and in older reports.
    package var itemsPerSection: Int?
    package var strategy: StrategyID
    /// The index's parameters when they are not the strategy's standard ones (as `run --index` gives them and
    /// `tune` tries them).
    package var parameters: String?
    /// The allocator, when not the report's own: the naive designs measured on glibc malloc beside jemalloc.
    package var allocator: String?
    /// The elements the layout holds: the workload's items and its supplementary views.
    package var elements: Int
    package var operation: BenchmarkOperation
    /// The number of samples.
    package var samples: Int
    /// Nanoseconds per operation, one value a sample.
    package var samplesNanoseconds: [Double]
    /// When operations were timed in batches between two clock reads: the operations of the shortest batch. Each
    /// sample is then its batch's time per operation. Absent when each sample is one operation.
    package var operationsPerSample: Int?
    package var medianNanoseconds: Double
    package var p90Nanoseconds: Double
    package var p99Nanoseconds: Double
    /// For prepares and the fill floor: the median divided by the number of elements.
    package var nanosecondsPerElement: Double?
    /// For cold prepares: the bytes the allocator holds for the prepared layout, divided by the number of elements.
    package var bytesPerElement: Double?
    /// Heap allocations per operation, in the steady state for queries.
    package var allocationsPerOperation: Double?
    /// For queries: the elements brute force found that the strategy did not, over the checked frames.
    package var missedElements: Int?
    /// For updates: the elements the update must write, its work floor, found by the oracle independently of the
    /// engine (`UpdateFloor`): for `update-resize` the mean of its two sizes' floors, for `update-batch` the median
    /// over its batches, for `self-sizing-scroll` the median over the frames that resize. Absent in reports before
    /// floors were measured.
    package var floorElements: Double?
    /// For updates: the time over the floor's time, the floor's elements priced at the same strategy's warm prepare
    /// with 2 µs an update (`FloorPrice`): the median over the floor for one-item updates, the median of the
    /// per-batch ratios for `update-batch`, the p99 of the per-frame ratios over the frames that resize for
    /// `self-sizing-scroll`.
    package var overFloor: Double?

    /// The strategy as reports name it, with its parameters and allocator when they are not the run's standard.
    package var label: String {
        strategy.rawValue + (parameters.map { " (\($0))" } ?? "") + (allocator.map { " [\($0)]" } ?? "")
    }

    package var shapedLayout: ShapedLayout { ShapedLayout(layout, itemsPerSection: itemsPerSection) }

    /// Whether the result belongs to the run proper, rather than to a side-by-side variant of it (a naive design on
    /// another allocator). An index the run was given a parameter for (`run --index`) is the run's own: its targets
    /// and summary judge it.
    package var isStandard: Bool { allocator == nil }

    /// `perElement`: whether the median is also given per element (prepares and the fill floor).
    package init(
        layout: LayoutID, strategy: StrategyID, elements: Int, operation: BenchmarkOperation, samples: [Double],
        operationsPerSample: Int = 1, perElement: Bool = false
    ) {
        self.layout = layout
        self.strategy = strategy
        self.elements = elements
        self.operation = operation
        self.samples = samples.count
        samplesNanoseconds = samples
        self.operationsPerSample = operationsPerSample > 1 ? operationsPerSample : nil
        let percentiles = Percentiles(of: samples)
        medianNanoseconds = percentiles.median
        p90Nanoseconds = percentiles.p90
        p99Nanoseconds = percentiles.p99
        if perElement, elements > 0 { nanosecondsPerElement = percentiles.median / Double(elements) }
    }

    enum CodingKeys: String, CodingKey {
        case layout, itemsPerSection, strategy, parameters, allocator, elements, operation, samples, samplesNanoseconds,
            operationsPerSample
        case medianNanoseconds, p90Nanoseconds, p99Nanoseconds, nanosecondsPerElement, bytesPerElement
        case allocationsPerOperation, missedElements, floorElements, overFloor
    }

    /// Schema 2 named the element counts after items.
    enum SchemaTwoKeys: String, CodingKey {
        case items, nanosecondsPerItem, bytesPerItem
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let older = try decoder.container(keyedBy: SchemaTwoKeys.self)
        layout = try container.decode(LayoutID.self, forKey: .layout)
        itemsPerSection = try container.decodeIfPresent(Int.self, forKey: .itemsPerSection)
        strategy = try container.decode(StrategyID.self, forKey: .strategy)
        parameters = try container.decodeIfPresent(String.self, forKey: .parameters)
        allocator = try container.decodeIfPresent(String.self, forKey: .allocator)
        elements = try container.decodeIfPresent(Int.self, forKey: .elements) ?? older.decode(Int.self, forKey: .items)
        operation = try container.decode(BenchmarkOperation.self, forKey: .operation)
        samples = try container.decode(Int.self, forKey: .samples)
        samplesNanoseconds = try container.decode([Double].self, forKey: .samplesNanoseconds)
        operationsPerSample = try container.decodeIfPresent(Int.self, forKey: .operationsPerSample)
        medianNanoseconds = try container.decode(Double.self, forKey: .medianNanoseconds)
        p90Nanoseconds = try container.decode(Double.self, forKey: .p90Nanoseconds)
        p99Nanoseconds = try container.decode(Double.self, forKey: .p99Nanoseconds)
        nanosecondsPerElement =
            try container.decodeIfPresent(Double.self, forKey: .nanosecondsPerElement)
            ?? older.decodeIfPresent(Double.self, forKey: .nanosecondsPerItem)
        bytesPerElement =
            try container.decodeIfPresent(Double.self, forKey: .bytesPerElement)
            ?? older.decodeIfPresent(Double.self, forKey: .bytesPerItem)
        allocationsPerOperation = try container.decodeIfPresent(Double.self, forKey: .allocationsPerOperation)
        missedElements = try container.decodeIfPresent(Int.self, forKey: .missedElements)
        floorElements = try container.decodeIfPresent(Double.self, forKey: .floorElements)
        overFloor = try container.decodeIfPresent(Double.self, forKey: .overFloor)
    }
}
