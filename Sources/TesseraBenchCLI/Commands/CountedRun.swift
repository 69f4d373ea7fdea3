import ArgumentParser
import CCallgrind
import Foundation
import TesseraBenchKit

/// What `run --measure` measures: time on the clock, instructions and simulated cache misses under callgrind, or
/// both, one after the other.
enum RunMeasure: String, CaseIterable, ExpressibleByArgument {
    case time
    case instructions
    case timeAndInstructions = "time,instructions"

    var times: Bool { self != .instructions }
    var counts: Bool { self != .time }
}

/// What `ab --measure` compares: one of `run`'s measures at a time, so its help and its completions offer no other.
enum ComparedMeasure: String, CaseIterable, ExpressibleByArgument {
    case time
    case instructions
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

    /// A private directory for the counted process's copy of this program, its dumps and its report: made by
    /// `mkdtemp` in the temporary directory, so it is new, this user's alone (mode 700) and never a path another user
    /// planted; removed when the run ends, and by the clean-up of a signal that ends it. The copy is named
    /// `tessera-bench` whatever the binary's name, so the counted process is given the same names every run.
    private static func makeDirectory() throws -> URL {
        var template = Array(
            FileManager.default.temporaryDirectory.appendingPathComponent("tessera-bench-callgrind.XXXXXX").path
                .utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw CountingError.noScratchDirectory(
                String(decoding: template.dropLast().map(UInt8.init(bitPattern:)), as: UTF8.self),
                String(cString: strerror(errno)))
        }
        return URL(fileURLWithPath: String(cString: made), isDirectory: true)
    }

    /// The descriptor the counted process reaches its directory by.
    private static let directoryDescriptor = 9

    /// Runs this process's command line again under callgrind and returns the report it wrote; throws its exit
    /// status when that is not 0 (it has said why), and says which signal ended it when one did.
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
        // The counted process is given the directory's files by a name that is the same every run: through a
        // descriptor of the directory that a shell opens as 9 and hands on to valgrind as it becomes it. The
        // directory's own name is random, and paths of a random name moved the counts (docs/notes on the counted
        // gate: 78 of 96 results agreed to the instruction between two runs of one build, against 96 with fixed
        // names).
        let inside = "/proc/self/fd/\(Self.directoryDescriptor)"
        let outputFile = "\(inside)/counts"
        let command = CallgrindCounter.command(
            valgrind: valgrind, executable: "\(inside)/tessera-bench",
            arguments: Array(CommandLine.arguments.dropFirst()), outputFile: outputFile, log: "\(inside)/valgrind.log")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments =
            [
                "-c", "directory=$1; shift; exec \(Self.directoryDescriptor)<\"$directory\" && exec \"$@\"",
                "tessera-bench",
            ]
            + [directory.path] + command
        process.environment = ProcessInfo.processInfo.environment.merging(
            CallgrindCounter.environment(outputFile: outputFile)
        ) { _, counted in counted }
        let child = try Interruption.start(process, endingWithThisProcess: true)
        process.waitUntilExit()
        Interruption.untrack(child)
        Interruption.yieldToSignal()
        guard process.terminationStatus == 0 else {
            let log = directory.appendingPathComponent("valgrind.log").path
            if let said = try? String(contentsOfFile: log, encoding: .utf8), !said.isEmpty {
                FileHandle.standardError.write(Data("Valgrind's log:\n\(said)".utf8))
            }
            // A status of its own comes with the counted process's own message; a signal comes with none.
            guard process.terminationReason == .uncaughtSignal else { throw ExitCode(process.terminationStatus) }
            throw CountingError.countedProcessSignalled(process.terminationStatus)
        }
        do throws(ReportError) {
            return try BenchmarkReport.load(
                from: directory.appendingPathComponent(reportFile(outputFile: "counts")), counted: true)
        } catch {
            throw CountingError.missingReport(error.description)
        }
    }
}
