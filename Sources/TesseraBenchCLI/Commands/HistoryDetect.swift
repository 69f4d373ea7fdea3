import ArgumentParser
import Foundation
import TesseraBenchKit
import TesseraHistory

struct HistoryDetect: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "detect",
        abstract: "Find where each series of the history changed, and name the first commit of each change.",
        discussion: """
            Each series (a benchmark's measure on one machine, from one kind of report) is searched as Apache \
            Otava 0.8.0 searches it by default: E-divisive means over windows of 50 points, each cut tested by a \
            Student t-test at p ≤ 0.01, then the cuts merged until each has p < 0.001; the same change points, to \
            the index, as `otava analyze` finds on the same series. A change point is named by the first run at \
            the new level (its commit) and the last before it. Every measure is smaller-is-better: a rise is a \
            regression.

            One run is a point, so a change is found once runs at the new level outnumber the noise: with a \
            figure's run-to-run noise of 2–3%, a 10% step is found a few runs after it lands. A counted series \
            (instructions, estimated-cycles, from `run` or `ab --measure instructions`) repeats to within a few \
            hundredths of a percent, so a 1% step is found at its first commit. The t-test would call a shift of a \
            hundredth of a percent in such a series significant, and a count moves by a few tenths of a percent \
            with what is not the code (the environment's length moves the stack's addresses), so a counted series \
            reports only changes of 0.5% or more unless --magnitude says otherwise.

            Exit status: 0 when searched (with or without change points); 2 for a database that is not a history, \
            or no series that matches; 64 for usage.
            """
    )

    @OptionGroup var history: HistoryDatabaseOption

    @OptionGroup var filter: SeriesOptions

    @Option(parsing: .unconditional, help: "Points searched at once (Otava's --window).")
    var window = 50

    @Option(
        name: .customLong("p-value"), parsing: .unconditional,
        help: "The largest p-value a change point may have (Otava's -P).")
    var pValue = 0.001

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "The smallest relative change that counts, as a fraction (Otava's -M). (default: 0, or 0.005 for a counted series)",
            valueName: "fraction"))
    var magnitude: Double?

    func validate() throws {
        // The candidate search holds a window's w² pair distances.
        guard (4...2_000).contains(window) else { throw ValidationError("--window must be from 4 to 2000 points") }
        guard pValue > 0, pValue < 1 else { throw ValidationError("--p-value must be between 0 and 1") }
        if let magnitude, !(magnitude.isFinite && magnitude >= 0) {
            throw ValidationError("--magnitude must be 0 or more")
        }
    }

    func run() throws {
        let series = try filter.series(of: history)
        let changes = SeriesChange.detect(
            in: series, windowLength: window, maxPValue: pValue, minMagnitude: magnitude)
        let regressions = changes.filter(\.isRegression).count
        print(
            "\(changes.count) change point\(changes.count == 1 ? "" : "s") in \(series.count) series "
                + "(\(regressions) regression\(regressions == 1 ? "" : "s"), "
                + "\(changes.count - regressions) improvement\(changes.count - regressions == 1 ? "" : "s"))")
        for change in changes { print(change.line()) }
    }
}
