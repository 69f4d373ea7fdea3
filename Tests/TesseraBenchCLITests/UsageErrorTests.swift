import Testing

/// Arguments that cannot be parsed or name nothing the tool knows: ArgumentParser's usage errors, exit status 64
/// (`EX_USAGE`), with a message that names the bad value and, for ids, lists the valid ones.
@Suite struct UsageErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        /// Each must appear on standard error.
        var mentions: [String]
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let validLayouts = ["flow", "waterfall", "mosaic", "carousel", "sticky-parallax"]

    static let cases: [Case] = [
        Case(arguments: ["frobnicate"], mentions: ["frobnicate"]),
        Case(arguments: ["--no-such-option"], mentions: ["Unknown option", "--no-such-option"]),
        Case(arguments: ["dump", "--no-such-option"], mentions: ["Unknown option", "--no-such-option"]),
        Case(arguments: ["dump", "--layout", "nope"], mentions: ["nope"] + validLayouts),
        Case(arguments: ["query", "--layout", "nope", "--rect", "0,0,10,10"], mentions: ["nope"] + validLayouts),
        Case(arguments: ["tune", "--layout", "nope"], mentions: ["nope"] + validLayouts),
        Case(
            arguments: ["query", "--strategy", "nope", "--rect", "0,0,10,10"], mentions: ["nope"] + Bench.allStrategies),
        Case(
            arguments: ["run", "--strategies", "nope"],
            mentions: ["unknown strategy 'nope'", "all"] + Bench.allStrategies),
        Case(
            arguments: ["run", "--strategies", "soa-binary-search,nope"], mentions: ["unknown strategy 'nope'", "all"]),
        Case(arguments: ["run", "--layouts", "nope"], mentions: ["unknown layout 'nope'", "all"] + validLayouts),
        Case(arguments: ["run", "--layouts", "flow,nope"], mentions: ["unknown layout 'nope'", "all"]),
        Case(arguments: ["run", "--layouts", ","], mentions: ["no layout named in ','"]),
        Case(arguments: ["run", "--strategies", ","], mentions: ["no strategy named in ','"]),
        Case(arguments: ["run", "--layouts", "flow,flow"], mentions: ["the layout 'flow' is named twice"]),
        Case(
            arguments: ["run", "--strategies", "soa-binary-search,soa-binary-search"],
            mentions: ["'soa-binary-search' is named twice"]),
        Case(arguments: ["run", "--items", "1k,1k"], mentions: ["--items", "the count '1k' is named twice"]),
        // Every list keeps one rule: no empty entry, none named twice (`ab --gate query,query` was taken, and
        // `--items 1,,2` and `2k,` were read as shorter lists).
        Case(arguments: ["run", "--items", "1k,1000"], mentions: ["--items", "the count 1,000 is named twice"]),
        Case(arguments: ["run", "--items", "1,,2"], mentions: ["--items", "'1,,2' has an empty entry"]),
        Case(arguments: ["run", "--items", "2k,"], mentions: ["--items", "'2k,' has an empty entry"]),
        Case(arguments: ["run", "--items", ","], mentions: ["--items", "no count named in ','"]),
        Case(arguments: ["run", "--items-per-section", "1,,2"], mentions: ["'1,,2' has an empty entry"]),
        Case(arguments: ["run", "--layouts", "flow,"], mentions: ["'flow,' has an empty entry"]),
        Case(arguments: ["run", "--strategies", ",soa-binary-search"], mentions: ["has an empty entry"]),
        Case(arguments: ["run", "--index", "soa-binary-search:32,"], mentions: ["--index", "has an empty entry"]),
        Case(arguments: ["run", "--measure", "clock"], mentions: ["--measure", "clock", "time", "instructions"]),
        Case(
            arguments: ["ab", "/bin/true", "/bin/true", "--measure", "instructions", "--until-decided"],
            mentions: ["a counted comparison runs each build twice"]),
        Case(
            arguments: ["ab", "/bin/true", "/bin/true", "--", "--measure", "instructions"],
            mentions: ["--measure is ab's own option"]),
        Case(
            arguments: ["ab", "/bin/true", "/bin/true", "--measure", "time,instructions"],
            mentions: ["time,instructions", "'time'", "'instructions'"]),
        // An option that does not apply to what ab will do is refused, naming why: each was ignored.
        Case(
            arguments: ["ab", "/bin/true", "/bin/true", "--measure", "instructions", "--rounds", "8"],
            mentions: ["--rounds does not apply to --measure instructions"]),
        Case(
            arguments: ["ab", "/bin/true", "/bin/true", "--measure", "instructions", "--confidence", "0.99"],
            mentions: ["--confidence does not apply to --measure instructions"]),
        Case(
            arguments: ["ab", "/bin/true", "/bin/true", "--measure", "instructions", "--confirmation-rounds", "0"],
            mentions: ["--confirmation-rounds does not apply to --measure instructions"]),
        Case(
            arguments: ["ab", "/bin/true", "/bin/true", "--rounds", "6", "--until-decided"],
            mentions: ["--rounds does not apply with --until-decided"]),
        Case(
            arguments: ["ab", "/bin/true", "/bin/true", "--budget", "12"],
            mentions: ["--budget applies only with --until-decided"]),
        Case(
            arguments: ["ab", "/bin/true", "/bin/true", "--look-every", "6"],
            mentions: ["--look-every applies only with --until-decided"]),
        Case(
            arguments: ["history", "detect", "--magnitude", "-0.1"], mentions: ["--magnitude must be 0 or more"]),
        Case(
            arguments: ["ab", "/bin/true", "/bin/true", "--gate", "query,query"],
            mentions: ["the operation 'query' is named twice"]),
        Case(
            arguments: ["ab", "/bin/true", "/bin/true", "--gate", "query,"], mentions: ["'query,' has an empty entry"]),
        Case(
            arguments: ["ab", "/bin/true", "/bin/true", "--gate", "nope"],
            mentions: ["unknown operation 'nope'", "query", "all"]),
        Case(arguments: ["run", "--items", "abc"], mentions: ["abc", "--items"]),
        Case(arguments: ["run", "--items", "1e3k"], mentions: ["1e3k", "--items"]),
        Case(arguments: ["run", "--items", "10k,abc"], mentions: ["10k,abc", "--items"]),
        Case(arguments: ["run", "--items=-5"], mentions: ["-5", "--items"]),
        Case(arguments: ["dump", "--items", "abc"], mentions: ["abc", "--items"]),
        Case(arguments: ["dump", "--items", "1e3k"], mentions: ["1e3k", "--items"]),
        Case(arguments: ["dump", "--items=-5"], mentions: ["-5", "--items"]),
        Case(arguments: ["dump", "--items", "99999999999999999999M"], mentions: ["--items"]),
        Case(arguments: ["dump", "--viewport", "10xNaN"], mentions: ["10xNaN", "--viewport"]),
        Case(arguments: ["dump", "--viewport", "10x"], mentions: ["10x", "--viewport"]),
        Case(arguments: ["dump", "--viewport", "10xinf"], mentions: ["10xinf", "--viewport"]),
        Case(arguments: ["dump", "--viewport=-1x10"], mentions: ["-1x10", "--viewport"]),
        Case(arguments: ["query"], mentions: ["--rect"]),
        Case(arguments: ["query", "--rect", "0,0,1"], mentions: ["0,0,1", "--rect"]),
        Case(arguments: ["query", "--rect", "0,0,1,1,1"], mentions: ["0,0,1,1,1", "--rect"]),
        Case(arguments: ["query", "--rect", "0,0,nan,1"], mentions: ["0,0,nan,1", "--rect"]),
        Case(arguments: ["query", "--rect", "0,0,inf,1"], mentions: ["0,0,inf,1", "--rect"]),
        Case(arguments: ["query", "--rect", "a,b,c,d"], mentions: ["a,b,c,d", "--rect"]),
        Case(arguments: ["query", "--rect", "0,0,10,10", "--offset", "1"], mentions: ["'1'", "--offset"]),
        Case(arguments: ["query", "--rect", "0,0,10,10", "--offset", "1,nan"], mentions: ["1,nan", "--offset"]),
        Case(arguments: ["dump", "--offset", "1"], mentions: ["'1'", "--offset"]),
        Case(arguments: ["dump", "--section-inset", "1,2,3"], mentions: ["1,2,3", "--section-inset"]),
        Case(arguments: ["dump", "--align", "middle"], mentions: ["middle", "top", "center", "bottom"]),
        Case(arguments: ["dump", "--scroll-direction", "diagonal"], mentions: ["diagonal", "vertical", "horizontal"]),
        Case(arguments: ["dump", "--sizing", "huge"], mentions: ["huge", "uniform", "random"]),
        // The built-in workload's options with a workload file, which brings its own sections: each was ignored.
        Case(
            arguments: ["run", "--workload", "w.json", "--header-height", "0"],
            mentions: ["--header-height shapes the built-in workload", "--workload w.json"]),
        Case(
            arguments: ["dump", "--workload", "w.json", "--items-per-section", "1"],
            mentions: ["--items-per-section shapes the built-in workload"]),
        Case(
            arguments: ["query", "--rect", "0,0,1,1", "--workload", "w.json", "--sizing", "uniform"],
            mentions: ["--sizing shapes the built-in workload"]),
        Case(
            arguments: ["tune", "--workload", "w.json", "--footer-height", "0"],
            mentions: ["--footer-height shapes the built-in workload"]),
        Case(
            arguments: ["dump", "--item-size", "50x50"], mentions: ["--item-size applies only with --sizing uniform"]),
        Case(arguments: ["dump", "--seed", "abc"], mentions: ["abc", "--seed"]),
        Case(arguments: ["run", "--verify-frames", "0"], mentions: ["--verify-frames"]),
        Case(
            arguments: ["run", "--target-strategy", "naive-dictionary"],
            mentions: ["--target-strategy", "'naive-dictionary' is a baseline"] + Bench.engineStrategies),
        Case(arguments: ["run", "--target-strategy", "nope"], mentions: ["'nope'", "--target-strategy"]),
        Case(arguments: ["compare", "only-one.json"], mentions: ["<head.json>"]),
        Case(arguments: ["compare"], mentions: ["<base.json>"]),
        Case(arguments: ["compare", "a.json", "b.json", "--threshold", "abc"], mentions: ["abc", "--threshold"]),
        Case(arguments: ["compare", "a.json", "b.json", "--format", "html"], mentions: ["html", "text", "markdown"]),
        Case(arguments: ["run", "--items", "0"], mentions: ["--items must be at least 1"]),
        Case(arguments: ["run", "--items", "0,1k"], mentions: ["--items must be at least 1"]),
        Case(arguments: ["tune", "--items", "0"], mentions: ["--items must be at least 1"]),
        Case(arguments: ["dump", "--columns", "0"], mentions: ["waterfall", "columns is 0"]),
        Case(
            arguments: ["run", "--layouts", "flow,waterfall", "--columns", "0"],
            mentions: ["waterfall", "columns is 0"]),
        Case(
            arguments: ["run", "--layouts", "flow,waterfall", "--viewport", "3x800"],
            mentions: ["waterfall", "viewport width is 3.0"]),
        Case(arguments: ["dump", "--layout", "waterfall", "--viewport", "4x800"], mentions: ["viewport width is 4.0"]),
        Case(arguments: ["dump", "--carousel-spacing", "-1000"], mentions: ["carousel", "spacing is -1000.0"]),
        Case(arguments: ["trace", "--viewport", "390x0"], mentions: ["--viewport", "the height is 0", "positive"]),
        Case(arguments: ["run", "--items-per-section", "0"], mentions: ["--items-per-section must be at least 1"]),
        Case(arguments: ["run", "--items-per-section", "1,0"], mentions: ["--items-per-section must be at least 1"]),
        Case(
            arguments: ["run", "--items-per-section", "10,10"],
            mentions: ["--items-per-section", "the count '10' is named twice"]),
        Case(arguments: ["run", "--items-per-section", "1,x"], mentions: ["1,x", "--items-per-section"]),
        Case(
            arguments: ["dump", "--items-per-section", "1,10"], mentions: ["--items-per-section takes one count here"]),
        Case(
            arguments: ["tune", "--items-per-section", "1,10"], mentions: ["--items-per-section takes one count here"]),
        // A number out of range says which one it is and the rule it breaks.
        Case(arguments: ["query", "--rect", "0,0,inf,inf"], mentions: ["--rect", "the width is inf", "finite"]),
        Case(arguments: ["query", "--rect", "nan,0,1,1"], mentions: ["--rect", "the x is nan", "finite"]),
        Case(arguments: ["query", "--rect", "0,0,1"], mentions: ["--rect", "x,y,width,height"]),
        Case(arguments: ["query", "--rect", "0,0,1,1", "--offset", "0,inf"], mentions: ["--offset", "the y is inf"]),
        Case(arguments: ["dump", "--offset", "nan,0"], mentions: ["--offset", "the x is nan", "finite"]),
        Case(arguments: ["dump", "--offset", "1,b"], mentions: ["--offset", "'b' is not a number"]),
        Case(
            arguments: ["dump", "--viewport", "1e308x1e308"], mentions: ["--viewport", "the width is 1e308", "at most"]),
        Case(arguments: ["dump", "--item-size", "1e13x1"], mentions: ["--item-size", "the width is 1e13", "at most"]),
        Case(arguments: ["dump", "--item-size", "50x0"], mentions: ["--item-size", "the height is 0", "positive"]),
        Case(
            arguments: ["dump", "--carousel-item-size", "0x50"],
            mentions: ["--carousel-item-size", "the width is 0", "positive"]),
        Case(arguments: ["dump", "--section-inset", "0,nan,0,0"], mentions: ["--section-inset", "the left is nan"]),
        Case(arguments: ["dump", "--section-inset=-1,0,0,0"], mentions: ["--section-inset", "the top is -1"]),
        Case(
            arguments: ["dump", "--section-inset", "0,x,0,0,0"], mentions: ["--section-inset", "top,left,bottom,right"]),
        Case(arguments: ["run", "--items", "10k,abc"], mentions: ["--items", "'abc' is not a count"]),
        Case(arguments: ["dump", "--items=-5"], mentions: ["--items", "cannot be negative"]),
        Case(arguments: ["dump", "--seed=-1"], mentions: ["--seed", "a whole number from 0"]),
        Case(arguments: ["native", "--rounds", "1000000000"], mentions: ["--rounds", "at most 1000"]),
        Case(arguments: ["native", "--queries", "1000000000000"], mentions: ["--queries", "at most 1000000"]),
        Case(arguments: ["floors", "--rounds", "1000000000"], mentions: ["--rounds", "at most 1000"]),
        Case(arguments: ["native", "--processes", "1000000"], mentions: ["--processes", "at most 1000"]),
        Case(arguments: ["floors", "--processes", "1000000"], mentions: ["--processes", "at most 1000"]),
    ]

    /// An option given twice is refused by every command alike: ArgumentParser kept the last value, so
    /// `--strategies a --strategies b` measured b alone and said nothing.
    static let repeatedOptionCases: [Case] = [
        ["run", "--strategies", "soa-binary-search", "--strategies", "interval-tree"],
        ["--layouts", "flow", "--layouts=waterfall"], ["dump", "--items", "5", "--items=6"],
        ["trace", "--seed", "1", "--seed", "2"],
        ["compare", "a.json", "b.json", "--threshold", "5", "--threshold", "6"],
        ["export", "r.json", "--format", "bmf", "--format", "influx"],
        ["summary", "r.json", "--readme", "a.md", "--readme", "b.md"],
        ["history", "show", "--database", "a.sqlite", "--database", "b.sqlite"],
    ].map { arguments in
        let option = arguments.first { $0.hasPrefix("--") }!.split(separator: "=")[0]
        return Case(arguments: arguments, mentions: ["\(option) is given twice", "comma-separated"])
    }

    /// Values every command that lays out a workload must refuse alike.
    static let everyCommandCases: [Case] =
        everyWorkloadCommand(["--viewport", "0x0"], mentions: ["--viewport", "the width is 0", "positive"])
        + everyWorkloadCommand(["--header-height", "nan"], mentions: ["--header-height is nan", "finite"])
        + everyWorkloadCommand(["--footer-height=-1"], mentions: ["--footer-height is -1", "not negative"])
        + everyWorkloadCommand(["--header-height", "1e13"], mentions: ["--header-height", "at most"])
        + everyWorkloadCommand(["--items", "0"], mentions: ["--items must be at least 1"], counted: false)

    /// Every command that lays out a workload (kept small, so a value let through ends soon rather than at the
    /// deadline), with `option`.
    static func everyWorkloadCommand(_ option: [String], mentions: [String], counted: Bool = true) -> [Case] {
        let items = counted ? ["--items", "100"] : []
        return [
            ["run", "--quick", "--quiet", "--layouts", "flow"] + items, ["tune", "--quiet"] + items, ["dump"] + items,
            ["query", "--rect", "0,0,10,10"] + items, ["trace"] + items, ["native", "--rounds", "6"] + items,
            ["floors", "--rounds", "6", "--layouts", "flow"] + items,
        ].map { Case(arguments: $0 + option, mentions: mentions) }
    }

    @Test(arguments: cases + everyCommandCases + repeatedOptionCases)
    func exitsWithUsageStatusAndSaysWhy(_ testCase: Case) throws {
        let outcome = try Bench.run(testCase.arguments, timeout: 20)
        #expect(outcome.status == 64, "\(outcome)")
        #expect(!outcome.crashed, "\(outcome)")
        for mention in testCase.mentions {
            #expect(outcome.standardError.contains(mention), "stderr lacks \(mention): \(outcome)")
        }
        // A usage error is refused before anything runs: nothing on standard output.
        #expect(outcome.standardOutput.isEmpty, "\(outcome)")
    }

    /// `--layout nope` is answered with the valid layouts, in one message.
    @Test func unknownLayoutListsEveryValidLayout() throws {
        let outcome = try Bench.run(["dump", "--layout", "nope"])
        #expect(outcome.status == 64)
        let line = try #require(outcome.standardError.split(separator: "\n").first { $0.contains("nope") })
        for layout in Self.validLayouts {
            #expect(line.contains("'\(layout)'"), "\(line)")
        }
    }

    @Test(arguments: [[], ["run"], ["dump"], ["query"], ["compare"], ["tune"]])
    func helpGoesToStandardOutputAndExitsZero(_ subcommand: [String]) throws {
        let outcome = try Bench.run(subcommand + ["--help"])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.standardOutput.contains("USAGE:"), "\(outcome)")
        #expect(outcome.standardOutput.contains("OPTIONS:"), "\(outcome)")
        #expect(outcome.standardError.isEmpty, "\(outcome)")
    }

    /// A file that holds nothing to measure or apply is a usage error whatever its kind, as a workload file of no
    /// items is: a trace of no frames exited 1.
    @Test(arguments: [
        (
            ["run", "--quick", "--quiet", "--layouts", "flow", "--trace"],
            #"{"framesPerSecond": 120, "viewport": [390, 844], "frames": []}"#, "holds no frames"
        ),
        (["dump", "--updates"], #"{"updates": []}"#, "holds no updates"),
        (["dump", "--updates"], #"{"updates": [{"batch": []}, {"batch": []}]}"#, "holds only empty batches"),
        (
            ["run", "--quick", "--quiet", "--layouts", "flow", "--workload"], #"{"sections": [{"itemSizes": []}]}"#,
            "holds no items"
        ),
        (["dump", "--workload"], #"{"sections": []}"#, "holds no items"),
    ])
    func aFileThatHoldsNothingIsAUsageErrorWhateverItsKind(command: [String], contents: String, reason: String)
        throws
    {
        let directory = try TemporaryDirectory()
        let file = try directory.write("empty.json", contents)
        let outcome = try Bench.run(command + [file])
        #expect(outcome.status == 64 && !outcome.crashed, "\(outcome)")
        #expect(outcome.standardError.contains(reason), "\(outcome)")
        #expect(outcome.standardOutput.isEmpty, "\(outcome)")
    }

    /// `--threshold` has one range, 0 to 1,000 percent, in the three commands that take it: `ab` refused 100,
    /// `compare` took 1e308 and `tune` refused 0.
    @Test(arguments: [["ab", "/bin/true", "/bin/true"], ["compare", "a.json", "b.json"], ["tune", "--quiet"]])
    func theThresholdHasOneRangeEverywhere(_ command: [String]) throws {
        for value in ["-1", "1001", "1e308", "nan", "inf"] {
            let outcome = try Bench.run(command + ["--threshold", value], timeout: 20)
            #expect(outcome.status == 64 && !outcome.crashed, "\(value): \(outcome)")
            #expect(outcome.standardError.contains("--threshold must be a percentage from 0 to 1000"), "\(outcome)")
        }
        let help = try Bench.run([command[0], "--help"])
        let words = help.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("(0 to 1000)"), "\(command[0]) --help gives the range: \(help)")
    }

    /// `ab --help` offers the measures `ab` takes, not `run`'s `time,instructions`, which it refused.
    @Test func abHelpOffersOnlyTheMeasuresItTakes() throws {
        let help = try Bench.run(["ab", "--help"])
        #expect(help.status == 0, "\(help)")
        #expect(help.standardOutput.contains("--measure <time|instructions>"), "\(help)")
        #expect(!help.standardOutput.contains("time,instructions"), "\(help)")
    }

    /// The common options of docs/DESIGN.md section 6 are there on every layout-taking subcommand.
    @Test(arguments: ["run", "dump", "query", "tune"])
    func helpListsTheCommonOptions(_ subcommand: String) throws {
        let outcome = try Bench.run([subcommand, "--help"])
        #expect(outcome.status == 0)
        for option in ["--items", "--seed", "--viewport", "--workload", "--columns", "--align", "--scroll-direction"] {
            #expect(outcome.standardOutput.contains(option), "\(subcommand) --help lacks \(option)")
        }
    }
}
