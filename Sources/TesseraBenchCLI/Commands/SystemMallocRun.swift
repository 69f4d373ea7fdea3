import ArgumentParser
import Foundation
import TesseraBenchKit

/// Runs the naive designs of a report again in `tessera-bench-system-malloc`, with the same workload options, and
/// adds its results, tagged with glibc malloc, beside the report's own.
enum SystemMallocRun {
    static let executableName = "tessera-bench-system-malloc"

    /// Options that choose outputs or strategies: the side run chooses its own.
    static let replacedOptions: Set<String> = ["--report", "--markdown", "--csv", "--html", "--strategies"]
    static let replacedFlags: Set<String> = ["--system-malloc", "--quiet"]

    /// The glibc build beside this binary; refused before anything is measured when it is not there (a tool of
    /// one's own built on `TesseraBenchCommand` has none).
    static func executable() throws -> URL {
        let executable = Bundle.main.executableURL?.deletingLastPathComponent().appendingPathComponent(executableName)
        guard let executable, FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw ValidationError(
                "--system-malloc needs \(executableName) beside this binary; `swift build` builds both in Tessera's package"
            )
        }
        return executable
    }

    /// The side run's binary and the temporary directory its report goes to, checked before anything is measured.
    static func checkReady() throws {
        _ = try executable()
        let directory = FileManager.default.temporaryDirectory
        if let reason = OutputFiles.reasonCannotCreate(
            directory.appendingPathComponent("tessera-bench-probe-\(getpid())").path)
        {
            throw ValidationError(
                "--system-malloc writes its side run's report in \(directory.path) (TMPDIR), which cannot be written: \(reason)"
            )
        }
    }

    static func adding(to report: BenchmarkReport) throws -> BenchmarkReport {
        let baselines = StrategyID.allCases.filter { strategy in
            strategy.isBaseline && report.results.contains { $0.strategy == strategy }
        }
        guard !baselines.isEmpty else { return report }
        let executable = try executable()
        let side = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tessera-bench-\(UUID().uuidString).json")
        let sideToken = Interruption.track(path: side.path)
        defer {
            try? FileManager.default.removeItem(at: side)
            Interruption.untrack(sideToken)
        }

        let process = Process()
        process.executableURL = executable
        process.arguments =
            ["run"] + passedThrough(CommandLine.arguments.dropFirst())
            + ["--strategies", baselines.map(\.rawValue).joined(separator: ","), "--report", side.path, "--quiet"]
        process.standardOutput = FileHandle.nullDevice
        let childToken = try Interruption.start(process, endingWithThisProcess: true)
        process.waitUntilExit()
        Interruption.untrack(childToken)
        guard process.terminationStatus == 0 else {
            throw ValidationError("the run on glibc malloc failed (exit status \(process.terminationStatus))")
        }
        let onSystemMalloc = try BenchmarkReport.load(from: side)
        var merged = report
        merged.results += onSystemMalloc.results.map { result in
            var result = result
            result.allocator = onSystemMalloc.environment.allocator
            return result
        }
        return merged
    }

    /// This run's arguments less its subcommand name and the options the side run sets itself.
    static func passedThrough(_ arguments: ArraySlice<String>) -> [String] {
        var kept: [String] = []
        var skipValue = false
        for (position, argument) in arguments.enumerated() {
            if skipValue {
                skipValue = false
                continue
            }
            if position == 0, argument == "run" { continue }
            let name = String(argument.split(separator: "=", maxSplits: 1).first ?? "")
            if replacedFlags.contains(argument) { continue }
            if replacedOptions.contains(name) {
                skipValue = !argument.contains("=")
                continue
            }
            kept.append(argument)
        }
        return kept
    }
}
