import Foundation
import Testing

/// Runs `tessera-bench` with a deadline, in a chosen directory, and says how it ended: how every command-line test
/// runs the binary.
enum Bench {
    struct Outcome: CustomStringConvertible {
        var arguments: [String]
        var status: Int32
        /// Killed by a signal: a crash (a trap is SIGILL or SIGTRAP), or our own SIGKILL at the deadline.
        var signalled: Bool
        var timedOut: Bool
        var standardOutput: String
        var standardError: String

        /// Signs of a crash rather than an error: a signal, a Swift runtime failure, a backtrace.
        var crashed: Bool {
            if signalled && !timedOut { return true }
            let markers = [
                "Fatal error", "fatal error", "Stack dump", "stack trace", "Program crashed", "Backtrace",
                "Illegal instruction", "Segmentation fault", "0x0000",
            ]
            return markers.contains { standardError.contains($0) || standardOutput.contains($0) }
        }

        var stdoutLines: [Substring] { standardOutput.split(separator: "\n") }

        var description: String {
            "tessera-bench \(arguments.joined(separator: " ")) → status \(status)\(signalled ? " (signal)" : "")\(timedOut ? " (timed out)" : "")"
                + "\nstderr: \(standardError.prefix(1_500))\nstdout: \(standardOutput.prefix(500))"
        }
    }

    /// Runs the binary (or `executable`) with `arguments` in `directory` (the test process's own when `nil`); after `timeout` seconds
    /// the process is sent SIGKILL and the outcome is marked as timed out. Output goes to files, so a chatty
    /// process never blocks on a full pipe.
    ///
    /// SIGKILL, not `Process.terminate()`'s SIGTERM: the child inherits the signal mask of the test process's thread
    /// that spawns it, and the worker threads of the test process block SIGTERM and SIGINT (`SigBlk` in
    /// /proc/PID/task/*/status), so a SIGTERM would never be delivered.
    /// `standardOutput` sends standard output to that file instead (as `> /dev/full`); it is then not read back.
    static func run(
        _ arguments: [String], in directory: URL? = nil, timeout: Double = 60, executable: URL = TesseraBenchBinary.url,
        standardOutput: String? = nil, environment: [String: String] = [:]
    ) throws -> Outcome {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tessera-cli-out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: standardOutput.map { URL(fileURLWithPath: $0) } ?? outURL)
        let err = try FileHandle(forWritingTo: errURL)

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        // Waits on the process's end, not on a clock: the deadline only catches a hang.
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
        let timedOut = ended.wait(timeout: .now() + timeout) == .timedOut
        if timedOut { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Outcome(
            arguments: arguments, status: process.terminationStatus,
            signalled: process.terminationReason == .uncaughtSignal,
            timedOut: timedOut,
            standardOutput: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            standardError: String(decoding: try Data(contentsOf: errURL), as: UTF8.self)
        )
    }

