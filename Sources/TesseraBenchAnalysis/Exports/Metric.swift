import TesseraBenchKit

/// What a figure measures, as the exports and the history name it: Bencher's measure slugs, and the unit each
/// dashboard shows. Every measure is smaller-is-better (an update's floor is the workload's, not the code's: a
/// change in it is a change of what the update must do).
package enum Measure: String, CaseIterable, Codable, Hashable, Sendable {
    /// Nanoseconds an operation: the median of a run's samples, or of `ab`'s rounds for HEAD. Bencher's built-in
    /// latency measure, in nanoseconds.
    case latency
    /// The bytes the allocator holds for a prepared layout, divided by its elements (cold prepares).
    case bytesPerElement = "bytes-per-element"
    /// Heap allocations an operation (queries in their steady state, prepares, updates).
    case allocationsPerOperation = "allocations-per-operation"
    /// `ab`'s median HEAD/BASE ratio, with its confidence interval as the lower and upper values.
    case headBaseRatio = "head-base-ratio"
    /// The elements an update must write: its work floor (`BenchmarkResult.floorElements`).
    case floorElements = "floor-elements"
    /// An update's time over its work floor's (`BenchmarkResult.overFloor`).
    case overFloor = "over-floor"

    package var unit: String {
        switch self {
        case .latency: "ns"
        case .bytesPerElement: "bytes"
        case .allocationsPerOperation: "allocations"
        case .headBaseRatio: "HEAD/BASE"
        case .floorElements: "elements"
        case .overFloor: "time/floor"
        }
    }
}

/// One figure of one result: a value with, where it is known, the bounds of its 95% confidence interval.
package struct Metric: Hashable, Sendable {
    package var benchmark: BenchmarkName
    package var measure: Measure
    package var value: Double
    package var lower: Double?
    package var upper: Double?

    package init(
        _ benchmark: BenchmarkName, _ measure: Measure, value: Double, lower: Double? = nil, upper: Double? = nil
    ) {
        self.benchmark = benchmark
        self.measure = measure
        self.value = value
        self.lower = lower
        self.upper = upper
    }

    /// The series this figure belongs to, as `flow/soa-binary-search/query/1000000 latency`.
    package var series: String { "\(benchmark) \(measure.rawValue)" }
}

extension BenchmarkResult {
    /// The result's figures: its median time (bounded by the distribution-free 95% interval of its samples' median
    /// when it has 6 samples or more), and its bytes an element, allocations an operation, work floor and time over
    /// the floor's when measured.
    package var metrics: [Metric] {
        let name = BenchmarkName(self)
        let interval = MedianInterval(samplesNanoseconds)
        var metrics = [Metric(name, .latency, value: medianNanoseconds, lower: interval?.lower, upper: interval?.upper)]
        if let bytesPerElement { metrics.append(Metric(name, .bytesPerElement, value: bytesPerElement)) }
        if let allocationsPerOperation {
            metrics.append(Metric(name, .allocationsPerOperation, value: allocationsPerOperation))
        }
        if let floorElements { metrics.append(Metric(name, .floorElements, value: floorElements)) }
        if let overFloor { metrics.append(Metric(name, .overFloor, value: overFloor)) }
        return metrics
    }
}

extension BenchmarkName {
    /// The name of a result `ab` compared.
    package init(_ row: ABComparison.Row) {
        self.init(layout: row.shapedLayout, label: row.strategy, operation: row.operation, elements: row.elements)
    }
}

extension ABComparison.Row {
    /// The row's figures: HEAD's median time, and the median HEAD/BASE ratio bounded by its confidence interval.
    package var metrics: [Metric] {
        let name = BenchmarkName(self)
        let ratio = interval?.median ?? MedianInterval.median(of: ratios)
        return [
            Metric(name, .latency, value: headMedianNanoseconds),
            Metric(name, .headBaseRatio, value: ratio, lower: interval?.lower, upper: interval?.upper),
        ]
    }
}
