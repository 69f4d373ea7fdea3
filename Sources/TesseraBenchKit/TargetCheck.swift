/// One performance target of the architecture, checked against a run's own results (ratios within one run, so a
/// noisy machine slows both sides alike).
public struct TargetCheck: Codable, Hashable, Sendable {
    public enum Comparison: String, Codable, Sendable {
        case atLeast = "≥"
        case atMost = "≤"
    }

    public var name: String
    public var layout: LayoutID
    public var items: Int
    public var measured: Double
    public var comparison: Comparison
    public var target: Double
    public var passed: Bool

    init(_ name: String, layout: LayoutID, items: Int, measured: Double, _ comparison: Comparison, _ target: Double) {
        self.name = name
        self.layout = layout
        self.items = items
        self.measured = measured
        self.comparison = comparison
        self.target = target
        passed = switch comparison {
        case .atLeast: measured >= target
        case .atMost: measured <= target
        }
    }

    /// The item count at which the architecture sets the speed-ups over the naive dictionary.
    public static let speedUpScale = 1_000_000

    /// The targets of `ARCHITECTURE.md` section 6 that these results can speak to.
    public static func evaluate(_ results: [BenchmarkResult]) -> [TargetCheck] {
        var checks: [TargetCheck] = []
        for layout in LayoutID.allCases {
            let engine = StrategyID.soaBinarySearch
            func median(_ strategy: StrategyID, _ operation: Operation, _ items: Int) -> Double? {
                results.first { $0.layout == layout && $0.strategy == strategy && $0.operation == operation && $0.items == items }
                    .map { Double(Swift.max($0.medianNanoseconds, 1)) }
            }
            func result(_ operation: Operation, _ items: Int) -> BenchmarkResult? {
                results.first { $0.layout == layout && $0.strategy == engine && $0.operation == operation && $0.items == items }
            }
            let engineCounts = Set(results.filter { $0.layout == layout && $0.strategy == engine }.map(\.items)).sorted()
            guard let largest = engineCounts.last else { continue }

            // Against the naive dictionary, at the largest count both ran, if it is the architecture's 1M or more.
            let naiveCounts = Set(results.filter { $0.layout == layout && $0.strategy == .naiveDictionary }.map(\.items))
            if let shared = engineCounts.last(where: naiveCounts.contains), shared >= speedUpScale {
                let speedups: [(String, Operation, Double)] = [
                    ("query speed-up over naive-dictionary", .query, 100_000),
                    ("warm prepare speed-up over naive-dictionary", .prepareWarm, 100),
                    ("cold prepare speed-up over naive-dictionary", .prepareCold, 20),
                ]
                for (name, operation, target) in speedups {
                    if let naive = median(.naiveDictionary, operation, shared), let fast = median(engine, operation, shared) {
                        checks.append(TargetCheck(name, layout: layout, items: shared, measured: naive / fast, .atLeast, target))
                    }
                }
            }
            if let bytes = result(.prepareCold, largest)?.bytesPerItem {
                checks.append(TargetCheck("bytes per element", layout: layout, items: largest, measured: bytes, .atMost, 40))
            }
            if let allocations = result(.query, largest)?.allocationsPerOperation {
                checks.append(TargetCheck("heap allocations per steady-state query", layout: layout, items: largest, measured: allocations, .atMost, 0))
            }
            if let warm = median(engine, .prepareWarm, largest), let floor = median(engine, .fillFloor, largest) {
                checks.append(TargetCheck("warm prepare over the fill floor", layout: layout, items: largest, measured: warm / floor, .atMost, 2))
            }
            if let smallest = engineCounts.first, smallest < largest,
               let small = median(engine, .query, smallest), let large = median(engine, .query, largest) {
                checks.append(TargetCheck("query growth from \(smallest) items", layout: layout, items: largest, measured: large / small, .atMost, 2))
            }
        }
        return checks
    }
}
