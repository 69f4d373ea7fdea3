import Foundation
import Testing

/// The memory guard's estimates (`MemoryEstimate`) come within 25% of the heap's peak, as jemalloc measures it and
/// the report records it (`memory`), in every layout and with 1, 10 and 1,000 items a section: the sizes where a
/// section's own cost, then an element's, dominates (issue 12). At 20,000 items, the smallest count the estimates
/// are fitted at (`scripts/calibrate-memory`): below it, what every run holds whatever its size (the trace, the
/// samples) outweighs the workload. The closing note of issue 12 checks the same at 5M.
@Suite struct MemoryEstimateTests {
    /// Runs `run --quick` with `options` in a scratch directory, expects it to succeed, and returns how it ended and
    /// the memory uses (`memory`) of the report it wrote.
    static func runRecordingMemory(_ options: [String], sourceLocation: SourceLocation = #_sourceLocation) throws
        -> (outcome: Bench.Outcome, uses: [[String: Any]])
    {
        let directory = try TemporaryDirectory()
        let outcome = try Bench.run(
            ["run", "--quick"] + options + ["--report", "r.json"], in: directory.url, timeout: 120)
        #expect(outcome.status == 0, "\(outcome)", sourceLocation: sourceLocation)
        let report =
            try JSONSerialization.jsonObject(with: Data(contentsOf: directory.url.appendingPathComponent("r.json")))
            as? [String: Any]
        return (outcome, try #require(report?["memory"] as? [[String: Any]], sourceLocation: sourceLocation))
    }

    @Test(arguments: [
        ("flow", 1), ("flow", 10), ("flow", 1_000),
        ("waterfall", 1), ("waterfall", 10), ("waterfall", 1_000),
        ("sticky-parallax", 1), ("sticky-parallax", 10), ("sticky-parallax", 1_000),
        ("mosaic", 1_000), ("carousel", 1_000),
    ])
    func estimatesAreWithinAQuarterOfTheMeasuredPeak(layout: String, itemsPerSection: Int) throws {
        let (_, uses) = try Self.runRecordingMemory([
            "--quiet", "--verify-frames", "2", "--layouts", layout, "--items", "20000", "--items-per-section",
            "\(itemsPerSection)", "--strategies", "naive-dictionary,soa-binary-search,interval-tree",
        ])
        #expect(uses.count == 3)
        for use in uses {
            let estimated = try #require(use["estimatedBytes"] as? Double)
            let measured = try #require(use["measuredBytes"] as? Double, "jemalloc measures the peak")
            #expect(
                abs(estimated / measured - 1) <= 0.25,
                "\(layout), \(itemsPerSection) a section, \(use["strategy"] ?? ""): estimated \(estimated), measured \(measured)"
            )
        }
    }

    /// An estimate is never below 0: a fit's negative base crossed 0 below its calibrated counts, and one item on
    /// naive-dictionary was "an estimate of -0.7 MB".
    @Test func noEstimateIsBelowZero() throws {
        let (outcome, uses) = try Self.runRecordingMemory([
            "--layouts", "flow,sticky-parallax", "--items", "1", "--strategies", "naive-dictionary",
        ])
        #expect(!outcome.standardOutput.contains("estimate of -") && !outcome.standardError.contains("of -"))
        #expect(uses.count == 2)
        for use in uses { #expect(try #require(use["estimatedBytes"] as? Double) >= 0, "\(use)") }
    }

    /// A layout's peak is its own: its windows begin once the layout before it is freed (a count measured after a
    /// larger one was charged the larger one's workload, oracle and trace, whenever they outweighed its own peak).
    @Test func aLayoutsPeakLeavesOutTheOneMeasuredBeforeIt() throws {
        let (_, uses) = try Self.runRecordingMemory([
            "--quiet", "--verify-frames", "2", "--layouts", "flow", "--items", "150000,20000", "--strategies",
            "soa-binary-search",
        ])
        let smaller = try #require(uses.first { ($0["elements"] as? Int ?? 0) < 100_000 })
        let estimated = try #require(smaller["estimatedBytes"] as? Double)
        let measured = try #require(smaller["measuredBytes"] as? Double)
        #expect(
            abs(estimated / measured - 1) <= 0.25,
            "20,000 items after 150,000: estimated \(estimated), measured \(measured)")
    }
}
