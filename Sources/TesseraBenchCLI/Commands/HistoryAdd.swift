import ArgumentParser
import Foundation
import TesseraBenchKit
import TesseraHistory

struct HistoryAdd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Record a report of `run` or `ab` in the history.",
        discussion: """
            The run is recorded at the commit the tool was built from (HEAD's, for ab), the report's time and \
            machine (its processor and cores, not its host name, which CI runners draw anew), unless given. A run \
            already in the history (the same kind, commit, machine and time) is refused.

            Exit status: 0 when recorded; 2 for a file that is no report, a report with nothing measured, a run \
            recorded already, or a database that is not a history; 64 for usage.
            """
    )

    @Argument(help: ArgumentHelp("Reports of `run --report` or `ab --report`.", valueName: "report.json"))
    var reports: [String]

    @OptionGroup var history: HistoryDatabaseOption
    @OptionGroup var record: RecordOptions

    func validate() throws {
        guard !reports.isEmpty else { throw ValidationError("name at least one report") }
    }

    func run() throws {
        // All or none: every report is read before any is recorded, and all are added in one transaction.
        let runs = try reports.map { try record.recordedRun(from: $0) }
        // A new history is linked into place only once it holds them all: a failed add leaves no file behind.
        let ids = try history.perform { () throws(HistoryError) in
            try HistoryStore.add(runs, toHistoryAt: history.database)
        }
        for (path, (run, id)) in zip(reports, zip(runs, ids)) {
            print(
                "Recorded \(path) as run \(id): \(run.metrics.count) figures of \(run.commit)"
                    + (run.branch.map { " on \($0)" } ?? "") + ", \(run.machine)")
        }
    }
}
