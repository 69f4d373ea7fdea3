import ArgumentParser
import Foundation
import TesseraBenchKit

/// The `tessera-bench` command. Each executable sets `allocatorProbe` for the allocator it is linked with, then
/// calls `main()`.
public struct TesseraBench: ParsableCommand {
    /// Set once at start-up, before any command runs, and only read after: the executable's allocator.
    nonisolated(unsafe) package static var allocatorProbe: (any AllocatorProbe)?

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

    /// Runs the command line and exits: a signal cleans up what the run made, standard output that could not be
    /// written (a full disk, a closed pipe) is an error once the command's files are written, not a silent success
    /// nor a death by SIGPIPE, whatever wrote it (the help too), and
    /// an option given twice is refused (`RepeatedOptions`).
    public static func runCommandLine() -> Never {
        // A reader that goes away (`| head`) is a failed write like a full disk: the command finishes, writes every
        // file it was asked for, and ends with the write error's status (74), not killed by SIGPIPE half-way. Caught
        // by a handler that does nothing rather than ignored, since an ignored signal stays ignored in the programs
        // this one starts, and a caught one is theirs again.
        signal(SIGPIPE) { _ in }
        // Not in the process `run --measure instructions` counts: the dispatch thread that serves the signal sources
        // allocates when the machine's load lets it run, which moved where the counted thread's fresh memory came
        // from and so its counts. That process ends by a signal's default action; the one that started it cleans up.
        if !CountedRun.isCountedProcess { Interruption.install() }
        // Before anything is parsed or checked: a value that was to be dropped must not be the one judged.
        if let repeated = RepeatedOptions.first(in: Array(CommandLine.arguments.dropFirst()), of: Self.self) {
            let command = ([_commandName] + repeated.path).joined(separator: " ")
            FileHandle.standardError.write(
                Data(
                    ("Error: \(repeated)\nUsage: \(usageString(for: repeated.command))\n"
                        + "  See '\(command) --help' for more information.\n").utf8))
            exit(withError: ExitCode.validationFailure)
        }
        do {
            var command = try parseAsRoot()
            try command.run()
            try StandardOutput.flush()
        } catch let failure as StandardOutput.Failure {
            failWriting(failure)
        } catch let failure as OutputFiles.WriteError {
            // A file that could not be written at the end is a write error too: never 1, `compare`'s and `ab`'s
            // "regressed", nor 0 for a verdict the file was to carry.
            _ = try? StandardOutput.flush()
            failWriting(failure)
        } catch  where exitCode(for: error) == .success {
            // The help or the version: printed here and checked, as every other output is (ArgumentParser's own
            // printing would drop a failed write).
            let message = fullMessage(for: error)
            if !message.isEmpty { print(message) }
            do throws(StandardOutput.Failure) { try StandardOutput.flush() } catch { failWriting(error) }
        } catch {
            // What was printed before the error still reaches its reader ahead of the message.
            _ = try? StandardOutput.flush()
            Interruption.yieldToSignal()
            exit(withError: error)
        }
        Interruption.yieldToSignal()
        exit()
    }

    /// Ends the process with the write error's own status (EX_IOERR): 1 means "regressed" to `compare` and `ab`.
    private static func failWriting(_ failure: some Error) -> Never {
        Interruption.yieldToSignal()
        FileHandle.standardError.write(Data("Error: \(failure)\n".utf8))
        Foundation.exit(StandardOutput.Failure.exitStatus)
    }
}
