import Testing

/// `tune`: every exact index at its parameters on one layout and workload, a table of the figures, and a
/// recommendation.
@Suite struct TuneCommandTests {
    @Test func recommendsAnEngineStrategyWithItsFigures() throws {
        let outcome = try Bench.run(
            ["tune", "--layout", "mosaic", "--items", "2k", "--rounds", "6", "--quiet"], timeout: 120)
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
        // Exactly one recommendation, naming one of the engine's strategies.
        let recommendations = lines.filter { $0.hasPrefix("Recommended:") }
        #expect(recommendations.count == 1, "\(outcome)")
        let recommendation = try #require(recommendations.first)
        let named = Bench.engineStrategies.filter { recommendation.contains($0) }
        #expect(named.count == 1, "\(recommendation)")
        #expect(recommendation.contains("median query"), "with the figures behind it: \(recommendation)")
    }
}
