import Tessera
import Testing

/// Cell frames of a vertical flow layout against numbers worked out by hand (UIKit's flow semantics as in
/// docs/DESIGN.md §5 "Flow"). Unless said otherwise: viewport 390 × 844, both spacings 10, no insets, centre
/// alignment. Every expected value is an exact binary fraction, so frames are compared with `==`.
@Suite("Flow layout: cell frames")
struct FlowLayoutFrameTests {
    static let square = Size(width: 50, height: 50)

    /// Lays out one section of `itemSizes` with `configuration` and expects its cells at `frames` and the content
    /// `contentHeight` tall (and the viewport's 390 wide).
    static func expectCells(
        _ itemSizes: ItemSizes, _ configuration: FlowLayout.Configuration = .init(), at frames: [Rect],
        contentHeight: Double, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let layout = try preparedFlow([LayoutSection(itemSizes: itemSizes)], configuration)
        #expect(cellFrames(layout, section: 0) == frames, sourceLocation: sourceLocation)
        #expect(layout.contentSize == Size(width: 390, height: contentHeight), sourceLocation: sourceLocation)
    }

    @Test("full lines are justified: 6 items of 50 in 390 leave 40, shared by 5 gaps of 10 + 8 = 18")
    func justifiedFullLines() throws {
        // Fit: 50n + 10(n − 1) ≤ 390 ⇔ n ≤ 6.67 → 6 a line. used = 6·50 + 5·10 = 350, leftover 40, gap 10 + 40/5 = 18.
        // x = 0, 68, 136, 204, 272, 340. Lines at y = 0, 60 (50 + line spacing 10), 120.
        let layout = try preparedFlow([LayoutSection(itemSizes: .uniform(Self.square, count: 14))])
        let frames = cellFrames(layout, section: 0)
        try #require(frames.count == 14)
        let columns: [Double] = [0, 68, 136, 204, 272, 340]
        for item in 0..<12 {
            #expect(
                frames[item] == Rect(x: columns[item % 6], y: Double(item / 6) * 60, width: 50, height: 50),
                "item \(item)")
        }
        // Last line: 2 real items, then copies of the last while they fit → 6 columns as above.
        #expect(frames[12] == Rect(x: 0, y: 120, width: 50, height: 50))
        #expect(frames[13] == Rect(x: 68, y: 120, width: 50, height: 50))
        // 3 lines of 50 and 2 line spacings of 10.
        #expect(layout.contentSize == Size(width: 390, height: 170))
    }

    @Test("a short last line keeps the grid's columns", arguments: 7...12)
    func shortLastLineKeepsColumns(count: Int) throws {
        // The first line has 6 items; the second has count − 6 of them, which must sit in the first line's columns.
        let frames = cellFrames(
            try preparedFlow([LayoutSection(itemSizes: .uniform(Self.square, count: count))]), section: 0)
        try #require(frames.count == count)
        for item in 6..<count {
            #expect(frames[item].minX == frames[item - 6].minX, "item \(item)")
            #expect(frames[item].minY == 60)
        }
    }

    @Test("a short last line keeps the grid's columns exactly, whatever the widths and spacing")
    func shortLastLineKeepsColumnsExactly() throws {
        // Reproduction: items 85.41767470066986 wide, spacing 14.915635145254026, viewport 585.5013767933981,
        // 7 items: 5 a line; item 6 (second of the last line) must sit exactly where item 1 sits.
        let frames = cellFrames(
            try preparedFlow(
                [LayoutSection(itemSizes: .uniform(Size(width: 85.41767470066986, height: 10), count: 7))],
                FlowLayout.Configuration(minimumInteritemSpacing: 14.915635145254026),
                viewport: Size(width: 585.5013767933981, height: 800)
            ),
            section: 0
        )
        try #require(frames.count == 7)
        #expect(frames[5].minX == frames[0].minX)
        #expect(frames[6].minX == frames[1].minX, "item 6 at \(frames[6].minX), item 1 at \(frames[1].minX)")

        // And over seeded random grids.
        var rng = SplitMix64(seed: 1)
        var mismatches: [String] = []
        var grids = 0
        while grids < 300 {
            let width = rng.double(1...150)
            let spacing = rng.double(0...20)
            let viewport = rng.double(100...600)
            let perLine = Int(((viewport + spacing) / (width + spacing)).rounded(.down))
            guard perLine >= 2 else { continue }
            grids += 1
            let count = perLine + rng.int(1...(perLine - 1))
            let frames = cellFrames(
                try preparedFlow(
                    [LayoutSection(itemSizes: .uniform(Size(width: width, height: 10), count: count))],
                    FlowLayout.Configuration(minimumInteritemSpacing: spacing),
                    viewport: Size(width: viewport, height: 800)
                ),
                section: 0
            )
            let firstLine = frames.prefix { $0.minY == 0 }.count
            for item in firstLine..<count where frames[item].minX != frames[item - firstLine].minX {
                mismatches.append(
                    "width \(width), spacing \(spacing), viewport \(viewport), \(count) items: item \(item) at \(frames[item].minX), column at \(frames[item - firstLine].minX)"
                )
                break
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) of 300 grids: \(mismatches.prefix(3))")
    }

    @Test("the last line continues with virtual copies of its last item, not of the others")
    func lastLineUsesLastItemForCopies() throws {
        // Line 1: six 50s (as above). Line 2: [100, 50]: used 160; copies of 50 (step 60): (390 − 160)/60 = 3.83 → 3,
        // so 5 items using 340; leftover 50 over 4 gaps → gap 10 + 12.5 = 22.5. x = 0 and 100 + 22.5 = 122.5.
        let sizes = Array(repeating: Self.square, count: 6) + [Size(width: 100, height: 50), Self.square]
        let frames = cellFrames(try preparedFlow([LayoutSection(itemSizes: .list(sizes))]), section: 0)
        try #require(frames.count == 8)
        #expect(frames[6] == Rect(x: 0, y: 60, width: 100, height: 50))
        #expect(frames[7] == Rect(x: 122.5, y: 60, width: 50, height: 50))
    }

    @Test("a lone narrow item is the first column of a virtual grid, not centred")
    func loneNarrowItemStartsTheGrid() throws {
        // One 100-wide item: copies (step 110): (390 − 100)/110 = 2.6 → 2, so 3 columns; it sits at x = 0.
        let frames = cellFrames(
            try preparedFlow([LayoutSection(itemSizes: .uniform(Size(width: 100, height: 40), count: 1))]), section: 0)
        #expect(frames == [Rect(x: 0, y: 0, width: 100, height: 40)])
    }

    @Test("a lone item whose virtual count is one is centred")
    func loneWideItemIsCentred() throws {
        // One 200-wide item: a copy needs 200 + 10 + 200 = 410 > 390, so the count is 1: x = (390 − 200)/2 = 95.
        try Self.expectCells(
            .uniform(Size(width: 200, height: 40), count: 1), at: [Rect(x: 95, y: 0, width: 200, height: 40)],
            contentHeight: 40)
    }

    @Test("a line of one item (the next does not fit) is centred, and so is a last line of virtual count one")
    func singleItemLinesAreCentred() throws {
        // [200, 250]: 200 + 10 + 250 = 460 > 390, so two lines. Line 1 = [200], not last, one item → x = 95.
        // Line 2 = [250], last, a copy would need 510 → count 1 → x = (390 − 250)/2 = 70, at y = 40 + 10.
        let sizes = [Size(width: 200, height: 40), Size(width: 250, height: 30)]
        let frames = cellFrames(try preparedFlow([LayoutSection(itemSizes: .list(sizes))]), section: 0)
        #expect(frames == [Rect(x: 95, y: 0, width: 200, height: 40), Rect(x: 70, y: 50, width: 250, height: 30)])
    }

    @Test("an item exactly as wide as the line starts at the inset")
    func itemAsWideAsTheLine() throws {
        let frames = cellFrames(
            try preparedFlow([LayoutSection(itemSizes: .uniform(Size(width: 390, height: 20), count: 2))]), section: 0)
        #expect(frames == [Rect(x: 0, y: 0, width: 390, height: 20), Rect(x: 0, y: 30, width: 390, height: 20)])
    }

    /// A section with an item wider than the line, at a section inset, and where its cells sit.
    struct WideItem: Sendable, CustomTestStringConvertible {
        var inset: EdgeInsets
        var sizes: [Size]
        var frames: [Rect]
        var contentHeight: Double

        var testDescription: String { inset == .zero ? "no insets" : "insets \(inset)" }
    }

    static let wideItems = [
        // [50×50, 500×30, 50×50, 50×50]. Line 1 = [50] (50 + 10 + 500 > 390), one item, centred: x = 170, y 0…50.
        // Line 2 = [500] alone, wider than 390: x = 0, y = 60. Line 3 = [50, 50], last: 6 virtual columns, gap 18,
        // y = 60 + 30 + 10 = 100. Content height 150.
        WideItem(
            inset: .zero, sizes: [square, Size(width: 500, height: 30), square, square],
            frames: [
                Rect(x: 170, y: 0, width: 50, height: 50),
                Rect(x: 0, y: 60, width: 500, height: 30),
                Rect(x: 0, y: 100, width: 50, height: 50),
                Rect(x: 68, y: 100, width: 50, height: 50),
            ], contentHeight: 150),
        // Insets top 5, left 20, bottom 7, right 30: available = 390 − 50 = 340.
        // Line 1 = [500×30] at x = 20, y = 5. Line 2 at y = 5 + 30 + 10 = 45: [50, 50], last; copies (step 60):
        // (340 − 110)/60 = 3.83 → 3, count 5, used 290, leftover 50, gap 10 + 12.5 = 22.5: x = 20, 92.5.
        // Content height 45 + 50 + 7 = 102.
        WideItem(
            inset: EdgeInsets(top: 5, left: 20, bottom: 7, right: 30),
            sizes: [Size(width: 500, height: 30), square, square],
            frames: [
                Rect(x: 20, y: 5, width: 500, height: 30),
                Rect(x: 20, y: 45, width: 50, height: 50),
                Rect(x: 92.5, y: 45, width: 50, height: 50),
            ], contentHeight: 102),
    ]

    @Test(
        "an item wider than the line sits alone at the left inset; the items around it take lines of their own",
        arguments: wideItems)
    func itemWiderThanTheLine(_ wide: WideItem) throws {
        try Self.expectCells(
            .list(wide.sizes), FlowLayout.Configuration(sectionInset: wide.inset), at: wide.frames,
            contentHeight: wide.contentHeight)
    }

    @Test("section insets shrink the line and offset it")
    func sectionInsets() throws {
        let inset = EdgeInsets(top: 5, left: 20, bottom: 7, right: 30)
        // available = 340: 50n + 10(n − 1) ≤ 340 → 5 a line, used 290, leftover 50, gap 22.5.
        // x = 20, 92.5, 165, 237.5, 310. Lines at y = 5 and 65. 7 items: last line [50, 50] keeps the columns.
        // Content height 5 + 50 + 10 + 50 + 7 = 122.
        let columns: [Double] = [20, 92.5, 165, 237.5, 310]
        try Self.expectCells(
            .uniform(Self.square, count: 7), FlowLayout.Configuration(sectionInset: inset),
            at: (0..<7).map { Rect(x: columns[$0 % 5], y: $0 < 5 ? 5 : 65, width: 50, height: 50) }, contentHeight: 122)
    }

    @Test("lines are minimumLineSpacing apart, measured from the tallest item of the line")
    func lineSpacing() throws {
        // Line spacing 25: lines of 6 at y = 0, 75, 150; content 200.
        let spaced = try preparedFlow(
            [LayoutSection(itemSizes: .uniform(Self.square, count: 13))],
            FlowLayout.Configuration(minimumLineSpacing: 25))
        let frames = cellFrames(spaced, section: 0)
        #expect(frames.map(\.minY) == Array(repeating: 0, count: 6) + Array(repeating: 75, count: 6) + [150])
        #expect(spaced.contentSize.height == 200)

        // Line 1 has an 80-tall item: it is 80 thick; line 2 starts at 80 + 10 = 90. The 50-tall items of line 1
        // are centred in it: y = 15.
        let sizes = [Self.square, Size(width: 50, height: 80)] + Array(repeating: Self.square, count: 5)
        let mixed = cellFrames(try preparedFlow([LayoutSection(itemSizes: .list(sizes))]), section: 0)
        #expect(mixed[0] == Rect(x: 0, y: 15, width: 50, height: 50))
        #expect(mixed[1] == Rect(x: 68, y: 0, width: 50, height: 80))
        #expect(mixed[6] == Rect(x: 0, y: 90, width: 50, height: 50))
    }

    @Test("interitem spacing is the smallest gap: a line takes an item only if it fits with the spacing")
    func interitemSpacing() throws {
        // Spacing 20, items 50: 50n + 20(n − 1) ≤ 390 ⇔ n ≤ 5.86 → 5, used 330, leftover 60, gap 20 + 15 = 35.
        let frames = cellFrames(
            try preparedFlow(
                [LayoutSection(itemSizes: .uniform(Self.square, count: 5))],
                FlowLayout.Configuration(minimumInteritemSpacing: 20)), section: 0)
        #expect(frames.map(\.minX) == [0, 85, 170, 255, 340])
        // Exactly fitting: 6 items of 60 with spacing 6 use 360 + 30 = 390: one line, gaps of exactly 6.
        let exact = cellFrames(
            try preparedFlow(
                [LayoutSection(itemSizes: .uniform(Size(width: 60, height: 10), count: 7))],
                FlowLayout.Configuration(minimumInteritemSpacing: 6)), section: 0)
        #expect(exact.prefix(6).map(\.minX) == [0, 66, 132, 198, 264, 330])
        #expect(exact[6] == Rect(x: 0, y: 20, width: 60, height: 10))
    }

    @Test("alignment within a line of mixed heights", arguments: FlowLayout.LineAlignment.allCases)
    func alignment(_ alignment: FlowLayout.LineAlignment) throws {
        // Line 1: six 50×50 (y 0…50, identical for every alignment). Line 2 at y = 60: heights 20, 60, 40 (width 50),
        // last line: used 170, 3 copies → 6 columns, gap 18: x = 0, 68, 136. Line thickness 60.
        // top: y = 60, 60, 60. centre: 60 + 20, 60 + 0, 60 + 10. bottom: 60 + 40, 60 + 0, 60 + 20.
        let sizes = Array(repeating: Self.square, count: 6) + [20, 60, 40].map { Size(width: 50, height: $0) }
        let layout = try preparedFlow(
            [LayoutSection(itemSizes: .list(sizes))], FlowLayout.Configuration(alignment: alignment))
        let frames = cellFrames(layout, section: 0)
        try #require(frames.count == 9)
        #expect(frames.prefix(6).allSatisfy { $0.minY == 0 && $0.maxY == 50 })
        let expectedY: [Double] =
            switch alignment {
            case .top: [60, 60, 60]
            case .center: [80, 60, 70]
            case .bottom: [100, 60, 80]
            }
        #expect(frames[6...].map(\.minY) == expectedY)
        #expect(frames[6...].map(\.minX) == [0, 68, 136])
        #expect(frames[6...].map(\.height) == [20, 60, 40])
        #expect(layout.contentSize == Size(width: 390, height: 120))
    }

    @Test("items taller than the viewport make a line as tall as they are")
    func itemTallerThanTheViewport() throws {
        let sizes = [Size(width: 50, height: 2000), Self.square]
        let frames = cellFrames(
            try preparedFlow([LayoutSection(itemSizes: .list(sizes))], FlowLayout.Configuration(alignment: .bottom)),
            section: 0)
        // One line (6 virtual columns): x = 0, 68; bottom-aligned in a 2000-thick line.
        #expect(frames == [Rect(x: 0, y: 0, width: 50, height: 2000), Rect(x: 68, y: 1950, width: 50, height: 50)])
    }
}
