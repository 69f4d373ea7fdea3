import ArgumentParser
import Foundation
import TesseraBenchAnalysis
import TesseraBenchKit
import TesseraHistory

struct HistoryExport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the history's series for Apache Otava or InfluxDB.",
        discussion: """
            otava writes the runs as the JSON Otava's `type: json` tests read, oldest first, with the figures \
            every exported run holds (narrow them with --benchmark, --measure and --machine); influx writes every figure as \
            InfluxDB line protocol.

            Exit status: 0 when written; 2 for a database that is not a history, holds nothing that matches, or \
            (otava) holds runs that share no figure; 64 for usage.
            """
    )

    @OptionGroup var history: HistoryDatabaseOption

    @Option(help: "otava or influx.")
    var format: ExportFormat

    @OptionGroup var filter: SeriesOptions

    @Option(help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?

    func validate() throws {
        guard format.holdsSeries else {
            throw ValidationError("--format \(format.rawValue) holds one run: use `tessera-bench export` on a report")
        }
    }

    func run() throws {
        let outputFiles = try OutputFiles(["--output": output], inputs: [("--database", history.database)])
        let runs = HistoryStore.runs(of: try filter.series(of: history))
        if format == .otava {
            let common = OtavaSeries.commonSeries(runs)
            let dropped = Set(runs.flatMap { $0.metrics.map(\.series) }).subtracting(common)
            if !dropped.isEmpty, !common.isEmpty {
                FileHandle.standardError.write(
                    Data(
                        "Left out \(dropped.count) figures that not every run holds (Otava lines a metric's values up with the runs by position)\n"
                            .utf8))
            }
        }
        let data = try format.written(runs)
        guard output != nil else {
            print(String(decoding: data, as: UTF8.self), terminator: "")
            return
        }
        try outputFiles.write(["--output": { data }])
    }
}
