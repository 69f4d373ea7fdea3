import Testing

/// `native`: the engine's searches against the C implementations, in one process. The C and the Swift answer
/// every rect alike before anything is timed (a difference is exit 1); the targets come out as pass or MISS.
@Suite struct NativeCommandTests {
    @Test(arguments: ["flow", "waterfall", "mosaic"])
    func measuresEveryCandidateAndJudgesEveryTarget(_ layout: String) throws {
        let outcome = try Bench.run([
            "native", "--layouts", layout, "--items", "3000", "--rounds", "6", "--queries", "20",
        ])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.standardError.isEmpty, "\(outcome)")
        let lines = outcome.standardOutput.split(separator: "\n")
        for candidate in [
            "soa-binary-search (Swift)", "flat binary search (C)", "interval-tree (Swift)", "cgranges-style tree (C)",
        ] {
            #expect(
                lines.filter { $0.contains(candidate) && $0.hasSuffix(" ns") }.count == 2, "\(candidate): \(outcome)")
        }
        // Three targets on each of the two traces.
        #expect(lines.filter { $0.hasPrefix("pass") || $0.hasPrefix("MISS") }.count == 6, "\(outcome)")
    }

    @Test func processesArePooledIntoOneVerdictATarget() throws {
        let (outcome, lines) = try Bench.pooledComparison(
            ["native", "--layouts", "waterfall", "--items", "3000", "--queries", "20"], timing: "a query")
        #expect(lines.filter { $0.hasSuffix(" ns") }.count == 8, "\(outcome)")
        #expect(lines.filter { $0.hasPrefix("pass") || $0.hasPrefix("MISS") }.count == 6, "\(outcome)")
    }

    @Test(arguments: ["2", "5"])
    func tooFewProcessesForAnIntervalIsAUsageError(_ processes: String) throws {
        try Bench.expectUsageError(
            ["native", "--processes", processes], saying: "--processes must be 1, or at least 6")
    }

    @Test func aFailingProcessFailsTheCommand() throws {
        // A workload file of a size no layout takes: the file reads, so the command starts its processes; each
        // refuses the layout, and the first refusal ends the command.
        let directory = try TemporaryDirectory()
        let file = try directory.write("negative.json", #"{"sections": [{"itemSizes": [[10, -20]]}]}"#)
        let outcome = try Bench.run(["native", "--processes", "6", "--workload", file])
        #expect(outcome.status == 1, "\(outcome)")
        #expect(outcome.standardError.contains("process 1 of 6 failed"), "\(outcome)")
    }

    @Test(arguments: ["carousel", "sticky-parallax"])
    func layoutsWithScrollEffectsAreRefused(_ layout: String) throws {
        try Bench.expectUsageError(["native", "--layouts", layout], saying: "has scroll effects")
    }

    @Test func noItemsIsAUsageError() throws {
        try Bench.expectUsageError(["native", "--items", "0"], saying: "--items must be at least 1")
    }

    @Test func tooFewRoundsForAnIntervalIsAUsageError() throws {
        try Bench.expectUsageError(["native", "--rounds", "3"], saying: "--rounds must be at least 6")
    }
}
