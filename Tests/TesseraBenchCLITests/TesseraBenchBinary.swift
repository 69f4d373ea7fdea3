import Foundation

/// The `tessera-bench` built beside the test bundle, run as a user would run it.
enum TesseraBenchBinary {
    static var url: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tessera-bench")
    }

    struct Outcome {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// Runs the binary with `arguments` and waits for it.
    static func run(_ arguments: [String]) throws -> Outcome {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus, standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self)
        )
    }
}
