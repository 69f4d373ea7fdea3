import Testing

/// Layout parameters that parse but that a layout refuses: the layout's typed error (`LayoutError`), printed as
/// `Error: …`, naming the parameter, never a crash: a usage error (64) found before anything runs, as other
/// options out of range are (issue 12: `dump --columns 0` exited 1). The same on every subcommand that builds the
/// layout.
@Suite struct LayoutParameterErrorTests {
    @Test(arguments: [
        ["dump", "--layout", "waterfall"],
        ["query", "--layout", "waterfall", "--rect", "0,0,390,844"],
        ["run", "--quick", "--quiet", "--items", "200", "--layouts", "waterfall"],
        ["tune", "--quiet", "--layout", "waterfall", "--items", "200"],
    ])
    func zeroColumnsIsATypedErrorNamingColumns(_ arguments: [String]) throws {
        let directory = try TemporaryDirectory()
        let outcome = try Bench.run(arguments + ["--columns", "0"], in: directory.url, timeout: 20)
        #expect(outcome.status == 64, "\(outcome)")
        #expect(!outcome.crashed, "\(outcome)")
        #expect(outcome.standardError.contains("columns is 0"), "\(outcome)")
        #expect(outcome.standardError.contains("1 to"), "the message should give the valid range: \(outcome)")
        #expect(try directory.contents().isEmpty)
    }

    /// Every command that lays out a waterfall, kept small.
    static let waterfallCommands: [[String]] = [
        ["dump", "--layout", "waterfall"],
        ["query", "--layout", "waterfall", "--rect", "0,0,390,844"],
        ["trace", "--layout", "waterfall", "--items", "100"],
        ["run", "--quick", "--quiet", "--items", "100", "--layouts", "waterfall"],
        ["tune", "--quiet", "--layout", "waterfall", "--items", "100"],
        ["native", "--layouts", "waterfall", "--items", "100", "--rounds", "6"],
        ["floors", "--layouts", "waterfall", "--items", "100", "--rounds", "6"],
    ]

    /// Padding that leaves a column no room for a photo (twice the padding as wide as the column) would place
    /// photos of no width outside the content: every command refuses it, with the reason, before it lays out.
    @Test(arguments: waterfallCommands)
    func paddingThatLeavesNoRoomForAPhotoIsRefused(_ arguments: [String]) throws {
        let directory = try TemporaryDirectory()
        let outcome = try Bench.run(arguments + ["--cell-padding", "1000000"], in: directory.url, timeout: 20)
        #expect(outcome.status == 64, "\(outcome)")
        #expect(!outcome.crashed, "\(outcome)")
        #expect(outcome.standardError.contains("cellPadding is 1000000.0"), "\(outcome)")
        #expect(outcome.standardError.contains("no width"), "the reason: \(outcome)")
        #expect(outcome.standardOutput.isEmpty, "\(outcome)")
        #expect(try directory.contents().isEmpty)
    }

    /// The limit is the column: 390 points in 2 columns of 195, a padding of 97 leaves photos 1 point wide.
    @Test func paddingJustInsideTheColumnIsLaidOut() throws {
        let outcome = try Bench.run(
            ["dump", "--layout", "waterfall", "--items", "4", "--cell-padding", "97", "--viewport", "390x844"],
            timeout: 20)
        #expect(outcome.status == 0, "\(outcome)")
        let cells = try Bench.jsonLines(outcome.standardOutput).map { try Element($0) }.filter { $0.kind == "cell" }
        #expect(cells.count == 4 && cells.allSatisfy { $0.width == 1 }, "\(outcome)")
    }

    /// Runs turn the viewport (a warm prepare alternates portrait and landscape, the built-in trace rotates once),
    /// so every command checks it both ways up before anything runs: 800 x 3 is a waterfall 3 points wide turned.
    @Test(arguments: waterfallCommands)
    func viewportTooNarrowOnceTurnedIsRefused(_ arguments: [String]) throws {
        let directory = try TemporaryDirectory()
        let outcome = try Bench.run(arguments + ["--viewport", "800x3"], in: directory.url, timeout: 20)
        #expect(outcome.status == 64, "\(outcome)")
        #expect(!outcome.crashed, "\(outcome)")
        #expect(outcome.standardError.contains("viewport width is 3.0"), "\(outcome)")
        #expect(outcome.standardOutput.isEmpty, "\(outcome)")
        #expect(try directory.contents().isEmpty)
    }

