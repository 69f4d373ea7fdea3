import ArgumentParser
import Foundation
import TesseraBenchKit

/// `--processes`: a command's measurement made in this process, or in several fresh ones and pooled (`ProcessPool`).
///
/// Pooled, the command runs this binary again with its own arguments, one process at a time, each printing its
/// measurement as JSON (`--measurement-json`) for this one to pool.
struct ProcessesOptions: ParsableArguments {
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Fresh processes to measure in, one after another: 1 (this one), or 6 or more, each target then judged on the median of their medians.",
            valueName: "count"
        )
    )
    var processes = 1

    /// Prints the measurement as JSON instead of the table: what each process of `--processes` hands its parent.
    @Flag(help: .private)
    var measurementJSON = false

    func validate() throws {
        // At most as many as ab's rounds, each a process too: a count past it would not end.
        guard processes == 1 || (ProcessPool.minimumProcesses...1_000).contains(processes) else {
            throw ValidationError(
                "--processes must be 1, or at least \(ProcessPool.minimumProcesses) for a 95% interval over processes, and at most 1000"
            )
        }
    }

    /// What the printed ratios' medians and intervals are over.
    var samples: String { processes == 1 ? "Per-round ratios" : "Per-process median ratios" }

    /// The table's heading: "Median `what`:", or the median over the processes of each one's.
    func heading(_ what: String) -> String {
        processes == 1 ? "Median \(what):" : "Median over \(processes) processes of each one's median \(what):"
    }

    /// `measureHere` in this process, or pooled over `processes` runs of this command. A process's standard error is
    /// ours, so its own error reads as it would alone; a process that fails ends the command with status 1.
    func measure<Timing, Ratio>(
        _ measureHere: () throws -> ProcessMeasurement<Timing, Ratio>
    ) throws -> ProcessMeasurement<Timing, Ratio> {
        guard processes > 1 else { return try measureHere() }
        guard let executable = Bundle.main.executableURL else {
            throw ValidationError("--processes cannot find this program's binary")
        }
        let arguments = Self.argumentsForEachProcess(CommandLine.arguments.dropFirst())
        var measured: [ProcessMeasurement<Timing, Ratio>] = []
        for number in 1...processes {
            let process = Process()
            process.executableURL = executable
            process.arguments = arguments
            let output = Pipe()
            process.standardOutput = output
            let token = try Interruption.start(process, endingWithThisProcess: true)
            let printed = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            Interruption.untrack(token)
            Interruption.yieldToSignal()
            guard process.terminationReason == .exit, process.terminationStatus == 0,
                let measurement = try? JSONDecoder().decode(ProcessMeasurement<Timing, Ratio>.self, from: printed)
            else {
                FileHandle.standardError.write(
                    Data(
                        "error: process \(number) of \(processes) failed (exit status \(process.terminationStatus))\n"
                            .utf8))
                throw ExitCode(1)
            }
            measured.append(measurement)
        }
        do {
            return try .pooled(measured)
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode(1)
        }
    }

    /// Prints `measurement` as JSON when this is one of the processes of a pooled command; says whether it did.
    func printedForParent(_ measurement: some Encodable) throws -> Bool {
        guard measurementJSON else { return false }
        print(String(decoding: try JSONEncoder().encode(measurement), as: UTF8.self))
        return true
    }

    /// The command's arguments for one of its processes: without `--processes`, with `--measurement-json`.
    static func argumentsForEachProcess(_ arguments: ArraySlice<String>) -> [String] {
        var kept: [String] = []
        var skipValue = false
        for argument in arguments {
            if skipValue {
                skipValue = false
            } else if argument == "--processes" {
                skipValue = true
            } else if !argument.hasPrefix("--processes="), argument != "--measurement-json" {
                kept.append(argument)
            }
        }
        return kept + ["--measurement-json"]
    }
}
