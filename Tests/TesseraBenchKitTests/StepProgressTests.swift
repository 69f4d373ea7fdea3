import Testing

@testable import TesseraBenchKit

/// A progress line for long work counted in steps (`dump --updates`): none while the work is short, then one now
/// and then, with the time so far and the time left at the pace so far.
@Suite struct StepProgressTests {
    final class Clock: @unchecked Sendable {
        var nanoseconds: UInt64 = 0
    }

    @Test func shortWorkPrintsNothingAndLongWorkALineNowAndThen() {
        let clock = Clock()
        var lines: [String] = []
        let progress = StepProgress(
            total: 200_000, of: "dump: steps applied", after: 2, every: 5, now: { clock.nanoseconds },
            emit: { lines.append($0) })
        for step in 1...1_000 {
            clock.nanoseconds = UInt64(step) * 1_000_000  // 1 ms a step: a second in all
            progress.update(step)
        }
        #expect(lines.isEmpty, "a second's work says nothing")
        for step in 1_001...10_000 {
            clock.nanoseconds = UInt64(step) * 1_000_000
            progress.update(step)
        }
        // Lines at 2 s and 7 s: ten seconds in, two.
        #expect(
            lines == [
                "dump: steps applied: 2,000 of 200,000, 2 s in, about 3 min left",
                "dump: steps applied: 7,000 of 200,000, 7 s in, about 3 min left",
            ])
    }

    @Test func aFinishedLineSaysNoTimeLeft() {
        #expect(
            StepProgress.line("dump: steps applied", done: 10, total: 10, elapsedSeconds: 3)
                == "dump: steps applied: 10 of 10, 3 s in")
    }
}
