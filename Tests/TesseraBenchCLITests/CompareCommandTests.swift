import Foundation
import Testing

/// `compare BASE.json HEAD.json`. Its `--help` documents the exit status: 0 when nothing regressed, 1 when a
/// result regressed (listed on standard error), 2 for unusable input (a report unreadable, not JSON, not a
/// tessera-bench report or written by a newer one), 64 for arguments that cannot be parsed or are out of range.
@Suite struct CompareCommandTests {
    /// A real report from a quick run, in `directory`.
    private func makeReport(in directory: TemporaryDirectory, name: String = "r.json") throws -> String {
        let outcome = try Bench.run(
            [
                "run", "--quick", "--quiet", "--items", "1k", "--layouts", "flow", "--strategies",
                "soa-binary-search,naive-dictionary", "--report", name,
            ],
            in: directory.url
        )
        try #require(outcome.status == 0, "\(outcome)")
        return directory.path(name)
    }

    private func loadJSON(_ path: String) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    private func writeJSON(_ object: [String: Any], to path: String) throws {
        try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]).write(
            to: URL(fileURLWithPath: path))
    }

    /// A copy of the report at `path` with `edit` applied to its JSON object, written to `name`.
    private func edited(
        _ path: String, in directory: TemporaryDirectory, name: String, _ edit: (inout [String: Any]) throws -> Void
    ) throws -> String {
        var object = try loadJSON(path)
        try edit(&object)
        let target = directory.path(name)
        try writeJSON(object, to: target)
        return target
    }

    /// Sets one result's samples (and the statistics derived from them).
    private static func setSamples(_ samples: [Int], of result: inout [String: Any]) {
        let sorted = samples.sorted()
        result["samplesNanoseconds"] = samples
        result["samples"] = samples.count
        result["medianNanoseconds"] = sorted[sorted.count / 2]
        result["p90Nanoseconds"] = sorted[sorted.count * 9 / 10]
        result["p99Nanoseconds"] = sorted[sorted.count - 1]
    }

    @Test func helpDocumentsTheExitStatus() throws {
        let outcome = try Bench.run(["compare", "--help"])
        #expect(outcome.status == 0)
        let help = outcome.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("0 when nothing regressed"), "\(help)")
        #expect(help.contains("1 when a result regressed"), "\(help)")
        #expect(help.contains("2 for unusable input"), "\(help)")
        #expect(help.contains("a threshold or alpha out of range, are usage errors: 64"), "\(help)")
        #expect(help.contains("64"), "\(help)")
        #expect(help.contains("no result in common"), "\(help)")
        #expect(help.contains("single run"), "\(help)")
        #expect(help.contains("tessera-bench ab"), "points to ab for deciding whether a build is slower: \(help)")
    }

    @Test func reportAgainstItselfHasNoRegression() throws {
        let directory = try TemporaryDirectory()
        let report = try makeReport(in: directory)
        let outcome = try Bench.run(["compare", report, report])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.standardOutput.contains("no regressions"), "\(outcome)")
        #expect(outcome.standardOutput.contains("soa-binary-search"))
        #expect(outcome.standardError.isEmpty, "\(outcome)")
        let markdown = try Bench.run(["compare", report, report, "--format", "markdown"])
        #expect(markdown.status == 0, "\(markdown)")
        #expect(markdown.standardOutput.contains("| layout |"), "\(markdown)")
    }

    /// HEAD's samples ten times BASE's for one result, with enough samples for the U test to be significant.
    @Test func syntheticRegressionExitsOneAndNamesTheResult() throws {
        let directory = try TemporaryDirectory()
        let report = try makeReport(in: directory)
        var index = -1
        var key = ""
        let base = try edited(report, in: directory, name: "base.json") { object in
            var results = try #require(object["results"] as? [[String: Any]])
            index = try #require(
                results.firstIndex {
                    $0["strategy"] as? String == "soa-binary-search" && $0["operation"] as? String == "query"
                })
            Self.setSamples(Array(1_000..<1_030), of: &results[index])
            let shape = try #require(results[index]["itemsPerSection"] as? Int).formatted()
            key = "\(results[index]["layout"]!) · \(shape) a section · \(results[index]["strategy"]!)"
            object["results"] = results
        }
        let head = try edited(base, in: directory, name: "head.json") { object in
            var results = try #require(object["results"] as? [[String: Any]])
            Self.setSamples(Array(1_000..<1_030).map { $0 * 10 }, of: &results[index])
            object["results"] = results
        }
        let outcome = try Bench.run(["compare", base, head])
        #expect(outcome.status == 1, "\(outcome)")
        #expect(!outcome.crashed, "\(outcome)")
        #expect(outcome.standardError.contains("1 result regressed"), "\(outcome)")
        let line = outcome.standardError.split(separator: "\n").first { $0.contains(key) }
        #expect(line?.contains("query") == true, "the regressed result is named: \(outcome)")
        #expect(line?.contains("+900.0%") == true, "with its change: \(outcome)")
        #expect(outcome.standardOutput.contains("regression"), "\(outcome)")

        // The mirror image is an improvement, which passes.
        let reverse = try Bench.run(["compare", head, base])
        #expect(reverse.status == 0, "\(reverse)")
        #expect(reverse.standardOutput.contains("improvement"), "\(reverse)")

        // Beyond a threshold of 1000%, the same slowdown does not count.
        let lenient = try Bench.run(["compare", base, head, "--threshold", "1000"])
        #expect(lenient.status == 0, "\(lenient)")
    }

    /// Results on one side only are listed, not failed.
    @Test func resultsOnOneSideOnlyAreListedNotFailed() throws {
        let directory = try TemporaryDirectory()
        let report = try makeReport(in: directory)
        let head = try edited(report, in: directory, name: "head.json") { object in
            let results = try #require(object["results"] as? [[String: Any]])
            object["results"] = results.filter { $0["strategy"] as? String != "naive-dictionary" }
        }
        let outcome = try Bench.run(["compare", report, head])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.standardOutput.contains("only in BASE"), "\(outcome)")
        let reverse = try Bench.run(["compare", head, report])
        #expect(reverse.status == 0, "\(reverse)")
        #expect(reverse.standardOutput.contains("only in HEAD"), "\(reverse)")
    }

    // MARK: Reports that differ in more than their results

    /// Nothing matched: "no regressions" would be vacuous, so it is unusable input, and says what each report holds.
    @Test func reportsWithNoResultInCommonExitTwo() throws {
        let directory = try TemporaryDirectory()
        let report = try makeReport(in: directory)
        var count = 0
        let waterfall = try edited(report, in: directory, name: "waterfall.json") { object in
            let results = try #require(object["results"] as? [[String: Any]])
            count = results.count
            object["results"] = results.map { result in
                var result = result
                result["layout"] = "waterfall"
                return result
            }
        }
        let outcome = try Bench.run(["compare", report, waterfall])
        #expect(outcome.status == 2, "\(outcome)")
        #expect(!outcome.crashed, "\(outcome)")
        #expect(outcome.standardError.hasPrefix("Error: the reports have no result in common"), "\(outcome)")
        #expect(outcome.standardError.contains("BASE holds"), "\(outcome)")
        // The layouts and strategies of each side, then its item counts.
        #expect(
            outcome.standardError.contains(
                "BASE holds \(count) results (flow · 1,000 a section; soa-binary-search, naive-dictionary; 1,"),
            "\(outcome)")
        #expect(
            outcome.standardError.contains(
                "HEAD holds \(count) results (waterfall · 1,000 a section; soa-binary-search, naive-dictionary; 1,"),
            "\(outcome)")
        #expect(outcome.standardOutput.isEmpty, "no comparison printed: \(outcome)")

        let empty = try edited(report, in: directory, name: "empty-results.json") { $0["results"] = [] }
        let none = try Bench.run(["compare", empty, report, "--format", "markdown"])
        #expect(none.status == 2, "\(none)")
        #expect(none.standardError.contains("it holds no result"), "refused as it is read: \(none)")
        #expect(!none.standardOutput.contains("no regressions"), "\(none)")
    }

    /// Another workload or seed: the table is printed, led by a warning that the numbers measure different things,
    /// and the comparison is unusable input whatever its verdicts.
    @Test(arguments: ["workload", "seed"])
    func differentWorkPrintsTheTableAndExitsTwo(_ setting: String) throws {
        let directory = try TemporaryDirectory()
        let report = try makeReport(in: directory)
        let other = try edited(report, in: directory, name: "other.json") { object in
            var settings = try #require(object["settings"] as? [String: Any])
            settings[setting] = setting == "workload" ? "file w.json" : 2
            object["settings"] = settings
        }
        let outcome = try Bench.run(["compare", report, other])
        #expect(outcome.status == 2, "\(outcome)")
        #expect(!outcome.crashed, "\(outcome)")
        let warning = try #require(outcome.stdoutLines.first.map(String.init), "\(outcome)")
        #expect(
            warning.hasPrefix("Warning: the reports timed different work, so these numbers measure different things: "),
            "\(outcome)")
        let difference = setting == "workload" ? #"workload: "built-in: "# : "seed: 1 → 2"
        #expect(warning.contains(difference), "\(outcome)")
        if setting == "workload" { #expect(warning.contains(#"→ "file w.json""#), "\(outcome)") }
        #expect(outcome.standardOutput.contains("soa-binary-search"), "the table is still printed: \(outcome)")
        #expect(outcome.standardError.hasPrefix("Error: the reports timed different work"), "\(outcome)")
        #expect(outcome.standardError.contains(difference), "\(outcome)")
    }

    /// Another machine can explain a change by itself: one warning line leads the output, and the exit is as usual.
    @Test func anotherCPUWarnsAndExitsAsUsual() throws {
        let directory = try TemporaryDirectory()
        let report = try makeReport(in: directory)
        let other = try edited(report, in: directory, name: "other-cpu.json") { object in
            var environment = try #require(object["environment"] as? [String: Any])
            environment["cpuModel"] = "Other CPU"
            object["environment"] = environment
        }
        let outcome = try Bench.run(["compare", report, other])
        #expect(outcome.status == 0, "\(outcome)")
        let warnings = outcome.stdoutLines.filter { $0.hasPrefix("Warning:") }
        #expect(warnings.count == 1, "\(outcome)")
        #expect(outcome.stdoutLines.first == warnings.first, "the warning leads: \(outcome)")
        #expect(
            warnings.first?.hasPrefix("Warning: the runs differ in set-up, which can explain a change by itself: CPU: ")
                == true, "\(outcome)")
        #expect(warnings.first?.hasSuffix(#"→ "Other CPU"."#) == true, "\(outcome)")
        #expect(outcome.standardOutput.contains("no regressions"), "\(outcome)")
        #expect(outcome.standardError.isEmpty, "\(outcome)")
    }

    // MARK: Unusable input: exit 2, a clear message, no crash

    struct BadReport: CustomTestStringConvertible, Sendable {
        var name: String
        /// Mentions expected on stderr.
        var mentions: [String]
        var testDescription: String { name }
    }

    private func makeBad(_ name: String, from report: String, in directory: TemporaryDirectory) throws -> String? {
        switch name {
        case "missing.json": return directory.path(name)
        case "empty.json": return try directory.write(name, "")
        case "truncated.json":
            let text = try String(contentsOfFile: report, encoding: .utf8)
            return try directory.write(name, String(text.prefix(text.count / 2)))
        case "garbage.json": return try directory.write(name, "this is not JSON at all")
        case "array.json": return try directory.write(name, "[1, 2, 3]")
        case "foreign.json": return try directory.write(name, #"{"results": []}"#)
        case "other-tool.json": return try edited(report, in: directory, name: name) { $0["tool"] = "other" }
        case "schema-99.json": return try edited(report, in: directory, name: name) { $0["schemaVersion"] = 99 }
        case "schema-0.json": return try edited(report, in: directory, name: name) { $0["schemaVersion"] = 0 }
        case "schema-string.json": return try edited(report, in: directory, name: name) { $0["schemaVersion"] = "1" }
        case "missing-median.json":
            return try edited(report, in: directory, name: name) { object in
                var results = try #require(object["results"] as? [[String: Any]])
                results[0]["medianNanoseconds"] = nil
                object["results"] = results
            }
        case "negative-sample.json":
            return try edited(report, in: directory, name: name) { object in
                var results = try #require(object["results"] as? [[String: Any]])
                results[0]["samplesNanoseconds"] = [-5, 10]
                object["results"] = results
            }
        case "unknown-strategy.json":
            return try edited(report, in: directory, name: name) { object in
                var results = try #require(object["results"] as? [[String: Any]])
                results[0]["strategy"] = "quantum-search"
                object["results"] = results
            }
        case "duplicate-result.json":
            return try edited(report, in: directory, name: name) { object in
                let results = try #require(object["results"] as? [[String: Any]])
                object["results"] = results + [results[0]]
            }
        case "negative-elements.json":
            return try edited(report, in: directory, name: name) { object in
                var results = try #require(object["results"] as? [[String: Any]])
                results[0]["elements"] = -1
                object["results"] = results
            }
        case "no-operations.json":
            return try edited(report, in: directory, name: name) { object in
                var results = try #require(object["results"] as? [[String: Any]])
                results[0]["operationsPerSample"] = 0
                object["results"] = results
            }
        default: return nil
        }
    }

    static let badReports: [BadReport] = [
        BadReport(name: "missing.json", mentions: ["missing.json", "No such file or directory"]),
        BadReport(name: "empty.json", mentions: ["empty.json", "empty"]),
        BadReport(name: "truncated.json", mentions: ["truncated.json", "not JSON, or is cut short"]),
        BadReport(name: "garbage.json", mentions: ["garbage.json", "not JSON"]),
        BadReport(name: "array.json", mentions: ["array.json", "not a tessera-bench report", "array"]),
        BadReport(name: "foreign.json", mentions: ["foreign.json", "not a tessera-bench report", "tool"]),
        BadReport(name: "other-tool.json", mentions: ["other-tool.json", "not a tessera-bench report", "\"other\""]),
        BadReport(name: "schema-99.json", mentions: ["schema-99.json", "written by a newer tessera-bench", "99"]),
        BadReport(name: "schema-0.json", mentions: ["schema-0.json", "schemaVersion 0"]),
        BadReport(name: "schema-string.json", mentions: ["schema-string.json", "schemaVersion"]),
        BadReport(
            name: "missing-median.json",
            mentions: ["missing-median.json", "missing field results[0].medianNanoseconds"]),
        BadReport(
            name: "negative-sample.json", mentions: ["negative-sample.json", "not a valid tessera-bench report"]),
        BadReport(
            name: "unknown-strategy.json",
            mentions: ["unknown-strategy.json", "not a valid tessera-bench report", "strategy"]),
        // A copy of a result would be listed as in one report only; counts no run writes.
        BadReport(name: "duplicate-result.json", mentions: ["duplicate-result.json", "results[", "again"]),
        BadReport(
            name: "negative-elements.json",
            mentions: ["negative-elements.json", "results[0].elements is -1; a result measures at least one element"]),
        BadReport(name: "no-operations.json", mentions: ["no-operations.json", "results[0].operationsPerSample is 0"]),
    ]

    @Test(arguments: badReports)
    func unusableReportExitsTwoWithAClearMessage(_ bad: BadReport) throws {
        let directory = try TemporaryDirectory()
        let report = try makeReport(in: directory)
        let path = try #require(try makeBad(bad.name, from: report, in: directory))
        for arguments in [["compare", report, path], ["compare", path, report]] {
            let outcome = try Bench.run(arguments, in: directory.url)
            #expect(outcome.status == 2, "\(outcome)")
            #expect(!outcome.crashed, "\(outcome)")
            #expect(outcome.standardError.hasPrefix("Error: "), "\(outcome)")
            for mention in bad.mentions {
                #expect(outcome.standardError.contains(mention), "stderr lacks \(mention): \(outcome)")
            }
            for debris in ["DecodingError", "CodingKeys", "NSCocoaErrorDomain"] {
                #expect(!outcome.standardError.contains(debris), "\(outcome)")
            }
            #expect(outcome.standardOutput.isEmpty, "no comparison printed: \(outcome)")
        }
    }

    @Test func directoryAsReportExitsTwo() throws {
        let directory = try TemporaryDirectory()
        let report = try makeReport(in: directory)
        let outcome = try Bench.run(["compare", report, directory.url.path])
        #expect(outcome.status == 2, "\(outcome)")
        #expect(outcome.standardError.contains("Is a directory"), "\(outcome)")
    }

    /// Settings out of range are usage errors, exit 64, as `--help` says (2 is for unusable reports); they are
    /// refused before reading the reports.
    @Test(arguments: [
        ["--threshold=-1"], ["--threshold", "nan"], ["--threshold", "inf"],
        ["--alpha", "0"], ["--alpha", "1"], ["--alpha", "2"], ["--alpha=-0.5"], ["--alpha", "nan"],
    ])
    func settingOutOfRangeIsAUsageError(_ setting: [String]) throws {
        let outcome = try Bench.run(["compare", "base.json", "head.json"] + setting)
        #expect(outcome.status == 64, "\(outcome)")
        #expect(!outcome.crashed, "\(outcome)")
        let option = setting[0].hasPrefix("--threshold") ? "--threshold" : "--alpha"
        #expect(outcome.standardError.contains(option), "\(outcome)")
        #expect(
            !outcome.standardError.contains("cannot read"), "the setting is named before the files are read: \(outcome)"
        )
    }

    @Test func zeroThresholdIsAllowed() throws {
        let directory = try TemporaryDirectory()
        let report = try makeReport(in: directory)
        let outcome = try Bench.run(["compare", report, report, "--threshold", "0"])
        #expect(outcome.status == 0, "\(outcome)")
    }
}
