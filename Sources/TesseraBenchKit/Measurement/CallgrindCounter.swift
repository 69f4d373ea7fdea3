import Foundation

/// Counts operations under callgrind, from inside the counted process: `run --measure instructions` starts the
/// tool again under valgrind (`command`), and that process counts each operation's body with callgrind's client
/// requests and reads back the dump it wrote.
///
/// Collection is off outside the bodies counted, so nothing else the process does (setting up, checking answers,
/// printing) enters a count. The requests themselves are C (valgrind's header), which the command line compiles
/// and hands in, so that the kit compiles none.
package final class CallgrindCounter {
    /// Callgrind's client requests: zero the counters, switch collection on or off, dump what was counted under a
    /// name to the next dump file.
    package struct Requests {
        package var zeroStats: () -> Void
        package var toggleCollect: () -> Void
        package var dumpStats: (String) -> Void

        package init(
            zeroStats: @escaping () -> Void, toggleCollect: @escaping () -> Void,
            dumpStats: @escaping (String) -> Void
        ) {
            self.zeroStats = zeroStats
            self.toggleCollect = toggleCollect
            self.dumpStats = dumpStats
        }
    }

    /// The environment variable that carries the dump files' path to the counted process.
    package static let outputVariable = "TESSERA_CALLGRIND_OUT"

    /// The caches callgrind simulates, fixed so that a count is the same on every machine (by default it takes the
    /// host's, and this machine's last level is 384 MB): 32 KiB 8-way first-level caches and an 8 MiB 16-way last
    /// level, 64-byte lines, a common desktop core's.
    package static let cacheOptions = ["--I1=32768,8,64", "--D1=32768,8,64", "--LL=8388608,16,64"]

    /// The dump files' path; callgrind appends `.1-01`, `.2-01`… for each dump and thread (`-01`: the process's
    /// first thread, which runs the command and everything it counts).
    private let outputFile: String
    private let requests: Requests
    private var dumps = 0

    /// The counter of a process started by `command` under valgrind, whose dumps go to `outputFile`.
    package init(outputFile: String, requests: Requests) {
        self.outputFile = outputFile
        self.requests = requests
    }

    /// Whether this process was started by `command` to be counted: its environment names the dump files.
    package static var outputFileOfThisProcess: String? {
        ProcessInfo.processInfo.environment[outputVariable].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The command that runs `executable` with `arguments` counted, its dumps written to `outputFile` and
    /// valgrind's own messages to `log`: the environment it needs is `environment(outputFile:)`.
    package static func command(
        valgrind: String, executable: String, arguments: [String], outputFile: String, log: String
    ) -> [String] {
        // Each thread counted apart: collection is switched for the whole process, and a thread of the runtime's
        // that wakes while a body is counted (which a loaded machine makes happen) would add its instructions.
        [
            // No gdb server: its pipes would be files of valgrind's own in the shared temporary directory.
            valgrind, "--tool=callgrind", "--vgdb=no", "--cache-sim=yes", "--collect-atstart=no",
            "--separate-threads=yes",
            "--callgrind-out-file=\(outputFile)", "--log-file=\(log)",
        ] + cacheOptions + ["--", executable] + arguments
    }

    /// The counted process's environment: the dump files' path; Swift's hashing seeded the same in every process,
    /// so that a dictionary's layout, and the instructions that walk it, repeat run after run; and jemalloc's
    /// purging of unused pages switched off, since it goes by the clock (pages dirty for ten seconds are returned
    /// to the system), so that a loaded machine, which slows the clock's pace against the work, would change
    /// where fresh memory comes from and what the allocator runs to get it.
    package static func environment(outputFile: String) -> [String: String] {
        [
            outputVariable: outputFile, "SWIFT_DETERMINISTIC_HASHING": "1",
            "MALLOC_CONF": "dirty_decay_ms:-1,muzzy_decay_ms:-1",
        ]
    }

    /// Counts `body` into what the next `dump` reads, with what was collected since the last one (or `zero`).
    package func collect(_ body: () throws -> Void) rethrows {
        requests.toggleCollect()
        defer { requests.toggleCollect() }
        try body()
    }

    /// Zeroes what was collected, before the `collect`s of one dump.
    package func zero() { requests.zeroStats() }

    /// Dumps what was collected since the last dump (or `zero`) and returns it per operation of `operations`.
    package func dump(_ name: String, operations: Int) throws -> CountedCost {
        requests.dumpStats(name)
        dumps += 1
        let path = "\(outputFile).\(dumps)-01"
        defer { removeDumps(numbered: dumps) }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw CountingError.missingDump(path: path)
        }
        return CountedCost(events: try Self.totals(ofDump: text, path: path), operations: operations)
    }

    /// Removes every thread's file of dump `number`.
    private func removeDumps(numbered number: Int) {
        let directory = (outputFile as NSString).deletingLastPathComponent
        let prefix = "\((outputFile as NSString).lastPathComponent).\(number)-"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] where name.hasPrefix(prefix)
        {
            try? FileManager.default.removeItem(atPath: "\(directory)/\(name)")
        }
    }

    /// The totals of a callgrind dump: its `events:` line's names with its `summary:` line's values (a value left
    /// off the end is zero).
    package static func totals(ofDump text: String, path: String) throws -> [String: UInt64] {
        var names: [Substring]?
        var values: [UInt64]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("events:") {
                names = line.dropFirst("events:".count).split(separator: " ")
            } else if line.hasPrefix("summary:") {
                values = line.dropFirst("summary:".count).split(separator: " ").compactMap { UInt64($0) }
            }
            if names != nil, values != nil { break }
        }
        guard let names, let values, values.count <= names.count else {
            throw CountingError.unreadableDump(path: path)
        }
        var totals: [String: UInt64] = [:]
        for (position, name) in names.enumerated() {
            totals[String(name)] = position < values.count ? values[position] : 0
        }
        return totals
    }
}

