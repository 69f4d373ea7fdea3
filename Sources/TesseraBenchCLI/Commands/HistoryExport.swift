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

    @Option(help: "\(SeriesFormat.accepted).")
    var format: SeriesFormat

    @OptionGroup var filter: SeriesOptions

    @Option(help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?

    func validate() throws {
        guard format.format.holdsSeries else {
            throw ValidationError(
                "--format \(format.format.rawValue) holds one run: use `tessera-bench export` on a report; a history is written as \(SeriesFormat.accepted)"
            )
        }
    }

    func run() throws {
        let outputFiles = try OutputFiles(["--output": output], inputs: [("--database", history.database)])
        let runs = HistoryStore.runs(of: try filter.series(of: history))
        let format = format.format
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

/// `history export --format`: the formats that hold a series of runs, the only ones its help lists. A format that
/// holds one run (`tessera-bench export`'s bmf and github-action-benchmark) is read, to be refused by name in
/// `validate()`; any other value is refused by ArgumentParser with the formats listed.
struct SeriesFormat: ExpressibleByArgument {
    let format: ExportFormat

    init?(argument: String) {
        guard let format = ExportFormat(rawValue: argument) else { return nil }
        self.format = format
    }

    static var allValueStrings: [String] { ExportFormat.allCases.filter(\.holdsSeries).map(\.rawValue) }

    /// The formats taken, as "otava or influx".
    static var accepted: String { allValueStrings.joined(separator: " or ") }
}
