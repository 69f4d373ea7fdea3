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
        let outcome = try Bench.run([
            "native", "--layouts", "waterfall", "--items", "3000", "--rounds", "6", "--queries", "20", "--processes",
            "6",
        ])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.standardError.isEmpty, "\(outcome)")
        #expect(
            outcome.standardOutput.hasPrefix("Median over 6 processes of each one's median time a query over 6 rounds"),
            "\(outcome)")
        #expect(outcome.standardOutput.contains("Per-process median ratios: median [95% interval]"), "\(outcome)")
        let lines = outcome.standardOutput.split(separator: "\n")
        #expect(lines.filter { $0.hasSuffix(" ns") }.count == 8, "\(outcome)")
        #expect(lines.filter { $0.hasPrefix("pass") || $0.hasPrefix("MISS") }.count == 6, "\(outcome)")
    }

    @Test(arguments: ["2", "5"])
    func tooFewProcessesForAnIntervalIsAUsageError(_ processes: String) throws {
        let outcome = try Bench.run(["native", "--processes", processes])
        #expect(outcome.status == 64, "\(outcome)")
        #expect(outcome.standardError.contains("--processes must be 1, or at least 6"), "\(outcome)")
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
