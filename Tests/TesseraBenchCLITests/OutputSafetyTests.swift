import Foundation
import Testing

/// What a command writes never destroys what it reads, never replaces what is not a plain file of its own, fails
/// before measuring rather than after, reports a failed write to standard output, and leaves neither a temporary file
/// nor a child process behind when a signal stops it (issue 12).
@Suite struct OutputSafetyTests {
    static let quick = [
        "run", "--quick", "--quiet", "--items", "200", "--layouts", "flow", "--strategies", "soa-binary-search",
    ]

    /// A refused output: a usage error (64) with `message` on standard error, before anything is measured (no table).
    private func expectRefused(
        _ outcome: Bench.Outcome, _ message: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(outcome.status == 64, "\(outcome)", sourceLocation: sourceLocation)
        #expect(!outcome.crashed, "\(outcome)", sourceLocation: sourceLocation)
        #expect(outcome.standardError.contains(message), "\(outcome)", sourceLocation: sourceLocation)
        #expect(outcome.standardOutput.isEmpty, "nothing measured: \(outcome)", sourceLocation: sourceLocation)
    }

    @Test func theWorkloadFileIsNotOverwritten() throws {
        let directory = try TemporaryDirectory()
        let workload = #"{"sections": [{"itemSizes": [[50, 50], [60, 40]]}]}"#
        try directory.write("wl.json", workload)
        try FileManager.default.linkItem(atPath: directory.path("wl.json"), toPath: directory.path("same.json"))
        for (input, output) in [("wl.json", "wl.json"), ("wl.json", "./wl.json"), ("same.json", "wl.json")] {
            let outcome = try Bench.run(
                Self.quick.filter { $0 != "--items" && $0 != "200" } + ["--workload", input, "--report", output],
                in: directory.url)
            expectRefused(outcome, "is the --workload file")
        }
        #expect(try String(contentsOfFile: directory.path("wl.json"), encoding: .utf8) == workload)
    }

