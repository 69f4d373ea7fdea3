import Foundation
import Testing

/// `export` and `history`: a report's figures in the dashboards' formats, and a history of them over commits.
@Suite struct HistoryCommandTests {
    /// A quick run of flow's engine strategy, as `history add` takes it.
    static func report(in directory: TemporaryDirectory) throws -> String {
        let outcome = try Bench.run(
            [
                "run", "--quick", "--quiet", "--items", "1k", "--layouts", "flow", "--strategies", "soa-binary-search",
                "--report", "r.json",
            ],
            in: directory.url)
        try #require(outcome.status == 0, "\(outcome)")
        return directory.path("r.json")
    }

    /// A copy of `report` whose query times are all multiplied by `factor`: a build that much slower.
    static func scaled(_ report: String, query factor: Double, to path: String) throws {
        var object = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any])
        var results = try #require(object["results"] as? [[String: Any]])
        for index in results.indices where results[index]["operation"] as? String == "query" {
            for key in ["medianNanoseconds", "p90Nanoseconds", "p99Nanoseconds"] {
                results[index][key] = try #require(results[index][key] as? Double) * factor
            }
            results[index]["samplesNanoseconds"] = try #require(results[index]["samplesNanoseconds"] as? [Double])
                .map { $0 * factor }
        }
        object["results"] = results
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path))
    }

    @Test func exportWritesEachFormat() throws {
        let directory = try TemporaryDirectory()
        let report = try Self.report(in: directory)
        let bmf = try Bench.run(["export", report, "--format", "bmf"])
        #expect(bmf.status == 0, "\(bmf)")
        let benchmarks = try #require(
            try JSONSerialization.jsonObject(with: Data(bmf.standardOutput.utf8)) as? [String: [String: Any]])
        #expect(
            benchmarks["flow/soa-binary-search/query/1002/1000-per-section"]?["latency"] != nil, "\(benchmarks.keys)")

        let github = try Bench.run(
            ["export", report, "--format", "github-action-benchmark", "--output", "gab.json"], in: directory.url)
        #expect(github.status == 0 && github.standardOutput.isEmpty, "\(github)")
        let entries = try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: directory.path("gab.json"))))
        #expect((entries as? [[String: Any]])?.isEmpty == false)

        let influx = try Bench.run(["export", report, "--format", "influx", "--commit", "abc", "--branch", "main"])
        #expect(influx.status == 0, "\(influx)")
        #expect(influx.stdoutLines.allSatisfy { $0.hasPrefix("tessera,") && $0.contains("commit=abc") }, "\(influx)")

        let otava = try Bench.run(["export", report, "--format", "otava"])
        #expect(otava.status == 0, "\(otava)")
        #expect((try JSONSerialization.jsonObject(with: Data(otava.standardOutput.utf8)) as? [Any])?.count == 1)
    }

    @Test func exportRefusesWhatIsNoReport() throws {
        let directory = try TemporaryDirectory()
        let foreign = try directory.write("foreign.json", #"{"tool": "bencher"}"#)
        let outcome = try Bench.run(["export", foreign, "--format", "bmf"])
        #expect(outcome.status == 2, "\(outcome)")
        #expect(outcome.standardError.contains("is not a tessera-bench report"), "\(outcome)")
        let unknown = try Bench.run(["export", foreign, "--format", "csv"])
        #expect(unknown.status == 64, "\(unknown)")
    }

    /// A time outside what InfluxDB's nanoseconds since 1970 hold trapped the influx export (SIGILL, exit 132),
    /// given as `--time` or as the report's date; `history add --time 1600-…` was taken, and every influx export
    /// of the history trapped from then on. Each is refused, with the range, and never trapped.
    @Test func timesOutsideWhatTheExportsHoldAreRefusedNotTrapped() throws {
        let directory = try TemporaryDirectory()
        let report = try Self.report(in: directory)
        let range = "from 1677-09-21T00:12:44Z to 2262-04-11T23:47:16Z"
        for time in ["2262-04-12T00:00:00Z", "0000-01-01T00:00:00Z", "1600-01-01T00:00:00Z"] {
            let export = try Bench.run(["export", report, "--format", "influx", "--time", time])
            #expect(export.status == 64 && !export.crashed, "\(export)")
            #expect(
                export.standardError.contains("--time \"\(time)\" is refused") && export.standardError.contains(range))
        }
        let database = directory.path("history.sqlite")
        let add = try Bench.run(["history", "add", report, "--database", database, "--time", "1600-01-01T00:00:00Z"])
        #expect(add.status == 64 && add.standardError.contains(range), "\(add)")
        let last = try Bench.run(["export", report, "--format", "influx", "--time", "2262-04-11T23:47:16Z"])
        #expect(last.status == 0 && last.standardOutput.contains(" 9223372036000000000\n"), "\(last)")

        var object = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any])
        var environment = try #require(object["environment"] as? [String: Any])
        environment["date"] = "9999-01-01T00:00:00Z"
        object["environment"] = environment
        let late = directory.path("late.json")
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: late))
        let fromDate = try Bench.run(["export", late, "--format", "influx"])
        #expect(fromDate.status == 2 && !fromDate.crashed && fromDate.standardError.contains(range), "\(fromDate)")
    }

    /// Otava lines a figure's values up with the runs by position: a history of two shapes shares no figure, and
    /// its series is refused, where every entry was written with no metric and exit 0.
    @Test func anOtavaSeriesOfRunsThatShareNothingIsRefused() throws {
        let directory = try TemporaryDirectory()
        let report = try Self.report(in: directory)
        var object = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any])
        var results = try #require(object["results"] as? [[String: Any]])
        for index in results.indices { results[index]["itemsPerSection"] = 7 }
        object["results"] = results
        var shifts = object["shifts"] as? [[String: Any]] ?? []
        for index in shifts.indices { shifts[index]["itemsPerSection"] = 7 }
        object["shifts"] = shifts
        let reshaped = directory.path("reshaped.json")
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: reshaped))
        let database = directory.path("history.sqlite")
        for (path, commit) in [(report, "aaa1111"), (reshaped, "bbb2222")] {
            let add = try Bench.run(["history", "add", path, "--database", database, "--commit", commit])
            #expect(add.status == 0, "\(add)")
        }
        let export = try Bench.run(["history", "export", "--database", database, "--format", "otava"])
        #expect(export.status == 2 && export.standardOutput.isEmpty, "\(export)")
        #expect(export.standardError.contains("the 2 runs share no figure"), "\(export)")
        let narrowed = try Bench.run([
            "history", "export", "--database", database, "--format", "otava", "--benchmark", "/7-per-section",
        ])
        #expect(narrowed.status == 0, "one shape's runs share their figures: \(narrowed)")
    }

    @Test func aHistoryOfRunsShowsEachSeriesAndRefusesARunTwice() throws {
        let directory = try TemporaryDirectory()
        let report = try Self.report(in: directory)
        let database = directory.path("h/history.sqlite")
        for commit in ["aaa1111", "bbb2222"] {
            let add = try Bench.run(["history", "add", report, "--database", database, "--commit", commit])
            #expect(add.status == 0, "\(add)")
            #expect(add.standardOutput.contains("Recorded \(report) as run"), "\(add)")
        }
        let again = try Bench.run(["history", "add", report, "--database", database, "--commit", "aaa1111"])
        #expect(again.status == 2 && again.standardError.contains("holds this run already"), "\(again)")

        let overview = try Bench.run(["history", "show", "--database", database])
        #expect(overview.status == 0, "\(overview)")
        #expect(overview.standardOutput.contains("flow/soa-binary-search/query/1002/1000-per-section"), "\(overview)")

        let points = try Bench.run(
            [
                "history", "show", "--database", database, "--benchmark", "soa-binary-search/query/", "--measure",
                "latency",
                "--html", "chart.html",
            ], in: directory.url)
        #expect(points.status == 0, "\(points)")
        #expect(
            points.stdoutLines.filter { $0.hasPrefix("aaa1111") || $0.hasPrefix("bbb2222") }.count == 2, "\(points)")
        let page = try String(contentsOfFile: directory.path("chart.html"), encoding: .utf8)
        #expect(page.contains("<svg") && page.contains("aaa1111"))

        let export = try Bench.run(["history", "export", "--database", database, "--format", "otava"])
        #expect(export.status == 0, "\(export)")
        #expect((try JSONSerialization.jsonObject(with: Data(export.standardOutput.utf8)) as? [Any])?.count == 2)
        let oneRunFormat = try Bench.run(["history", "export", "--database", database, "--format", "bmf"])
        #expect(oneRunFormat.status == 64, "\(oneRunFormat)")
    }

    /// `history export --help` lists only the formats that hold a series (it listed all four, and refused two);
    /// `export --help` still lists every one, since one run fits each.
    @Test func eachExportsHelpListsTheFormatsItTakes() throws {
        let series = try Bench.run(["history", "export", "--help"])
        #expect(series.status == 0, "\(series)")
        let formatLine = try #require(
            series.stdoutLines.first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("--format") }, "\(series)")
        #expect(formatLine.contains("(values: otava, influx)"), "\(formatLine)")
        #expect(!series.standardOutput.contains("bmf"), "\(series)")
        #expect(!series.standardOutput.contains("github-action-benchmark"), "\(series)")

        let oneRun = try Bench.run(["export", "--help"])
        #expect(oneRun.status == 0, "\(oneRun)")
        let help = oneRun.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("(values: bmf, github-action-benchmark, otava, influx)"), "\(help)")
    }

    /// A format `history export` does not take is a usage error that names the ones it does: a one-run format
    /// with where it belongs, any other value with the list.
    @Test(arguments: [
        ("bmf", "holds one run: use `tessera-bench export` on a report; a history is written as otava or influx"),
        (
            "github-action-benchmark",
            "holds one run: use `tessera-bench export` on a report; a history is written as otava or influx"
        ),
        ("csv", "Please provide one of 'otava' and 'influx'"),
    ])
    func historyExportRefusesAFormatItDoesNotTakeNamingThoseItDoes(format: String, reason: String) throws {
        let directory = try TemporaryDirectory()
        let outcome = try Bench.run(
            ["history", "export", "--database", directory.path("history.sqlite"), "--format", format])
        #expect(outcome.status == 64 && !outcome.crashed, "\(outcome)")
        #expect(outcome.standardError.contains(reason), "\(outcome)")
        #expect(outcome.standardOutput.isEmpty, "\(outcome)")
        #expect(!FileManager.default.fileExists(atPath: directory.path("history.sqlite")), "no history made")
    }

    @Test func detectNamesTheCommitWhereTheQueryGotSlower() throws {
        let directory = try TemporaryDirectory()
        let report = try Self.report(in: directory)
        var reports: [String] = []
        // 24 runs: 12 at the measured speed, then 12 of a build 15% slower, each within ±1% of its level.
        for run in 0..<24 {
            let path = directory.path("r\(run).json")
            let jitter = 1 + 0.01 * sin(Double(run))
            try Self.scaled(report, query: (run < 12 ? 1 : 1.15) * jitter, to: path)
            reports.append(path)
        }
        let database = directory.path("history.sqlite")
        for (run, path) in reports.enumerated() {
            let time = String(format: "2026-11-%02dT12:00:00Z", run + 1)
            let add = try Bench.run(
                ["history", "add", path, "--database", database, "--commit", "c\(run)", "--time", time])
            try #require(add.status == 0, "\(add)")
        }
        let detect = try Bench.run(
            [
                "history", "detect", "--database", database, "--benchmark", "soa-binary-search/query/", "--measure",
                "latency",
            ])
        #expect(detect.status == 0, "\(detect)")
        let line = try #require(detect.stdoutLines.first { $0.hasPrefix("regression") }, "\(detect)")
        #expect(line.contains("first at c12 (after c11)"), "\(line)")
        #expect(line.contains("(+14") || line.contains("(+15") || line.contains("(+16"), "\(line)")
    }

    @Test func twoProcessesAddingAtOnceLoseNothing() async throws {
        let directory = try TemporaryDirectory()
        let report = try Self.report(in: directory)
        let database = directory.path("history.sqlite")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<2 {
                group.addTask {
                    for run in 0..<8 {
                        let add = try Bench.run(
                            ["history", "add", report, "--database", database, "--commit", "w\(writer)-\(run)"])
                        #expect(add.status == 0, "\(add)")
                    }
                }
            }
            try await group.waitForAll()
        }
        let show = try Bench.run(
            [
                "history", "show", "--database", database, "--benchmark", "soa-binary-search/query/", "--measure",
                "latency",
            ])
        #expect(show.stdoutLines.filter { $0.hasPrefix("w0-") || $0.hasPrefix("w1-") }.count == 16, "\(show)")
    }

    /// An add that fails leaves no history behind it would have made: the same run twice in one add was refused
    /// and left an empty database in its place, the scratch file it is now written in is removed too.
    @Test func aFailedAddMakesNoHistory() throws {
        let directory = try TemporaryDirectory()
        let report = try Self.report(in: directory)
        let outcome = try Bench.run(["history", "add", report, report, "--database", directory.path("h.sqlite")])
        #expect(outcome.status == 2 && outcome.standardError.contains("h.sqlite holds this run already"), "\(outcome)")
        #expect(try directory.contents() == ["r.json"])
        let add = try Bench.run(["history", "add", report, "--database", directory.path("h.sqlite")])
        #expect(add.status == 0, "\(add)")
        #expect(try directory.contents().sorted() == ["h.sqlite", "r.json"])
    }

    @Test func readingAHistoryThatIsNotThereMakesNone() throws {
        let directory = try TemporaryDirectory()
        for command in ["show", "detect"] {
            let outcome = try Bench.run(["history", command, "--database", directory.path("none/history.sqlite")])
            #expect(outcome.status == 2, "\(outcome)")
            #expect(outcome.standardError.contains("there is no history at"), "\(outcome)")
        }
        #expect(try directory.contents().isEmpty)
    }

    /// A pipe or a directory as the database is refused by what it is, and SQLite leaves no journal beside it (a
    /// device once got one: /dev/null-journal).
    @Test func aPipeOrADirectoryIsNoHistory() throws {
        let directory = try TemporaryDirectory()
        let fifo = directory.path("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        try FileManager.default.createDirectory(atPath: directory.path("folder"), withIntermediateDirectories: false)
        let elsewhere = try TemporaryDirectory()
        let report = try Self.report(in: elsewhere)
        for database in [fifo, directory.path("folder")] {
            for command in [["show"], ["add", report]] {
                let outcome = try Bench.run(["history"] + command + ["--database", database], timeout: 20)
                #expect(outcome.status == 2 && !outcome.timedOut, "\(outcome)")
                #expect(outcome.standardError.contains("not a regular file"), "\(outcome)")
            }
        }
        #expect(try directory.contents().sorted() == ["fifo", "folder"], "no journal left")
    }

    @Test func aFileThatIsNoHistoryIsRefusedAndLeftAsItWas() throws {
        let directory = try TemporaryDirectory()
        let notes = try directory.write("notes.txt", String(repeating: "my notes\n", count: 200))
        let outcome = try Bench.run(["history", "show", "--database", notes])
        #expect(outcome.status == 2, "\(outcome)")
        #expect(outcome.standardError.contains("is not a tessera-bench history"), "\(outcome)")
        #expect(try String(contentsOfFile: notes, encoding: .utf8) == String(repeating: "my notes\n", count: 200))
    }
}
