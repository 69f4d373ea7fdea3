import Foundation
import Testing

/// `run` (the default subcommand) with a tiny workload: the terminal table, and the four report files.
@Suite struct RunCommandTests {
    static let quick = ["run", "--quick", "--quiet", "--items", "1k", "--layouts", "flow"]

    @Test func writesEveryReportFormat() throws {
        let directory = try TemporaryDirectory()
        let outcome = try Bench.run(
            Self.quick + ["--report", "r.json", "--markdown", "r.md", "--csv", "r.csv", "--html", "r.html"],
            in: directory.url
        )
        #expect(outcome.status == 0, "\(outcome)")
        #expect(!outcome.crashed, "\(outcome)")
        for name in ["r.json", "r.md", "r.csv", "r.html"] {
            let size = (try? FileManager.default.attributesOfItem(atPath: directory.path(name))[.size] as? Int) ?? 0
            #expect(size > 0, "\(name) is missing or empty")
            #expect(outcome.standardOutput.contains(name), "the run says where \(name) went")
        }

        // The JSON report: the versioned schema and what section 5 says every result carries.
        let data = try Data(contentsOf: directory.url.appendingPathComponent("r.json"))
        let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(report["tool"] as? String == "tessera-bench")
        #expect((report["schemaVersion"] as? Int).map { $0 >= 1 } == true)
        let environment = try #require(report["environment"] as? [String: Any])
        for key in ["host", "cpuModel", "cores", "swiftVersion", "allocator", "date"] {
            #expect(environment[key] != nil, "environment lacks \(key)")
        }
        let results = try #require(report["results"] as? [[String: Any]])
        #expect(!results.isEmpty)
        for result in results {
            for key in [
                "layout", "strategy", "elements", "operation", "samples", "medianNanoseconds", "p90Nanoseconds",
                "p99Nanoseconds",
            ] {
                #expect(result[key] != nil, "a result lacks \(key): \(result)")
            }
            #expect(result["layout"] as? String == "flow")
        }
        let operations = Set(results.compactMap { $0["operation"] as? String })
        #expect(operations.isSuperset(of: ["prepare-cold", "prepare-warm", "query", "fill-floor"]), "\(operations)")
        let strategies = Set(results.compactMap { $0["strategy"] as? String })
        #expect(
            strategies.isSuperset(of: Set(Bench.engineStrategies)),
            "the default runs the engine's strategies: \(strategies)")