/// Why a counted run could not count.
package enum CountingError: Error, CustomStringConvertible, Equatable {
    /// Valgrind is not installed (Debian's `valgrind` package) or not on the path.
    case valgrindMissing
    /// Neither `llvm-objcopy` (Swift's toolchain has it) nor `objcopy` (binutils) is on the path.
    case objcopyMissing
    /// The tool was built without valgrind's header, so it cannot ask callgrind for anything.
    case builtWithoutCallgrind
    /// Callgrind wrote no dump where it was told to.
    case missingDump(path: String)
    /// A dump without its `events:` and `summary:` lines.
    case unreadableDump(path: String)
    /// The counted process ran without callgrind counting it.
    case notCounted
    /// The counted process ended well and left no report that can be read back.
    case missingReport(String)
    /// The private directory for the counted process could not be made: its template and the system's reason.
    case noScratchDirectory(String, String)
    /// The counted process (valgrind, or the program it ran) was ended by this signal.
    case countedProcessSignalled(Int32)

    package var description: String {
        switch self {
        case .valgrindMissing:
            "--measure instructions runs the tool under valgrind, which is not installed: install Debian's valgrind package (scripts/install-dependencies does)"
        case .objcopyMissing:
            "--measure instructions counts a copy of this program without its debug information, and neither llvm-objcopy nor objcopy is on the path: install Debian's binutils package"
        case .builtWithoutCallgrind:
            "this tessera-bench was built without valgrind's header (valgrind/callgrind.h), so it cannot count: install Debian's valgrind package and build it again"
        case .missingDump(let path):
            "callgrind wrote no dump at \(path)"
        case .unreadableDump(let path):
            "callgrind's dump at \(path) has no events: and summary: lines"
        case .notCounted:
            "the counted process did not run under callgrind"
        case .missingReport(let reason):
            "the counted process left no report to read back: \(reason)"
        case .countedProcessSignalled(let signal):
            "the counted process (valgrind running this program) was ended by signal \(signal) (\(String(cString: strsignal(signal)))), and counted nothing"
        case .noScratchDirectory(let template, let reason):
            "cannot make a private directory \(template) for the counted process: \(reason); TMPDIR names another place"
        }
    }
}
