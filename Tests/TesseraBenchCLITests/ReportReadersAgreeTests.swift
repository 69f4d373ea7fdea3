import Foundation
import Testing

/// Every command that reads a report reads it by one set of rules (`BenchmarkReport.inconsistency`, and
/// `ABComparison`'s for a comparison): a tampered report is refused by each, in the same words, and a sound one
/// taken by each. Before, `summary` and `compare` took a date `export` refused, and `history add` blamed the history
/// for a negative size.
@Suite struct ReportReadersAgreeTests {
    /// A sound report of one flow strategy at one shape, as JSON to tamper with.
    static func soundReport() -> [String: Any] {
        func result(_ operation: String, _ samples: [Double], _ extra: [String: Any] = [:]) -> [String: Any] {
            [
                "layout": "flow", "itemsPerSection": 10, "strategy": "soa-binary-search", "elements": 1_200,
                "operation": operation, "samples": samples.count, "samplesNanoseconds": samples,
                "medianNanoseconds": samples[samples.count / 2], "p90Nanoseconds": samples.last!,
                "p99Nanoseconds": samples.last!,
            ].merging(extra) { $1 }
        }
        return [
            "schemaVersion": 3, "tool": "tessera-bench",
            "environment": [
                "host": "h", "cpuModel": "Test CPU", "cores": 2, "operatingSystem": "Linux", "swiftVersion": "6.3",
                "allocator": "jemalloc", "gitCommit": "abc123", "date": "2026-11-26T12:00:00Z",
            ],
            "settings": [
                "layouts": ["flow"], "itemCounts": [1_000], "itemsPerSection": [10], "viewportWidth": 390,
                "viewportHeight": 844, "seed": 1, "workload": "built-in: flow; 10 items per section, seed 1",
                "traceFrames": 10, "verifiedFrames": 10,
            ],
            "results": [
                result(
                    "prepare-cold", [1_000, 1_010, 1_020, 1_030, 1_040, 1_050, 1_060],
                    ["bytesPerElement": 40.5, "allocationsPerOperation": 3, "nanosecondsPerElement": 0.86]),
                result("query", [50, 51, 52, 53, 54, 55, 56], ["allocationsPerOperation": 0]),
                result(
                    "update-insert", [300, 310, 320, 330, 340, 350, 360],
                    ["floorElements": 12, "overFloor": 1.2, "allocationsPerOperation": 0]),
            ],
            "verifications": [], "targets": [],
        ]
    }

    /// One field changed, and the words of the rule it breaks.
    enum Tampering: String, CaseIterable, Sendable {
        case dateThatIsNoDate, dateInTheYear9999, dateInTheYear1600, negativeBytes, negativeAllocations
        case shapeOfNoItems, resultOfNoSample, namesAlike, layoutWithASlash, noResult

        /// What every command's message holds.
        var reason: String {
            switch self {
            case .dateThatIsNoDate: "environment.date: \"not a date\" is refused: a time is ISO 8601"
            case .dateInTheYear9999: "environment.date: \"9999-01-01T00:00:00Z\" is refused"
            case .dateInTheYear1600: "environment.date: \"1600-01-01T00:00:00Z\" is refused"
            case .negativeBytes: "results[0].bytesPerElement is -1.0; a figure of a result is finite and 0 or more"
            case .negativeAllocations: "results[1].allocationsPerOperation is -2.0"
            case .shapeOfNoItems: "itemsPerSection is 0; a section shape holds at least one item"
            case .resultOfNoSample: "results[1] holds no sample"
            case .namesAlike: "as an earlier result is"
            case .layoutWithASlash: "does not read back as its name"
            case .noResult: "it holds no result"
            }
        }

        func apply(to report: inout [String: Any]) {
            var environment = report["environment"] as! [String: Any]
            var results = report["results"] as! [[String: Any]]
            switch self {
            case .dateThatIsNoDate: environment["date"] = "not a date"
            case .dateInTheYear9999: environment["date"] = "9999-01-01T00:00:00Z"
            case .dateInTheYear1600: environment["date"] = "1600-01-01T00:00:00Z"
            case .negativeBytes: results[0]["bytesPerElement"] = -1
            case .negativeAllocations: results[1]["allocationsPerOperation"] = -2
            case .shapeOfNoItems:
                for index in results.indices { results[index]["itemsPerSection"] = 0 }
            case .resultOfNoSample:
                results[1]["samples"] = 0
                results[1]["samplesNanoseconds"] = [Double]()
            case .namesAlike:
                // "(32)" and "[32]" are one slug: one series in a dashboard and the history.
                results[2] = results[1]
                results[1]["parameters"] = "32"
                results[2]["allocator"] = "32"
            case .layoutWithASlash: results[0]["layout"] = "flow/x"
            case .noResult: results = []
            }
            report["environment"] = environment
            report["results"] = results
        }
    }

