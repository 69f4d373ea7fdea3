/// A line now and then on work counted in steps, once it has run long enough to be worth one: a short run prints
/// nothing. As `run` prints its progress, with the time so far and the time left, here at the pace so far.
package final class StepProgress {
    private let total: Int
    private let what: String
    private let delay: UInt64
    private let interval: UInt64
    private let now: () -> UInt64
    private let emit: (String) -> Void
    private let started: UInt64
    private var lastLine: UInt64?

    /// `total` steps of the work `what` names ("dump: steps applied"), a line to `emit` after `delay` seconds and
    /// then every `interval`, timed by `now` (nanoseconds).
    package init(
        total: Int, of what: String, after delay: Double = 2, every interval: Double = 5,
        now: @escaping () -> UInt64 = { monotonicNanoseconds() }, emit: @escaping (String) -> Void
    ) {
        self.total = total
        self.what = what
        self.delay = UInt64(delay * 1e9)
        self.interval = UInt64(interval * 1e9)
        self.now = now
        self.emit = emit
        started = now()
    }

    /// `done` steps are done: a line when it is time for one.
    package func update(_ done: Int) {
        let time = now()
        let elapsed = time - started
        guard elapsed >= delay, lastLine.map({ time - $0 >= interval }) ?? true else { return }
        lastLine = time
        emit(Self.line(what, done: done, total: total, elapsedSeconds: Double(elapsed) / 1e9))
    }

    /// "dump: steps applied: 120,000 of 200,000, 4 s in, about 3 s left".
    static func line(_ what: String, done: Int, total: Int, elapsedSeconds: Double) -> String {
        var line = "\(what): \(done.formatted()) of \(total.formatted()), \(RunProgress.duration(elapsedSeconds)) in"
        if done > 0, done < total {
            let left = elapsedSeconds / Double(done) * Double(total - done)
            line += ", about \(RunProgress.duration(left)) left"
        }
        return line
    }
}