    /// Reads `pipe` until what it has read satisfies `done` or every process holding its write end has closed it
    /// (which, for a process that never closes its standard error, is its end: how a test waits on a process it did
    /// not start, such as a child of the one it did). Returns what was read and whether it reached the end; the
    /// deadline only catches a hang.
    static func read(
        _ pipe: Pipe, until done: (String) -> Bool = { _ in false }, timeout: Double = 120
    ) -> (text: String, ended: Bool) {
        let descriptor = pipe.fileHandleForReading.fileDescriptor
        let deadline = DispatchTime.now() + timeout
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4_096)
        while !done(String(decoding: bytes, as: UTF8.self)) {
            let left = deadline.uptimeNanoseconds.subtractingReportingOverflow(DispatchTime.now().uptimeNanoseconds)
            if left.overflow || left.partialValue == 0 { break }
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let polled = poll(&ready, 1, Int32(clamping: left.partialValue / 1_000_000 + 1))
            if polled < 0 && errno == EINTR { continue }
            guard polled > 0 else { break }
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return (String(decoding: bytes, as: UTF8.self), true) }
            bytes += chunk[..<count]
        }
        return (String(decoding: bytes, as: UTF8.self), false)
    }

    /// Every line of `text` as a JSON object, parsed by `JSONSerialization` one line at a time.
    static func jsonLines(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
            return try #require(object as? [String: Any], "not a JSON object: \(line)", sourceLocation: sourceLocation)
        }
    }

    /// Runs `arguments` and expects a usage error (exit 64) whose message contains `message`.
    static func expectUsageError(
        _ arguments: [String], saying message: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let outcome = try run(arguments)
        #expect(outcome.status == 64, "\(outcome)", sourceLocation: sourceLocation)
        #expect(outcome.standardError.contains(message), "\(outcome)", sourceLocation: sourceLocation)
    }

    /// Runs `command` (`floors` or `native` and their options) pooled over 6 processes of 6 rounds, and expects it to
    /// end well and quietly, its output headed by the median over the processes of each one's median time of
    /// `operation` ("a query", "a prepare") and by the per-process ratios' intervals. Returns how it ended and its
    /// lines of output.
    static func pooledComparison(
        _ command: [String], timing operation: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (outcome: Outcome, lines: [Substring]) {
        let outcome = try run(command + ["--rounds", "6", "--processes", "6"])
        #expect(outcome.status == 0, "\(outcome)", sourceLocation: sourceLocation)
        #expect(outcome.standardError.isEmpty, "\(outcome)", sourceLocation: sourceLocation)
        #expect(
            outcome.standardOutput.hasPrefix(
                "Median over 6 processes of each one's median time \(operation) over 6 rounds"),
            "\(outcome)", sourceLocation: sourceLocation)
        #expect(
            outcome.standardOutput.contains("Per-process median ratios: median [95% interval]"), "\(outcome)",
            sourceLocation: sourceLocation)
        return (outcome, outcome.stdoutLines)
    }

    static let engineStrategies = ["soa-binary-search", "interval-tree", "page-table", "union-rects"]
    static let exactStrategies = engineStrategies + ["naive-dictionary", "linear-array", "line-sectors"]
    static let allStrategies = exactStrategies + ["mosaic-binary-search"]
    static let layouts = ["flow", "waterfall", "mosaic", "carousel", "sticky-parallax"]
}

/// A fresh directory under the system's temporary directory, removed when the value goes away.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-cli-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `contents` to `name` and returns its path.
    @discardableResult
    func write(_ name: String, _ contents: String) throws -> String {
        let path = path(name)
        try contents.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }
}

/// An element of `dump` or `query` output.
struct Element: Hashable, CustomStringConvertible {
    var kind: String
    var section: Int
    var item: Int
    var x, y, width, height: Double
    var translateX = 0.0
    var translateY = 0.0

    init(_ object: [String: Any], sourceLocation: SourceLocation = #_sourceLocation) throws {
        kind = try #require(object["kind"] as? String, sourceLocation: sourceLocation)
        section = try #require(object["section"] as? Int, sourceLocation: sourceLocation)
        item = try #require(object["item"] as? Int, sourceLocation: sourceLocation)
        x = try #require((object["x"] as? NSNumber)?.doubleValue, sourceLocation: sourceLocation)
        y = try #require((object["y"] as? NSNumber)?.doubleValue, sourceLocation: sourceLocation)
        width = try #require((object["width"] as? NSNumber)?.doubleValue, sourceLocation: sourceLocation)
        height = try #require((object["height"] as? NSNumber)?.doubleValue, sourceLocation: sourceLocation)
        translateX = (object["translateX"] as? NSNumber)?.doubleValue ?? 0
        translateY = (object["translateY"] as? NSNumber)?.doubleValue ?? 0
    }

    /// Strict intersection, as `Rect.intersects`: touching edges do not count. The frame is moved by the element's
    /// translation (sticky headers are pinned that way).
    func intersects(x rx: Double, y ry: Double, width rw: Double, height rh: Double) -> Bool {
        let minX = x + translateX
        let minY = y + translateY
        return minX < rx + rw && rx < minX + width && minY < ry + rh && ry < minY + height
    }

    var description: String {
        "\(kind) \(section).\(item) (\(x), \(y), \(width), \(height)) translate (\(translateX), \(translateY))"
    }
}

extension Bench {
    /// The processes whose parent is `parent`, from /proc.
    static func children(of parent: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && pid_t(fields[1]) == parent ? pid : nil
        }
    }
}
