import Foundation
import Testing

/// `ab --measure instructions` against stand-in builds that write fixed counted reports, so each verdict and exit
/// status is certain.
@Suite struct ABCountedTests {
    /// A counted report of flow's query and warm prepare, with `query` instructions a query (and 100,000 a
    /// prepare); `withoutQuery` counts no query.
    static func countedReport(query: Double, withoutQuery: Bool = false) -> String {
        func counted(_ operation: String, _ instructions: Double) -> String {
            """
            {"layout": "flow", "strategy": "soa-binary-search", "elements": 1000, "operation": "\(operation)",
             "operationsCounted": 1, "cost": {"instructions": \(instructions), "dataReads": 0, "dataWrites": 0,
             "l1Misses": 0, "lastLevelMisses": 0, "estimatedCycles": \(instructions)}}
            """
        }
        let results = [counted("prepare-warm", 100_000)] + (withoutQuery ? [] : [counted("query", query)])
        return """
            {"schemaVersion": 3, "tool": "tessera-bench",
             "environment": {"host": "h", "cpuModel": "c", "cores": 2, "operatingSystem": "Linux", "swiftVersion": "6.3",
                             "allocator": "jemalloc", "date": "2026-01-01T00:00:00Z", "gitCommit": "c0ffee"},
             "settings": {"layouts": ["flow"], "itemCounts": [1000], "viewportWidth": 390, "viewportHeight": 844,
                          "seed": 1, "workload": "w, seed 1", "traceFrames": 10, "verifiedFrames": 10},
             "results": [], "counted": [\(results.joined(separator: ","))], "verifications": [], "targets": []}
            """
    }

    /// A stand-in whose `run --measure instructions` writes `countedReport(query:withoutQuery:)`;
    /// `knowsMeasure: false` is a build from before counting.
    static func standIn(
        query: Double, knowsMeasure: Bool = true, withoutQuery: Bool = false, in directory: URL, name: String
    ) throws -> String {
        let report = countedReport(query: query, withoutQuery: withoutQuery)
        let options =
            "[--layouts <l>] [--items <n>] [--quiet] [--report <file.json>]"
            + (knowsMeasure ? " [--measure <time|instructions>]" : "")
        return try ABCommandTests.standIn(writing: report, options: options, in: directory, name: name)
    }

    @Test(arguments: [
        (head: 1_000.0, status: Int32(0), verdict: "unchanged"),
        (head: 1_005.0, status: 0, verdict: "unchanged"),
        (head: 1_011.0, status: 1, verdict: "regression"),
        (head: 980.0, status: 0, verdict: "improvement"),
    ])
    func oneRoundJudgesTheCountsAgainstOnePercent(head: Double, status: Int32, verdict: String) throws {
        let directory = try ABCommandTests.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let base = try Self.standIn(query: 1_000, in: directory, name: "base")
        let changed = try Self.standIn(query: head, in: directory, name: "head")
        let markdown = directory.appendingPathComponent("ab.md").path
        let outcome = try Bench.run([
            "ab", base, changed, "--measure", "instructions", "--quiet", "--markdown", markdown, "--layouts", "flow",
        ])
        #expect(outcome.status == status, "\(outcome)")
        let queryLine = outcome.standardOutput.split(separator: "\n").first { $0.contains("query") } ?? ""
        #expect(queryLine.hasSuffix(verdict), "\(outcome)")
        #expect(outcome.standardOutput.contains("2 of 2 results agreed to the instruction"), "\(outcome)")
        #expect(status == 0 || outcome.standardError.contains("1 result regressed"), "\(outcome)")
        #expect(try String(contentsOfFile: markdown, encoding: .utf8).contains("| flow · soa-binary-search"))
    }

    /// A BASE that cannot count would time where HEAD counts: refused (2). A HEAD that no longer counts a gated
    /// result breaks the benchmark (3).
    @Test func aBaseThatCannotCountAndAHeadThatDropsAResult() throws {
        let directory = try ABCommandTests.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let good = try Self.standIn(query: 1_000, in: directory, name: "good")
        let older = try Self.standIn(query: 1_000, knowsMeasure: false, in: directory, name: "older")
        let dropping = try Self.standIn(query: 1_000, withoutQuery: true, in: directory, name: "dropping")
        let cannotCount = try Bench.run(["ab", older, good, "--measure", "instructions", "--quiet"])
        #expect(cannotCount.status == 2, "\(cannotCount)")
        #expect(cannotCount.standardError.contains("cannot count"), "\(cannotCount)")
        let broken = try Bench.run(["ab", good, dropping, "--measure", "instructions", "--quiet"])
        #expect(broken.status == 3, "\(broken)")
        #expect(broken.standardError.contains("HEAD did not count a gated result"), "\(broken)")
        let timed = try Bench.run(["ab", good, good, "--measure", "instructions", "--until-decided"])
        #expect(timed.status == 64, "\(timed)")
    }
}
