import Foundation
import TesseraBenchKit

/// A counted run's results (`run --measure instructions`) as aligned text for a terminal: each operation's counts
/// per operation, and how many times the naive dictionary's estimated cycles each strategy's are.
package enum CountedTable {
    package static func render(_ report: BenchmarkReport) -> String {
        let counted = report.counted ?? []
        var naive: [BenchmarkResult.Key: Double] = [:]
        for result in counted where result.strategy == .naiveDictionary {
            naive[result.key] = result.cost.estimatedCycles
        }
        func naiveKey(of result: CountedResult) -> BenchmarkResult.Key {
            var key = result.key
            key.label = StrategyID.naiveDictionary.rawValue
            return key
        }
        let header = [
            "layout", "strategy", "elements", "operation", "instructions", "est. cycles", "L1 misses", "LL misses",
            "naive-dictionary ×",
        ]
        let rows = counted.map { result -> [String] in
            let cost = result.cost
            let speedUp = naive[naiveKey(of: result)].map { $0 / Swift.max(cost.estimatedCycles, 1) }
            return [
                result.key.layout.name, result.key.label, result.elements.formatted(), result.operation.rawValue,
                TerminalTable.decimal(cost.instructions), TerminalTable.decimal(cost.estimatedCycles),
                TerminalTable.decimal(cost.l1Misses), TerminalTable.decimal(cost.lastLevelMisses),
                speedUp.map { TerminalTable.decimal($0) } ?? "",
            ]
        }
        return TerminalTable.align([header] + rows)
            + "\nCounted under callgrind, per operation; estimated cycles = L1 hits + 5 × LL hits + 35 × RAM "
            + "accesses (simulated caches: 32 KiB L1, 8 MiB LL). A count does not see memory-level parallelism, "
            + "prefetchers or the clock's frequency: compare builds with it, and designs with times.\n"
    }
}
