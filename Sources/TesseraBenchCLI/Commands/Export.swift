import ArgumentParser
import Foundation
import TesseraBenchAnalysis
import TesseraBenchKit

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Write a report's figures in a format a dashboard reads: Bencher, github-action-benchmark, Otava, InfluxDB.",
        discussion: """
            Takes a report of `tessera-bench run --report` or `tessera-bench ab --report`. Each result is named \
            layout/strategy/operation/elements (with /N-per-section when the built-in workload shaped it), the same \
            from run to run. A run gives each result's median in nanoseconds (with the 95% interval of the median \
            as its bounds), its bytes an element and its allocations an operation; an ab result gives HEAD's median \
            and the median HEAD/BASE ratio with its interval. A counted run (`run --measure instructions`) gives each \
            result's instructions and estimated cycles an operation, and a counted ab HEAD's.

            --format bmf writes Bencher Metric Format, for `bencher run --adapter json --file FILE`; \
            github-action-benchmark its customSmallerIsBetter JSON, for benchmark-action/github-action-benchmark; \
            otava the JSON series Apache Otava's `type: json` tests read (`tessera-bench history export` writes a \
            history's whole series); influx InfluxDB line protocol, a line a figure, tagged by benchmark, machine \
            and commit.

            Exit status: 0 when written; 2 for a file that is no report, or a report with nothing measured; 64 for \
            usage.
            """
    )

    @Argument(help: ArgumentHelp("A report of `run --report` or `ab --report`.", valueName: "report.json"))
    var report: String

    @Option(help: "bmf, github-action-benchmark, otava or influx.")
    var format: ExportFormat

    @Option(help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?

    @OptionGroup var record: RecordOptions

    func run() throws {
        let outputFiles = try OutputFiles(["--output": output], inputs: [("report", report)])
        let run = try record.recordedRun(from: report)
        let data = try format.written([run])
        guard output != nil else {
            print(String(decoding: data, as: UTF8.self), terminator: "")
            return
        }
        try outputFiles.write(["--output": { data }])
    }
}

extension ExportFormat: ExpressibleByArgument {
    /// The runs in this format; exit 2 with the reason when the format cannot hold them (`ExportError`).
    func written(_ runs: [RecordedRun]) throws -> Data {
        do {
            return try document(runs)
        } catch let error as ExportError {
            FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
            throw ExitCode.unusableInput
        }
    }
}
