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
    /// Instructions an operation, counted under callgrind (`run --measure instructions`): the same from run to run
    /// to within a few hundredths of a percent, so a 1% step stands out of its series at once.
    case instructions
    /// Cycles an operation as estimated from the counted instructions and simulated cache misses
    /// (`CountedCost.estimatedCycles`).
    case estimatedCycles = "estimated-cycles"
    /// Layout shift (`ShiftResult`): a scenario's largest shift of a step, its p99, and its score, in points and
    /// viewport lengths; and a waterfall's photos that changed column over the scenario.
    case shiftLargest = "shift-largest"
    case shiftP99 = "shift-p99"
    case shiftScore = "shift-score"
    case columnChanges = "column-changes"

    /// The largest figure of this measure a report can give, by the report reader's own limits: a time's 10^15 ns,
    /// a shift's 10^12 points, and a count's 10^18 for the rest (no tally, floor or ratio of a report is larger).
    package var largestValue: Double {
        switch self {
        case .latency: BenchmarkReport.longestTime
        case .shiftLargest, .shiftP99: BenchmarkReport.largestShift
        default: CountedCost.longestCount
        }
    }

    /// Whether the measure is a count under callgrind (`run --measure instructions`) rather than a time or a tally.
    package var isCounted: Bool { self == .instructions || self == .estimatedCycles }

    /// The smallest relative change `history detect` reports in a series of this measure unless told another: none
    /// for the others, as Otava; 0.5% for a count. A count repeats so closely that E-divisive's t-test finds a
    /// shift of a hundredth of a percent significant, and a count moves by a few tenths of a percent with what is
    /// not the code: the environment's and the arguments' length shifts the stack's addresses, and so the
    /// simulated misses (one more environment variable moved flow's one-item resize by 0.1%).
    package var smallestChange: Double { isCounted ? 0.005 : 0 }

    package var unit: String {
        switch self {
        case .latency: "ns"
        case .bytesPerElement: "bytes"
        case .allocationsPerOperation: "allocations"
        case .headBaseRatio: "HEAD/BASE"
        case .floorElements: "elements"
        case .overFloor: "time/floor"
        case .instructions: "instructions"
        case .estimatedCycles: "cycles"
        case .shiftLargest, .shiftP99: "points"
        case .shiftScore: "viewports"
        case .columnChanges: "photos"
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

extension CountedResult {
    /// The result's figures: its instructions and estimated cycles an operation.
    package var metrics: [Metric] {
        let name = BenchmarkName(layout: key.layout, label: key.label, operation: operation, elements: elements)
        return [
            Metric(name, .instructions, value: cost.instructions),
            Metric(name, .estimatedCycles, value: cost.estimatedCycles),
        ]
    }
}

extension ShiftResult {
    /// The result's figures: its largest and p99 shift and its score, and a waterfall's column changes, named
    /// `layout/strategy/shift-scenario/elements`.
    package var metrics: [Metric] {
        return [
            Metric(name, .shiftLargest, value: largestPoints), Metric(name, .shiftP99, value: p99Points),
            Metric(name, .shiftScore, value: score),
        ] + (columnChanges.map { [Metric(name, .columnChanges, value: Double($0))] } ?? [])
    }
}

extension BenchmarkReport {
    /// The report's figures: its timed results', its counted results' and its layout shift's.
    package var metrics: [Metric] {
        results.flatMap(\.metrics) + (counted ?? []).flatMap(\.metrics) + (shifts ?? []).flatMap(\.metrics)
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

extension CountedComparison.Row {
    /// The row's figures: HEAD's instructions and estimated cycles an operation.
    package var metrics: [Metric] {
        let name = BenchmarkName(layout: key.layout, label: strategy, operation: operation, elements: elements)
        return [
            Metric(name, .instructions, value: head.instructions),
            Metric(name, .estimatedCycles, value: head.estimatedCycles),
        ]
    }
}