    static func write(_ report: [String: Any], to path: String) throws {
        try JSONSerialization.data(withJSONObject: report).write(to: URL(fileURLWithPath: path))
    }

    /// A stand-in build whose `run` writes the report at `report`, for `ab`.
    static func standIn(writing report: String, in directory: TemporaryDirectory, name: String) throws -> String {
        try ABCommandTests.executable(
            named: name, in: directory.url,
            contents: Data(
                """
                #!/usr/bin/env bash
                if [ "$2" = --help ]; then echo "USAGE: tessera-bench run [--quick] [--quiet] [--report <file.json>]"; exit 0; fi
                while [ $# -gt 0 ]; do
                  if [ "$1" = --report ]; then cp '\(report)' "$2"; fi
                  shift
                done
                """.utf8))
    }

    /// Every command that reads a run's report, on `report` (with `sound` beside it where a command takes two),
    /// and the status each exits with for a report it cannot use.
    static func everyReader(of report: String, sound: String, in directory: TemporaryDirectory) throws
        -> [(outcome: Bench.Outcome, refusedWith: Int32)]
    {
        let database = directory.path("history-\(UUID().uuidString).sqlite")
        var outcomes = try [
            ["summary", report], ["compare", sound, report], ["compare", report, sound],
            ["export", report, "--format", "bmf"], ["export", report, "--format", "influx"],
            ["export", report, "--format", "otava"], ["history", "add", report, "--database", database],
        ].map { (outcome: try Bench.run($0), refusedWith: Int32(2)) }
        let good = try standIn(writing: sound, in: directory, name: "sound-\(UUID().uuidString)")
        let tampered = try standIn(writing: report, in: directory, name: "tampered-\(UUID().uuidString)")
        // A HEAD whose report cannot be read fails the change (3); a BASE's cannot be compared with (2).
        outcomes.append((outcome: try Bench.run(["ab", good, tampered, "--rounds", "6", "--quiet"]), refusedWith: 3))
        outcomes.append((outcome: try Bench.run(["ab", tampered, good, "--rounds", "6", "--quiet"]), refusedWith: 2))
        return outcomes
    }

    @Test func aSoundReportIsTakenByEveryReader() throws {
        let directory = try TemporaryDirectory()
        let sound = directory.path("sound.json")
        try Self.write(Self.soundReport(), to: sound)
        for (outcome, _) in try Self.everyReader(of: sound, sound: sound, in: directory) {
            #expect(outcome.status == 0 && !outcome.crashed, "\(outcome)")
        }
    }

    @Test(arguments: Tampering.allCases)
    func aTamperedReportIsRefusedByEveryReaderInTheSameWords(_ tampering: Tampering) throws {
        let directory = try TemporaryDirectory()
        let sound = directory.path("sound.json")
        try Self.write(Self.soundReport(), to: sound)
        var report = Self.soundReport()
        tampering.apply(to: &report)
        let tampered = directory.path("tampered.json")
        try Self.write(report, to: tampered)
        for (outcome, refusedWith) in try Self.everyReader(of: tampered, sound: sound, in: directory) {
            #expect(outcome.status == refusedWith && !outcome.crashed, "\(tampering): \(outcome)")
            #expect(outcome.standardError.contains(tampering.reason), "\(tampering): \(outcome)")
        }
    }

    /// A comparison of `ab` is read by `export` and `history add` by one set of rules too.
    @Test func aTamperedComparisonIsRefusedByExportAndHistoryAlike() throws {
        let directory = try TemporaryDirectory()
        let sound = directory.path("sound.json")
        try Self.write(Self.soundReport(), to: sound)
        let build = try Self.standIn(writing: sound, in: directory, name: "build")
        let comparison = directory.path("ab.json")
        let ab = try Bench.run(["ab", build, build, "--rounds", "6", "--quiet", "--report", comparison])
        try #require(ab.status == 0, "\(ab)")
        var object = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: comparison))) as? [String: Any]
        )
        var rows = try #require(object["rows"] as? [[String: Any]])
        rows[0]["headMedianNanoseconds"] = 0
        object["rows"] = rows
        try Self.write(object, to: comparison)
        for arguments in [
            ["export", comparison, "--format", "bmf"],
            ["history", "add", comparison, "--database", directory.path("h")],
        ] {
            let outcome = try Bench.run(arguments)
            #expect(outcome.status == 2, "\(outcome)")
            #expect(
                outcome.standardError.contains(
                    "rows[0] has a median of 0.0 ns; a time is above 0 and at most 10^15 ns"),
                "\(outcome)")
        }
    }
}
