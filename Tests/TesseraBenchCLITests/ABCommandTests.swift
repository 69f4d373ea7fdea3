import Foundation
import Testing

/// `ab`: against stand-in binaries that write fixed reports, so each verdict and exit status is certain, and once
/// against the real binary itself.
@Suite struct ABCommandTests {
    /// A stand-in for a `tessera-bench` build: answers `run --help` with the options it knows, and `run` by writing
    /// a report (of `schema`, of the workload `seed`) whose query takes `query` nanoseconds (exiting with `status`
    /// instead, when given).
    static func standIn(
        query: Double, status: Int32? = nil, schema: Int = 2, seed: Int = 1, alsoRunning: String = "",
        in directory: URL, name: String
    ) throws -> String {
        let report = """
            {"schemaVersion": \(schema), "tool": "tessera-bench",
             "environment": {"host": "h", "cpuModel": "c", "cores": 2, "operatingSystem": "Linux", "swiftVersion": "6.3",
                             "allocator": "jemalloc", "date": "2026-01-01T00:00:00Z"},
             "settings": {"layouts": ["flow"], "itemCounts": [1000], "viewportWidth": 390, "viewportHeight": 844,
                          "seed": \(seed), "workload": "w, seed \(seed)", "traceFrames": 10, "verifiedFrames": 10},
             "results": [{"layout": "flow", "strategy": "soa-binary-search", "items": 1000, "operation": "query",
                          "samples": 1, "samplesNanoseconds": [\(query)], "medianNanoseconds": \(query),
                          "p90Nanoseconds": \(query), "p99Nanoseconds": \(query)}],
             "verifications": [], "targets": []}
            """
        return try standIn(
            writing: report, options: "[--layouts <l>] [--items <n>] [--quick] [--quiet] [--report <file.json>]",
            failing: status, alsoRunning: alsoRunning, in: directory, name: name)
    }

    /// A stand-in build whose `run --help` lists `options` and whose `run` writes `report` to its --report file,
    /// or exits with `status` (saying so) when given; `alsoRunning` is a shell line its run runs first.
    static func standIn(
        writing report: String, options: String, failing status: Int32? = nil, alsoRunning: String = "",
        in directory: URL, name: String
    )
        throws -> String
    {
        let script = """
            #!/usr/bin/env bash
            if [ "$2" = --help ]; then echo "USAGE: tessera-bench run \(options)"; exit 0; fi
            \(status.map { "echo 'the stand-in failed on purpose' >&2; exit \($0)" } ?? "")
            \(alsoRunning)
            while [ $# -gt 0 ]; do
              if [ "$1" = --report ]; then cat > "$2" <<'JSON'
            \(report)
            JSON
              fi
              shift
            done
            """
        return try executable(named: name, in: directory, contents: Data(script.utf8))
    }

    /// Stand-ins named base and head in `directory`, whose queries take `base` and `head` nanoseconds.
    static func standIns(base: Double, head: Double, in directory: URL) throws -> (base: String, head: String) {
        (try standIn(query: base, in: directory, name: "base"), try standIn(query: head, in: directory, name: "head"))
    }

