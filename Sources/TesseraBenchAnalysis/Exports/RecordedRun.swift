import Foundation
import TesseraBenchKit

/// One run's figures with the commit, branch, machine and time they belong to: what the exports write and the
/// history stores, from a run's report or from an `ab` comparison.
package struct RecordedRun: Hashable, Sendable {
    package enum Kind: String, Codable, Hashable, Sendable {
        /// `tessera-bench run --report`: each result's median, bytes an element and allocations, or its instructions
        /// and estimated cycles when counted.
        case run
        /// `tessera-bench ab --report`: HEAD's median over the rounds and the median HEAD/BASE ratio; or, with
        /// `--measure instructions`, HEAD's instructions and estimated cycles.
        case ab
    }

    package var kind: Kind
    /// The commit measured: the one the tool was built from (HEAD's, for `ab`), unless given.
    package var commit: String
    package var branch: String?
    /// Where the figures were measured, as "AMD EPYC 7B13, 2 cores": figures of two machines are two series.
    package var machine: String
    package var time: Date
    /// What the figures measured, in the report's words (the workload line, or `ab`'s run options).
    package var workload: String
    package var metrics: [Metric]

    package init(
        kind: Kind, commit: String, branch: String?, machine: String, time: Date, workload: String, metrics: [Metric]
    ) {
        self.kind = kind
        self.commit = commit
        self.branch = branch
        self.machine = machine
        self.time = time
        self.workload = workload
        self.metrics = metrics
    }

    /// Why a file's figures cannot be recorded.
    package struct Problem: Error, CustomStringConvertible {
        package var description: String
    }

    /// The rule a commit, a branch and a machine keep, as the history holds them (and every export can write
    /// them), whether given or read from a report.
    package static let nameRule = "one line of 1 to 200 characters, none of them a control character"

    /// Whether `text` keeps `nameRule`. Counted in Unicode scalars, as SQLite counts a text's length.
    package static func isName(_ text: String) -> Bool {
        let scalars = text.unicodeScalars
        return (1...200).contains(scalars.count) && !scalars.contains { $0.properties.generalCategory == .control }
    }

    /// The figures of `file`, at the commit, branch, machine and time given, or else those the file records.
    ///
    /// - Throws: `Problem` when the file names no commit and none is given, when a commit, branch or machine
    ///   (given, or the report's) breaks `nameRule`, when its time or the one given is outside what every export
    ///   writes (`RecordedTime`), or when it holds no figure (a run that measured nothing, an `ab` with no result
    ///   in common).
    package init(
        _ file: ReportFile, commit: String? = nil, branch: String? = nil, machine: String? = nil, time: Date? = nil
    ) throws(Problem) {
        let environment: RunEnvironment?
        switch file {
        case .run(let report):
            kind = .run
            environment = report.environment
            workload = report.settings.workload
            metrics = report.metrics
        case .ab(let comparison):
            kind = .ab
            environment = comparison.environment
            workload = "ab, \(comparison.rounds) rounds: " + comparison.runArguments.joined(separator: " ")
            metrics = comparison.rows.flatMap(\.metrics)
        case .countedAB(let comparison):
            kind = .ab
            environment = comparison.environment
            workload = "ab --measure instructions: " + comparison.runArguments.joined(separator: " ")
            metrics = comparison.rows.flatMap(\.metrics)
        }
        guard !metrics.isEmpty else { throw Problem(description: "it holds no result: nothing was measured") }
        guard let commit = commit ?? environment?.gitCommit, !commit.isEmpty else {
            throw Problem(description: "it names no commit (built outside a git repository): give --commit")
        }
        self.commit = commit
        self.branch = branch
        self.machine = machine ?? environment.map(Self.machine) ?? "unknown"
        let names: [(name: String, value: String?, option: String)] = [
            ("commit", commit, "--commit"), ("branch", branch, "--branch"), ("machine", self.machine, "--machine"),
        ]
        for case (let name, let value?, let option) in names where !Self.isName(value) {
            throw Problem(description: "its \(name) \"\(value)\" is not \(Self.nameRule): give \(option)")
        }
        if let time {
            guard RecordedTime.contains(time) else {
                throw Problem(description: RecordedTime.refusal(of: time).description)
            }
            self.time = time
        } else {
            guard let date = environment?.date else {
                throw Problem(description: "it names no time (it has no environment): give --time")
            }
            do throws(RecordedTime.Refusal) {
                self.time = try RecordedTime.parse(date)
            } catch {
                throw Problem(description: "environment.date: \(error)")
            }
        }
        // What the history's table and every format take.
        if let bad = metrics.first(where: {
            ![$0.value, $0.lower ?? 0, $0.upper ?? 0].allSatisfy({ $0 >= 0 && $0.isFinite })
        }) {
            throw Problem(description: "\(bad.series) is not a finite number of 0 or more")
        }
    }

    /// The machine as the history names it: the processor and its cores, not the host name, which a CI runner
    /// draws anew each job.
    static func machine(_ environment: RunEnvironment) -> String {
        "\(environment.cpuModel), \(environment.cores) cores"
    }
}
