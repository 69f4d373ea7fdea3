import Foundation

/// Another program's standard output, for the few facts the benchmark asks of git and of other builds.
package enum ProcessOutput {
    /// How a program that was asked a question ended.
    package enum Answer {
        /// It ran to its end: its exit status and standard output.
        case ended(status: Int32, output: String)
        /// It could not be started, wrote more than it may, or ran out of time (and was stopped): why.
        case failed(String)
    }

    /// Runs `executable` to its end and returns its exit status and standard output (standard error discarded).
    /// The output is read as it comes, so a child that writes more than a pipe holds never blocks; a child that
    /// writes more than `maxBytes` or runs longer than `seconds` is stopped with its process group, so a program
    /// that is not what it was taken for (one that prints forever, or waits on input) can neither fill memory nor
    /// hang the caller.
    package static func run(_ executable: URL, _ arguments: [String], maxBytes: Int = 16 << 20, seconds: Double = 60)
        -> Answer
    {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let token: UUID
        do { token = try Interruption.start(process) } catch {
            return .failed("it cannot be started: \(reason(error))")
        }
        let started = monotonicNanoseconds()
        let outOfTime = DispatchWorkItem { Interruption.stop(process, token: token) }
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: outOfTime)
        var bytes = Data()
        // Each read returns what the pipe holds, or nothing once every writer has closed it (or was stopped).
        while case let chunk = output.fileHandleForReading.availableData, !chunk.isEmpty {
            bytes.append(chunk)
            if bytes.count > maxBytes {
                outOfTime.cancel()
                Interruption.stop(process, token: token)
                process.waitUntilExit()
                return .failed("it wrote more than \(maxBytes >> 20) MB to standard output and was stopped")
            }
        }
        outOfTime.cancel()
        process.waitUntilExit()
        Interruption.untrack(token)
        if process.terminationReason == .uncaughtSignal, Double(monotonicNanoseconds() - started) / 1e9 >= seconds {
            return .failed(String(format: "it ran for over %.0f s and was stopped", seconds))
        }
        return .ended(status: process.terminationStatus, output: String(decoding: bytes, as: UTF8.self))
    }

    /// Why a process could not be started: the system's reason ("Exec format error"), which Foundation wraps in
    /// one that says less ("NSCocoaErrorDomain error 256").
    package static func reason(_ error: any Error) -> String {
        guard let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError,
            underlying.domain == NSPOSIXErrorDomain
        else { return error.localizedDescription }
        return String(cString: strerror(Int32(underlying.code)))
    }

    /// A git command's output, trimmed; `nil` when git fails or is missing.
    package static func git(_ arguments: [String]) -> String? {
        guard case .ended(0, let output) = run(URL(fileURLWithPath: "/usr/bin/env"), ["git"] + arguments) else {
            return nil
        }
        return output.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