    /// Writes `contents` to `name` in `directory` as a file anyone may run, and returns its path.
    static func executable(named name: String, in directory: URL, contents: Data) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try contents.write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return path
    }

    static func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tessera-ab-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func aSlowerHeadIsARegression() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (base, head) = try Self.standIns(base: 100, head: 150, in: directory)
        let report = directory.appendingPathComponent("ab.json").path
        let markdown = directory.appendingPathComponent("ab.md").path
        let outcome = try Bench.run([
            "ab", base, head, "--rounds", "6", "--layouts", "flow", "--report", report, "--markdown", markdown,
        ])
        #expect(outcome.status == 1, "\(outcome)")
        #expect(outcome.standardOutput.contains("REGRESSION"), "\(outcome)")
        #expect(outcome.standardOutput.contains("1.500 [1.500, 1.500]"), "\(outcome)")
        #expect(outcome.standardError.contains("1 result regressed"), "\(outcome)")
        #expect(
            outcome.standardError.contains("round 6 of 6"),
            "progress, a line a round, though not a terminal: \(outcome)")
        let json =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any]
        #expect(json?["tool"] as? String == "tessera-bench ab")
        #expect((json?["orders"] as? [Any])?.count == 6)
        #expect(try String(contentsOfFile: markdown, encoding: .utf8).contains("| flow | soa-binary-search |"))
    }

    /// A report that cannot be written when the rounds are done (its path became a directory meanwhile) is a write
    /// error, 74: not 1, "regressed", for a HEAD that did not regress.
    @Test func aReportThatCannotBeWrittenAtTheEndIsAWriteError() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let report = directory.appendingPathComponent("ab.json").path
        let base = try Self.standIn(query: 100, in: directory, name: "base")
        let head = try Self.standIn(query: 100, alsoRunning: "mkdir -p '\(report)'", in: directory, name: "head")
        let outcome = try Bench.run(["ab", base, head, "--rounds", "6", "--quiet", "--report", report])
        #expect(outcome.status == 74, "\(outcome)")
        #expect(outcome.standardOutput.contains("unchanged"), "the comparison is still printed: \(outcome)")
        #expect(outcome.standardError.contains("cannot write \(report)"), "\(outcome)")
    }

    @Test func anEqualHeadPassesAndOptionsTheBaseLacksAreDropped() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (base, head) = try Self.standIns(base: 100, head: 100, in: directory)
        let outcome = try Bench.run(["ab", base, head, "--rounds", "6", "--quiet", "--quick", "--seed", "3"])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.standardOutput.contains("unchanged"), "\(outcome)")
        #expect(outcome.standardOutput.contains("BASE does not know --seed 3"), "\(outcome)")
        #expect(outcome.standardError.isEmpty, "--quiet: \(outcome)")
        // A `--` before the run options, the usual way to say they pass through, is no option of run's.
        let separated = try Bench.run([
            "ab", base, head, "--rounds", "6", "--quiet", "--", "--quick", "--layouts", "flow",
        ])
        #expect(separated.status == 0, "\(separated)")
    }

    /// A base that cannot be used ends the comparison (2); a head whose own run fails is a failure of the change (3),
    /// which a CI gate must not mistake for a comparison it could not make.
    @Test func unusableBuildsExitTwoAndAFailingHeadThree() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let good = try Self.standIn(query: 100, in: directory, name: "good")
        let failing = try Self.standIn(query: 100, status: 3, in: directory, name: "failing")
        let missing = try Bench.run([
            "ab", directory.appendingPathComponent("nothing").path, good, "--rounds", "6", "--quiet",
        ])
        #expect(missing.status == 2, "\(missing)")
        #expect(missing.standardError.contains("is not an executable file"), "\(missing)")
        for (base, head, failingSide, status) in [(good, failing, "HEAD", 3), (failing, good, "BASE", 2)] {
            let failed = try Bench.run(["ab", base, head, "--rounds", "6", "--quiet"])
            #expect(failed.status == status, "\(failingSide): \(failed)")
            #expect(
                failed.standardError.contains(failingSide) && failed.standardError.contains("exited with 3"),
                "\(failed)")
            #expect(failed.standardError.contains("the stand-in failed on purpose"), "its own words: \(failed)")
        }
        let older = try Self.standIn(query: 100, schema: 1, in: directory, name: "older")
        let otherMethod = try Bench.run(["ab", older, good, "--rounds", "6", "--quiet"])
        #expect(otherMethod.status == 2, "\(otherMethod)")
        #expect(otherMethod.standardError.contains("BASE writes report schema 1 and HEAD schema 2"), "\(otherMethod)")
    }

    /// Fewer rounds than an interval needs would make a gate that can never fail: `--rounds 1` passed every change
    /// as "no regressions, 11 inconclusive". So are too few rounds to confirm a regression, and a run option given
    /// twice, which `run` keeps only the last of.
    @Test(arguments: [
        ["--rounds", "0"], ["--rounds", "1"], ["--rounds", "5"],
        ["--until-decided", "--budget", "5", "--look-every", "5"],
        ["--until-decided", "--budget", "8", "--look-every", "9"],
        ["--confirmation-rounds", "5"], ["--confidence", "0.99", "--rounds", "7"], ["--threshold", "-1"],
        ["--confidence", "1"], ["--layouts", "nope"], ["--bogus"], ["--csv", "x.csv"],
        ["--strategies", "soa-binary-search", "--strategies", "interval-tree"],
        ["--rounds", "6", "--rounds", "7"],
    ])
    func badArgumentsAreUsageErrors(arguments: [String]) throws {
        let outcome = try Bench.run(["ab", "/bin/true", "/bin/true"] + arguments)
        #expect(outcome.status == 64, "\(outcome)")
        #expect(!outcome.crashed, "\(outcome)")
    }

    /// The fewest rounds an interval needs is a budget `--until-decided` takes without a `--look-every` of its
    /// own: it looks once, at the end (scripts/ci-benchmark's ROUNDS=6 was refused for the default look every 10).
    @Test func theSmallestBudgetNeedsNoLookEveryOfItsOwn() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let good = try Self.standIn(query: 100, in: directory, name: "good")
        let outcome = try Bench.run(["ab", good, good, "--until-decided", "--budget", "6", "--quiet"])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.standardOutput.contains("no regressions"), "\(outcome)")
    }

    @Test func aHeadThatExitsZeroWithoutAReportIsNamedAsSuch() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let base = try Self.standIn(query: 100, in: directory, name: "base")
        let head = try Self.executable(
            named: "silent", in: directory,
            contents: Data(
                """
                #!/usr/bin/env bash
                if [ "$2" = --help ]; then echo "USAGE: tessera-bench run [--report <file.json>]"; exit 0; fi
                exit 0
                """.utf8))
        let outcome = try Bench.run(["ab", base, head, "--rounds", "6", "--quiet"])
        #expect(outcome.status == 3, "\(outcome)")
        #expect(outcome.standardError.contains("HEAD (\(head)) `run` exited with 0 but wrote no report"), "\(outcome)")
    }

    /// A stand-in HEAD whose `run` hangs: it starts a command in the background and waits on another, writing
    /// both commands' process ids to `pids`, so a test can see that ab stopped what its child started.
    static func hangingStandIn(in directory: URL, pids: URL) throws -> String {
        try executable(
            named: "hanging", in: directory,
            contents: Data(
                """
                #!/usr/bin/env bash
                if [ "$2" = --help ]; then echo "USAGE: tessera-bench run [--report <file.json>]"; exit 0; fi
                sleep 300 &
                background=$!
                sleep 300 &
                echo "$background $!" > '\(pids.path)'
                wait
                """.utf8))
    }

    /// Whether every process in `pids` has ended (gone, or a zombie left for init to reap), waiting up to 5 s.
    static func ended(_ pids: URL) throws -> Bool {
        let ids = try String(contentsOf: pids, encoding: .utf8).split(whereSeparator: \.isWhitespace)
        #expect(ids.count == 2, "the stand-in wrote its commands' ids")
        for _ in 0..<50 {
            let running = ids.filter { id in
                guard let stat = try? String(contentsOfFile: "/proc/\(id)/stat", encoding: .utf8),
                    let close = stat.lastIndex(of: ")")
                else { return false }
                return !stat[stat.index(after: close)...].hasPrefix(" Z")
            }
            if running.isEmpty { return true }
            usleep(100_000)
        }
        return false
    }

    /// Waits until `file` exists: how a test knows a stand-in's commands have started.
    static func waitFor(_ file: URL) {
        for _ in 0..<300 where !FileManager.default.fileExists(atPath: file.path) { usleep(100_000) }
    }

    @Test func aHeadPastItsTimeLimitIsStoppedWithWhatItStarted() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let base = try Self.standIn(query: 100, in: directory, name: "base")
        let pids = directory.appendingPathComponent("pids")
        let head = try Self.hangingStandIn(in: directory, pids: pids)
        let outcome = try Bench.run(["ab", base, head, "--rounds", "6", "--time-limit", "2", "--quiet"], timeout: 60)
        #expect(outcome.status == 3, "a HEAD that hangs breaks the benchmark: \(outcome)")
        #expect(!outcome.timedOut, "\(outcome)")
        #expect(outcome.standardError.contains("ran past its time limit of 2 s"), "\(outcome)")
        #expect(try Self.ended(pids), "the stand-in's commands were stopped with it")
    }

    /// A time limit under a second is said as given: `--time-limit 0.001` was reported as "0 s". (On a busy
    /// machine the quick BASE may be the one stopped: the limit is said the same.)
    @Test func aShortTimeLimitIsSaidAsGiven() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let base = try Self.standIn(query: 100, in: directory, name: "base")
        let head = try Self.hangingStandIn(in: directory, pids: directory.appendingPathComponent("pids"))
        let outcome = try Bench.run(
            ["ab", base, head, "--rounds", "6", "--time-limit", "0.25", "--quiet"], timeout: 60)
        #expect(outcome.status == 3 || outcome.status == 2, "\(outcome)")
        #expect(outcome.standardError.contains("ran past its time limit of 0.25 s"), "\(outcome)")
    }

    /// SIGTERM to ab while a round's process hangs: ab ends by the signal, with the process's whole group stopped
    /// and the rounds' temporary directory removed.
    @Test func aSignalStopsTheRoundsProcessAndWhatItStarted() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let temporary = try TemporaryDirectory()
        let base = try Self.standIn(query: 100, in: directory, name: "base")
        let pids = directory.appendingPathComponent("pids")
        let head = try Self.hangingStandIn(in: directory, pids: pids)
        let process = Process()
        process.executableURL = TesseraBenchBinary.url
        process.arguments = ["ab", base, head, "--rounds", "6", "--quiet"]
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": temporary.url.path]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        let errors = directory.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        Self.waitFor(pids)
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(
            process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM,
            "ended with \(process.terminationReason == .exit ? "exit status" : "signal") \(process.terminationStatus)")
        #expect(try Self.ended(pids), "the stand-in's commands were stopped with ab")
        #expect(try temporary.contents().isEmpty, "the rounds' directory was removed")
        // ab names itself as interrupted; HEAD, stopped by ab, is not blamed.
        let said = try String(contentsOf: errors, encoding: .utf8)
        #expect(said.contains("tessera-bench was interrupted by SIGTERM: it stopped what it had started"), "\(said)")
        #expect(!said.contains("was ended by signal") && !said.contains("HEAD"), "\(said)")
    }

    /// A BASE that is no tessera-bench, whose `run --help` prints forever, is stopped and named: ab neither fills
    /// its memory nor waits for ever. (One that never answers is stopped after a minute, the same way.)
    @Test func aBinaryThatPrintsForeverOrWaitsIsStopped() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let head = try Self.standIn(query: 100, in: directory, name: "head")
        let forever = try Self.executable(
            named: "forever", in: directory, contents: Data("#!/bin/sh\nexec yes -- '--report x'\n".utf8))
        let outcome = try Bench.run(["ab", forever, head, "--rounds", "6", "--quiet"], timeout: 60)
        #expect(outcome.status == 2 && !outcome.timedOut, "\(outcome)")
        #expect(
            outcome.standardError.contains("wrote more than 16 MB to standard output and was stopped"), "\(outcome)")
    }

    /// A HEAD that is no program the system can run is named with the system's reason.
    @Test func aHeadThatIsNoProgramIsNamedWithTheSystemsReason() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let base = try Self.standIn(query: 100, in: directory, name: "base")
        // An ELF file's magic, then nothing the loader can read.
        let garbage = try Self.executable(
            named: "garbage", in: directory, contents: Data([0x7F, 0x45, 0x4C, 0x46, 0x00, 0x01]))
        let outcome = try Bench.run(["ab", base, garbage, "--rounds", "6", "--quiet"])
        #expect(outcome.status == 2 || outcome.status == 3, "\(outcome)")
        #expect(
            outcome.standardError.contains("cannot start HEAD") && outcome.standardError.contains("Exec format error"),
            "\(outcome)")
    }

    @Test func theRealBinaryAgainstItself() throws {
        let binary = TesseraBenchBinary.url.path
        let outcome = try Bench.run(
            [
                "ab", binary, binary, "--rounds", "6", "--quiet", "--quick", "--layouts", "flow", "--strategies",
                "soa-binary-search", "--items", "1k",
            ],
            timeout: 240
        )
        #expect(outcome.status == 0, "\(outcome)")
        for operation in ["prepare-cold", "prepare-warm", "query", "fill-floor"] {
            #expect(outcome.standardOutput.contains(operation), "\(operation): \(outcome)")
        }
    }

    /// A HEAD that times other work than BASE with the same options (here another seed) is refused in its first
    /// round, as `compare` refuses the two reports: its ratios would measure the work, and passed as
    /// "3 improvements".
    @Test func aHeadOfAnotherWorkloadIsRefusedAsCompareRefusesIt() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let base = try Self.standIn(query: 100, in: directory, name: "base")
        let head = try Self.standIn(query: 50, seed: 2, in: directory, name: "head")
        let outcome = try Bench.run(["ab", base, head, "--rounds", "6"])
        #expect(outcome.status == 2, "\(outcome)")
        #expect(outcome.standardError.contains("in round 1, BASE and HEAD timed different work"), "\(outcome)")
        #expect(outcome.standardError.contains("seed: 1 → 2"), "\(outcome)")
        #expect(!outcome.standardError.contains("round 1 of"), "refused before the round counted: \(outcome)")

        let reports = try TemporaryDirectory()
        for (name, binary) in [("base.json", base), ("head.json", head)] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["run", "--report", reports.path(name)]
            try process.run()
            process.waitUntilExit()
        }
        let compared = try Bench.run(["compare", reports.path("base.json"), reports.path("head.json")])
        #expect(compared.status == 2 && compared.standardError.contains("seed: 1 → 2"), "\(compared)")
    }

    /// A gate whose operations no result of both builds measured judged nothing: it fails, naming the gate and
    /// what was measured, rather than pass with no word.
    @Test func aGateThatJudgedNothingFails() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (base, head) = try Self.standIns(base: 100, head: 100, in: directory)
        let report = directory.appendingPathComponent("ab.json").path
        let outcome = try Bench.run([
            "ab", base, head, "--rounds", "6", "--quiet", "--gate", "update-batch", "--report", report,
        ])
        #expect(outcome.status == 2, "\(outcome)")
        #expect(
            outcome.standardError.contains("the gate (update-batch) judged nothing")
                && outcome.standardError.contains("which measured query"), "\(outcome)")
        #expect(outcome.standardOutput.contains("judged nothing"), "the table says it too: \(outcome)")
        #expect(FileManager.default.fileExists(atPath: report), "the comparison is still written")
    }

    /// A HEAD whose strategy turned inexact runs the real binary, but its report keeps only the prepares and the
    /// fill floor, as a run keeps of an inexact strategy: BASE's gated query was judged by nothing, and ab passed as
    /// "no regressions, 1 unchanged, 2 only in BASE". It breaks the benchmark (3), and ab says why.
    @Test func aHeadThatNoLongerMeasuresAGatedResultBreaksTheBenchmark() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let binary = TesseraBenchBinary.url.path
        let options = ["--quick", "--layouts", "flow", "--strategies", "soa-binary-search", "--items", "1k"]
        let real = directory.appendingPathComponent("real.json")
        let run = try Bench.run(["run", "--quiet", "--report", real.path] + options, timeout: 120)
        try #require(run.status == 0, "\(run)")
        var object = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: real)) as? [String: Any])
        let results = try #require(object["results"] as? [[String: Any]])
        let kept = ["prepare-cold", "prepare-warm", "fill-floor"]
        object["results"] = results.filter { kept.contains($0["operation"] as? String ?? "") }
        object["verifications"] = try #require(object["verifications"] as? [[String: Any]]).map {
            $0.merging(["mismatchedFrames": 3, "missedElements": 4]) { $1 }
        }
        let inexact = directory.appendingPathComponent("inexact.json")
        try JSONSerialization.data(withJSONObject: object).write(to: inexact)
        let head = try Self.executable(
            named: "head", in: directory,
            contents: Data(
                """
                #!/usr/bin/env bash
                '\(binary)' "$@" || exit
                while [ $# -gt 0 ]; do
                  if [ "$1" = --report ]; then cp '\(inexact.path)' "$2"; fi
                  shift
                done
                """.utf8))
        let outcome = try Bench.run(["ab", binary, head, "--rounds", "6", "--quiet"] + options, timeout: 240)
        #expect(outcome.status == 3, "\(outcome)")
        #expect(
            outcome.standardError.contains("gated results that BASE measured in every round")
                && outcome.standardError.contains("soa-binary-search · 1,002 · query, "), "\(outcome)")
        #expect(
            outcome.standardError.contains("HEAD's answers differ from brute force (flow · 1,000 a section · ")
                && outcome.standardError.contains("3 of "), "\(outcome)")
        #expect(outcome.standardError.contains("the change breaks the benchmark"), "\(outcome)")
    }

    /// A HEAD that is a directory is found before any round runs, not after BASE's first.
    @Test func aHeadThatIsADirectoryIsFoundBeforeAnyRound() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let base = try Self.standIn(query: 100, in: directory, name: "base")
        let outcome = try Bench.run(["ab", base, directory.path, "--rounds", "6"])
        #expect(outcome.status == 2, "\(outcome)")
        #expect(outcome.standardError.contains("\(directory.path) is not an executable file"), "\(outcome)")
        #expect(!outcome.standardError.contains("round 1 of"), "no round ran: \(outcome)")
    }
}