        // Markdown has a table; CSV a header and a row per result; HTML is self-contained, charts as SVG.
        let markdown = try String(contentsOfFile: directory.path("r.md"), encoding: .utf8)
        #expect(markdown.contains("|"))
        // RFC 4180 line ends, "\r\n", one Character in Swift: split on any newline.
        let csv = try String(contentsOfFile: directory.path("r.csv"), encoding: .utf8).split(
            whereSeparator: \.isNewline)
        let shifts = (report["shifts"] as? [[String: Any]] ?? []).count
        #expect(shifts > 0, "layout shift is measured beside time")
        #expect(csv.count == results.count + shifts + 1, "a header and one line per result, timed or shift")
        #expect(csv.first?.contains("strategy") == true)
        let html = try String(contentsOfFile: directory.path("r.html"), encoding: .utf8)
        #expect(!html.localizedCaseInsensitiveContains("<script"), "no scripts: readable offline")
        #expect(html.contains("<svg"))
        for fetch in ["src=\"http", "href=\"http", "@import"] {
            #expect(!html.contains(fetch), "nothing fetched from the network: \(fetch)")
        }
    }

    @Test func printsATableOfTheOperations() throws {
        let outcome = try Bench.run(Self.quick + ["--strategies", "soa-binary-search,naive-dictionary"])
        #expect(outcome.status == 0, "\(outcome)")
        for word in [
            "soa-binary-search", "naive-dictionary", "prepare-cold", "prepare-warm", "query", "fill-floor", "median",
        ] {
            #expect(outcome.standardOutput.contains(word), "the table lacks \(word)")
        }
        #expect(!outcome.standardOutput.contains("interval-tree"), "only the strategies asked for")
        // --quiet, and stderr is not a terminal anyway: no progress.
        #expect(outcome.standardError.isEmpty, "\(outcome)")
    }

    @Test func aListOfShapesRunsEachAndTheReportSaysWhich() throws {
        let directory = try TemporaryDirectory()
        let outcome = try Bench.run(
            [
                "run", "--quick", "--quiet", "--items", "300", "--layouts", "flow", "--strategies", "soa-binary-search",
                "--items-per-section", "1,1000", "--report", "r.json",
            ], in: directory.url
        )
        #expect(outcome.status == 0, "\(outcome)")
        #expect(
            outcome.standardOutput.contains("flow · 1 a section")
                && outcome.standardOutput.contains("flow · 1,000 a section"))
        #expect(outcome.standardOutput.contains("prepare-warm over the 1,000-a-section shape's"))
        let data = try Data(contentsOf: directory.url.appendingPathComponent("r.json"))
        let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let results = try #require(report["results"] as? [[String: Any]])
        #expect(Set(results.compactMap { $0["itemsPerSection"] as? Int }) == [1, 1_000])
        let settings = try #require(report["settings"] as? [String: Any])
        #expect(settings["itemsPerSection"] as? [Int] == [1, 1_000])
    }

    @Test func strategiesAllRunsEveryStrategyThatApplies() throws {
        let outcome = try Bench.run([
            "run", "--quick", "--quiet", "--items", "200", "--layouts", "mosaic", "--strategies", "all",
        ])
        #expect(outcome.status == 0, "\(outcome)")
        for strategy in Bench.engineStrategies + ["naive-dictionary", "mosaic-binary-search"] {
            #expect(outcome.standardOutput.contains(strategy), "lacks \(strategy)")
        }
    }

    /// `--system-malloc` runs the naive designs again in `tessera-bench-system-malloc` and reports them beside
    /// jemalloc's, tagged with the allocator; its temporary report is not left in the report's directory.
    @Test func systemMallocAddsTheNaiveDesignsOnGlibc() throws {
        let directory = try TemporaryDirectory()
        let outcome = try Bench.run(
            [
                "run", "--quick", "--quiet", "--items", "200", "--layouts", "flow", "--system-malloc", "--report",
                "r.json",
            ], in: directory.url
        )
        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.standardOutput.contains("naive-dictionary [glibc malloc]"), "\(outcome)")
        #expect(try directory.contents() == ["r.json"])
        let data = try Data(contentsOf: directory.url.appendingPathComponent("r.json"))
        let results = try #require(
            (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["results"] as? [[String: Any]])
        let onGlibc = results.filter { ($0["allocator"] as? String)?.contains("glibc") == true }
        #expect(!onGlibc.isEmpty)
        #expect(
            onGlibc.allSatisfy { ["naive-dictionary", "line-sectors"].contains($0["strategy"] as? String) },
            "only the naive designs")
        #expect(
            results.contains { $0["strategy"] as? String == "naive-dictionary" && $0["allocator"] == nil },
            "beside jemalloc's")
    }

    /// `run` is the default subcommand.
    @Test func runIsTheDefaultSubcommand() throws {
        let outcome = try Bench.run(Array(Self.quick.dropFirst()) + ["--strategies", "soa-binary-search"])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.standardOutput.contains("soa-binary-search"))
    }

    /// The data changes update the first item of the first section that has items: a workload whose first section
    /// is empty measured none of them, silently, where the same sections in another order measured them all.
    @Test(arguments: [["empty", "twenty"], ["twenty", "empty"]])
    func aFirstSectionOfNoItemsStillHasItsDataChangesMeasured(order: [String]) throws {
        let directory = try TemporaryDirectory()
        let sections = [
            "empty": #"{"itemSizes": []}"#,
            "twenty": #"{"itemSizes": ["# + Array(repeating: "[50, 50]", count: 20).joined(separator: ", ") + "]}",
        ]
        try directory.write(
            "w.json", #"{"sections": ["# + order.map { sections[$0]! }.joined(separator: ", ") + "]}")
        let outcome = try Bench.run(
            [
                "run", "--quick", "--quiet", "--workload", "w.json", "--layouts", "flow", "--strategies",
                "soa-binary-search,naive-dictionary", "--report", "r.json",
            ], in: directory.url, timeout: 120)
        #expect(outcome.status == 0, "\(outcome)")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: directory.url.appendingPathComponent("r.json")))
                as? [String: Any])
        let results = try #require(report["results"] as? [[String: Any]])
        for strategy in ["soa-binary-search", "naive-dictionary"] {
            for operation in ["update-resize", "update-insert", "update-delete"] {
                let result = results.first {
                    $0["strategy"] as? String == strategy && $0["operation"] as? String == operation
                }
                #expect(result?["floorElements"] != nil, "\(order): \(strategy) \(operation)")
            }
        }
        #expect(results.contains { $0["operation"] as? String == "update-batch" }, "\(order)")
    }

    /// Two shapes that give one workload at a count (a section of 10,000 items or more, at 10,000 items, is one
    /// section of them all) would measure it twice, one labelled as a million a section.
    @Test func shapesThatGiveOneWorkloadTwiceAreRefused() throws {
        let outcome = try Bench.run([
            "run", "--quick", "--quiet", "--layouts", "flow", "--items", "10k", "--items-per-section", "10k,1M",
        ])
        #expect(outcome.status == 64, "\(outcome)")
        #expect(
            outcome.standardError.contains(
                "--items-per-section 10,000 and 1,000,000 give one workload at 10,000 items"), "\(outcome)")
        let distinct = try Bench.run([
            "run", "--quick", "--quiet", "--layouts", "mosaic", "--items", "1k", "--items-per-section", "10k,1M",
            "--strategies", "soa-binary-search",
        ])
        #expect(distinct.status == 0, "Mosaic is one section whatever the shape, and measured once: \(distinct)")
    }
}
