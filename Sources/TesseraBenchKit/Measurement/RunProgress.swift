/// The run's progress, one line a measurement: which of how many, the time so far and the time left.
///
/// A measurement's time is taken to grow with its weight: the elements times the bytes an element measuring that
/// strategy on that layout holds (`MemoryEstimate`), since prepare, updates and the oracle's check are passes over
/// that memory. A measurement still to come is expected to take, per unit of weight, what the same strategy took at
/// the same count on a layout already measured. Failing that, it is extrapolated from the strategy's two largest
/// smaller counts along the line through them: a small count's time is mostly fixed costs (each operation's
/// sampling minimum, the trace and the oracle), which a rate per unit of weight would multiply by the hundred times
/// more elements of 1M. Failing that, the strategy's one smaller count's rate, or what the run has taken so far per
/// unit of weight. So a naive design at 1M is expected to take several times an engine strategy's from the start,
/// and is counted at its own pace once one layout has measured it.
final class RunProgress {
    struct Measurement {
        var strategy: String
        var items: Int
        /// The bytes an element measuring the strategy holds on its layout and shape.
        var bytesPerElement: Double

        /// What the time is expected to grow with: bytes, with a floor on the elements for small counts, whose
        /// time is mostly fixed costs (where the memory estimates stop being fitted).
        var weight: Double { bytesPerElement * Double(Swift.max(items, MemoryEstimate.calibratedFromElements)) }
        var key: Key { Key(strategy: strategy, items: items) }
    }

    /// A strategy at a count, whatever its layout.
    struct Key: Hashable {
        var strategy: String
        var items: Int
    }

    private let plan: [Measurement]
    private let started = monotonicNanoseconds()
    private var lastStart: UInt64?
    /// The weight and seconds of each measurement finished, by strategy and count.
    private var taken: [Key: [(weight: Double, seconds: Double)]] = [:]
    /// How many measurements were made or skipped.
    var done = 0
    /// Whether a line says the time so far and the time left. A counted run's lines do not: a line's length would
    /// follow the clock, and the heap after it, and the counts after that.
    private let showsTime: Bool

    /// Each measurement the run will make, in order.
    init(_ plan: [Measurement], showsTime: Bool = true) {
        self.plan = plan
        self.showsTime = showsTime
    }

    /// Counts a measurement the run skips.
    func skip() {
        finishLast()
        done += 1
    }

    /// The line for the next measurement, `label`.
    func next(_ label: String) -> String {
        finishLast()
        defer {
            done += 1
            lastStart = monotonicNanoseconds()
        }
        var line = "[\(done + 1)/\(plan.count)] \(label)"
        guard done > 0, showsTime else { return line }
        let elapsed = Double(monotonicNanoseconds() - started) / 1e9
        line += ": \(Self.duration(elapsed)) in, about \(Self.duration(timeLeft(elapsed: elapsed))) left"
        return line
    }

    /// The seconds the measurements from the `done`th on should take, `elapsed` seconds into the run.
    func timeLeft(elapsed: Double) -> Double {
        let runRate = elapsed / Swift.max(plan[..<done].reduce(0) { $0 + $1.weight }, 1)
        return plan[done...].reduce(0) { total, measurement in
            total + (expectedSeconds(of: measurement) ?? runRate * measurement.weight)
        }
    }

    /// The seconds the measurement should take, from what its strategy took at its count or at smaller ones.
    private func expectedSeconds(of measurement: Measurement) -> Double? {
        if let same = taken[measurement.key] {
            return same.reduce(0) { $0 + $1.seconds / $1.weight } / Double(same.count) * measurement.weight
        }
        let smaller = taken.keys.filter { $0.strategy == measurement.strategy && $0.items < measurement.items }
            .sorted { $0.items > $1.items }.compactMap { taken[$0].map(Self.mean) }
        guard let nearest = smaller.first else { return nil }
        let proportional = nearest.seconds * measurement.weight / nearest.weight
        guard smaller.count > 1, nearest.weight > smaller[1].weight else { return proportional }
        let slope = (nearest.seconds - smaller[1].seconds) / (nearest.weight - smaller[1].weight)
        // Between the nearest count's time, which a larger count takes at least, and its rate, which fixed costs
        // make the most.
        return Swift.min(
            Swift.max(nearest.seconds + slope * (measurement.weight - nearest.weight), nearest.seconds), proportional)
    }

    /// The mean weight and the mean seconds of measurements.
    private static func mean(_ points: [(weight: Double, seconds: Double)]) -> (weight: Double, seconds: Double) {
        let count = Double(points.count)
        return (points.reduce(0) { $0 + $1.weight } / count, points.reduce(0) { $0 + $1.seconds } / count)
    }

    /// Records the time the measurement under way took, if one is.
    private func finishLast() {
        guard let lastStart, done > 0 else { return }
        record(plan[done - 1], seconds: Double(monotonicNanoseconds() - lastStart) / 1e9)
        self.lastStart = nil
    }

    func record(_ measurement: Measurement, seconds: Double) {
        taken[measurement.key, default: []].append((measurement.weight, seconds))
    }

    /// "42 s", "3 min", "1 h 05 min".
    static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        if whole < 90 { return "\(whole) s" }
        if whole < 5_400 { return "\((whole + 30) / 60) min" }
        let minutes = (whole + 30) / 60
        return "\(minutes / 60) h \(minutes % 60 < 10 ? "0" : "")\(minutes % 60) min"
    }
}

extension RunProgress.Measurement {
    /// Measuring `strategy` on `layout` at `items` items of `source`, costed at its shape (at the fewest elements
    /// the estimates are fitted at, for smaller counts).
    init(_ strategy: StrategyID, items: Int, on layout: LayoutID, from source: WorkloadSource) {
        let shape = source.shape(for: layout, items: Swift.max(items, MemoryEstimate.calibratedFromElements))
        let bytes = MemoryEstimate.measuringBytes(strategy, on: layout, shape) / Double(Swift.max(shape.elements, 1))
        self.init(strategy: strategy.rawValue, items: items, bytesPerElement: Swift.max(bytes, 1))
    }
}
