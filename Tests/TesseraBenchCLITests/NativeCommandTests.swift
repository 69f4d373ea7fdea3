import Testing

/// `native`: the engine's searches against the C implementations, in one process. The C and the Swift answer
/// every rect alike before anything is timed (a difference is exit 1); the targets come out as pass or MISS.
@Suite struct NativeCommandTests {
    @Test(arguments: ["flow", "waterfall", "mosaic"])
    func measuresEveryCandidateAndJudgesEveryTarget(_ layout: String) throws {
        let outcome = try Bench.run(["native", "--layouts", layout, "--items", "3000", "--rounds", "6", "--queries", "20"])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.standardError.isEmpty, "\(outcome)")
        let lines = outcome.standardOutput.split(separator: "\n")
        for candidate in ["soa-binary-search (Swift)", "soa-binary-search (C)", "interval-tree (Swift)", "cgranges-style tree (C)"] {
            #expect(lines.filter { $0.contains(candidate) && $0.hasSuffix(" ns") }.count == 2, "\(candidate): \(outcome)")
        }
        // Three targets on each of the two traces.
        #expect(lines.filter { $0.hasPrefix("pass") || $0.hasPrefix("MISS") }.count == 6, "\(outcome)")
    }

    @Test(arguments: ["carousel", "sticky-parallax"])
    func layoutsWithScrollEffectsAreRefused(_ layout: String) throws {
        let outcome = try Bench.run(["native", "--layouts", layout])
        #expect(outcome.status == 64, "\(outcome)")
        #expect(outcome.standardError.contains("has scroll effects"), "\(outcome)")
    }

    @Test func noItemsIsAUsageError() throws {
        let outcome = try Bench.run(["native", "--items", "0"])
        #expect(outcome.status == 64, "\(outcome)")
        #expect(outcome.standardError.contains("--items must be at least 1"), "\(outcome)")
    }

    @Test func tooFewRoundsForAnIntervalIsAUsageError() throws {
        let outcome = try Bench.run(["native", "--rounds", "3"])
        #expect(outcome.status == 64, "\(outcome)")
        #expect(outcome.standardError.contains("--rounds must be at least 6"), "\(outcome)")
    }
}
