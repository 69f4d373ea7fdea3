import Foundation
import Testing

/// Whether valgrind is on the path, as `run --measure instructions` looks for it.
enum Valgrind {
    static let isInstalled = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
        FileManager.default.isExecutableFile(atPath: "\($0)/valgrind")
    }
}

/// `run --measure instructions` for real, under valgrind: the tool starts itself again under callgrind and
/// counts each operation. Skipped, saying so, only where valgrind is not installed (scripts/test installs it).
@Suite(.enabled(if: Valgrind.isInstalled, "valgrind is not installed: the counted measure is not tested"))
struct CountedRunTests {
    static let options = [
        "run", "--measure", "instructions", "--layouts", "flow", "--items", "1k", "--strategies",
        "soa-binary-search,naive-dictionary", "--quiet",
    ]
    /// A debug build's counted run of `options` takes 70 s on a 2-core machine: the limit only ends a hang.
    static let timeout = 300.0

    /// Every operation the timed run measures is counted, the engine's far below the naive dictionary's, and a
    /// second process counts nearly the same instructions.
    @Test func countsEveryOperationTheSameTwice() throws {
        let directory = try ABCommandTests.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        var counts: [[String: Double]] = []
        for run in 1...2 {
            let report = directory.appendingPathComponent("counted-\(run).json").path
            let outcome = try Bench.run(Self.options + ["--report", report], timeout: Self.timeout)
            #expect(outcome.status == 0, "\(outcome)")
            #expect(outcome.standardError.isEmpty, "valgrind's own messages go to its log: \(outcome)")
            #expect(outcome.standardOutput.contains("est. cycles"), "\(outcome)")
            let json =
                try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report)))
                as? [String: Any]
            #expect((json?["results"] as? [Any])?.isEmpty == true, "a counted run times nothing")
            let counted = json?["counted"] as? [[String: Any]] ?? []
            var instructions: [String: Double] = [:]
            for result in counted {
                let name = "\(result["strategy"] ?? "") \(result["operation"] ?? "")"
                instructions[name] = (result["cost"] as? [String: Any])?["instructions"] as? Double
            }
            counts.append(instructions)
        }
        let engine = [
            "prepare-cold", "prepare-warm", "query", "update-resize", "update-insert", "update-delete",
            "query-before-updates", "update-batch", "query-after-updates", "self-sizing-scroll",
        ]
        for operation in engine {
            #expect((counts[0]["soa-binary-search \(operation)"] ?? 0) > 0, "\(operation): \(counts[0])")
        }
        for operation in ["prepare-warm", "query", "update-insert"] {
            let naive = counts[0]["naive-dictionary \(operation)"] ?? 0
            let engineCount = counts[0]["soa-binary-search \(operation)"] ?? .infinity
            #expect(naive > engineCount, "\(operation): \(naive) against \(engineCount)")
        }
        // Two processes count alike: the engine's counts to within a thousandth, the naive dictionary's (an object
        // an element, so the allocator's paths follow its state) to within a hundredth, on a machine the test
        // runner's other tests load (docs/DESIGN.md §8, "Repeatable").
        for (name, first) in counts[0] {
            let second = counts[1][name] ?? 0
            let tolerance = name.hasPrefix("naive-dictionary") ? 0.01 : 0.001
            #expect(abs(first - second) <= first * tolerance, "\(name): \(first) then \(second)")
        }
    }

    /// `--measure time,instructions` times, then counts, and shows the naive dictionary's cost over the engine's
    /// both ways side by side; its report holds both, and `compare` judges both.
    @Test func timesAndCountsSideBySide() throws {
        let directory = try ABCommandTests.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let report = directory.appendingPathComponent("both.json").path
        let markdown = directory.appendingPathComponent("both.md").path
        let (html, csv) = (
            directory.appendingPathComponent("both.html").path, directory.appendingPathComponent("both.csv").path
        )
        let outcome = try Bench.run(
            [
                "run", "--measure", "time,instructions", "--quick", "--layouts", "carousel", "--items", "1k",
                "--strategies", "soa-binary-search,naive-dictionary", "--quiet", "--report", report, "--markdown",
                markdown, "--html", html, "--csv", csv,
            ], timeout: 300)
        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.standardError.isEmpty, "\(outcome)")
        let lines = outcome.stdoutLines
        let title = try #require(
            lines.firstIndex { $0.hasPrefix("naive-dictionary's cost over soa-binary-search's") }, "\(outcome)")
        let rows = lines[(title + 2)...].prefix { $0.hasPrefix("carousel") }
        #expect(
            Set(rows.map { $0.split(separator: " ")[2] }).isSuperset(of: ["prepare-warm", "query", "update-insert"]),
            "\(outcome)")
        #expect(rows.allSatisfy { !$0.contains("–") }, "every operation counted was timed: \(outcome)")
        let json =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any]
        #expect((json?["results"] as? [Any])?.isEmpty == false && (json?["counted"] as? [Any])?.isEmpty == false)
        // Every file format carries the counts, and the timed-against-counted ratios, as the terminal does.
        for file in [markdown, html] {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            #expect(text.contains("Counted") && text.contains("est. cycles"), "\(file): the counted table")
            #expect(text.contains("Timed and counted") && text.contains("time ×"), "\(file): the ratios")
        }
        let csvRows = try String(contentsOfFile: csv, encoding: .utf8).split(separator: "\r\n")
        #expect(csvRows.first?.hasSuffix(",instructions,estimated_cycles,l1_misses,ll_misses") == true)
        #expect(
            csvRows.contains { $0.hasPrefix("carousel,soa-binary-search,") && !$0.hasSuffix(",,,,") }, "counted rows")
        let compared = try Bench.run(["compare", report, report])
        #expect(compared.status == 0, "\(compared)")
        #expect(compared.standardOutput.contains("no regressions"), "\(compared)")
        #expect(compared.standardOutput.contains("Each build counted once"), "\(compared)")
    }

    /// The counted process's files live in a directory of the run's own: made new (never a path planted before,
    /// such as the fixed `tessera-bench-callgrind` of earlier builds, here a link to a directory of "another user"),
    /// mode 700, and gone when the run ends. Killed with SIGKILL, which nothing can handle, the run takes valgrind
    /// with it.
    @Test func theScratchDirectoryIsPrivateAndEndsWithTheRun() throws {
        let temporary = try TemporaryDirectory()
        let planted = try TemporaryDirectory()
        try FileManager.default.createSymbolicLink(
            atPath: temporary.path("tessera-bench-callgrind"), withDestinationPath: planted.url.path)
        let process = Process()
        process.executableURL = TesseraBenchBinary.url
        process.arguments = Self.options.map { $0 == "1k" ? "10k" : $0 }
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": temporary.url.path]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Polled for: nothing announces the counted process's start.
        var scratch: String?
        var valgrind: pid_t?
        while valgrind == nil, process.isRunning {
            scratch = try temporary.contents().first { $0.hasPrefix("tessera-bench-callgrind.") }
            valgrind = Bench.children(of: process.processIdentifier).first
            if valgrind == nil { usleep(20_000) }
        }
        let counted = try #require(valgrind, "the counted process started")
        let name = try #require(scratch, "the run made its directory")
        let attributes = try FileManager.default.attributesOfItem(atPath: temporary.path(name))
        #expect(attributes[.type] as? FileAttributeType == .typeDirectory)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        var waited = 0
        while kill(counted, 0) == 0, waited < 500 {
            usleep(20_000)
            waited += 1
        }
        #expect(kill(counted, 0) != 0, "valgrind \(counted) ended with the run that started it")
        #expect(try planted.contents().isEmpty, "nothing was written through the planted link")

        // A run that ends of itself removes its directory.
        let outcome = try Bench.run(
            Self.options, timeout: Self.timeout, environment: ["TMPDIR": temporary.url.path])
        #expect(outcome.status == 0, "\(outcome)")
        let left = try temporary.contents().filter { $0 != name && $0 != "tessera-bench-callgrind" }
        #expect(left.isEmpty, "nothing left behind: \(left)")
    }

    /// A counted process ended by a signal is an error that says so, not a bare status.
    @Test func aCountedProcessEndedByASignalSaysSo() throws {
        let directory = try TemporaryDirectory()
        // A valgrind that is killed as it starts: first on the path, so the run finds it.
        try directory.write("valgrind", "#!/bin/sh\nkill -SEGV $$\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path("valgrind"))
        let path = directory.url.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")
        let outcome = try Bench.run(Self.options, environment: ["PATH": path])
        #expect(outcome.status == 1, "\(outcome)")
        #expect(outcome.standardError.contains("Error: the counted process"), "\(outcome)")
        #expect(outcome.standardError.contains("signal 11"), "\(outcome)")
    }
}
