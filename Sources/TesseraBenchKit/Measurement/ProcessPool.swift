/// A measurement made in several fresh processes, pooled: the processes, not the rounds of one, as the independent
/// samples.
///
/// A process's own layout (where the loader, the allocator and the stack put things) moves a ratio of `native` or
/// `floors` by 10% and more with the timed code unchanged, and every round of one process shares it, so a verdict
/// near its target is the process's draw as much as the code's. Pooled, each ratio is judged on the median of the
/// processes' median ratios, with the exact 95% interval over processes, as `ab` judges builds over rounds of fresh
/// processes.
package enum ProcessPool {
    /// The fewest processes a pooled verdict takes: a 95% interval of a median needs 6 samples.
    package static let minimumProcesses = 6

    package enum Failure: Error, CustomStringConvertible, Equatable {
        case tooFewProcesses(Int)
        case mismatched(String)

        package var description: String {
            switch self {
            case .tooFewProcesses(let count):
                "\(count) processes measured; a 95% interval over processes needs at least \(ProcessPool.minimumProcesses)"
            case .mismatched(let what): "the processes measured different things: \(what)"
            }
        }
    }
}

/// A candidate's median time in one process, to be pooled with the same candidate's in others.
package protocol PoolableTiming: Codable, Sendable {
    /// What the timing is of, to match it across processes.
    var poolKey: String { get }
    /// The field that holds the timing's median, in nanoseconds.
    static var medianField: WritableKeyPath<Self, Double> { get }
}

/// A ratio's median and interval over one process's rounds, to be pooled with the same ratio's in others.
package protocol PoolableRatio: Codable, Sendable {
    /// What the ratio is of, to match it across processes.
    var poolKey: String { get }
    var interval: MedianInterval? { get set }
}

/// One process's timings and ratios, as a process of a pooled command prints them for its parent; or the pool's.
package struct ProcessMeasurement<Timing: PoolableTiming, Ratio: PoolableRatio>: Codable, Sendable {
    package var timings: [Timing]
    package var ratios: [Ratio]

    package init(timings: [Timing] = [], ratios: [Ratio] = []) {
        self.timings = timings
        self.ratios = ratios
    }

    /// The processes' measurements as one: each timing the median of the processes' medians, each ratio the
    /// median of the processes' median ratios with its 95% interval over the processes, and its target unchanged.
    /// The processes must have measured the same things in the same order, each with an interval of its own.
    package static func pooled(_ processes: [Self]) throws(ProcessPool.Failure) -> Self {
        guard processes.count >= ProcessPool.minimumProcesses, let first = processes.first else {
            throw .tooFewProcesses(processes.count)
        }
        for process in processes {
            guard process.timings.map(\.poolKey) == first.timings.map(\.poolKey),
                process.ratios.map(\.poolKey) == first.ratios.map(\.poolKey)
            else {
                throw .mismatched("a process's candidates or ratios differ from the first's")
            }
            guard !process.timings.isEmpty, process.ratios.allSatisfy({ $0.interval != nil }) else {
                throw .mismatched("a process measured no median")
            }
        }
        var pooled = first
        for position in pooled.timings.indices {
            pooled.timings[position][keyPath: Timing.medianField] = MedianInterval.median(
                of: processes.map { $0.timings[position][keyPath: Timing.medianField] })
        }
        for position in pooled.ratios.indices {
            pooled.ratios[position].interval = MedianInterval(
                processes.compactMap { $0.ratios[position].interval?.median })
        }
        return pooled
    }
}
