import ArgumentParser
import Foundation
import TesseraBenchAnalysis
import TesseraBenchKit

/// Where a report's figures belong, for `export` and `history add`: what the report records, unless given.
struct RecordOptions: ParsableArguments {
    @Option(help: "The commit measured (default: the one the tool was built from, HEAD's for an ab result).")
    var commit: String?

    @Option(help: "The branch measured (default: none).")
    var branch: String?

    @Option(help: "The machine, as its series are named (default: the processor and its cores).")
    var machine: String?

    @Option(
        help: ArgumentHelp(
            "When it was measured, as 2026-11-26T12:00:00Z, from 1677-09-21T00:12:44Z to 2262-04-11T23:47:16Z (default: the report's time).",
            valueName: "time"))
    var time: String?

    /// `--time`, read by the rule every reader of a time keeps (`RecordedTime`): a usage error outside it.
    var recordedTime: Date? {
        get throws {
            do throws(RecordedTime.Refusal) {
                return try time.map(RecordedTime.parse)
            } catch {
                throw ValidationError("--time \(error)")
            }
        }
    }

    func validate() throws {
        _ = try recordedTime
        for (option, value) in [("--commit", commit), ("--branch", branch), ("--machine", machine)] {
            guard let value, !RecordedRun.isName(value) else { continue }
            throw ValidationError("\(option) must be \(RecordedRun.nameRule)")
        }
    }

    /// The figures of the report at `path`, at this commit, branch and machine; exit 2 with the reason when the
    /// file is no report or holds nothing to record.
    func recordedRun(from path: String) throws -> RecordedRun {
        let time = try recordedTime
        do {
            let file = try ReportFile.load(from: URL(fileURLWithPath: path))
            do throws(RecordedRun.Problem) {
                return try RecordedRun(file, commit: commit, branch: branch, machine: machine, time: time)
            } catch {
                throw ValidationError("\(path): \(error.description)")
            }
        } catch let error as ReportError {
            FileHandle.standardError.write(Data("Error: \(error.description)\n".utf8))
            throw ExitCode.unusableInput
        } catch let error as ValidationError {
            FileHandle.standardError.write(Data("Error: \(error.message)\n".utf8))
            throw ExitCode.unusableInput
        }
    }
}
