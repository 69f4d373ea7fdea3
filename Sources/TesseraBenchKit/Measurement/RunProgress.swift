/// The run's progress, one line a measurement: which of how many, the time so far and the time left. A
/// measurement still to come is expected to take what the same strategy took at the same count on a layout
/// already measured; failing that, what it took at the nearest smaller count, scaled by the elements; failing
/// that, the run's time so far per element. Layouts differ, so it is an estimate, but a naive design at 1M,
/// which takes far longer than the engine, is counted as such once one layout has measured it.
final class RunProgress {
    struct Measurement: Hashable {
        var strategy: String
        var items: Int

        /// What the estimate scales by: elements, with a floor for small counts, whose time is mostly fixed costs.
        var weight: Double { Double(Swift.max(items, 20_000)) }
    }

    private let plan: [Measurement]
    private let started = monotonicNanoseconds()
    private var lastStart: UInt64?
    /// The seconds each measurement finished took, by strategy and count.
    private var taken: [Measurement: [Double]] = [:]
    /// How many measurements were made or skipped.
    var done = 0

    /// Each measurement the run will make, in order.
    init(_ plan: [Measurement]) {
        self.plan = plan
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
        guard done > 0 else { return line }
        let elapsed = Double(monotonicNanoseconds() - started) / 1e9
        line += ": \(Self.duration(elapsed)) in, about \(Self.duration(timeLeft(elapsed: elapsed))) left"
        return line
    }

    /// The seconds the measurements from the `done`th on should take, `elapsed` seconds into the run.
    func timeLeft(elapsed: Double) -> Double {
        let finishedWeight = plan[..<done].reduce(0) { $0 + $1.weight }
        let secondsPerWeight = elapsed / Swift.max(finishedWeight, 1)
        return plan[done...].reduce(0) { total, measurement in
            if let times = taken[measurement] { return total + times.reduce(0, +) / Double(times.count) }
            let smaller = taken.keys.filter { $0.strategy == measurement.strategy && $0.items < measurement.items }.max
            { $0.items < $1.items }
            if let smaller, let times = taken[smaller] {
                return total + times.reduce(0, +) / Double(times.count) * measurement.weight / smaller.weight
            }
            return total + secondsPerWeight * measurement.weight
        }
    }

    /// Records the time the measurement under way took, if one is.
    private func finishLast() {
        guard let lastStart, done > 0 else { return }
        record(plan[done - 1], seconds: Double(monotonicNanoseconds() - lastStart) / 1e9)
        self.lastStart = nil
    }

    func record(_ measurement: Measurement, seconds: Double) {
        taken[measurement, default: []].append(seconds)
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
