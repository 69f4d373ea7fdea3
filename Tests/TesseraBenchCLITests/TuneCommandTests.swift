import Foundation
import Testing

/// `tune`: every exact index at its parameters on one layout and workload, a table of the figures, and a
/// recommendation with the `run` command line that applies it, or no decision when the rounds cannot tell.
@Suite struct TuneCommandTests {
    /// A threshold so wide that every candidate within 11× of the leader ties with it: the decision then rests on
    /// bytes alone, the same on any machine, however busy.
    static let decided = ["--threshold", "1000"]

    @Test func recommendsAnEngineStrategyWithItsFiguresAndTheRunThatAppliesIt() throws {
        let outcome = try Bench.run(
            ["tune", "--layout", "mosaic", "--items", "2k", "--rounds", "6", "--quiet"] + Self.decided, timeout: 120)
        #expect(outcome.status == 0, "\(outcome)")
        #expect(!outcome.crashed, "\(outcome)")
        #expect(outcome.standardError.isEmpty, "--quiet: \(outcome)")
        let lines = outcome.stdoutLines
        // The table: a header and a row for every engine strategy, each checked exact.
        let header = try #require(lines.first { $0.contains("index") && $0.contains("query median") }, "\(outcome)")
        #expect(header.contains("bytes/element"))
        for strategy in Bench.engineStrategies {
            #expect(lines.contains { $0.hasPrefix(strategy) }, "no row for \(strategy): \(outcome)")
        }
        for baseline in ["naive-dictionary", "linear-array", "line-sectors", "mosaic-binary-search"] {
            #expect(!lines.contains { $0.hasPrefix(baseline) }, "only the engine's indexes are tuned, not \(baseline)")
        }
        // Exactly one recommendation, naming one of the engine's strategies and its parameter.
        let recommendations = lines.filter { $0.hasPrefix("Recommended:") }
        #expect(recommendations.count == 1, "\(outcome)")
        let recommendation = try #require(recommendations.first)
        let named = Bench.engineStrategies.filter { recommendation.contains($0) }
        #expect(named.count == 1, "\(recommendation)")
        #expect(recommendation.contains("median query"), "with the figures behind it: \(recommendation)")

        // The round trip: the printed command line runs as given and measures the recommended parameter.
        let apply = try #require(lines.first { $0.hasPrefix("Apply it: ") }, "\(outcome)")
        let words = apply.dropFirst("Apply it: ".count).split(separator: " ").map(String.init)
        #expect(words.first == TesseraBenchBinary.url.path, "the program as it was run: \(apply)")
        let index = try #require(words.firstIndex(of: "--index").map { words[$0 + 1] }, "\(apply)")
        let strategy = try #require(named.first)
        #expect(index.hasPrefix("\(strategy):"), "\(apply)")
        #expect(words.contains("--layouts") && words.contains("mosaic") && words.contains("2000"), "\(apply)")
        // "Recommended: soa-binary-search (block size 64) — …": the parameter as reports name it.
        let parameter = try #require(
            recommendation.split(separator: "(", maxSplits: 1).last?.split(separator: ")").first.map(String.init))

        let directory = try TemporaryDirectory()
        let report = directory.path("applied.json")
        let applied = try Bench.run(
            Array(words.dropFirst()) + ["--quick", "--quiet", "--report", report], timeout: 120)
        #expect(applied.status == 0, "\(applied)")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any])
        let settings = try #require(json["settings"] as? [String: Any])
        #expect(settings["indexes"] as? [String] == [index], "\(settings)")
        let results = try #require(json["results"] as? [[String: Any]])
        let measured = results.filter { $0["strategy"] as? String == strategy }
        #expect(!measured.isEmpty, "\(applied)")
        // A standard parameter is named by no parameter, as every run's results are.
        let standard = ["soa-binary-search:16", "interval-tree:3", "page-table:1", "union-rects:20"].contains(index)
        for result in measured {
            #expect(result["parameters"] as? String == (standard ? nil : parameter), "\(result)")
        }
        #expect(results.allSatisfy { $0["strategy"] as? String == strategy }, "only the tuned strategy runs")
    }

    @Test(arguments: ["1", "5", "0"])
    func refusesFewerRoundsThanAnIntervalNeeds(_ rounds: String) throws {
        let outcome = try Bench.run(["tune", "--layout", "flow", "--items", "100", "--rounds", rounds, "--quiet"])
        #expect(outcome.status == 64, "\(outcome)")
        #expect(outcome.standardError.contains("--rounds must be between 6 and 1000"), "\(outcome)")
        #expect(outcome.standardError.contains("95% interval"), "the reason: \(outcome)")
        #expect(outcome.standardOutput.isEmpty, "nothing measured: \(outcome)")
    }

    @Test(arguments: [
        (["--index", "naive-dictionary:3"], "--index"),
        (["--index", "soa-binary-search:0"], "--index soa-binary-search:0"),
        (["--index", "soa-binary-search:32", "--strategies", "interval-tree"], "add it to --strategies"),
        (["--index", "soa-binary-search:32,soa-binary-search:64"], "twice"),
    ])
    func runRefusesAnIndexItCannotMeasure(_ arguments: [String], _ reason: String) throws {
        let outcome = try Bench.run(["run", "--quick", "--quiet", "--items", "100", "--layouts", "flow"] + arguments)
        #expect(outcome.status == 64, "\(outcome)")
        #expect(outcome.standardError.contains(reason), "\(outcome)")
    }

}
