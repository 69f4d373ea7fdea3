import ArgumentParser
import CCallgrind
import Foundation
import TesseraBenchKit

/// What `run --measure` measures: time on the clock, instructions and simulated cache misses under callgrind, or
/// both, one after the other (`ab --measure` takes one of the first two).
enum RunMeasure: String, CaseIterable, ExpressibleByArgument {
    case time
    case instructions
    case timeAndInstructions = "time,instructions"

    var times: Bool { self != .instructions }
    var counts: Bool { self != .time }
}

/// What `run --measure instructions` counts, as the user starts it: the same command again under callgrind, which
/// counts it (`CallgrindCounter` in the process it starts) and writes its report where this process reads it.
enum CountedRun {
    /// Valgrind and a tool to strip debug information with, on the path; refused before anything is measured when
    /// either is missing or this build cannot count.
    static func tools() throws -> (valgrind: String, objcopy: String) {
        guard cc_available() != 0 else { throw CountingError.builtWithoutCallgrind }
        guard let valgrind = onPath("valgrind") else { throw CountingError.valgrindMissing }
        guard let objcopy = onPath("llvm-objcopy") ?? onPath("objcopy") else { throw CountingError.objcopyMissing }
        return (valgrind, objcopy)
    }

    private static func onPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// Whether this process is the one `runUnderCallgrind` started, to count.
    static var isCountedProcess: Bool { CallgrindCounter.outputFileOfThisProcess != nil }

    /// Where the counted process writes its report: beside its dumps.
    static func reportFile(outputFile: String) -> String { outputFile + ".report.json" }

    /// The report file of the process `runUnderCallgrind` started; `nil` in any other.
    static var reportFileOfThisProcess: URL? {
        CallgrindCounter.outputFileOfThisProcess.map { URL(fileURLWithPath: reportFile(outputFile: $0)) }
    }

    /// The counter of the process `runUnderCallgrind` started, over callgrind's client requests.
    static func counter() throws -> CallgrindCounter {
        guard cc_running_on_valgrind() != 0, let outputFile = CallgrindCounter.outputFileOfThisProcess else {
            throw CountingError.notCounted
        }
        return CallgrindCounter(
            outputFile: outputFile,
            requests: CallgrindCounter.Requests(
                zeroStats: { cc_zero_stats() }, toggleCollect: { cc_toggle_collect() },
                dumpStats: { name in cc_dump_stats(name) }))
    }

    /// A directory for the counted process's copy of this program, its dumps and its report, named the same from
    /// run to run: `tessera-bench-callgrind/1` in the temporary directory, or the next number free while another
    /// counted run holds it. The counted process is given these paths, and paths of a random name moved its counts
    /// between runs (a few results by up to 0.7%, docs/notes on the counted gate); so does the copy's name, which
    /// is `tessera-bench` whatever the binary's.
    private static func makeDirectory() throws -> URL {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-bench-callgrind")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        var slot = 1
        while true {
            let directory = parent.appendingPathComponent(String(slot))
            if mkdir(directory.path, 0o700) == 0 { return directory }
            guard errno == EEXIST else {
                throw ValidationError("cannot make \(directory.path): \(String(cString: strerror(errno)))")
            }
            slot += 1
        }
    }

    /// Runs this process's command line again under callgrind and returns the report it wrote; throws its exit
    /// status when that is not 0.
    ///
    /// Valgrind 3.19 (Debian 12's) cannot read the DWARF 5 debug information Swift 6 writes and gives up, so the
    /// process counted is a copy of this executable without it (`objcopy --strip-debug`; the symbols stay).
    /// Valgrind's own messages go to a log beside the dumps, shown only when the counted process fails.
    static func runUnderCallgrind() throws -> BenchmarkReport {
        let (valgrind, objcopy) = try tools()
        guard let executable = Bundle.main.executableURL else {
            throw ValidationError("cannot find this program's own executable to run it under valgrind")
        }
        let directory = try makeDirectory()
        let directoryToken = Interruption.track(path: directory.path)
        defer {
            try? FileManager.default.removeItem(at: directory)
            Interruption.untrack(directoryToken)
        }
        let stripped = directory.appendingPathComponent("tessera-bench").path
        switch ProcessOutput.run(URL(fileURLWithPath: objcopy), ["--strip-debug", executable.path, stripped]) {
        case .ended(status: 0, _): break
        case .ended(let status, _):
            throw ValidationError("\(objcopy) --strip-debug \(executable.path) failed (exit status \(status))")
        case .failed(let reason): throw ValidationError("\(objcopy) --strip-debug \(executable.path): \(reason)")
        }
        let outputFile = directory.appendingPathComponent("counts").path
        let log = directory.appendingPathComponent("valgrind.log").path
        let command = CallgrindCounter.command(
            valgrind: valgrind, executable: stripped, arguments: Array(CommandLine.arguments.dropFirst()),
            outputFile: outputFile, log: log)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.environment = ProcessInfo.processInfo.environment.merging(
            CallgrindCounter.environment(outputFile: outputFile)
        ) { _, counted in counted }
        let child = try Interruption.start(process)
        process.waitUntilExit()
        Interruption.untrack(child)
        Interruption.yieldToSignal()
        guard process.terminationStatus == 0 else {
            if let said = try? String(contentsOfFile: log, encoding: .utf8), !said.isEmpty {
                FileHandle.standardError.write(Data("Valgrind's log:\n\(said)".utf8))
            }
            throw ExitCode(
                process.terminationReason == .uncaughtSignal
                    ? 128 + process.terminationStatus : process.terminationStatus)
        }
        do throws(ReportError) {
            return try BenchmarkReport.load(
                from: URL(fileURLWithPath: reportFile(outputFile: outputFile)), counted: true)
        } catch {
            throw CountingError.missingReport(error.description)
        }
    }
}
