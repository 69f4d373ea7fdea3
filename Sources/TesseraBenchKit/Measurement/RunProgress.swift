/// The run's progress, one line a measurement: which of how many, the time so far and a rough time left. The time
/// left assumes a measurement takes time in proportion to its elements (with a floor for the small ones), which
/// is rough (a naive design at 1M takes far longer than the engine) but says minutes from seconds.
final class RunProgress {
    private let weights: [Double]
    private let started = monotonicNanoseconds()
    private var done = 0

    /// `items` for each measurement the run will make, in order.
    init(items: [Int]) {
        weights = items.map { Double(Swift.max($0, 20_000)) }
    }

    /// Counts a measurement the run skips.
    func skip() { done += 1 }

    /// The line for the next measurement, `label`.
    func next(_ label: String) -> String {
        defer { done += 1 }
        let elapsed = Double(monotonicNanoseconds() - started) / 1e9
        var line = "[\(done + 1)/\(weights.count)] \(label)"
        guard done > 0 else { return line }
        let finished = weights[..<done].reduce(0, +)
        let remaining = weights[done...].reduce(0, +)
        line += ": \(Self.duration(elapsed)) in, about \(Self.duration(elapsed / finished * remaining)) left"
        return line
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