    @Test func theTraceFileIsNotOverwritten() throws {
        let directory = try TemporaryDirectory()
        let written = try Bench.run(
            ["trace", "--layout", "flow", "--items", "100", "--output", "t.json"], in: directory.url)
        #expect(written.status == 0, "\(written)")
        let trace = try Data(contentsOf: URL(fileURLWithPath: directory.path("t.json")))
        expectRefused(
            try Bench.run(Self.quick + ["--trace", "t.json", "--html", "t.json"], in: directory.url),
            "is the --trace file")
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory.path("t.json"))) == trace)
    }

    @Test func abDoesNotOverwriteABinary() throws {
        let directory = try TemporaryDirectory()
        let binary = directory.path("base")
        try FileManager.default.copyItem(atPath: TesseraBenchBinary.url.path, toPath: binary)
        let before = try Data(contentsOf: URL(fileURLWithPath: binary))
        let outcome = try Bench.run(["ab", binary, TesseraBenchBinary.url.path, "--rounds", "6", "--report", binary])
        expectRefused(outcome, "is the base file")
        #expect(try Data(contentsOf: URL(fileURLWithPath: binary)) == before)
    }

    /// `ab` reads the files its run options name: a report or Markdown over one of them is refused, timed or counted,
    /// as `run` refuses it, and the file is left as it was. Every output of every command passes the same rule.
    @Test(arguments: [["--rounds", "6"], ["--measure", "instructions"]])
    func abDoesNotOverwriteWhatItsRunsRead(_ measure: [String]) throws {
        let directory = try TemporaryDirectory()
        let workload = #"{"sections": [{"itemSizes": [[50, 50], [60, 40]]}]}"#
        try directory.write("w.json", workload)
        let written = try Bench.run(
            ["trace", "--layout", "flow", "--items", "100", "--output", "t.json"], in: directory.url)
        #expect(written.status == 0, "\(written)")
        let trace = try Data(contentsOf: URL(fileURLWithPath: directory.path("t.json")))
        let binary = TesseraBenchBinary.url.path
        let ab = ["ab", binary, binary, "--quiet"] + measure
        let flow = ["--quick", "--layouts", "flow", "--strategies", "soa-binary-search"]
        expectRefused(
            try Bench.run(ab + ["--report", "w.json", "--"] + flow + ["--workload", "w.json"], in: directory.url),
            "--report w.json is the --workload file")
        expectRefused(
            try Bench.run(
                ab + ["--markdown", "t.json", "--"] + flow + ["--items", "100", "--trace=t.json"], in: directory.url),
            "--markdown t.json is the --trace file")
        #expect(try String(contentsOfFile: directory.path("w.json"), encoding: .utf8) == workload)
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory.path("t.json"))) == trace)
    }

    @Test func twoOutputsNamingOneFileAreRefused() throws {
        let directory = try TemporaryDirectory()
        expectRefused(
            try Bench.run(Self.quick + ["--report", "r.json", "--markdown", "./r.json"], in: directory.url), "both name"
        )
        expectRefused(
            try Bench.run(Self.quick + ["--csv", "r.csv", "--html", directory.path("r.csv")], in: directory.url),
            "both name")
        #expect(try directory.contents().isEmpty)
    }

    /// Devices and symbolic links are refused, not replaced by a regular file; nor is a read-only file.
    @Test func onlyPlainWritableFilesAreReplaced() throws {
        let directory = try TemporaryDirectory()
        for device in ["/dev/null", "/dev/full"] {
            expectRefused(try Bench.run(Self.quick + ["--report", device]), "is a device")
            let attributes = try FileManager.default.attributesOfItem(atPath: device)
            #expect(attributes[.type] as? FileAttributeType == .typeCharacterSpecial, "\(device) is still a device")
        }
        try directory.write("target.json", "kept")
        try FileManager.default.createSymbolicLink(
            atPath: directory.path("link.json"), withDestinationPath: "target.json")
        expectRefused(try Bench.run(Self.quick + ["--report", "link.json"], in: directory.url), "is a symbolic link")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: directory.path("link.json")) == "target.json")
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: directory.path("target.json"))
        expectRefused(try Bench.run(Self.quick + ["--markdown", "target.json"], in: directory.url), "is read-only")
        #expect(try String(contentsOfFile: directory.path("target.json"), encoding: .utf8) == "kept")
    }

    /// Names that are not a file to write, and places that cannot be written, fail before the run.
    @Test(arguments: [
        ("", "needs a file name"), ("-", "standard output"), ("newdir/", "names a directory"),
        ("/proc/tessera-report.json", "cannot be written"),
        (String(repeating: "a", count: 300) + ".json", "File name too long"),
    ])
    func unwritablePathsFailBeforeTheRun(_ path: String, _ message: String) throws {
        let directory = try TemporaryDirectory()
        expectRefused(try Bench.run(Self.quick + ["--report", path], in: directory.url), message)
        #expect(try directory.contents().isEmpty, "nothing left behind")
    }

    /// A replaced report keeps its file's mode.
    @Test func aReplacedReportKeepsItsMode() throws {
        let directory = try TemporaryDirectory()
        try directory.write("r.json", "old")
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: directory.path("r.json"))
        let outcome = try Bench.run(Self.quick + ["--report", "r.json"], in: directory.url)
        #expect(outcome.status == 0, "\(outcome)")
        let attributes = try FileManager.default.attributesOfItem(atPath: directory.path("r.json"))
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o640)
        #expect(try directory.contents() == ["r.json"])
    }

    /// Standard output on a full disk: an error and a non-zero status, for every command that prints, and for the
    /// help and the version, which exited 0.
    @Test(arguments: [
        ["dump", "--items", "50"], ["query", "--items", "50", "--rect", "0,0,100,100"], quick,
        ["trace", "--layout", "flow", "--items", "100"], ["--help"], ["help", "run"], ["run", "--help"],
        ["--version"],
    ])
    func aFailedWriteToStandardOutputIsAnError(_ arguments: [String]) throws {
        let outcome = try Bench.run(arguments, standardOutput: "/dev/full")
        #expect(outcome.status == 74, "EX_IOERR, not compare's 1 for a regression: \(outcome)")
        #expect(!outcome.crashed, "\(outcome)")
        #expect(
            outcome.standardError.contains("cannot write to standard output: No space left on device"), "\(outcome)")
    }

    /// Standard output whose reader has gone (`| head -1`): the command is not killed by SIGPIPE half-way; it writes
    /// every file it was asked for, then fails as on a full disk.
    @Test(arguments: [["dump", "--items", "20k"], quick + ["--report", "r.json", "--html", "r.html"]])
    func aClosedPipeIsAWriteErrorAfterTheFiles(_ arguments: [String]) throws {
        let directory = try TemporaryDirectory()
        let process = Process()
        process.executableURL = TesseraBenchBinary.url
        process.arguments = arguments
        process.currentDirectoryURL = directory.url
        let output = Pipe()
        process.standardOutput = output
        let standardError = Pipe()
        process.standardError = standardError
        // The reader is gone before the command writes a line.
        try output.fileHandleForReading.close()
        try process.run()
        let said = Bench.read(standardError)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit, "ended by signal \(process.terminationStatus), not by SIGPIPE")
        #expect(process.terminationStatus == 74, "status \(process.terminationStatus): \(said.text)")
        #expect(said.text.contains("cannot write to standard output: Broken pipe"), "\(said.text)")
        let expected = arguments.contains("--report") ? ["r.html", "r.json"] : []
        #expect(try directory.contents().sorted() == expected)
    }

    /// SIGTERM while `--system-malloc`'s side run measures: the side process is stopped with the run and its
    /// temporary report removed; the run ends by the signal.
    @Test func aSignalStopsTheSideRunAndRemovesItsFiles() throws {
        let directory = try TemporaryDirectory()
        let temporary = try TemporaryDirectory()
        let process = Process()
        process.executableURL = TesseraBenchBinary.url
        process.arguments = [
            "run", "--quiet", "--system-malloc", "--items", "10k", "--layouts", "flow", "--strategies",
            "naive-dictionary", "--report", "r.json",
        ]
        process.currentDirectoryURL = directory.url
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": temporary.url.path]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        // The side run inherits the run's standard error: the pipe ends when both processes have.
        let standardError = Pipe()
        process.standardError = standardError
        try process.run()
        var child: pid_t?  // polled for: nothing announces the side run's start
        while child == nil, process.isRunning {
            child = Bench.children(of: process.processIdentifier).first
            if child == nil { usleep(20_000) }
        }
        let side = try #require(child, "the side run started")
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(
            process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM,
            "ended with \(process.terminationReason == .exit ? "exit status" : "signal") \(process.terminationStatus)")
        #expect(Bench.read(standardError).ended, "the side run \(side) ended with the run")
        let left = try temporary.contents()
        #expect(left.isEmpty, "no temporary report left: \(left)")
        #expect(try directory.contents().isEmpty, "no report, and no partial one")
    }
}
