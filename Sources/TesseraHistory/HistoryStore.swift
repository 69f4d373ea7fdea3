import Foundation
import GRDB
import TesseraBenchAnalysis
import TesseraBenchKit

/// The history of a project's benchmark figures, in one SQLite file: each run's commit, branch, machine and time,
/// and its figures, from which `history show` draws a series and `history detect` finds where it changed.
///
/// Several processes may add at once (two CI jobs on one file): each addition is one immediate transaction, and a
/// writer that finds the file locked waits for it (SQLite's own locking, with a busy timeout) rather than fail, so
/// nothing is lost. A file that is not a history is refused, never changed: a history marks itself with SQLite's
/// `application_id`.
package struct HistoryStore: Sendable {
    /// The history's layout; a history of a later one is refused. Version 2 admits the update floors' measures
    /// (`Measure.floorElements`, `Measure.overFloor`), version 3 the counted ones (`Measure.instructions`,
    /// `Measure.estimatedCycles`), version 4 layout shift's (`Measure.shiftLargest`, `.shiftP99`, `.shiftScore`,
    /// `.columnChanges`); an older history takes them once an `add` has moved its figures to the new table
    /// (`migrate`).
    package static let schemaVersion = 4
    /// "TSRA", in SQLite's `application_id`: what tells a history from any other SQLite file.
    static let applicationID: Int32 = 0x5453_5241

    /// How long a writer waits for another to finish before giving up.
    static let busyTimeout: TimeInterval = 60

    package let path: String
    private let database: DatabaseQueue

    /// Opens the history at `path`, creating it (and its directory) when there is none and `create` allows.
    ///
    /// - Throws: `HistoryError` when the file is not a history, is a newer one, cannot be opened, or is missing
    ///   and not to be created.
    package init(path: String, create: Bool = true) throws(HistoryError) {
        self.path = path
        guard create || FileManager.default.fileExists(atPath: path) else {
            throw HistoryError(path: path, reason: .missing)
        }
        // SQLite would open a device or a pipe and leave its journal beside it (/dev/null-journal).
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            throw HistoryError(
                path: path, reason: .foreign("it is not a regular file but a device, a pipe or a directory"))
        }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var configuration = Configuration()
        configuration.busyMode = .timeout(Self.busyTimeout)
        do {
            database = try DatabaseQueue(path: path, configuration: configuration)
        } catch {
            throw Self.failure(error, path: path)
        }
        try prepareSchema()
    }

    /// Creates the tables in a new file, or checks that an existing one is a history this version reads; in one
    /// immediate transaction, so two processes opening a new file at once create it once.
    private func prepareSchema() throws(HistoryError) {
        try perform { db in
            try db.inTransaction(.immediate) {
                let applicationID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
                let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
                let tables = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") ?? 0
                if applicationID == 0, version == 0, tables == 0 {
                    try Self.createTables(db)
                    return .commit
                }
                guard applicationID == Self.applicationID else {
                    throw HistoryError(
                        path: path,
                        reason: .foreign("an SQLite database of something else (application_id \(applicationID))"))
                }
                guard version <= Self.schemaVersion else {
                    throw HistoryError(path: path, reason: .newerSchema(version))
                }
                return .commit
            }
        }
    }

    private static func createTables(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE run (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    kind TEXT NOT NULL CHECK (kind IN ('run', 'ab')),
                    "commit" TEXT NOT NULL CHECK (length("commit") BETWEEN 1 AND 200),
                    branch TEXT CHECK (branch IS NULL OR length(branch) BETWEEN 1 AND 200),
                    machine TEXT NOT NULL CHECK (length(machine) BETWEEN 1 AND 200),
                    time REAL NOT NULL,
                    workload TEXT NOT NULL,
                    UNIQUE (kind, "commit", machine, time)
                );
                \(figureTable("figure"));
                CREATE INDEX figure_series ON figure (benchmark, measure);
                PRAGMA user_version = \(schemaVersion);
                PRAGMA application_id = \(applicationID);
                """)
    }

    /// The table of figures, named `name`: its measures the ones this version knows.
    private static func figureTable(_ name: String) -> String {
        """
        CREATE TABLE \(name) (
            run INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
            benchmark TEXT NOT NULL CHECK (length(benchmark) >= 1),
            measure TEXT NOT NULL CHECK (measure IN (\(Measure.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")))),
            value REAL NOT NULL CHECK (value >= 0),
            lower REAL,
            upper REAL,
            PRIMARY KEY (run, benchmark, measure)
        )
        """
    }

    /// Moves an older history's figures to a table that admits every measure this version knows, in the
    /// transaction of the `add` that needs it; a history at this version is left as it is. SQLite cannot change a
    /// table's checks, so the table is made anew and every row copied.
    private static func migrate(_ db: Database) throws {
        guard try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0 < schemaVersion else { return }
        try db.execute(
            sql: """
                \(figureTable("figure_migrated"));
                INSERT INTO figure_migrated (run, benchmark, measure, value, lower, upper)
                    SELECT run, benchmark, measure, value, lower, upper FROM figure;
                DROP TABLE figure;
                ALTER TABLE figure_migrated RENAME TO figure;
                CREATE INDEX figure_series ON figure (benchmark, measure);
                PRAGMA user_version = \(schemaVersion);
                """)
    }

    /// Adds a run and its figures, in one transaction: all of it or, on any error, none.
    ///
    /// - Returns: the run's number in the history.
    /// - Throws: `HistoryError.duplicate` when the history holds the run already.
    @discardableResult
    package func add(_ run: RecordedRun) throws(HistoryError) -> Int64 {
        try add([run])[0]
    }

    /// Adds runs and their figures, in one transaction: all of them or, on any error (one a duplicate), none.
    ///
    /// - Returns: the runs' numbers in the history, in the order given.
    /// - Complexity: O(f log n) for f figures in all and n figures in the history.
    @discardableResult
    package func add(_ runs: [RecordedRun]) throws(HistoryError) -> [Int64] {
        try perform { db in
            var ids: [Int64] = []
            try db.inTransaction(.immediate) {
                try Self.migrate(db)
                let insertFigure = try db.makeStatement(
                    sql: "INSERT INTO figure (run, benchmark, measure, value, lower, upper) VALUES (?, ?, ?, ?, ?, ?)")
                for run in runs {
                    let key: StatementArguments = [
                        run.kind.rawValue, run.commit, run.machine, run.time.timeIntervalSince1970,
                    ]
                    let duplicate = try Int64.fetchOne(
                        db, sql: #"SELECT id FROM run WHERE kind = ? AND "commit" = ? AND machine = ? AND time = ?"#,
                        arguments: key)
                    if duplicate != nil {
                        let described = "\(run.kind.rawValue) of \(run.commit) on \(run.machine) at \(run.time)"
                        throw HistoryError(path: path, reason: .duplicate(described))
                    }
                    try db.execute(
                        sql:
                            #"INSERT INTO run (kind, "commit", branch, machine, time, workload) VALUES (?, ?, ?, ?, ?, ?)"#,
                        arguments: [
                            run.kind.rawValue, run.commit, run.branch, run.machine, run.time.timeIntervalSince1970,
                            run.workload,
                        ])
                    let id = db.lastInsertedRowID
                    for metric in run.metrics {
                        try insertFigure.execute(arguments: [
                            id, metric.benchmark.description, metric.measure.rawValue, metric.value, metric.lower,
                            metric.upper,
                        ])
                    }
                    ids.append(id)
                }
                return .commit
            }
            return ids
        }
    }

    /// Every run the history holds, oldest first (by time, then by the order they were added).
    package func runs() throws(HistoryError) -> [HistoryRun] {
        try perform { db in
            try Row.fetchAll(
                db, sql: #"SELECT id, kind, "commit", branch, machine, time, workload FROM run ORDER BY time, id"#
            )
            .map { row throws(HistoryError) in try HistoryRun(row, path: path) }
        }
    }

    /// The series of the figures whose benchmark contains `benchmarkFilter` (all when `nil`), for each machine,
    /// kind of report, benchmark and measure, each point a run in time order; runs of `kind` only when given.
    package func series(matching benchmarkFilter: String? = nil, kind: RecordedRun.Kind? = nil) throws(HistoryError)
        -> [HistorySeries]
    {
        try perform { db in
            var sql = """
                SELECT run.id, run.kind, run."commit", run.branch, run.machine, run.time, run.workload,
                       figure.benchmark, figure.measure, figure.value, figure.lower, figure.upper
                FROM figure JOIN run ON run.id = figure.run
                WHERE 1
                """
            var arguments: StatementArguments = []
            if let benchmarkFilter {
                sql += " AND instr(figure.benchmark, ?) > 0"
                arguments += [benchmarkFilter]
            }
            if let kind {
                sql += " AND run.kind = ?"
                arguments += [kind.rawValue]
            }
            sql += " ORDER BY run.machine, run.kind, figure.benchmark, figure.measure, run.time, run.id"
            var series: [HistorySeries] = []
            for row in try Row.fetchAll(db, sql: sql, arguments: arguments) {
                let run = try HistoryRun(row, path: path)
                let (benchmark, measure, point) = try HistorySeries.Point.read(row, run: run, path: path)
                let key = HistorySeries.Key(
                    machine: run.machine, kind: run.kind, benchmark: benchmark, measure: measure)
                if series.last?.key == key {
                    series[series.count - 1].points.append(point)
                } else {
                    series.append(HistorySeries(key: key, points: [point]))
                }
            }
            return series
        }
    }

    /// The runs whose figures `series` holds, oldest first, each with those figures: what `history export` writes.
    package static func runs(of series: [HistorySeries]) -> [RecordedRun] {
        var runs: [Int64: RecordedRun] = [:]
        for one in series {
            guard let name = BenchmarkName(one.key.benchmark) else { continue }
            for point in one.points {
                let metric = Metric(name, one.key.measure, value: point.value, lower: point.lower, upper: point.upper)
                runs[point.run.id, default: point.run.recorded].metrics.append(metric)
            }
        }
        return runs.sorted { ($0.value.time, $0.key) < ($1.value.time, $1.key) }.map(\.value)
    }

    /// Closes the database, as a new history written beside its place must be before it is linked in; the store
    /// is not used after.
    package func close() throws(HistoryError) {
        do {
            try database.close()
        } catch {
            throw Self.failure(error, path: path)
        }
    }

    /// Runs `body` on the database, with SQLite's errors and the rows' own turned into `HistoryError`.
    private func perform<T>(_ body: (Database) throws -> T) throws(HistoryError) -> T {
        do {
            return try database.writeWithoutTransaction(body)
        } catch let error as HistoryError {
            throw error
        } catch {
            throw Self.failure(error, path: path)
        }
    }

    private static func failure(_ error: any Error, path: String) -> HistoryError {
        guard let error = error as? DatabaseError else {
            return HistoryError(path: path, reason: .database(String(describing: error)))
        }
        if error.resultCode == .SQLITE_NOTADB {
            return HistoryError(path: path, reason: .foreign("not an SQLite database"))
        }
        if error.resultCode == .SQLITE_CONSTRAINT {
            return HistoryError(path: path, reason: .badRow(error.message ?? "a constraint failed"))
        }
        return HistoryError(path: path, reason: .database(error.message ?? "\(error.resultCode)"))
    }
}
