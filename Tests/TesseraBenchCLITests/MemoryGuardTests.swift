import Foundation
import Testing

/// A workload too large for the machine is refused before anything is allocated, with the estimate in GB
/// (issue 5, item 1; `MemoryEstimate`). 5,000M items would need hundreds of GB on any machine this runs on.
@Suite struct MemoryGuardTests {
    @Test(arguments: [
        ["run", "--quick", "--quiet", "--layouts", "flow", "--items", "5000M"],
        ["run", "--quick", "--quiet", "--layouts", "flow", "--items", "1k,5000M"],
        ["tune", "--quiet", "--layout", "flow", "--items", "5000M"],
    ])
    func tooLargeWorkloadIsRefusedAtOnceWithAnEstimate(_ arguments: [String]) throws {
        let directory = try TemporaryDirectory()
        let report = arguments[0] == "run" ? ["--report", "r.json"] : []
        let outcome = try Bench.run(arguments + report, in: directory.url, timeout: 10)
        #expect(!outcome.timedOut, "\(outcome)")
        #expect(outcome.status == 1, "\(outcome)")
        #expect(!outcome.crashed, "\(outcome)")
        #expect(outcome.standardError.contains("GB"), "\(outcome)")
        #expect(
            outcome.standardError.contains("5,000,000,000") || outcome.standardError.contains("5000000000"),
            "\(outcome)")
        #expect(outcome.standardError.contains("nothing was allocated"), "\(outcome)")
        #expect(try directory.contents().isEmpty, "no report for a refused run")
    }

    /// `dump` and `query` build the same layout over the same built-in workload; without the guard they grind through
    /// billions of seeded sizes until memory runs out.
    @Test(arguments: [
        ["dump", "--items", "5000M"],
        ["query", "--items", "5000M", "--rect", "0,0,390,844"],
    ])
    func dumpAndQueryRefuseATooLargeWorkloadToo(_ arguments: [String]) throws {
        let outcome = try Bench.run(arguments)
        #expect(!outcome.timedOut, "\(outcome)")
        #expect(outcome.status != 0, "\(outcome)")
        #expect(
            outcome.standardError.contains("GB") && outcome.standardError.contains("nothing was allocated"),
            "\(outcome)")
    }

    /// The largest count a user can type is refused the same way by every command that builds a workload: the
    /// sections it would make are counted without overflowing.
    @Test(arguments: [
        "run --quick --quiet --layouts flow", "tune --quiet --layout flow", "dump", "query --rect 0,0,390,844", "trace",
        "native", "floors",
    ])
    func theLargestCountIsRefusedWithAnEstimate(_ command: String) throws {
        let directory = try TemporaryDirectory()
        let arguments = command.split(separator: " ").map(String.init) + ["--items", "\(Int.max)"]
        let outcome = try Bench.run(arguments, in: directory.url, timeout: 10)
        #expect(!outcome.crashed && !outcome.timedOut, "\(outcome)")
        #expect(outcome.status == 1, "\(outcome)")
        #expect(
            outcome.standardError.contains("GB") && outcome.standardError.contains("nothing was allocated"),
            "\(outcome)")
    }

    /// The refusal is about memory, not the count as such: a modest count in a run runs.
    @Test func modestWorkloadRuns() throws {
        let outcome = try Bench.run(
            [
                "run", "--quick", "--quiet", "--layouts", "mosaic", "--strategies", "soa-binary-search", "--items",
                "200",
            ], timeout: 30)
        #expect(outcome.status == 0, "\(outcome)")
        #expect(!outcome.standardError.contains("GB"), "\(outcome)")
    }

    /// Under `ulimit -v`, a run measures what fits the process's limit and skips the rest with its estimate: the
    /// naive dictionary at 300k items (about 400 MB resident, more of address space) once aborted the whole run
    /// under a limit of 600 MB, after the engine had been measured.
    @Test func aRunUnderAnAddressSpaceLimitSkipsWhatWouldNotFit() throws {
        let directory = try TemporaryDirectory()
        let outcome = try Bench.run(
            [
                "-c", "ulimit -v 600000 && exec \"$0\" \"$@\"", TesseraBenchBinary.url.path, "run", "--quick",
                "--quiet",
                "--layouts", "flow", "--items", "300k", "--strategies", "soa-binary-search,naive-dictionary",
                "--report",
                "r.json",
            ], in: directory.url, timeout: 300, executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(outcome.status == 0 && !outcome.crashed, "\(outcome)")
        #expect(outcome.standardError.contains("naive-dictionary at 300,000 items skipped"), "\(outcome)")
        #expect(outcome.standardError.contains("budget"), "\(outcome)")
        let report = try String(contentsOfFile: directory.path("r.json"), encoding: .utf8)
        #expect(report.contains("soa-binary-search"), "the engine was measured")
    }
}
