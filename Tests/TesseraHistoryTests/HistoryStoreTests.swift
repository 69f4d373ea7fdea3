import Foundation
import GRDB
import TesseraBenchAnalysis
import TesseraBenchKit
import Testing

@testable import TesseraHistory

/// A run of one result's latency, as `history add` would record it.
func recordedRun(
    commit: String, day: Int, latency: Double, benchmark: String = "flow/soa-binary-search/query/1000",
    machine: String = "Test CPU, 2 cores", kind: RecordedRun.Kind = .run
) -> RecordedRun {
    let parts = benchmark.split(separator: "/")
    let name = BenchmarkName(
        layout: ShapedLayout(LayoutID(rawValue: String(parts[0])), itemsPerSection: nil), label: String(parts[1]),
        operation: BenchmarkOperation(rawValue: String(parts[2]))!, elements: Int(parts[3])!)
    return RecordedRun(
        kind: kind, commit: commit, branch: "main", machine: machine,
        time: Date(timeIntervalSince1970: 1_780_000_000 + Double(day) * 86_400), workload: "test",
        metrics: [Metric(name, .latency, value: latency, lower: latency * 0.99, upper: latency * 1.01)])
}

@Suite final class HistoryStoreTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString)")
    var path: String { directory.appendingPathComponent("nested/history.sqlite").path }

    deinit { try? FileManager.default.removeItem(at: directory) }

    @Test func runsAndTheirFiguresComeBackAsSeriesInTimeOrder() throws {
        let store = try HistoryStore(path: path)
        // Added out of order: the series is in time order.
        try store.add(recordedRun(commit: "bbb", day: 2, latency: 110))
        try store.add(recordedRun(commit: "aaa", day: 1, latency: 100))
        try store.add(recordedRun(commit: "ccc", day: 3, latency: 5, benchmark: "waterfall/interval-tree/query/1000"))

        let reopened = try HistoryStore(path: path)
        #expect(try reopened.runs().map(\.commit) == ["aaa", "bbb", "ccc"])
        let series = try reopened.series(matching: "flow/")
        #expect(series.count == 1)
        #expect(series[0].key.benchmark == "flow/soa-binary-search/query/1000")
        #expect(series[0].key.measure == .latency)
        #expect(series[0].points.map(\.run.commit) == ["aaa", "bbb"])
        #expect(series[0].values == [100, 110])
        #expect(series[0].points[0].lower == 99)
        #expect(try reopened.series().count == 2)
    }

    @Test func theSameRunTwiceIsRefusedAndNotRecordedAgain() throws {
        let store = try HistoryStore(path: path)
        let run = recordedRun(commit: "aaa", day: 1, latency: 100)
        try store.add(run)
        #expect(throws: HistoryError.self) { try store.add(run) }
        do {
            try store.add(run)
        } catch {
            #expect(error.description.contains("holds this run already"))
        }
        #expect(try store.runs().count == 1)
    }

    @Test func anotherSQLiteDatabaseIsRefusedAndLeftAsItWas() throws {
        try FileManager.default.createDirectory(
            at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('mine')")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect {
            try HistoryStore(path: path)
        } throws: { error in
            (error as? HistoryError)?.description.contains("is not a tessera-bench history: an SQLite database") == true
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func aFileThatIsNoDatabaseIsRefusedAndLeftAsItWas() throws {
        try FileManager.default.createDirectory(
            at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
        let text = Data(String(repeating: "not a database\n", count: 100).utf8)
        try text.write(to: URL(fileURLWithPath: path))
        #expect {
            try HistoryStore(path: path)
        } throws: { error in
            (error as? HistoryError)?.description.contains("not an SQLite database") == true
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == text)
    }

    @Test func aHistoryOfALaterSchemaIsRefused() throws {
        _ = try HistoryStore(path: path)
        try DatabaseQueue(path: path).write { db in try db.execute(sql: "PRAGMA user_version = 99") }
        #expect {
            try HistoryStore(path: path)
        } throws: { error in
            (error as? HistoryError)?.reason == .newerSchema(99)
        }
    }

    /// A history written before the update floors' and the counts' measures existed (schema 1, its figures'
    /// measures checked against the four it knew) reads as it is, and takes both once an add has moved its figures
    /// over.
    @Test func aFirstSchemaHistoryTakesTheNewerMeasuresAndKeepsItsFigures() throws {
        try FileManager.default.createDirectory(
            at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
        try DatabaseQueue(path: path).write { db in
            try db.execute(
                sql: """
                    CREATE TABLE run (
                        id INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, "commit" TEXT NOT NULL, branch TEXT,
                        machine TEXT NOT NULL, time REAL NOT NULL, workload TEXT NOT NULL,
                        UNIQUE (kind, "commit", machine, time)
                    );
                    CREATE TABLE figure (
                        run INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
                        benchmark TEXT NOT NULL CHECK (length(benchmark) >= 1),
                        measure TEXT NOT NULL CHECK (measure IN ('latency', 'bytes-per-element', 'allocations-per-operation', 'head-base-ratio')),
                        value REAL NOT NULL CHECK (value >= 0), lower REAL, upper REAL,
                        PRIMARY KEY (run, benchmark, measure)
                    );
                    CREATE INDEX figure_series ON figure (benchmark, measure);
                    INSERT INTO run (kind, "commit", branch, machine, time, workload)
                        VALUES ('run', 'aaa', 'main', 'Test CPU, 2 cores', 1780000000, 'test');
                    INSERT INTO figure VALUES (1, 'flow/soa-binary-search/update-insert/1000', 'latency', 100, NULL, NULL);
                    PRAGMA user_version = 1;
                    PRAGMA application_id = \(HistoryStore.applicationID);
                    """)
        }
        let store = try HistoryStore(path: path, create: false)
        #expect(try store.series().map(\.values) == [[100]])
        var floored = recordedRun(
            commit: "bbb", day: 1, latency: 90, benchmark: "flow/soa-binary-search/update-insert/1000")
        let name = floored.metrics[0].benchmark
        floored.metrics += [
            Metric(name, .floorElements, value: 12), Metric(name, .overFloor, value: 1.3),
            Metric(name, .instructions, value: 4_100), Metric(name, .estimatedCycles, value: 5_200),
        ]
        try store.add(floored)
        let series = try store.series()
        #expect(series.map(\.key.measure) == [.estimatedCycles, .floorElements, .instructions, .latency, .overFloor])
        #expect(series.map(\.values) == [[5_200], [12], [4_100], [100, 90], [1.3]])
        let version = try DatabaseQueue(path: path).read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") }
        #expect(version == HistoryStore.schemaVersion)
    }

    @Test func aRowNoAddCouldHaveWrittenIsRefusedWhenRead() throws {
        let store = try HistoryStore(path: path)
        try store.add(recordedRun(commit: "aaa", day: 1, latency: 100))
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
            try db.execute(sql: "UPDATE figure SET measure = 'speed'")
        }
        #expect {
            try store.series()
        } throws: { error in
            (error as? HistoryError)?.description.contains("no known benchmark or measure") == true
        }
    }

    /// SQLite keeps a text in a `REAL` column and a blob in a `TEXT` one: each such value is a row no `add` could
    /// have written, refused when read like any other, where reading it as a number (or as text) once stopped the
    /// process.
    @Test(arguments: [
        ("figure", "value", "'n/a'"), ("figure", "lower", "'n/a'"), ("figure", "upper", "x'00'"),
        ("run", "time", "'yesterday'"), ("run", "commit", "x'ff'"), ("run", "machine", "x'ff'"),
        ("run", "branch", "x'ff'"), ("run", "workload", "x'ff'"), ("run", "kind", "x'ff'"),
    ])
    func aValueOfAnotherTypeIsRefusedWhenRead(table: String, column: String, value: String) throws {
        let store = try HistoryStore(path: path)
        try store.add(recordedRun(commit: "aaa", day: 1, latency: 100))
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
            try db.execute(sql: #"UPDATE \#(table) SET "\#(column)" = \#(value)"#)
        }
        var reads: [() throws -> Void] = [{ _ = try store.series() }]
        if table == "run" { reads.append { _ = try store.runs() } }
        for read in reads {
            #expect {
                try read()
            } throws: { error in
                let description = (error as? HistoryError)?.description ?? ""
                return description.contains("holds a row that is not a valid history entry")
                    && description.contains("'s \(column) is a ")
            }
        }
    }

    /// A figure past what a report can give (a time of 10^308 ns, over the report reader's 10^15), a negative one,
    /// or an interval upside down: each is a row no `add` could have written, refused when read and named for what
    /// it is (a negative value was called "not a number", and the others were taken).
    @Test(arguments: [
        ("value = 1e308", "is 1e+308, where a figure of latency is 0 or more and at most 1e+15"),
        ("value = -5", "is -5.0, where a figure of latency is 0 or more"),
        ("upper = 1e300", "'s upper bound is 1e+300"), ("lower = -1", "'s lower bound is -1.0"),
        ("lower = 200, upper = 100", "has a lower bound, 200.0, above its upper bound, 100.0"),
    ])
    func aFigureOutsideTheReportsLimitsIsRefusedWhenRead(assignment: String, message: String) throws {
        let store = try HistoryStore(path: path)
        try store.add(recordedRun(commit: "aaa", day: 1, latency: 100))
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
            try db.execute(sql: "UPDATE figure SET \(assignment)")
        }
        #expect {
            try store.series()
        } throws: { error in
            let description = (error as? HistoryError)?.description ?? ""
            return description.contains("run 1's flow/soa-binary-search/query/1000 latency")
                && description.contains(message)
        }
    }

    /// A run at a time no export can write (1600, which older versions took from `history add --time`) is a row
    /// no `add` could have written now: refused when read, so `history export --format influx` never meets it.
    @Test func aRunAtATimeNoExportWritesIsRefusedWhenRead() throws {
        let store = try HistoryStore(path: path)
        try store.add(recordedRun(commit: "aaa", day: 1, latency: 100))
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "UPDATE run SET time = ?", arguments: [-11_676_096_000.0])
        }
        let reads: [() throws -> Void] = [{ _ = try store.runs() }, { _ = try store.series() }]
        for read in reads {
            #expect {
                try read()
            } throws: { error in
                let description = (error as? HistoryError)?.description ?? ""
                return description.contains("run 1's time is -11676096000.0 s since 1970")
                    && description.contains(RecordedTime.rule)
            }
        }
    }

    /// Otava lines each figure up with the runs by position: runs of two shapes share no figure, and the series
    /// is refused rather than written with every entry empty.
    @Test func runsThatShareNoFigureAreNoOtavaSeries() throws {
        let store = try HistoryStore(path: path)
        try store.add(recordedRun(commit: "aaa", day: 1, latency: 100))
        try store.add(recordedRun(commit: "bbb", day: 2, latency: 100, benchmark: "flow/soa-binary-search/query/2000"))
        let runs = HistoryStore.runs(of: try store.series())
        #expect(throws: ExportError.noCommonFigure(runs: 2)) { try OtavaSeries.document(runs) }
    }

    @Test func twoWritersAtOnceLoseNothing() async throws {
        _ = try HistoryStore(path: path)
        let path = path
        // Each writer has its own connection, as two processes would: SQLite's locks decide who writes when.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<2 {
                group.addTask {
                    let store = try HistoryStore(path: path)
                    for day in 0..<40 {
                        try store.add(recordedRun(commit: "w\(writer)-\(day)", day: day, latency: 100))
                    }
                }
            }
            try await group.waitForAll()
        }
        let store = try HistoryStore(path: path)
        #expect(try store.runs().count == 80)
        #expect(try store.series().first?.points.count == 80)
    }
}
