import Foundation
import Testing

@testable import TesseraBenchAnalysis
@testable import TesseraBenchKit

/// The exports against the shapes their formats' own documentation gives: each checker is written from that
/// documentation, passes the documentation's own sample, and then judges what Tessera writes.
@Suite struct ExportTests {
    /// A run of flow's query (samples 100…111 ns), cold prepare (with bytes and allocations) at one item a section,
    /// and one-item insert (with its work floor and its time over the floor's).
    func recordedRun(machine: String = "AMD EPYC 7B13, 2 cores") throws -> RecordedRun {
        var query = BenchmarkResult(
            layout: .flow, strategy: .soaBinarySearch, elements: 1_000_000, operation: .query,
            samples: (0..<12).map { 100 + Double($0) })
        query.medianNanoseconds = 105.5  // as the samples give it exactly, not the histogram's three digits
        query.allocationsPerOperation = 0
        var prepare = BenchmarkResult(
            layout: .flow, strategy: .intervalTree, elements: 2_000_000, operation: .prepareCold,
            samples: [5e7, 5.1e7, 5.2e7], perElement: true)
        prepare.medianNanoseconds = 5.1e7
        prepare.itemsPerSection = 1
        prepare.bytesPerElement = 44.9
        prepare.parameters = "leaf level 3"
        var insert = BenchmarkResult(
            layout: .flow, strategy: .soaBinarySearch, elements: 1_000_000, operation: .updateInsert, samples: [3_000])
        insert.floorElements = 12
        insert.overFloor = 1.3
        var report = BenchmarkReport.synthetic([query, prepare, insert])
        report.environment.gitCommit = "1a2b3c4"
        return try RecordedRun(.run(report), branch: "main", machine: machine)
    }

    // MARK: Names

