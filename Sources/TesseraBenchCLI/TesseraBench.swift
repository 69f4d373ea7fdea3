import ArgumentParser
import Foundation
import TesseraBenchKit

/// The `tessera-bench` command. Each executable sets `allocatorProbe` for the allocator it is linked with, then
/// calls `main()`.
public struct TesseraBench: ParsableCommand {
    /// Set once at start-up, before any command runs, and only read after: the executable's allocator.
    nonisolated(unsafe) public static var allocatorProbe: (any AllocatorProbe)?

    public init() {}

    public static let configuration = CommandConfiguration(
        // tessera-bench, or the name of a tool of one's own built on `TesseraBenchCommand`.
        commandName: ProcessInfo.processInfo.processName,
        abstract: "Times collection-view layout storage and queries at millions of items.",
        discussion: """
            Every strategy's answers are checked against a brute-force scan before they are timed. Speed targets \
            are judged as ratios within one run, so a busy machine slows every side alike.
            """,
        version: "\(ProcessInfo.processInfo.processName) \(ToolVersion.description)",
        subcommands: [
            Run.self, Summary.self, AB.self, Compare.self, Tune.self, Dump.self, Query.self, Trace.self, Native.self,
            Floors.self, CIBase.self, Export.self, History.self,
        ],
        defaultSubcommand: Run.self
    )

    /// Runs the command line and exits: a signal cleans up what the run made, and standard output that could not be
    /// written (a full disk, a closed pipe) is an error, not a silent success.
    public static func runCommandLine() -> Never {
        Interruption.install()
        do {
            var command = try parseAsRoot()
            try command.run()
            try StandardOutput.flush()
        } catch let failure as StandardOutput.Failure {
            Interruption.yieldToSignal()
            // Its own status: 1 means "regressed" to `compare` and `ab`.
            FileHandle.standardError.write(Data("Error: \(failure)\n".utf8))
            Foundation.exit(StandardOutput.Failure.exitStatus)
        } catch {
            // What was printed before the error still reaches its reader ahead of the message.
            _ = try? StandardOutput.flush()
            Interruption.yieldToSignal()
            exit(withError: error)
        }
        Interruption.yieldToSignal()
        exit()
    }
}
