import Foundation
import Testing

/// `--workload FILE.json` (docs/DESIGN.md section 6): a good file feeds the layout; a bad one is refused with a
/// clear message naming the file and the problem, never a crash. The tool exits with status 1 for a bad workload
/// file (ArgumentParser's status for an error thrown by a command).
@Suite struct WorkloadFileTests {
    static let valid =
        #"{"sections": [{"itemSizes": [[10, 20], [30, 40], [50, 60]], "headerHeight": 30}, {"itemSizes": [[70, 80]], "footerHeight": 12}]}"#

    // MARK: A good file

    @Test func flowUsesEachSizeAsGiven() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("workload.json", Self.valid)
        let outcome = try Bench.run(["dump", "--layout", "flow", "--workload", file])
        #expect(outcome.status == 0, "\(outcome)")
        let elements = try Bench.jsonLines(outcome.standardOutput).map { try Element($0) }
        let cells = elements.filter { $0.kind == "cell" }
        #expect(cells.map(\.width) == [10, 30, 50, 70])
        #expect(cells.map(\.height) == [20, 40, 60, 80])
        #expect(cells.map(\.section) == [0, 0, 0, 1])
        #expect(cells.map(\.item) == [0, 1, 2, 0])
        // The header and footer heights of the file, and no others.
        #expect(elements.filter { $0.kind == "header" }.map { [$0.section, Int($0.height)] } == [[0, 30]])
        #expect(elements.filter { $0.kind == "footer" }.map { [$0.section, Int($0.height)] } == [[1, 12]])
    }

    @Test(arguments: ["waterfall", "mosaic", "carousel", "sticky-parallax"])
    func otherLayoutsTakeTheCounts(_ layout: String) throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("workload.json", Self.valid)
        let outcome = try Bench.run(["dump", "--layout", layout, "--workload", file])
        #expect(outcome.status == 0, "\(outcome)")
        let cells = try Bench.jsonLines(outcome.standardOutput).map { try Element($0) }.filter { $0.kind == "cell" }
        #expect(cells.count == 4, "\(outcome)")
    }

    @Test func queryReadsTheFileToo() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("workload.json", Self.valid)
        let outcome = try Bench.run(["query", "--workload", file, "--rect", "0,0,1000,10000"])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(try Bench.jsonLines(outcome.standardOutput).filter { $0["kind"] as? String == "cell" }.count == 4)
    }

    /// `run --workload` without `--items`: the file fixes the item count, so the default list of counts must not be
    /// held against the user ("drop --items" when none was given).
    @Test func runTakesAWorkloadFileWithoutItems() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("workload.json", Self.valid)
        let outcome = try Bench.run(
            ["run", "--quick", "--quiet", "--layouts", "flow", "--workload", file], in: directory.url)
        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.standardOutput.contains("soa-binary-search"), "\(outcome)")
    }

    @Test func runTakesAWorkloadFileWithOneItemCount() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("workload.json", Self.valid)
        let outcome = try Bench.run(
            ["run", "--quick", "--quiet", "--layouts", "flow", "--items", "4", "--workload", file], in: directory.url)
        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.standardOutput.contains("soa-binary-search"), "\(outcome)")
    }

    @Test func runRefusesAnItemCountTheWorkloadFileDoesNotHave() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("workload.json", Self.valid)
        let outcome = try Bench.run(
            ["run", "--quick", "--layouts", "flow", "--items", "5000000", "--workload", file], in: directory.url)
        #expect(outcome.status == 64, "\(outcome)")
        #expect(outcome.standardError.contains("does not match the workload file's 4 items"), "\(outcome)")
    }

    @Test func runRefusesAWorkloadFileWithSeveralItemCounts() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("workload.json", Self.valid)
        let outcome = try Bench.run(["run", "--quick", "--layouts", "flow", "--items", "10,20", "--workload", file])
        #expect(outcome.status == 64, "\(outcome)")
        #expect(outcome.standardError.contains("workload file"), "\(outcome)")
    }

    // MARK: A bad file

    struct BadFile: CustomTestStringConvertible, Sendable {
        var name: String
        /// `nil` for no file at all, `""` for an empty one.
        var contents: String?
        /// Each must appear on standard error (case-insensitive).
        var mentions: [String]
        var testDescription: String { name }
    }

    static let badFiles: [BadFile] = [
        BadFile(name: "missing.json", contents: nil, mentions: ["missing.json", "no such file"]),
        BadFile(name: "empty.json", contents: "", mentions: ["empty.json"]),
        BadFile(
            name: "truncated.json", contents: #"{"sections": [{"itemSizes": [[10, 20], [30"#,
            mentions: ["truncated.json", "JSON"]),
        BadFile(name: "array.json", contents: "[[10, 20], [30, 40]]", mentions: ["array.json", "array"]),
        BadFile(name: "foreign.json", contents: #"{"results": []}"#, mentions: ["foreign.json", "sections"]),
        BadFile(
            name: "flat-sizes.json", contents: #"{"sections": [{"itemSizes": [10, 20]}]}"#,
            mentions: ["flat-sizes.json", "itemSizes"]),
        BadFile(
            name: "string-size.json", contents: #"{"sections": [{"itemSizes": [["10", 20]]}]}"#,
            mentions: ["string-size.json", "itemSizes"]),
        BadFile(
            name: "null-size.json", contents: #"{"sections": [{"itemSizes": [[null, 20]]}]}"#,
            mentions: ["null-size.json", "itemSizes"]),
        BadFile(
            name: "triple.json", contents: #"{"sections": [{"itemSizes": [[10, 20], [10, 20, 5]]}]}"#,
            mentions: ["triple.json", "item 1", "3 numbers", "[width, height]"]),
        BadFile(
            name: "single.json", contents: #"{"sections": [{"itemSizes": [[10]]}]}"#,
            mentions: ["single.json", "1 numbers"]),
        BadFile(
            name: "overflow.json", contents: #"{"sections": [{"itemSizes": [[10, 1e400]]}]}"#,
            mentions: ["overflow.json"]),
        BadFile(
            name: "misspelt.json", contents: #"{"sections": [{"itemSizes": [[10, 20]], "headerHieght": 30}]}"#,
            mentions: ["sections[0]", "unknown key 'headerHieght'"]),
        BadFile(
            name: "extra.json", contents: #"{"sections": [{"itemSizes": [[10, 20]]}], "comment": "x"}"#,
            mentions: ["unknown key 'comment'"]),
        BadFile(name: "null.json", contents: "null", mentions: ["null.json", "the file holds only null"]),
        BadFile(
            name: "long-key.json",
            contents: #"{"sections": [{"itemSizes": [[10, 20]], ""# + String(repeating: "k", count: 100_000)
                + #"": 1}]}"#,
            mentions: ["unknown key 'kkkk", "… (100000 characters)"]),
        BadFile(
            name: "twice.json",
            contents: #"{"sections": [{"itemSizes": [[10, 20]], "headerHeight": 30, "headerHeight": 90}]}"#,
            mentions: [#"the key "headerHeight" appears twice"#]),
        BadFile(
            name: "twice-top.json", contents: #"{"sections": [], "sections": [{"itemSizes": [[10, 20]]}]}"#,
            mentions: [#"the key "sections" appears twice"#]),
    ]

    @Test(arguments: badFiles)
    func badFileIsRefusedClearly(_ bad: BadFile) throws {
        let directory = try TemporaryDirectory()
        if let contents = bad.contents { try directory.write(bad.name, contents) }
        let outcome = try Bench.run(["dump", "--workload", directory.path(bad.name)], timeout: 20)
        #expect(outcome.status == 1, "\(outcome)")
        #expect(!outcome.crashed, "\(outcome)")
        #expect(outcome.standardOutput.isEmpty, "\(outcome)")
        #expect(outcome.standardError.hasPrefix("Error: "), "\(outcome)")
        for mention in bad.mentions {
            #expect(
                outcome.standardError.localizedCaseInsensitiveContains(mention), "stderr lacks \(mention): \(outcome)")
        }
    }

    /// A message for users, not a decoder's debug description: no Swift type names, coding keys or "Debug
    /// description" (`compare` shows how: "x.json is not JSON, or is cut short: Unexpected end of file…").
    @Test(
        arguments: badFiles.filter {
            $0.contents != nil && !$0.name.hasPrefix("triple") && !$0.name.hasPrefix("single")
        })
    func badFileMessageIsFreeOfDecoderInternals(_ bad: BadFile) throws {
        let directory = try TemporaryDirectory()
        try directory.write(bad.name, try #require(bad.contents))
        let outcome = try Bench.run(["dump", "--workload", directory.path(bad.name)], timeout: 20)
        #expect(outcome.status == 1, "\(outcome)")
        for debris in [
            "DecodingError", "CodingKeys", "Debug description", "Dictionary<String, Any>", "Array<Any>",
            "keyed decoding container",
        ] {
            #expect(!outcome.standardError.contains(debris), "stderr shows \(debris): \(outcome)")
        }
    }

    /// A directory where a file is expected: the system's reason ("Is a directory"), as `compare` gives it, not
    /// "NSCocoaErrorDomain error 256".
    @Test func directoryIsRefusedClearly() throws {
        let directory = try TemporaryDirectory()
        let outcome = try Bench.run(["dump", "--workload", directory.url.path], timeout: 20)
        #expect(outcome.status == 1, "\(outcome)")
        #expect(!outcome.crashed, "\(outcome)")
        #expect(outcome.standardError.contains(directory.url.lastPathComponent), "\(outcome)")
        #expect(outcome.standardError.localizedCaseInsensitiveContains("directory"), "\(outcome)")
        #expect(!outcome.standardError.contains("NSCocoaErrorDomain"), "\(outcome)")
    }

    /// Sizes the layout refuses: JSON cannot hold NaN, so a negative size and one over `Size.maximumLength` (1e12).
    @Test(arguments: [
        ("negative", #"{"sections": [{"itemSizes": [[10, 20], [10, -20]]}]}"#, "-20"),
        ("too long", #"{"sections": [{"itemSizes": [[10, 1e300]]}]}"#, "1e+300"),
        ("negative width", #"{"sections": [{"itemSizes": [[-1, 20]]}]}"#, "-1"),
        ("negative header", #"{"sections": [{"itemSizes": [[10, 20]], "headerHeight": -5}]}"#, "-5"),
    ])
    func sizeTheLayoutRefusesIsNamed(_ name: String, contents: String, value: String) throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("sizes.json", contents)
        for layout in ["flow", "waterfall"] {
            let outcome = try Bench.run(["dump", "--layout", layout, "--workload", file], timeout: 20)
            #expect(outcome.status == 1, "\(outcome)")
            #expect(!outcome.crashed, "\(outcome)")
            #expect(outcome.standardError.contains(value), "\(outcome)")
            #expect(outcome.standardError.contains("section 0"), "\(outcome)")
            #expect(outcome.standardError.contains("finite, not negative and at most"), "\(outcome)")
        }
    }

    /// Every command that takes a workload file, kept small where the file does not fix the size.
    static let workloadCommands: [[String]] = [
        ["run", "--quick", "--quiet", "--layouts", "flow"], ["tune", "--quiet"], ["dump"],
        ["query", "--rect", "0,0,1000,10000"], ["trace"], ["native", "--rounds", "6", "--layouts", "flow"],
        ["floors", "--rounds", "6", "--layouts", "flow"],
    ]

    /// A workload of no items, as `--items 0`: a usage error in every command, whether it would measure nothing or
    /// show only empty sections, refused before anything is laid out.
    @Test(arguments: workloadCommands)
    func workloadOfNoItemsIsAUsageError(_ command: [String]) throws {
        let directory = try TemporaryDirectory()
        for contents in [#"{"sections": []}"#, #"{"sections": [{"itemSizes": []}, {"itemSizes": []}]}"#] {
            let file = try directory.write("empty-sections.json", contents)
            let outcome = try Bench.run(command + ["--workload", file], in: directory.url, timeout: 20)
            #expect(outcome.status == 64, "\(outcome)")
            #expect(!outcome.crashed, "\(outcome)")
            #expect(outcome.standardError.contains("empty-sections.json holds no items"), "\(outcome)")
            #expect(outcome.standardOutput.isEmpty, "\(outcome)")
        }
    }

    /// The file fixes the item count: an --items that says otherwise is refused by every command, as by `run`.
    @Test(arguments: workloadCommands)
    func itemCountTheFileDoesNotHaveIsRefused(_ command: [String]) throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("workload.json", Self.valid)
        let outcome = try Bench.run(command + ["--items", "5", "--workload", file], in: directory.url, timeout: 20)
        #expect(outcome.status == 64, "\(outcome)")
        #expect(outcome.standardError.contains("--items 5 does not match the workload file's 4 items"), "\(outcome)")
        #expect(outcome.standardOutput.isEmpty, "\(outcome)")
    }

    /// The measuring commands name the items they measured: the file's, not the built-in default.
    @Test(arguments: [["native", "--traces", "scroll"], ["floors"]])
    func measuringCommandNamesTheFilesItemCount(_ command: [String]) throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("workload.json", Self.valid)
        for items in [[], ["--items", "4"]] {
            let outcome = try Bench.run(
                command + ["--layouts", "flow", "--rounds", "6", "--workload", file] + items, timeout: 60)
            #expect(outcome.status == 0, "\(outcome)")
            #expect(outcome.standardOutput.contains(", 4 items,"), "\(outcome)")
        }
    }

    /// The largest size a layout takes, `Size.maximumLength` on a side: `run`'s own resize of the first item must
    /// stay within it, so a workload `dump` lays out is measured too.
    @Test func runMeasuresAnItemAtTheLargestSize() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("largest.json", #"{"sections": [{"itemSizes": [[1e12, 1e12], [50, 50]]}]}"#)
        let outcome = try Bench.run(
            [
                "run", "--quick", "--quiet", "--layouts", "flow,waterfall,sticky-parallax", "--strategies",
                "soa-binary-search,naive-dictionary", "--workload", file,
            ], in: directory.url)
        #expect(outcome.status == 0, "\(outcome)")
        for layout in ["flow", "waterfall", "sticky-parallax"] {
            #expect(
                outcome.stdoutLines.contains { $0.contains(layout) && $0.contains("update-resize") }, "\(outcome)")
        }
    }

    @Test func tuneRefusesABadWorkloadFile() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("truncated.json", #"{"sections": [{"itemSizes": [[10"#)
        let outcome = try Bench.run(["tune", "--quiet", "--workload", file], timeout: 20)
        #expect(outcome.status == 1, "\(outcome)")
        #expect(outcome.standardError.contains("truncated.json"), "\(outcome)")
    }

    @Test func runRefusesAMissingWorkloadFile() throws {
        let directory = try TemporaryDirectory()
        let outcome = try Bench.run(
            ["run", "--quick", "--items", "10", "--workload", directory.path("missing.json")], in: directory.url,
            timeout: 20)
        #expect(outcome.status == 1, "\(outcome)")
        #expect(outcome.standardError.contains("missing.json"), "\(outcome)")
        #expect(try directory.contents().isEmpty)
    }
}

/// `tessera-bench trace` and `run --trace`: the built-in trace as a file, replayed, and named in the report.
@Suite struct TraceFileCommandTests {
    @Test("trace writes a file that run replays, and the report names it")
    func traceThenRun() throws {
        let directory = try TemporaryDirectory()
        let written = try Bench.run([
            "trace", "--layout", "flow", "--items", "1k", "--output", directory.path("scroll.json"),
        ])
        try #require(written.status == 0, "\(written)")
        let run = try Bench.run([
            "run", "--layouts", "flow", "--items", "1k", "--strategies", "soa-binary-search", "--quick", "--trace",
            directory.path("scroll.json"), "--report", directory.path("report.json"),
        ])
        try #require(run.status == 0, "\(run)")
        #expect(run.standardOutput.contains("every strategy exact"))
        let report = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: directory.url.appendingPathComponent("report.json")))
                as? [String: Any])
        let settings = try #require(report["settings"] as? [String: Any])
        #expect((settings["trace"] as? String)?.hasPrefix("scroll.json (FNV-1a ") == true, "\(settings)")
    }

    @Test("a trace file's frame rate sets the frame each query is judged against")
    func theTracesRateIsTheFrame() throws {
        let directory = try TemporaryDirectory()
        let frames = (0..<40).map { #"{"offset": [0, \#($0 * 12)]}"# }.joined(separator: ", ")
        let file = try directory.write(
            "sixty.json", #"{"framesPerSecond": 60, "viewport": [390, 844], "frames": ["# + frames + "]}")
        let run = try Bench.run([
            "run", "--layouts", "flow", "--items", "1k", "--strategies", "soa-binary-search", "--quick", "--quiet",
            "--trace", file, "--report", directory.path("report.json"),
        ])
        try #require(run.status == 0, "\(run)")
        #expect(
            run.standardOutput.contains(
                "The share of a 60 Hz frame (16.67 ms, the trace file's rate) the median query takes"), "\(run)")
        #expect(!run.standardOutput.contains("8.33 ms) the median"), "\(run)")
        let report = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: directory.url.appendingPathComponent("report.json")))
                as? [String: Any])
        let settings = try #require(report["settings"] as? [String: Any])
        #expect(settings["framesPerSecond"] as? Double == 60, "\(settings)")
    }

    @Test("a bad trace file is refused before anything is measured")
    func badTraceRefusedUpFront() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(
            "bad.json", #"{"framesPerSecond": 120, "viewport": [390, 844], "frames": [{"offset": [0]}]}"#)
        let run = try Bench.run([
            "run", "--layouts", "flow", "--items", "1M", "--trace", file, "--report", directory.path("r.json"),
        ])
        #expect(run.status != 0 && !run.crashed && run.standardOutput.isEmpty, "\(run)")
        #expect(run.standardError.contains("the trace file \(file) is not a trace: frames[0].offset"), "\(run)")
        #expect(try directory.contents() == ["bad.json"])
    }

    /// Every viewport of a trace is checked up front, not only its first: a later one the waterfall cannot take would
    /// fail the run halfway.
    @Test func traceViewportALayoutCannotTakeIsRefusedUpFront() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(
            "narrow.json",
            #"{"framesPerSecond": 120, "viewport": [390, 844], "frames": [{"offset": [0, 0]}, {"offset": [0, 0], "viewport": [3, 844]}]}"#
        )
        let run = try Bench.run(
            ["run", "--quick", "--quiet", "--layouts", "waterfall", "--items", "100", "--trace", file],
            in: directory.url)
        #expect(run.status == 64, "\(run)")
        #expect(run.standardError.contains("viewport width is 3.0"), "\(run)")
        #expect(run.standardOutput.isEmpty, "\(run)")
    }
}