    @Test func tooManyColumnsIsRefused() throws {
        let outcome = try Bench.run(["dump", "--layout", "waterfall", "--columns", "1000000"], timeout: 20)
        #expect(outcome.status == 64, "\(outcome)")
        #expect(outcome.standardError.contains("columns is 1000000"), "\(outcome)")
    }

    /// A spacing so negative that each item would start at or before the one before: refused, and the message says
    /// why. Negative spacing as such is allowed (`--help`: "negative overlaps them"), so "lengths must be … not
    /// negative" is the wrong reason.
    @Test func carouselSpacingThatStopsItemsAdvancingIsRefusedWithTheReason() throws {
        let outcome = try Bench.run(
            ["dump", "--layout", "carousel", "--items", "3", "--carousel-spacing=-1000"], timeout: 20)
        #expect(outcome.status == 64, "\(outcome)")
        #expect(!outcome.crashed, "\(outcome)")
        #expect(outcome.standardError.contains("spacing"), "\(outcome)")
        #expect(outcome.standardError.contains("-1000"), "\(outcome)")
        #expect(
            !outcome.standardError.contains("not negative"),
            "a negative spacing is allowed; the reason is that items would not advance: \(outcome)")
        #expect(
            outcome.standardError.localizedCaseInsensitiveContains("advance")
                || outcome.standardError.localizedCaseInsensitiveContains("overlap"), "\(outcome)")
    }

    @Test func modestlyNegativeCarouselSpacingOverlapsItems() throws {
        let outcome = try Bench.run(
            ["dump", "--layout", "carousel", "--items", "3", "--carousel-spacing=-50"], timeout: 20)
        #expect(outcome.status == 0, "\(outcome)")
        let elements = try Bench.jsonLines(outcome.standardOutput).map { try Element($0) }
        #expect(elements.count == 3)
        #expect(zip(elements, elements.dropFirst()).allSatisfy { $0.x < $1.x }, "items must advance")
    }

    /// A scale is a fraction 0…1, not a length; the message should name the option the user typed or at least the
    /// range, not "lengths must be finite, not negative and at most 1000000000000.0".
    @Test(arguments: [["--side-item-scale", "2"], ["--side-item-alpha", "1.5"]])
    func sideItemFractionOutOfRangeIsRefusedWithItsRange(_ option: [String]) throws {
        let outcome = try Bench.run(["dump", "--layout", "carousel", "--items", "3"] + option, timeout: 20)
        #expect(outcome.status == 64, "\(outcome)")
        #expect(!outcome.crashed, "\(outcome)")
        #expect(
            outcome.standardError.contains(option[1]) || outcome.standardError.contains("\(option[1]).0"), "\(outcome)")
        #expect(outcome.standardError.contains("0") && outcome.standardError.contains("1"), "\(outcome)")
        #expect(!outcome.standardError.contains("lengths must be"), "a scale or alpha is not a length: \(outcome)")
    }

    @Test(arguments: [
        ["--interitem-spacing", "nan"],
        ["--line-spacing", "inf"],
        ["--cell-padding", "nan"],
        ["--header-height", "nan"],
        ["--section-inset", "nan,0,0,0"],
    ])
    func nonFiniteLengthIsRefused(_ option: [String]) throws {
        let layout = option[0] == "--cell-padding" ? "waterfall" : "flow"
        let outcome = try Bench.run(["dump", "--layout", layout, "--items", "10"] + option, timeout: 20)
        #expect(outcome.status == 64, "\(outcome)")
        #expect(!outcome.crashed, "\(outcome)")
        #expect(outcome.standardError.hasPrefix("Error: "), "\(outcome)")
        #expect(outcome.standardOutput.isEmpty, "\(outcome)")
    }
}
