import Tessera
import Testing

/// The Pinterest waterfall, frames worked out by hand: shortest column first (lowest index on a tie), photos inset
/// by the padding inside their column, sections stacked from the tallest column with their header inset 4 from the
/// left and columns starting under it.
@Suite("Waterfall layout")
struct WaterfallLayoutTests {
    static func items(_ heights: [Double]) -> ItemSizes {
        .list(heights.map { Size(width: 123, height: $0) })  // widths are ignored: columns set them
    }

    static func header(_ section: Int, _ frame: Rect) -> Hit { Hit(.header(section), frame) }
    static func cell(_ section: Int, _ item: Int, _ frame: Rect) -> Hit {
        Hit(.cell(section: section, item: item), frame)
    }

    @Test("three sections: shortest column first, padding inset, headers inset 4, each section from the tallest column")
    func threeSections() throws {
        // Viewport 300 wide, 3 columns of 300 / 3 = 100, padding 4: a photo is 100 − 2·4 = 92 wide at column x + 4.
        let algorithm = try WaterfallLayout(
            sections: [
                LayoutSection(itemSizes: Self.items([100, 50, 80, 30, 60, 10])),  // header 50 from the configuration
                LayoutSection(itemSizes: Self.items([20, 20]), headerHeight: 0),  // no header
                LayoutSection(itemSizes: Self.items([40]), headerHeight: 30),
            ],
            configuration: .init(columns: 3, cellPadding: 4, headerHeight: 50)
        )
        let layout = try prepared(algorithm, viewport: Size(width: 300, height: 500))
        let expected = [
            // Section 0. Header (4, 0, 300 − 4, 50); every column ends at 50.
            Self.header(0, Rect(x: 4, y: 0, width: 296, height: 50)),
            // Ends [50, 50, 50], a tie: column 0. Frame (0 + 4, 50 + 4, 92, 100); column 0 ends at 50 + 100 + 2·4 = 158.
            Self.cell(0, 0, Rect(x: 4, y: 54, width: 92, height: 100)),
            // Ends [158, 50, 50]: column 1 (the lower index of the tie). (104, 54); ends at 50 + 50 + 8 = 108.
            Self.cell(0, 1, Rect(x: 104, y: 54, width: 92, height: 50)),
            // Ends [158, 108, 50]: column 2. (204, 54); ends at 50 + 80 + 8 = 138.
            Self.cell(0, 2, Rect(x: 204, y: 54, width: 92, height: 80)),
            // Ends [158, 108, 138]: column 1. (104, 108 + 4); ends at 108 + 30 + 8 = 146.
            Self.cell(0, 3, Rect(x: 104, y: 112, width: 92, height: 30)),
            // Ends [158, 146, 138]: column 2. (204, 138 + 4); ends at 138 + 60 + 8 = 206.
            Self.cell(0, 4, Rect(x: 204, y: 142, width: 92, height: 60)),
            // Ends [158, 146, 206]: column 1. (104, 146 + 4); ends at 146 + 10 + 8 = 164.
            Self.cell(0, 5, Rect(x: 104, y: 150, width: 92, height: 10)),
            // Section 1 starts at the tallest column, 206; no header, so the columns start at 206.
            // Tie: column 0 (4, 210), ends 206 + 20 + 8 = 234; then column 1 (104, 210), ends 234.
            Self.cell(1, 0, Rect(x: 4, y: 210, width: 92, height: 20)),
            Self.cell(1, 1, Rect(x: 104, y: 210, width: 92, height: 20)),
            // Section 2 starts at the tallest column, 234: header (4, 234, 296, 30); columns start at 264.
            Self.header(2, Rect(x: 4, y: 234, width: 296, height: 30)),
            // Column 0: (4, 264 + 4, 92, 40); ends at 264 + 40 + 8 = 312.
            Self.cell(2, 0, Rect(x: 4, y: 268, width: 92, height: 40)),
        ]
        #expect(laidOut(layout) == expected)
        // Content height = the tallest column of the last section: max(312, 264, 264) = 312; width = the viewport's.
        #expect(layout.contentSize == Size(width: 300, height: 312))
        #expect(layout.attributesForSupplementary(kind: .header, section: 1) == nil)
        #expect(
            layout.attributesForSupplementary(kind: .header, section: 2)?.frame
                == Rect(x: 4, y: 234, width: 296, height: 30))
        #expect(layout.attributesForItem(section: 0, item: 5)?.frame == Rect(x: 104, y: 150, width: 92, height: 10))
    }

    @Test("a tie goes to the lowest column index")
    func tie() throws {
        // 200 wide, 2 columns of 100, padding 4, no header. Items 40, 40, 10:
        // item 0 → column 0 (4, 4), ends 0 + 40 + 8 = 48; item 1 → column 1 (104, 4), ends 48;
        // item 2: ends [48, 48], a tie → column 0 (4, 48 + 4); ends 48 + 10 + 8 = 66.
        let layout = try prepared(
            try WaterfallLayout(
                sections: [LayoutSection(itemSizes: Self.items([40, 40, 10]))],
                configuration: .init(columns: 2, headerHeight: 0)),
            viewport: Size(width: 200, height: 400)
        )
        #expect(
            laidOut(layout) == [
                Self.cell(0, 0, Rect(x: 4, y: 4, width: 92, height: 40)),
                Self.cell(0, 1, Rect(x: 104, y: 4, width: 92, height: 40)),
                Self.cell(0, 2, Rect(x: 4, y: 52, width: 92, height: 10)),
            ])
        // The tallest column: 66 (column 1 ends at 48).
        #expect(layout.contentSize == Size(width: 200, height: 66))
    }

    @Test("a long photo sends the next ones to the other columns; content height is the tallest column")
    func tallestColumn() throws {
        // 390 wide, 2 columns of 195, padding 0, header 0. Photo 0 is 1000 tall (column 0: 0…1000); the next 5
        // (100 each) go to column 1 (0…500); content height 1000, not the last item's bottom (500).
        let layout = try prepared(
            try WaterfallLayout(
                sections: [LayoutSection(itemSizes: Self.items([1000, 100, 100, 100, 100, 100]))],
                configuration: .init(columns: 2, cellPadding: 0, headerHeight: 0)
            )
        )
        let frames = laidOut(layout).map(\.frame)
        #expect(
            frames == [Rect(x: 0, y: 0, width: 195, height: 1000)]
                + (0..<5).map { Rect(x: 195, y: Double($0) * 100, width: 195, height: 100) })
        #expect(layout.contentSize == Size(width: 390, height: 1000))
        // A band at y 700…710 meets the long photo only.
        #expect(
            try answerIDs(layout, in: Rect(x: 0, y: 700, width: 390, height: 10), offset: .zero) == [
                .cell(section: 0, item: 0)
            ])
    }

    @Test("header heights: the configuration's, a section's own, 0 for none; an empty section is just its header")
    func headers() throws {
        // Configuration header 0; section 0 asks for 20; section 1 (empty) takes the configuration's 0; section 2
        // (empty) asks for 35; section 3 asks for 0 explicitly. Viewport 100, one column of 100, padding 2.
        let layout = try prepared(
            try WaterfallLayout(
                sections: [
                    LayoutSection(itemSizes: Self.items([10]), headerHeight: 20),
                    LayoutSection(itemSizes: .list([])),
                    LayoutSection(itemSizes: .list([]), headerHeight: 35),
                    LayoutSection(itemSizes: Self.items([5]), headerHeight: 0),
                ],
                configuration: .init(columns: 1, cellPadding: 2, headerHeight: 0)
            ),
            viewport: Size(width: 100, height: 300)
        )
        // Section 0: header (4, 0, 96, 20); photo (2, 22, 96, 10), column ends 20 + 10 + 4 = 34.
        // Section 1: nothing, the column stays at 34. Section 2: header (4, 34, 96, 35), column at 69.
        // Section 3: photo (2, 71, 96, 5), column ends 69 + 5 + 4 = 78.
        #expect(
            laidOut(layout) == [
                Self.header(0, Rect(x: 4, y: 0, width: 96, height: 20)),
                Self.cell(0, 0, Rect(x: 2, y: 22, width: 96, height: 10)),
                Self.header(2, Rect(x: 4, y: 34, width: 96, height: 35)),
                Self.cell(3, 0, Rect(x: 2, y: 71, width: 96, height: 5)),
            ])
        #expect(layout.contentSize == Size(width: 100, height: 78))
        #expect(layout.algorithm.elementCount == 4)
    }

    @Test("an empty section with a header still ends below the header; no sections give no content")
    func emptyContent() throws {
        let headerOnly = try prepared(try WaterfallLayout(sections: [LayoutSection(itemSizes: .list([]))]))
        // Header 50 by default at (4, 0, 390 − 4, 50); the columns start at 50, the tallest is 50.
        #expect(laidOut(headerOnly) == [Self.header(0, Rect(x: 4, y: 0, width: 386, height: 50))])
        #expect(headerOnly.contentSize == Size(width: 390, height: 50))
        let nothing = try prepared(try WaterfallLayout(sections: []))
        #expect(nothing.store.count == 0)
        #expect(nothing.contentSize == Size(width: 390, height: 0))
    }

    @Test(
        "zero columns, or more than the maximum, are refused with countOutOfRange",
        arguments: [0, -1, WaterfallLayout.maximumColumns + 1])
    func columnsOutOfRange(columns: Int) throws {
        let error = layoutError { _ = try WaterfallLayout(sections: [], configuration: .init(columns: columns)) }
        #expect(error == .countOutOfRange(name: "columns", value: columns, range: 1...WaterfallLayout.maximumColumns))
    }

    @Test("a negative padding or header height is refused")
    func badParameters() throws {
        #expect(
            layoutError { _ = try WaterfallLayout(sections: [], configuration: .init(cellPadding: -1)) }
                == .invalidParameter(name: "cellPadding", value: -1))
        #expect(
            layoutError { _ = try WaterfallLayout(sections: [], configuration: .init(headerHeight: -2)) }
                == .invalidParameter(name: "headerHeight", value: -2))
    }

    @Test("no effects: zIndex 0, alpha 1, no transform, and a scroll invalidates nothing")
    func noEffects() throws {
        let layout = try prepared(
            try WaterfallLayout(sections: [LayoutSection(itemSizes: Self.items([100, 200, 300]))]))
        var visible = VisibleElements()
        try layout.attributes(
            in: Rect(x: 0, y: -100, width: 390, height: 844), contentOffset: Point(x: 0, y: -100), into: &visible)
        #expect(visible.count == 4)
        for position in 0..<visible.count {
            let attributes = layout.attributes(of: visible, at: position)
            #expect(
                attributes.zIndex == 0 && attributes.effect == .none && attributes.displayedFrame == attributes.frame)
        }
        #expect(
            layout.shouldInvalidate(forBoundsChange: Rect(x: 0, y: 500, width: 390, height: 844)) == Invalidation.none)
        #expect(layout.shouldInvalidate(forBoundsChange: Rect(x: 0, y: 500, width: 844, height: 390)) == .layout)
    }
}
