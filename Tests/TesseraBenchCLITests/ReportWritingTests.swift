import Foundation
import Testing

/// Reports are written atomically, a temporary file then a rename (issue 5, item 6): after a run the directory
/// holds the reports and nothing else, an existing report is replaced whole, and a path that cannot be written
/// fails cleanly, with a message and nothing left behind.
@Suite struct ReportWritingTests {
    static let quick = [
        "run", "--quick", "--quiet", "--items", "200", "--layouts", "flow", "--strategies", "soa-binary-search",
    ]

    @Test func reportDirectoryHoldsOnlyTheReport() throws {
        let directory = try TemporaryDirectory()
        let reports = try TemporaryDirectory()
        let outcome = try Bench.run(Self.quick + ["--report", reports.path("r.json")], in: directory.url)
        #expect(outcome.status == 0, "\(outcome)")
        #expect(try reports.contents() == ["r.json"])
        #expect(try directory.contents().isEmpty, "nothing written to the working directory")
    }

    @Test func everyFormatLeavesOnlyItsFile() throws {
        let reports = try TemporaryDirectory()
        let outcome = try Bench.run(
            Self.quick + ["--report", "r.json", "--markdown", "r.md", "--csv", "r.csv", "--html", "r.html"],
            in: reports.url)
        #expect(outcome.status == 0, "\(outcome)")
        #expect(try reports.contents() == ["r.csv", "r.html", "r.json", "r.md"])
    }

    @Test func existingReportIsReplacedWhole() throws {
        let reports = try TemporaryDirectory()
        let old = String(repeating: "old report that is longer than any new one would be ", count: 20_000)
        try reports.write("r.json", old)
        let outcome = try Bench.run(Self.quick + ["--report", "r.json"], in: reports.url)
        #expect(outcome.status == 0, "\(outcome)")
        #expect(try reports.contents() == ["r.json"])
        let data = try Data(contentsOf: reports.url.appendingPathComponent("r.json"))
        let report = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        #expect(
            report?["tool"] as? String == "tessera-bench", "the new report, parsed whole, with no tail of the old one")
    }

    /// `--report` (and the other formats) inside a directory that does not exist: non-zero, a message naming the
    /// path and the reason in words, not Foundation's `NSCocoaErrorDomain … UserInfo={…}` dump, and no file.
    @Test(arguments: ["--report", "--markdown", "--csv", "--html"])
    func reportInAMissingDirectoryFailsCleanly(_ option: String) throws {
        let parent = try TemporaryDirectory()
        let target = parent.url.appendingPathComponent("no-such-directory").appendingPathComponent("r.out").path
        let outcome = try Bench.run(Self.quick + [option, target], in: parent.url)
        #expect(outcome.status != 0, "\(outcome)")
        #expect(!outcome.crashed, "\(outcome)")
        #expect(outcome.standardError.hasPrefix("Error: "), "\(outcome)")
        #expect(outcome.standardError.contains("no-such-directory"), "\(outcome)")
        #expect(
            outcome.standardError.contains("No such file or directory")
                || outcome.standardError.contains("does not exist") || outcome.standardError.contains("doesn’t exist"),
            "\(outcome)")
        for debris in ["NSCocoaErrorDomain", "UserInfo", "NSUnderlyingError", "NSFilePath"] {
            #expect(!outcome.standardError.contains(debris), "stderr shows \(debris): \(outcome)")
        }
        #expect(try parent.contents().isEmpty, "nothing left behind")
    }

    /// `--report` naming a directory: refused, the directory untouched.
    @Test func reportPathThatIsADirectoryFailsCleanly() throws {
        let parent = try TemporaryDirectory()
        try FileManager.default.createDirectory(
            at: parent.url.appendingPathComponent("taken"), withIntermediateDirectories: false)
        let outcome = try Bench.run(Self.quick + ["--report", "taken"], in: parent.url)
        #expect(outcome.status != 0, "\(outcome)")
        #expect(!outcome.crashed, "\(outcome)")
        #expect(outcome.standardError.contains("taken"), "\(outcome)")
        #expect(outcome.standardError.localizedCaseInsensitiveContains("directory"), "\(outcome)")
        #expect(!outcome.standardError.contains("NSCocoaErrorDomain"), "\(outcome)")
        #expect(try parent.contents() == ["taken"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path("taken")).isEmpty)
    }

    /// A run killed part-way (SIGKILL from the test, as a CI timeout or the OOM killer does) leaves the previous
    /// report intact.
    @Test func interruptedRunLeavesThePreviousReportIntact() throws {
        let reports = try TemporaryDirectory()
        let previous = #"{"previous": true}"#
        try reports.write("r.json", previous)
        let process = Process()
        process.executableURL = TesseraBenchBinary.url
        process.arguments = ["run", "--items", "100k", "--layouts", "flow", "--report", "r.json"]
        process.currentDirectoryURL = reports.url
        process.standardOutput = FileHandle.nullDevice
        let progress = Pipe()
        process.standardError = progress
        try process.run()
        // Killed once its progress shows it measuring the first of its runs.
        let read = Bench.read(progress, until: { $0.contains("[1/") })
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(
            read.text.contains("[1/") && process.terminationReason == .uncaughtSignal, "killed mid-run: \(read.text)")
        #expect(try reports.contents() == ["r.json"])
        #expect(try String(contentsOfFile: reports.path("r.json"), encoding: .utf8) == previous)
    }
}
