import Foundation

/// What a run will hold at its peak, estimated before anything is allocated, so that a workload too large for
/// the machine is refused (or a naive strategy skipped) with the estimate instead of failing half-way.
public struct MemoryEstimate: Sendable {
    /// The bytes a run may use: four fifths of the machine's memory unless given.
    public var budget: Double

    public init(budget: Double = Double(ProcessInfo.processInfo.physicalMemory) * 0.8) {
        self.budget = budget
    }

    /// Bytes an element of each design, as jemalloc measured them at 1M elements (README), rounded up.
    public static func bytesPerElement(_ strategy: StrategyID) -> Double {
        switch strategy {
        case .naiveDictionary: 420
        case .lineSectors: 370
        case .linearArray, .mosaicBinarySearch: 350
        case .soaBinarySearch, .unionRects: 36
        case .pageTable: 44
        case .intervalTree: 64
        }
    }

    /// What every strategy of a run shares: the workload's sizes (16 bytes an item) and the brute-force oracle's
    /// store, with room to spare.
    public static func sharedBytes(elements: Int) -> Double {
        64 * Double(elements)
    }

    /// Measuring a strategy holds two of its layouts at once: the one measured, and a fresh one being prepared cold.
    public static func peakBytes(_ strategy: StrategyID, elements: Int) -> Double {
        sharedBytes(elements: elements) + 2 * bytesPerElement(strategy) * Double(elements)
    }

    public func fits(_ strategy: StrategyID, elements: Int) -> Bool {
        Self.peakBytes(strategy, elements: elements) <= budget
    }

    /// Refuses, with the estimate and before anything is allocated, a workload of `items` items that `strategy`
    /// would not fit: the leanest engine strategy by default, for a workload nothing could measure. Supplementary
    /// views add a few elements in a thousand, which the estimates' rounding up covers.
    public func check(items: Int, for strategy: StrategyID = .soaBinarySearch) throws(RunError) {
        guard fits(strategy, elements: items) else {
            throw .workloadTooLarge(items: items, estimatedBytes: Self.peakBytes(strategy, elements: items), budgetBytes: budget)
        }
    }
}
