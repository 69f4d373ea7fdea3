import Foundation
import GRDB
import TesseraBenchAnalysis
import TesseraBenchKit

/// A run as the history holds it: where and when its figures were measured.
package struct HistoryRun: Hashable, Sendable {
    /// Its number in the history, in the order runs were added.
    package var id: Int64
    package var kind: RecordedRun.Kind
    package var commit: String
    package var branch: String?
    package var machine: String
    package var time: Date
    package var workload: String

    /// The run as the exports take it, with no figures yet.
    var recorded: RecordedRun {
        RecordedRun(
            kind: kind, commit: commit, branch: branch, machine: machine, time: time, workload: workload, metrics: [])
    }

    /// Reads a run's columns, refusing a row no `add` could have written.
    init(_ row: Row, path: String) throws(HistoryError) {
        func bad(_ detail: String) -> HistoryError { HistoryError(path: path, reason: .badRow(detail)) }
        guard let id: Int64 = try row.historyValue("id", of: "a run", path: path) else {
            throw bad("a run without a number")
        }
        func column<Value: DatabaseValueConvertible>(_ name: String) throws(HistoryError) -> Value? {
            try row.historyValue(name, of: "run \(id)", path: path)
        }
        guard let kindName: String = try column("kind"), let kind = RecordedRun.Kind(rawValue: kindName) else {
            throw bad("run \(id) is of no known kind")
        }
        guard let commit: String = try column("commit"), !commit.isEmpty else { throw bad("run \(id) names no commit") }
        guard let machine: String = try column("machine"), let seconds: Double = try column("time") else {
            throw bad("run \(id) has no machine or time")
        }
        // What `add` takes (`RecordedRun`), so every export can write it.
        guard RecordedTime.seconds.contains(seconds) else {
            throw bad("run \(id)'s time is \(seconds) s since 1970; \(RecordedTime.rule)")
        }
        self.id = id
        self.kind = kind
        self.commit = commit
        self.branch = try column("branch")
        self.machine = machine
        self.time = Date(timeIntervalSince1970: seconds)
        self.workload = try column("workload") ?? ""
    }
}