    @Test func namesAreLayoutStrategyOperationElementsAndShape() throws {
        let names = try recordedRun().metrics.map(\.benchmark.description)
        #expect(
            Set(names) == [
                "flow/soa-binary-search/query/1000000",
                "flow/interval-tree-leaf-level-3/prepare-cold/2000000/1-per-section",
                "flow/soa-binary-search/update-insert/1000000",
            ])
        for name in names { #expect(BenchmarkName(name)?.description == name) }
        #expect(BenchmarkName("flow/x/query") == nil)
        #expect(BenchmarkName("flow/x/query/12/0-per-section") == nil)
        #expect(
            BenchmarkName.slug("page-table (1,000 pages a viewport) [glibc malloc]")
                == "page-table-1000-pages-a-viewport-glibc-malloc")
    }

    @Test func aRunGivesItsMedianWithTheIntervalOfItsSamplesAndItsMemory() throws {
        let metrics = try recordedRun().metrics
        let query = try #require(metrics.first { $0.measure == .latency && $0.benchmark.operation == "query" })
        #expect(query.value == 105.5)
        // 12 samples: the 95% sign-test interval runs from the 3rd smallest to the 3rd largest.
        #expect(query.lower == 102 && query.upper == 109)
        // Three samples give no 95% interval: the median stands alone.
        let prepare = try #require(metrics.first { $0.measure == .latency && $0.benchmark.operation == "prepare-cold" })
        #expect(prepare.lower == nil && prepare.upper == nil)
        #expect(metrics.contains { $0.measure == .bytesPerElement && $0.value == 44.9 })
        #expect(metrics.contains { $0.measure == .allocationsPerOperation && $0.value == 0 })
        // An update's floor and its time over the floor's are measures of their own.
        let insert = metrics.filter { $0.benchmark.operation == "update-insert" }
        #expect(insert.map(\.measure) == [.latency, .floorElements, .overFloor])
        #expect(insert.map(\.value) == [3_000, 12, 1.3])
    }

    @Test func aReportWithoutACommitOrWithoutResultsIsRefused() throws {
        #expect(throws: RecordedRun.Problem.self) { try RecordedRun(.run(.synthetic([]))) }
        let result = BenchmarkResult(
            layout: .flow, strategy: .soaBinarySearch, elements: 1, operation: .query, samples: [1])
        #expect(throws: RecordedRun.Problem.self) { try RecordedRun(.run(.synthetic([result]))) }
        #expect(try RecordedRun(.run(.synthetic([result])), commit: "abc").commit == "abc")
    }

    // MARK: Times

    /// A time is one every format writes, refused where it is read otherwise (`RecordedTime`): `--time
    /// 2262-04-12T00:00:00Z` trapped the InfluxDB export (nanoseconds since 1970 past Int64), and so did a report of
    /// the year 9999.
    @Test func timesOutsideWhatInfluxDBHoldsAreRefusedNeverTrapped() throws {
        for text in ["1677-09-21T00:12:44Z", "2262-04-11T23:47:16Z", "2026-11-26T12:00:00Z"] {
            #expect(throws: Never.self) { _ = try RecordedTime.parse(text) }
        }
        for text in [
            "2262-04-12T00:00:00Z", "0000-01-01T00:00:00Z", "1600-01-01T00:00:00Z", "9999-01-01T00:00:00Z",
            "1677-09-21T00:12:43Z", "not a date", "2026-11-26",
        ] {
            #expect(throws: RecordedTime.Refusal(description: "\"\(text)\" is refused: \(RecordedTime.rule)")) {
                _ = try RecordedTime.parse(text)
            }
        }
        var run = try recordedRun()
        run.time = try RecordedTime.parse("2262-04-11T23:47:16Z")
        #expect(
            String(decoding: try InfluxLineProtocol.document([run]), as: UTF8.self).hasSuffix(" 9223372036000000000\n"))
        run.time = try RecordedTime.parse("1677-09-21T00:12:44Z")
        #expect(
            String(decoding: try InfluxLineProtocol.document([run]), as: UTF8.self).hasSuffix(" -9223372036000000000\n")
        )
        // A run made in code at a time outside is refused by each format that writes its time, not trapped; and a
        // time given to `RecordedRun` is held to the same rule.
        run.time = Date(timeIntervalSince1970: 1e10)
        #expect(throws: ExportError.self) { try InfluxLineProtocol.document([run]) }
        #expect(throws: ExportError.self) { try OtavaSeries.document([run]) }
        let result = BenchmarkResult(
            layout: .flow, strategy: .soaBinarySearch, elements: 1, operation: .query, samples: [1])
        #expect(throws: RecordedRun.Problem.self) {
            try RecordedRun(.run(.synthetic([result])), commit: "c", time: Date(timeIntervalSince1970: 1e10))
        }
    }

    /// A date or time that does not exist was rolled over to another instant: `--time 2026-02-29T00:00:00Z` wrote
    /// March 1st's timestamp. Each field must read back as written, in the offset given (at most 14:00), and
    /// nothing may follow the zone.
    @Test func timesThatDoNotExistAreRefusedNotRolledOver() throws {
        for text in [
            "2026-02-29T00:00:00Z", "2026-02-31T00:00:00Z", "2026-04-31T00:00:00Z", "2024-02-29T24:00:00Z",
            "2026-01-01T00:60:00Z", "2026-01-01T00:00:60Z", "2026-00-10T00:00:00Z", "2026-01-00T00:00:00Z",
            "2026-01-01T00:00:00+99:00", "2026-01-01T00:00:00+14:01", "2026-01-01T00:00:00-14:30",
            "2026-01-01T00:00:00+01:60", "2026-01-01T00:00:00+0100", "2026-01-01T00:00:00Zjunk",
            "12026-01-01T00:00:00Z", "2026-1-1T0:0:0Z", "2026-01-01T00:00:00GMT",
        ] {
            #expect(throws: RecordedTime.Refusal(description: "\"\(text)\" is refused: \(RecordedTime.rule)")) {
                _ = try RecordedTime.parse(text)
            }
        }
        #expect(try RecordedTime.parse("2024-02-29T23:59:59Z").timeIntervalSince1970 == 1_709_251_199)
        #expect(try RecordedTime.parse("2026-01-01T00:00:00+14:00").timeIntervalSince1970 == 1_767_175_200)
        #expect(try RecordedTime.parse("2026-01-01T00:00:00-12:00").timeIntervalSince1970 == 1_767_268_800)
        #expect(try RecordedTime.parse("2026-01-01T00:00:00+05:45").timeIntervalSince1970 == 1_767_204_900)
    }

    /// A commit, branch or machine is one line of 1 to 200 characters, whether given or the report's: a processor
    /// named at length (or with a control character) failed `history add` on the history's own check, and the
    /// message blamed the history.
    @Test func namesTheHistoryCannotHoldAreRefusedWithTheOptionThatGivesAnother() throws {
        let result = BenchmarkResult(
            layout: .flow, strategy: .soaBinarySearch, elements: 1, operation: .query, samples: [1])
        for cpu in [String(repeating: "é", count: 201), "A\u{0}B", "two\nlines"] {
            var report = BenchmarkReport.synthetic([result], cpu: cpu)
            report.environment.gitCommit = "abc"
            #expect(throws: RecordedRun.Problem.self) { try RecordedRun(.run(report)) }
            #expect(try RecordedRun(.run(report), machine: "CI runner").machine == "CI runner")
        }
        // Counted as SQLite counts a text: 200 scalars, however they combine.
        #expect(RecordedRun.isName(String(repeating: "e\u{301}", count: 100)))
        #expect(!RecordedRun.isName(String(repeating: "e\u{301}", count: 101)))
        #expect(!RecordedRun.isName(""))
    }

    // MARK: Bencher Metric Format

    /// BMF's JSON Schema, as bencher.dev publishes it: an object of benchmarks, each an object of measures, each an
    /// object with a number `value` and optional number `lower_value` and `upper_value` (and, stricter than the
    /// schema, nothing else).
    func bmfProblems(_ data: Data) -> [String] {
        guard let benchmarks = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            return ["not an object"]
        }
        var problems: [String] = []
        for (benchmark, measures) in benchmarks {
            guard !benchmark.isEmpty, let measures = measures as? [String: Any] else {
                problems.append("\(benchmark): not an object of measures")
                continue
            }
            for (measure, metric) in measures {
                guard let metric = metric as? [String: Any] else {
                    problems.append("\(benchmark) \(measure): not an object")
                    continue
                }
                if !(metric["value"] is NSNumber) { problems.append("\(benchmark) \(measure): no number value") }
                for (key, value) in metric {
                    if !["value", "lower_value", "upper_value"].contains(key) || !(value is NSNumber) {
                        problems.append("\(benchmark) \(measure): \(key)")
                    }
                }
            }
        }
        return problems
    }

    @Test func bencherMetricFormatMatchesItsPublishedSchema() throws {
        // The example of bencher.dev's "Bencher Metric Format" page.
        let documentationSample = """
            {
              "benchmark_name": {
                "latency": { "value": 88.0, "lower_value": 87.42, "upper_value": 88.88 },
                "throughput": { "value": 5.55, "lower_value": 3.14, "upper_value": 6.30 }
              },
              "/bin/sh -c ./my_build_script.sh": { "build-time": { "value": 87.0 } },
              "my_binary": { "file-size": { "value": 42.0 } }
            }
            """
        #expect(bmfProblems(Data(documentationSample.utf8)).isEmpty)
        #expect(!bmfProblems(Data(#"{"b": {"latency": {"lower_value": 1}}}"#.utf8)).isEmpty)

        let data = try BencherMetricFormat.document(recordedRun())
        #expect(bmfProblems(data).isEmpty)
        let document = try #require(
            try JSONSerialization.jsonObject(with: data) as? [String: [String: [String: Double]]])
        let query = try #require(document["flow/soa-binary-search/query/1000000"])
        #expect(query["latency"] == ["value": 105.5, "lower_value": 102, "upper_value": 109])
        #expect(query["allocations-per-operation"] == ["value": 0])
        let prepare = try #require(document["flow/interval-tree-leaf-level-3/prepare-cold/2000000/1-per-section"])
        #expect(prepare["bytes-per-element"] == ["value": 44.9])
        #expect(prepare["latency"] == ["value": 5.1e7])
        let insert = try #require(document["flow/soa-binary-search/update-insert/1000000"])
        #expect(insert["floor-elements"] == ["value": 12] && insert["over-floor"] == ["value": 1.3])
    }

    // MARK: github-action-benchmark

    /// github-action-benchmark's custom tools, as its README documents them: an array of objects with a string
    /// `name`, a string `unit`, a number `value`, and optional strings `range` and `extra`.
    func githubActionBenchmarkProblems(_ data: Data) -> [String] {
        guard let entries = try? JSONSerialization.jsonObject(with: data) as? [Any] else { return ["not an array"] }
        var problems: [String] = []
        for (index, entry) in entries.enumerated() {
            guard let entry = entry as? [String: Any] else {
                problems.append("[\(index)]: not an object")
                continue
            }
            if !(entry["name"] is String) { problems.append("[\(index)]: no string name") }
            if !(entry["unit"] is String) { problems.append("[\(index)]: no string unit") }
            if !(entry["value"] is NSNumber) || entry["value"] is String {
                problems.append("[\(index)]: no number value")
            }
            for key in ["range", "extra"] where entry[key] != nil && !(entry[key] is String) {
                problems.append("[\(index)]: \(key) is not a string")
            }
            for key in entry.keys where !["name", "unit", "value", "range", "extra"].contains(key) {
                problems.append("[\(index)]: \(key)")
            }
        }
        return problems
    }

    @Test func githubActionBenchmarkMatchesItsDocumentedShape() throws {
        // The customSmallerIsBetter example of github-action-benchmark's README.
        let documentationSample = """
            [
                { "name": "My Custom Smaller Is Better Benchmark - CPU Load", "unit": "Percent", "value": 50 },
                {
                    "name": "My Custom Smaller Is Better Benchmark - Memory Used", "unit": "Megabytes", "value": 100,
                    "range": "3", "extra": "Value for Tooltip: 25\\nOptional Num #2: 100\\nAnything Else!"
                }
            ]
            """
        #expect(githubActionBenchmarkProblems(Data(documentationSample.utf8)).isEmpty)
        #expect(!githubActionBenchmarkProblems(Data(#"[{"name": "x", "value": "1"}]"#.utf8)).isEmpty)

        let data = try GitHubActionBenchmark.document(recordedRun())
        #expect(githubActionBenchmarkProblems(data).isEmpty)
        let entries = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        let names = entries.compactMap { $0["name"] as? String }
        #expect(Set(names).count == names.count, "each figure charts apart")
        let query = try #require(
            entries.first { $0["name"] as? String == "flow/soa-binary-search/query/1000000 latency" })
        #expect(query["unit"] as? String == "ns")
        #expect(query["value"] as? Double == 105.5)
        #expect(query["range"] as? String == "95% interval 102 ns to 109 ns")
        #expect((query["extra"] as? String)?.contains("commit 1a2b3c4") == true)
        let floor = try #require(
            entries.first { $0["name"] as? String == "flow/soa-binary-search/update-insert/1000000 over-floor" })
        #expect(floor["unit"] as? String == "time/floor" && floor["value"] as? Double == 1.3)
        #expect(names.contains("flow/soa-binary-search/update-insert/1000000 floor-elements"))
    }

    // MARK: InfluxDB line protocol

    struct LinePoint: Equatable {
        var measurement: String
        var tags: [String: String]
        var fields: [String: String]
        var timestamp: Int64?
    }

    /// Line protocol's grammar as InfluxData's reference gives it: `measurement[,tag=value…] field=value[,…]
    /// [timestamp]`; commas, spaces and equals signs escaped by a backslash in tags (commas and spaces in the
    /// measurement); string fields in double quotes; floats, integers with `i`, booleans. `nil` for a line that breaks it.
    func parseLine(_ line: String) -> LinePoint? {
        var characters = Array(line)[...]
        func token(until stops: Set<Character>) -> String {
            var text = ""
            while let next = characters.first, !stops.contains(next) {
                characters.removeFirst()
                if next == "\\", let escaped = characters.first {
                    characters.removeFirst()
                    text.append(escaped)
                } else {
                    text.append(next)
                }
            }
            return text
        }
        let measurement = token(until: [",", " "])
        guard !measurement.isEmpty else { return nil }
        var tags: [String: String] = [:]
        while characters.first == "," {
            characters.removeFirst()
            let key = token(until: ["=", ",", " "])
            guard characters.popFirst() == "=" else { return nil }
            let value = token(until: [",", " "])
            guard !key.isEmpty, !value.isEmpty else { return nil }
            tags[key] = value
        }
        guard characters.popFirst() == " " else { return nil }
        var fields: [String: String] = [:]
        repeat {
            if characters.first == "," { characters.removeFirst() }
            let key = token(until: ["=", ",", " "])
            guard !key.isEmpty, characters.popFirst() == "=" else { return nil }
            var value = ""
            if characters.first == "\"" {
                characters.removeFirst()
                while let next = characters.popFirst(), next != "\"" {
                    if next == "\\", let escaped = characters.popFirst() {
                        value.append(escaped)
                    } else {
                        value.append(next)
                    }
                }
                value = "\"\(value)\""
            } else {
                value = token(until: [",", " "])
                let number = value.hasSuffix("i") || value.hasSuffix("u") ? String(value.dropLast()) : value
                guard Double(number) != nil || ["t", "T", "true", "True", "f", "F", "false", "False"].contains(value)
                else { return nil }
            }
            fields[key] = value
        } while characters.first == ","
        guard !fields.isEmpty else { return nil }
        var timestamp: Int64?
        if characters.first == " " {
            characters.removeFirst()
            guard let value = Int64(String(characters)) else { return nil }
            timestamp = value
        } else if !characters.isEmpty {
            return nil
        }
        return LinePoint(measurement: measurement, tags: tags, fields: fields, timestamp: timestamp)
    }

    @Test func influxLineProtocolFollowsItsGrammar() throws {
        // Lines of InfluxData's line protocol reference.
        #expect(
            parseLine(#"myMeasurement,tag1=value1,tag2=value2 fieldKey="fieldValue" 1556813561098000000"#)
                == LinePoint(
                    measurement: "myMeasurement", tags: ["tag1": "value1", "tag2": "value2"],
                    fields: ["fieldKey": "\"fieldValue\""], timestamp: 1_556_813_561_098_000_000))
        #expect(parseLine(#"my\ Measurement,tag\ Key1=tag\ Value1 fieldKey=100i"#)?.tags == ["tag Key1": "tag Value1"])
        #expect(parseLine("myMeasurement fieldKey=-1.234456e+78")?.fields == ["fieldKey": "-1.234456e+78"])
        #expect(parseLine("myMeasurement,tag1=value1") == nil, "a point needs a field")

        let run = try recordedRun(machine: "AMD EPYC 7B13, 2 cores = fast")
        let lines = String(decoding: try InfluxLineProtocol.document([run]), as: UTF8.self).split(separator: "\n")
        #expect(lines.count == run.metrics.count)
        let points = lines.map { parseLine(String($0)) }
        #expect(!points.contains(nil))
        let query = try #require(
            points.compactMap { $0 }.first { $0.tags["operation"] == "query" && $0.tags["measure"] == "latency" })
        #expect(query.measurement == "tessera")
        #expect(query.tags["machine"] == "AMD EPYC 7B13, 2 cores = fast")
        #expect(query.tags["benchmark"] == "flow/soa-binary-search/query/1000000")
        #expect(query.tags["commit"] == "1a2b3c4" && query.tags["branch"] == "main")
        #expect(query.fields == ["value": "105.5", "lower": "102.0", "upper": "109.0"])
        #expect(query.timestamp == 1_767_225_600_000_000_000)  // 2026-01-01T00:00:00Z
        #expect(points.compactMap { $0 }.contains { $0.tags["items_per_section"] == "1" })
        let floor = try #require(points.compactMap { $0 }.first { $0.tags["measure"] == "over-floor" })
        #expect(floor.tags["operation"] == "update-insert" && floor.tags["unit"] == "time/floor")
        #expect(floor.fields == ["value": "1.3"])
    }

    // MARK: Apache Otava

    @Test func otavaSeriesHoldsTheFiguresEveryRunHolds() throws {
        var first = try recordedRun()
        var second = try recordedRun()
        second.time = first.time.addingTimeInterval(60)
        second.commit = "5d6e7f8"
        second.metrics.removeAll { $0.measure == .bytesPerElement }
        first.branch = nil
        let data = try OtavaSeries.document([second, first])
        // The shape Otava 0.8.0's JsonImporter reads: timestamp, metrics [{name, value}], attributes.
        let runs = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(runs.count == 2)
        #expect(runs.map { $0["timestamp"] as? Int } == [1_767_225_600, 1_767_225_660])
        let attributes = runs.map { $0["attributes"] as? [String: String] }
        #expect(attributes[0]?["commit"] == "1a2b3c4" && attributes[1]?["commit"] == "5d6e7f8")
        #expect(attributes[0]?["branch"] == "" && attributes[1]?["branch"] == "main")
        for run in runs {
            let metrics = try #require(run["metrics"] as? [[String: Any]])
            #expect(metrics.count == first.metrics.count - 1, "bytes an element is in one run only")
            #expect(metrics.allSatisfy { $0["name"] is String && $0["value"] is NSNumber })
            #expect(
                metrics.contains { $0["name"] as? String == "flow/soa-binary-search/update-insert/1000000 over-floor" })
        }
    }

    // MARK: Reading ab's reports

    @Test func anABComparisonReadsBackAndABrokenOneIsRefused() throws {
        let tests = ABComparisonTests()
        let comparison = tests.comparison(rounds: 8, slowdown: 1.1)
        let url = URL(fileURLWithPath: "/tmp/ab.json")
        guard case .ab(let read) = try ReportFile.load(data: comparison.jsonData(), at: url) else {
            Issue.record("read as a run's report")
            return
        }
        #expect(read.rows == comparison.rows)
        let run = try RecordedRun(.ab(read), commit: "abc")
        #expect(run.kind == .ab)
        #expect(run.metrics.contains { $0.measure == .headBaseRatio && $0.lower != nil && $0.value > 1.05 })

        var broken = comparison
        broken.rows[0].ratios[0] = -1
        #expect(throws: ReportError.self) { try ReportFile.load(data: broken.jsonData(), at: url) }
        #expect(throws: ReportError.self) { try ReportFile.load(data: Data(#"{"tool": "bencher"}"#.utf8), at: url) }
    }
}
