import ArgumentParser
import Foundation
import TesseraBenchAnalysis
import TesseraBenchKit
import TesseraHistory

struct History: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Keep the figures of every run over commits, and find where each series changed.",
        discussion: """
            A history is one SQLite file (default .tessera/history.sqlite). `history add` records a report of `run` \
            or `ab` with its commit, branch, machine and time; `history show` prints each series, or charts it; \
            `history detect` finds the change points of each series (E-divisive means with a t-test, as Apache \
            Otava does) and names the first commit of each; `history export` writes the series for Otava or \
            InfluxDB. Several jobs may add to one file at once: SQLite's locking keeps every run.
            """,
        subcommands: [HistoryAdd.self, HistoryShow.self, HistoryDetect.self, HistoryExport.self]
    )
}

/// The history file every `history` subcommand takes.
struct HistoryDatabaseOption: ParsableArguments {
    static let defaultPath = ".tessera/history.sqlite"

    @Option(help: ArgumentHelp("The history's SQLite file.", valueName: "path"))
    var database = Self.defaultPath

    /// The history, opened to read; exit 2 with the reason when the file is missing or is not one.
    func open() throws -> HistoryStore {
        do throws(HistoryError) {
            return try HistoryStore(path: database, create: false)
        } catch {
            FileHandle.standardError.write(Data("Error: \(error.description)\n".utf8))
            throw ExitCode.unusableInput
        }
    }

    /// Runs a reading or writing of the history; exit 2 with the reason when it fails.
    func perform<T>(_ body: () throws(HistoryError) -> T) throws -> T {
        do throws(HistoryError) {
            return try body()
        } catch {
            FileHandle.standardError.write(Data("Error: \(error.description)\n".utf8))
            throw ExitCode.unusableInput
        }
    }
}

/// Which of the history's series a subcommand takes.
struct SeriesOptions: ParsableArguments {
    @Option(help: "Only the benchmarks whose name contains this, as flow/soa-binary-search/query.")
    var benchmark: String?

    @Option(help: "Only this measure: latency, bytes-per-element, allocations-per-operation or head-base-ratio.")
    var measure: Measure?

    @Option(help: "Only the runs measured on this machine, as `history show` names it.")
    var machine: String?

    /// The matching series of the history at `history`'s path; exit 2 with the reason when it is not a history or
    /// holds none.
    func series(of history: HistoryDatabaseOption) throws -> [HistorySeries] {
        let store = try history.open()
        let series = try history.perform { () throws(HistoryError) in try store.series(matching: benchmark) }
            .filter { (measure == nil || $0.key.measure == measure) && (machine == nil || $0.key.machine == machine) }
        guard !series.isEmpty else {
            FileHandle.standardError.write(Data("Error: \(history.database) holds no series that matches\n".utf8))
            throw ExitCode.unusableInput
        }
        return series
    }
}

extension Measure: ExpressibleByArgument {}
