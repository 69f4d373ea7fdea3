import Foundation
import TesseraBenchKit

/// Runs two `tessera-bench` binaries in randomized interleaved rounds: each round one fresh process of each, over
/// the same `run` options, in an order drawn at random, so that whatever else the machine is doing falls on both
/// builds alike over the rounds (randomized multiple interleaved trials, Abedi and Brecht, ICPE 2017).
///
/// Rounds are run in batches (`run(rounds:)`), so a caller can look at those so far before asking for more; the
/// rounds' reports live in a temporary directory removed with the trials.
///
/// Every process has a time limit, so a build that hangs fails the comparison instead of stalling it: the one given,
/// or else `defaultTimeLimit(basesFirstRun:)`. The first round runs BASE first to set that default; the order is
/// drawn from the second round on.
package final class ABTrials {
    package let base: URL
    package let head: URL
    /// Options for `tessera-bench run`, given to both builds (less those BASE does not know).
    package let runArguments: [String]
    /// The longest a process may run, in seconds, when given; else the default that BASE's first run sets.
    package let timeLimit: Double?
    /// Whether the runs count instead of timing (`run --measure instructions`), so their reports hold counts.
    private let counted: Bool
    /// Receives a line before the first round and after each.
    package var progress: (String) -> Void = { _ in }

    /// The reports of the rounds run so far, BASE's and HEAD's.
    package private(set) var rounds: [(base: BenchmarkReport, head: BenchmarkReport)] = []
    /// Per round, the order the two builds ran in.
    package private(set) var orders: [[ABComparison.Side]] = []
    /// The options BASE's `run --help` does not list, which it runs without.
    package private(set) var droppedForBase: [String] = []

    private var generator: SeededGenerator
    private var baseArguments: [String] = []
    private var directory: URL?
    private var directoryToken: UUID?
    private let started = monotonicNanoseconds()
    /// The default limit, once BASE's first run has set it.
    private var defaultLimit: Double?

    /// - Parameters:
    ///   - orderSeed: the seed of the rounds' order.
    ///   - timeLimit: the longest a process may run, in seconds (`nil`: `defaultTimeLimit(basesFirstRun:)`).
    ///   - counted: whether `runArguments` ask for counts (`--measure instructions`).
    package init(
        base: URL, head: URL, runArguments: [String], orderSeed: UInt64, timeLimit: Double? = nil, counted: Bool = false
    ) {
        self.base = base
        self.head = head
        self.runArguments = runArguments
        self.timeLimit = timeLimit
        self.counted = counted
        generator = SeededGenerator(seed: orderSeed)
    }

    deinit {
        if let directory { try? FileManager.default.removeItem(at: directory) }
        if let directoryToken { Interruption.untrack(directoryToken) }
    }

    /// Why the trials could not be run or read.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
        /// Whether HEAD's own run failed (it exited with an error or a signal, or wrote no readable report): the
        /// change breaks the benchmark, rather than the comparison being impossible.
        package var isHeadsRun = false
    }

    /// The time limit of every process after BASE's first: ten times that run, and at least a minute. Rounds are
    /// alike, so a healthy build stays well inside it, even a much slower one (most of a run's time is spent to a
    /// fixed sampling budget, not in proportion to the code's speed); a minute covers a machine's pauses.
    package static func defaultTimeLimit(basesFirstRun seconds: Double) -> Double { Swift.max(60, 10 * seconds) }

    /// Runs `count` more rounds; `total` is how many the caller expects in all, for the progress line's estimate.
    package func run(rounds count: Int, of total: Int) throws(Failure) {
        let directory = try prepare()
        for _ in 0..<count {
            let round = rounds.count + 1
            let order: [ABComparison.Side] =
                round == 1 || Bool.random(using: &generator) ? [.base, .head] : [.head, .base]
            var pair: [ABComparison.Side: BenchmarkReport] = [:]
            for side in order {
                let report = directory.appendingPathComponent("round-\(round)-\(side.rawValue).json")
                let (binary, arguments) = side == .base ? (base, baseArguments) : (head, runArguments)
                let limit = timeLimit ?? defaultLimit
                let (measured, seconds) = try Self.measure(
                    binary, side: side, arguments: arguments, report: report,
                    limit: limit.map { ($0, timeLimit == nil) }, counted: counted)
                pair[side] = measured
                if defaultLimit == nil { defaultLimit = Self.defaultTimeLimit(basesFirstRun: seconds) }
            }
            let (baseReport, headReport) = (pair[.base]!, pair[.head]!)
            // A schema marks a change of what a figure means (schema 2 times short operations in batches): a ratio
            // across schemas that measure differently would measure the change of method, not of the code.
            guard BenchmarkReport.measuresAlike(baseReport.schemaVersion, headReport.schemaVersion) else {
                throw Failure(
                    description:
                        "BASE writes report schema \(baseReport.schemaVersion) and HEAD schema \(headReport.schemaVersion): "
                        + "the builds time operations differently, so their ratios would measure the change of method; "
                        + "compare builds whose reports measure alike")
            }
            // What `compare` refuses, refused in every round: a ratio of two builds' times of different work (another
            // workload, seed, viewport or trace) measures the work, not the code, whichever verdict it gives.
            let work = ReportComparison.differences(baseReport, headReport).filter(\.timesDifferentWork)
            guard work.isEmpty else {
                throw Failure(
                    description:
                        "in round \(round), BASE and HEAD timed different work with the same run options, so their "
                        + "ratios would measure the work, not the code: "
                        + work.map(\.description).joined(separator: "; "))
            }
            rounds.append((baseReport, headReport))
            orders.append(order)
            let elapsed = Double(monotonicNanoseconds() - started) / 1e9
            let left = elapsed / Double(round) * Double(Swift.max(total - round, 0))
            progress(
                String(
                    format: "ab: round %d of %d (%@ first) done, %.0f s in; about %.0f s left",
                    round, Swift.max(total, round), order[0].rawValue, elapsed, left
                ))
        }
    }

    /// Checks the binaries and makes the reports' directory, once, before the first round.
    private func prepare() throws(Failure) -> URL {
        if let directory { return directory }
        // Both, before any round: a directory passes an executable check, and would fail only in its first round.
        for binary in [base, head] {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: binary.path, isDirectory: &isDirectory),
                !isDirectory.boolValue,
                FileManager.default.isExecutableFile(atPath: binary.path)
            else {
                throw Failure(
                    description: "\(binary.path) is not an executable file; give the path of a built tessera-bench")
            }
        }
        (baseArguments, droppedForBase) = Self.supported(runArguments, byHelp: try Self.runHelp(of: base))
        // Without it, BASE would time where HEAD counts.
        if counted, droppedForBase.contains(where: { $0.hasPrefix("--measure") }) {
            throw Failure(
                description:
                    "BASE (\(base.path)) cannot count: its `run` has no --measure; compare it with HEAD on times")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-ab-\(UUID().uuidString)")
        directoryToken = Interruption.track(path: directory.path)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw Failure(
                description:
                    "cannot create a temporary directory for the rounds' reports: \(error.localizedDescription)")
        }
        self.directory = directory
        progress("ab: BASE and HEAD in random order, `run \(runArguments.joined(separator: " "))`")
        return directory
    }

    /// One fresh process of `binary` writing its report, and how long it ran; its standard error is kept for the
    /// reason of a failure. A process that runs past `limit` (in seconds; whether it is the default) is stopped
    /// with its process group.
    private static func measure(
        _ binary: URL, side: ABComparison.Side, arguments: [String], report: URL,
        limit: (seconds: Double, isDefault: Bool)?, counted: Bool
    ) throws(Failure) -> (report: BenchmarkReport, seconds: Double) {
        let log = report.deletingPathExtension().appendingPathExtension("log")
        let status: Int32
        var signalled = false
        let start = monotonicNanoseconds()
        do {
            guard FileManager.default.createFile(atPath: log.path, contents: nil) else {
                throw Failure(description: "cannot create \(log.path) for \(side.rawValue)'s standard error")
            }
            let errors = try FileHandle(forWritingTo: log)
            defer { try? errors.close() }
            let process = Process()
            process.executableURL = binary
            process.arguments = ["run"] + arguments + ["--report", report.path, "--quiet"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = errors
            let ended = DispatchSemaphore(value: 0)
            process.terminationHandler = { _ in ended.signal() }
            let child = try Interruption.start(process, endingWithThisProcess: true)
            if let limit, ended.wait(timeout: .now() + limit.seconds) == .timedOut {
                Interruption.stop(process, token: child)
                throw Failure(
                    description:
                        "\(side.rawValue) (\(binary.path)) `run` ran past its time limit of "
                        + String(format: "%g s", limit.seconds)
                        + (limit.isDefault ? " (ten times BASE's first run, and at least a minute)" : "")
                        + " and was stopped with its process group; --time-limit gives another",
                    isHeadsRun: side == .head)
            }
            process.waitUntilExit()
            Interruption.untrack(child)
            // Stopped by our own clean-up, the run did not fail: `ab` was interrupted, and ends saying so.
            Interruption.yieldToSignal()
            status = process.terminationStatus
            signalled = process.terminationReason == .uncaughtSignal
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(
                description: "cannot start \(side.rawValue) (\(binary.path)): \(ProcessOutput.reason(error))")
        }
        guard status == 0 else {
            let said =
                (try? String(contentsOf: log, encoding: .utf8))?.split(separator: "\n").suffix(5).joined(
                    separator: "\n") ?? ""
            throw Failure(
                description:
                    "\(side.rawValue) (\(binary.path)) `run` \(signalled ? "was ended by signal" : "exited with") "
                    + "\(status)\(said.isEmpty ? "" : ":\n\(said)")",
                isHeadsRun: side == .head)
        }
        guard FileManager.default.fileExists(atPath: report.path) else {
            throw Failure(
                description: "\(side.rawValue) (\(binary.path)) `run` exited with 0 but wrote no report",
                isHeadsRun: side == .head)
        }
        let seconds = Double(monotonicNanoseconds() - start) / 1e9
        do { return (try BenchmarkReport.load(from: report, counted: counted), seconds) } catch {
            throw Failure(description: "\(side.rawValue)'s report cannot be read: \(error)", isHeadsRun: side == .head)
        }
    }

    /// `binary run --help`, from which the options it knows are read.
    private static func runHelp(of binary: URL) throws(Failure) -> String {
        let (status, help): (Int32, String)
        switch ProcessOutput.run(binary, ["run", "--help"]) {
        case .ended(let code, let output): (status, help) = (code, output)
        case .failed(let reason): throw Failure(description: "\(binary.path) `run --help`: \(reason)")
        }
        guard status == 0, help.contains("--report") else {
            throw Failure(
                description:
                    "\(binary.path) is not a tessera-bench whose `run` writes a report (`run --help` lists no --report)"
            )
        }
        return help
    }

    /// The arguments an older build's `run --help` lists, and those it does not (an option's value goes with it: a
    /// value is the word after an option that is not itself an option).
    package static func supported(_ arguments: [String], byHelp help: String) -> (kept: [String], dropped: [String]) {
        let known = Set(
            help.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "-") }).filter { $0.hasPrefix("--") }
                .map(String.init))
        var kept: [String] = []
        var dropped: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            var words = [argument]
            if argument.hasPrefix("--"), !argument.contains("="), index + 1 < arguments.count,
                !arguments[index + 1].hasPrefix("--")
            {
                words.append(arguments[index + 1])
            }
            let name = String(argument.split(separator: "=", maxSplits: 1).first ?? "")
            if !argument.hasPrefix("--") || known.contains(name) { kept += words } else { dropped += words }
            index += words.count
        }
        return (kept, dropped)
    }
}
