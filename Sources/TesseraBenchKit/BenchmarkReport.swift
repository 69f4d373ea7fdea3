import Foundation

/// What `tessera-bench run` writes with `--report FILE.json`: versioned, with the environment it ran in.
public struct BenchmarkReport: Codable, Sendable {
    /// Bumped when a field changes meaning or disappears; readers refuse newer versions. Version 2: times are
    /// fractional nanoseconds, and a sample may be the mean of a batch (`operationsPerSample`).
    public static let currentSchemaVersion = 2
    public static let toolName = "tessera-bench"

    public var schemaVersion: Int
    public var tool: String
    public var environment: RunEnvironment
    public var settings: RunSettings
    public var results: [BenchmarkResult]
    public var verifications: [Verification]
    public var targets: [TargetCheck]
    /// Strategies not run because they would not fit in memory; absent from reports that skipped none.
    public var skipped: [SkippedRun]?

    public init(
        environment: RunEnvironment, settings: RunSettings, results: [BenchmarkResult], verifications: [Verification],
        targets: [TargetCheck], skipped: [SkippedRun] = []
    ) {
        schemaVersion = Self.currentSchemaVersion
        tool = Self.toolName
        self.environment = environment
        self.settings = settings
        self.results = results
        self.verifications = verifications
        self.targets = targets
        self.skipped = skipped.isEmpty ? nil : skipped
    }

    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }

    /// Writes the report to a temporary file and renames it over `url`, so an interrupted run never leaves a
    /// partial report behind.
    public func write(to url: URL) throws {
        try jsonData().write(to: url, options: .atomic)
    }
}

/// The operations timed for each layout, strategy and item count.
public enum BenchmarkOperation: String, Codable, CaseIterable, Sendable {
    /// `prepare` into a fresh layout: allocation and first-touch page faults included.
    case prepareCold = "prepare-cold"
    /// `prepare` again after a bounds-size change, into the buffers of the last one.
    case prepareWarm = "prepare-warm"
    /// One rect query a frame, replaying the scroll trace.
    case query
    /// Writing as many bytes as the design holds into a warm buffer: the bandwidth floor for a prepare.
    case fillFloor = "fill-floor"
}

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

/// How a strategy's answers compared with brute force on the checked frames of the trace.
public struct Verification: Codable, Hashable, Sendable {
    public var layout: LayoutID
    public var strategy: StrategyID
    public var items: Int
    public var framesChecked: Int
    public var mismatchedFrames: Int
    /// Elements brute force returned that the strategy did not.
    public var missedElements: Int
    /// Elements the strategy returned that brute force did not, or with another frame.
    public var extraElements: Int

    public var isExact: Bool { mismatchedFrames == 0 }
}

/// The settings a run used, so a report can be reproduced.
public struct RunSettings: Codable, Hashable, Sendable {
    public var layouts: [LayoutID]
    /// The strategies run on every layout; `nil` runs each layout's tutorial designs and the engine's strategies.
    public var strategies: [StrategyID]?
    public var itemCounts: [Int]
    public var viewportWidth: Double
    public var viewportHeight: Double
    public var seed: UInt64
    public var workload: String
    public var traceFrames: Int
    public var verifiedFrames: Int
    /// The strategy the run's targets judge; `nil` for `TargetCheck.defaultStrategy`, and in reports written before
    /// the strategy could be chosen (when the fastest in the run was judged).
    public var targetStrategy: StrategyID?

    public init(
        layouts: [LayoutID], strategies: [StrategyID]?, itemCounts: [Int], viewportWidth: Double, viewportHeight: Double,
        seed: UInt64, workload: String, traceFrames: Int, verifiedFrames: Int, targetStrategy: StrategyID? = nil
    ) {
        self.layouts = layouts
        self.strategies = strategies
        self.itemCounts = itemCounts
        self.viewportWidth = viewportWidth
        self.viewportHeight = viewportHeight
        self.seed = seed
        self.workload = workload
        self.traceFrames = traceFrames
        self.verifiedFrames = verifiedFrames
        self.targetStrategy = targetStrategy
    }

    public func strategies(for layout: LayoutID) -> [StrategyID] {
        strategies ?? layout.tutorialStrategies + StrategyID.engine
    }
}
