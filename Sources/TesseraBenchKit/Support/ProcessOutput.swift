import Foundation

/// Another program's standard output, for the few facts the benchmark asks of git and of other builds.
public enum ProcessOutput {
    /// Runs `executable` to its end and returns its exit status and standard output (standard error discarded);
    /// `nil` when it cannot start. The output is read before waiting, so a child that writes more than a pipe holds
    /// never blocks.
    public static func run(_ executable: URL, _ arguments: [String]) -> (status: Int32, output: String)? {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    /// A git command's output, trimmed; `nil` when git fails or is missing.
    public static func git(_ arguments: [String]) -> String? {
        guard let (status, output) = run(URL(fileURLWithPath: "/usr/bin/env"), ["git"] + arguments), status == 0 else {
            return nil
        }
        return output.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
