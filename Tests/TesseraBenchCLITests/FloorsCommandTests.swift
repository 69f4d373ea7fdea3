import Testing

/// `floors`: a warm prepare against the floors below it, in one process. Every candidate is timed on every layout
/// (and the C port on a vertical flow and the waterfall), the run's target comes out as pass or MISS, and the other ratios say where the
/// time goes.
@Suite struct FloorsCommandTests {
    static let candidates = ["fill floor", "store floor", "copy floor", "arithmetic alone", "warm prepare"]

    @Test func timesEveryCandidateOnEveryLayout() throws {
        let outcome = try Bench.run(["floors", "--items", "3000", "--rounds", "6"])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.standardError.isEmpty, "\(outcome)")
        let lines = outcome.standardOutput.split(separator: "\n")
        for layout in ["flow", "waterfall", "mosaic", "carousel", "sticky-parallax"] {
            let ported = layout == "flow" || layout == "waterfall"
            let candidates = Self.candidates + (ported ? ["C port"] : [])
            for candidate in candidates {
                #expect(
                    lines.filter {
                        $0.hasPrefix("\(layout) ") && $0.contains(" \(candidate) ") && $0.hasSuffix(" ns an element")
                    }.count == 1, "\(layout), \(candidate): \(outcome)")
            }
            #expect(
                lines.filter { $0.hasPrefix("\(layout) ") && $0.hasSuffix(" ns an element") }.count == candidates.count,
                "\(layout): \(outcome)")
            // The target, judged, and four ratios that are not; where there is a C port, its two more.
            let ratios = lines.filter { $0.contains(" \(layout)  ") && $0.contains(" / ") }
            #expect(ratios.count == (ported ? 7 : 5), "\(layout): \(outcome)")
            #expect(
                ratios.contains { $0.contains("\(layout)  warm prepare / C port: ") } == ported, "\(layout): \(outcome)"
            )
            #expect(ratios.filter { $0.hasPrefix("pass") || $0.hasPrefix("MISS") }.count == 1, "\(layout): \(outcome)")
        }
    }

    @Test func aHorizontalFlowIsMeasured() throws {
        let outcome = try Bench.run([
            "floors", "--layouts", "flow", "--items", "2000", "--rounds", "6", "--scroll-direction", "horizontal",
        ])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.standardOutput.contains("flow  warm prepare / copy floor: "), "\(outcome)")
        // The C port covers vertical flows only.
        #expect(!outcome.standardOutput.contains("C port"), "\(outcome)")
    }

    @Test func processesArePooled() throws {
        let outcome = try Bench.run([
            "floors", "--layouts", "waterfall", "--items", "2000", "--rounds", "6", "--processes", "6",
        ])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.standardError.isEmpty, "\(outcome)")
        #expect(
            outcome.standardOutput.hasPrefix(
                "Median over 6 processes of each one's median time a prepare over 6 rounds"), "\(outcome)")
        #expect(outcome.standardOutput.contains("Per-process median ratios: median [95% interval]"), "\(outcome)")
        let lines = outcome.standardOutput.split(separator: "\n")
        #expect(lines.filter { $0.hasSuffix("ns an element") }.count == Self.candidates.count + 1, "\(outcome)")
        #expect(lines.filter { $0.hasPrefix("pass") || $0.hasPrefix("MISS") }.count == 1, "\(outcome)")
    }

    @Test func tooFewProcessesForAnIntervalIsAUsageError() throws {
        let outcome = try Bench.run(["floors", "--processes", "4"])
        #expect(outcome.status == 64, "\(outcome)")
        #expect(outcome.standardError.contains("--processes must be 1, or at least 6"), "\(outcome)")
    }

    @Test func tooFewRoundsNoItemsOrAnUnknownLayoutIsAUsageError() throws {
        let rounds = try Bench.run(["floors", "--rounds", "5"])
        #expect(rounds.status == 64, "\(rounds)")
        #expect(rounds.standardError.contains("--rounds must be at least 6"), "\(rounds)")
        let empty = try Bench.run(["floors", "--items", "0"])
        #expect(empty.status == 64, "\(empty)")
        #expect(empty.standardError.contains("--items must be at least 1"), "\(empty)")
        let layout = try Bench.run(["floors", "--layouts", "grid"])
        #expect(layout.status == 64, "\(layout)")
        #expect(layout.standardError.contains("grid"), "\(layout)")
    }
}
