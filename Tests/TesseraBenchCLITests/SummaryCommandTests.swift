import Foundation
import Testing

/// `summary`: the page after a run, printed from reports or written into a README's results block.
@Suite struct SummaryCommandTests {
    static let begin = "<!-- results: written by `tessera-bench summary --readme`; edits here are replaced -->"
    static let end = "<!-- end of results -->"

    /// A quick run of the flow, the engine and the naive dictionary, at two shapes.
    static func report(in directory: TemporaryDirectory) throws -> String {
        let outcome = try Bench.run(
            [
                "run", "--quick", "--quiet", "--items", "2k", "--layouts", "flow", "--items-per-section", "1,1000",
                "--strategies",
                "soa-binary-search,naive-dictionary", "--report", "r.json",
            ],
            in: directory.url
        )
        try #require(outcome.status == 0, "\(outcome)")
        return directory.path("r.json")
    }

    @Test func printsTheEngineBesideTheNaiveDesignTheTargetsAndTheMachine() throws {
        let directory = try TemporaryDirectory()
        let outcome = try Bench.run(["summary", try Self.report(in: directory)])
        #expect(outcome.status == 0, "\(outcome)")
        let text = outcome.standardOutput
        for shape in ["flow · 1 a section", "flow · 1,000 a section"] {
            let row = try #require(outcome.stdoutLines.first { $0.hasPrefix(shape) }, "a row for \(shape): \(text)")
            #expect(row.contains(" ms (") || row.contains(" µs ("), "the engine beside the naive design: \(row)")
        }
        #expect(text.contains("Targets (docs/DESIGN.md §7"), "\(text)")
        #expect(text.contains("Fastest strategy"), "\(text)")
        #expect(text.contains("Answers checked against brute force: 4 of 4 checks exact"), "\(text)")
        #expect(text.contains("Measured on ") && text.contains("cores"), "\(text)")
    }

    @Test func writesTheResultsBlockAndKeepsTheRestOfTheFile() throws {
        let directory = try TemporaryDirectory()
        let report = try Self.report(in: directory)
        let before = "# A project\n\nIntro, with `code` and a trailing space \n\n"
        let after = "\n\n## Set-up\n\nThe rest.\n"
        let readme = try directory.write("README.md", before + Self.begin + "\nold results\n" + Self.end + after)
        let outcome = try Bench.run(["summary", report, "--readme", readme, "--command", "scripts/bench"])
        #expect(outcome.status == 0, "\(outcome)")
        let written = try String(contentsOfFile: readme, encoding: .utf8)
        #expect(written.hasPrefix(before + Self.begin + "\n"), "\(written)")
        #expect(written.hasSuffix(Self.end + after), "\(written)")
        #expect(!written.contains("old results"))
        #expect(written.contains("| flow · 1 a section | "), "\(written)")
        #expect(written.contains("From `scripts/bench` on "), "\(written)")
        #expect(!written.contains("commit"), "the README names no commit: \(written)")
        // Written again from the same report, the file does not change.
        let again = try Bench.run(["summary", report, "--readme", readme, "--command", "scripts/bench"])
        #expect(again.status == 0, "\(again)")
        #expect(try String(contentsOfFile: readme, encoding: .utf8) == written)
    }

    /// The command is written into the results block: one with a line break wrote a marker line into it, exit 0,
    /// and the next run found the markers twice. A command that could is a usage error, and nothing is written.
    @Test(arguments: [
        "x\n<!-- end of results -->\ny", "x\r\ny", "x\u{1B}[2Jy", "x\ty",
        "scripts/bench <!-- end of results -->",
    ])
    func aCommandThatCouldBreakTheBlockIsAUsageError(command: String) throws {
        let directory = try TemporaryDirectory()
        let report = try Self.report(in: directory)
        let contents = Self.begin + "\nold results\n" + Self.end + "\n"
        let readme = try directory.write("README.md", contents)
        let outcome = try Bench.run(["summary", report, "--readme", readme, "--command", command])
        #expect(outcome.status == 64, "\(outcome)")
        #expect(outcome.standardError.contains("--command must be one line"), "\(outcome)")
        #expect(try String(contentsOfFile: readme, encoding: .utf8) == contents)
    }

    @Test func aReadmeWithoutItsMarkersIsLeftAsItWas() throws {
        let directory = try TemporaryDirectory()
        let report = try Self.report(in: directory)
        for contents in ["no markers\n", Self.end + "\n" + Self.begin + "\n", Self.begin + Self.begin + Self.end] {
            let readme = try directory.write("README.md", contents)
            let outcome = try Bench.run(["summary", report, "--readme", readme])
            #expect(outcome.status == 1 && !outcome.crashed, "\(outcome)")
            #expect(outcome.standardError.contains("must hold the line"), "\(outcome)")
            #expect(try String(contentsOfFile: readme, encoding: .utf8) == contents)
        }
    }

    /// Markers in the wrong order are named as such, not as a count of them (it holds each once).
    @Test func markersInTheWrongOrderAreNamedAsSuch() throws {
        let directory = try TemporaryDirectory()
        let report = try Self.report(in: directory)
        let contents = Self.end + "\n" + Self.begin + "\n"
        let readme = try directory.write("README.md", contents)
        let outcome = try Bench.run(["summary", report, "--readme", readme])
        #expect(outcome.status == 1, "\(outcome)")
        #expect(outcome.standardError.contains("it holds each once, but the end before the beginning"), "\(outcome)")
        #expect(!outcome.standardError.contains("1 and 1 times"), "\(outcome)")
        #expect(try String(contentsOfFile: readme, encoding: .utf8) == contents)
    }

    @Test func aForeignReportOrTheReadmeAsItsOwnInputIsRefused() throws {
        let directory = try TemporaryDirectory()
        let foreign = try directory.write("foreign.json", #"{"hello": "world"}"#)
        let outcome = try Bench.run(["summary", foreign])
        #expect(outcome.status == 2 && !outcome.crashed && outcome.standardOutput.isEmpty, "\(outcome)")
        let report = try Self.report(in: directory)
        let same = try Bench.run(["summary", report, "--readme", report])
        #expect(same.status == 64, "\(same)")
        #expect(same.standardError.contains("would destroy the input"), "\(same)")
        let none = try Bench.run(["summary"])
        #expect(none.status == 64, "\(none)")
    }

    /// One report named twice, however spelled, would count its targets and checks twice ("20 passed, 4 missed"
    /// for a report of 10 and 2): refused.
    @Test func aReportNamedTwiceIsRefused() throws {
        let directory = try TemporaryDirectory()
        let report = try Self.report(in: directory)
        for second in [report, directory.url.path + "/./r.json"] {
            let outcome = try Bench.run(["summary", report, second])
            #expect(outcome.status == 64 && outcome.standardOutput.isEmpty, "\(outcome)")
            #expect(outcome.standardError.contains("are one report, named twice"), "\(outcome)")
        }
    }
}
