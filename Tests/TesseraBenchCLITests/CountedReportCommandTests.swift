import Foundation
import Testing

/// A counted run's report where a timed one goes: `compare` judges its counts, `summary` shows them, `export`
/// writes them and the history keeps them as series of their own.
@Suite struct CountedReportCommandTests {
    @Test(arguments: [
        (head: 1_000.0, status: Int32(0), verdict: "unchanged"),
        (head: 1_011.0, status: 1, verdict: "regression"),
        (head: 980.0, status: 0, verdict: "improvement"),
    ])
    func compareJudgesTwoCountedReportsOnTheirCounts(head: Double, status: Int32, verdict: String) throws {
        let directory = try TemporaryDirectory()
        let base = try directory.write("base.json", ABCountedTests.countedReport(query: 1_000))
        let changed = try directory.write("head.json", ABCountedTests.countedReport(query: head))
        let outcome = try Bench.run(["compare", base, changed])
        #expect(outcome.status == status && !outcome.crashed, "\(outcome)")
        let query = try #require(outcome.stdoutLines.first { $0.contains("· query") }, "\(outcome)")
        #expect(query.hasSuffix(verdict), "\(query)")
        #expect(outcome.standardOutput.contains("Each build counted once"), "\(outcome)")
        if status == 1 { #expect(outcome.standardError.contains("estimated cycles 1.0110"), "\(outcome)") }
    }

    @Test func compareRefusesATimedReportAgainstACountedOne() throws {
        let directory = try TemporaryDirectory()
        let counted = try directory.write("counted.json", ABCountedTests.countedReport(query: 1_000))
        let timed = try HistoryCommandTests.report(in: directory)
        let outcome = try Bench.run(["compare", timed, counted])
        #expect(outcome.status == 2 && !outcome.crashed, "\(outcome)")
        #expect(outcome.standardError.contains("one report is of a timed run and the other of a counted one"))
    }

    @Test func summaryShowsACountedReportsTable() throws {
        let directory = try TemporaryDirectory()
        let counted = try directory.write("counted.json", ABCountedTests.countedReport(query: 1_234))
        let outcome = try Bench.run(["summary", counted])
        #expect(outcome.status == 0 && !outcome.crashed, "\(outcome)")
        let query = try #require(outcome.stdoutLines.first { $0.contains("query") }, "\(outcome)")
        #expect(query.contains("1,234") || query.contains("1234"), "\(query)")
        let readme = try directory.write("README.md", "")
        let refused = try Bench.run(["summary", counted, "--readme", readme])
        #expect(refused.status == 2 && refused.standardError.contains("these reports hold counts only"), "\(refused)")
    }

    @Test func exportWritesTheCountsAsMeasuresOfTheirOwn() throws {
        let directory = try TemporaryDirectory()
        let counted = try directory.write("counted.json", ABCountedTests.countedReport(query: 1_234))
        let outcome = try Bench.run(["export", counted, "--format", "bmf"])
        #expect(outcome.status == 0, "\(outcome)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: [String: Any]])
        let query = try #require(document["flow/soa-binary-search/query/1000"] as? [String: [String: Double]])
        #expect(query["instructions"]?["value"] == 1_234 && query["estimated-cycles"]?["value"] == 1_234)
    }

    /// Forty counted runs, the last twenty of a build whose query runs 1% more instructions: the history names
    /// the first commit of the change and nothing else, though two runs of the first build moved by 0.3%, as the
    /// counts of a loaded machine's allocator did in the gate's A/A runs.
    @Test func historyDetectFindsAOnePercentStepInACountedSeriesAtItsFirstCommit() throws {
        let directory = try TemporaryDirectory()
        let database = directory.path("history.sqlite")
        for run in 0..<40 {
            let wobble = [7, 13].contains(run) ? 1.003 : 1
            let query = 4_000 * (run < 20 ? 1 : 1.01) * wobble
            let report = try directory.write("r\(run).json", ABCountedTests.countedReport(query: query))
            let time = String(format: "2026-11-%02dT%02d:00:00Z", run / 24 + 1, run % 24)
            let add = try Bench.run(
                ["history", "add", report, "--database", database, "--commit", "c\(run)", "--time", time])
            try #require(add.status == 0, "\(add)")
        }
        let detect = try Bench.run(["history", "detect", "--database", database, "--benchmark", "/query/"])
        #expect(detect.status == 0, "\(detect)")
        let changes = detect.stdoutLines.filter { $0.hasPrefix("regression") || $0.hasPrefix("improvement") }
        #expect(changes.count == 2, "instructions and estimated cycles: \(detect.standardOutput)")
        #expect(changes.allSatisfy { $0.hasPrefix("regression") && $0.contains("first at c20 (after c19)") })
    }
}
