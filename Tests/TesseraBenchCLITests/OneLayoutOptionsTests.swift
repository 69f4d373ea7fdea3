import Foundation
import Testing

/// `dump`, `query` and `tune` lay out one layout at one item count, with one group of options (`OneLayoutOptions`):
/// the same `--layout` and `--items`, each command's own default count in its help, and the same rules.
@Suite struct OneLayoutOptionsTests {
    /// Each command, with what else it needs to run, and its default item count.
    static let commands: [([String], Int)] = [
        (["dump"], 100), (["query", "--rect", "0,0,390,844"], 100), (["tune", "--quiet"], 100_000),
    ]

    @Test(arguments: commands)
    func helpNamesTheLayoutsAndTheCommandsOwnDefaultCount(command: [String], defaultCount: Int) throws {
        let outcome = try Bench.run([command[0], "--help"])
        #expect(outcome.status == 0, "\(outcome)")
        let help = outcome.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(
            help.contains(
                "--layout <layout> The layout. (values: flow, waterfall, mosaic, carousel, sticky-parallax; default: flow)"
            ), "\(help)")
        #expect(
            help.contains(
                "--items <count> Items in the built-in workload. (default: \(defaultCount), or a workload file's count)"
            ),
            "\(help)")
    }

    /// The rules every one of them keeps, refused before anything is laid out: no items, a list of shapes, a layout
    /// the options cannot make at the viewport turned, an unknown layout, and `--items` that contradicts a file.
    @Test(arguments: commands)
    func eachRefusesWhatTheGroupRefuses(command: [String], defaultCount: Int) throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(
            "two.json", #"{"sections": [{"itemSizes": [[50, 50], [60, 60]]}]}"#)
        let refusals: [([String], String)] = [
            (["--items", "0"], "--items must be at least 1"),
            (["--items", "10", "--items-per-section", "5,10"], "--items-per-section takes one count here"),
            (
                ["--layout", "waterfall", "--items", "10", "--cell-padding", "200"],
                "the waterfall layout cannot be made with these options"
            ),
            (["--layout", "nope"], "'sticky-parallax'"),
            (["--workload", file, "--items", "3"], "does not match the workload file's 2 items"),
        ]
        for (arguments, reason) in refusals {
            let outcome = try Bench.run(command + arguments)
            #expect(outcome.status == 64 && !outcome.crashed, "\(outcome)")
            #expect(outcome.standardError.contains(reason), "\(reason): \(outcome)")
            #expect(outcome.standardOutput.isEmpty, "\(outcome)")
        }
    }

    /// Without `--items`, `dump` lays out its default count; with a workload file, the file's.
    @Test func dumpLaysOutItsDefaultCountOrTheFiles() throws {
        let cells = { (outcome: Bench.Outcome) in outcome.stdoutLines.filter { $0.contains(#""kind":"cell""#) }.count }
        let builtIn = try Bench.run(["dump", "--layout", "mosaic"])
        #expect(builtIn.status == 0, "\(builtIn)")
        #expect(cells(builtIn) == 100, "\(builtIn)")

        let directory = try TemporaryDirectory()
        let file = try directory.write("two.json", #"{"sections": [{"itemSizes": [[50, 50], [60, 60]]}]}"#)
        let fromFile = try Bench.run(["dump", "--workload", file])
        #expect(fromFile.status == 0, "\(fromFile)")
        #expect(cells(fromFile) == 2, "\(fromFile)")
    }
}
