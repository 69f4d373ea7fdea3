import Tessera
import Testing

/// Horizontal scrolling: the same arithmetic with the axes swapped. Lines become columns stacking along x, items
/// pack down a column along y, a header is a full-height column `headerHeight` wide. Viewport 300 × 400.
@Suite("Flow layout: horizontal scrolling")
struct FlowHorizontalTests {
    static let viewport = Size(width: 300, height: 400)
    static let horizontal = FlowLayout.Configuration(scrollDirection: .horizontal)

    /// Seven items, 50 along the scroll axis by 60 across, between a 40-point header and a 30-point footer, laid out
    /// with `configuration` in the 300 × 400 viewport.
    static func sevenItems(_ configuration: FlowLayout.Configuration) throws
        -> CollectionLayout<FlowLayout, SoABinarySearchIndex>
    {
        try preparedFlow(
            [.init(itemSizes: .uniform(Size(width: 50, height: 60), count: 7), headerHeight: 40, footerHeight: 30)],
            configuration, viewport: viewport)
    }

    /// Expects `sevenItems`' header as a full-height column at x = 0, its items in two columns at `columns` (five
    /// at `rows`, then two), its footer as a full-height column at `footer`, and the content `contentWidth` long.
    static func expectColumns(
        _ layout: CollectionLayout<FlowLayout, SoABinarySearchIndex>, at columns: [Double], rows: [Double],
        footer: Double, contentWidth: Double, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let cells = (0..<7).map { Rect(x: columns[$0 / 5], y: rows[$0 % 5], width: 50, height: 60) }
        #expect(
            supplementaryFrame(layout, .header, section: 0) == Rect(x: 0, y: 0, width: 40, height: 400),
            sourceLocation: sourceLocation)
        #expect(cellFrames(layout, section: 0) == cells, sourceLocation: sourceLocation)
        #expect(
            supplementaryFrame(layout, .footer, section: 0) == Rect(x: footer, y: 0, width: 30, height: 400),
            sourceLocation: sourceLocation)
        #expect(layout.contentSize == Size(width: contentWidth, height: 400), sourceLocation: sourceLocation)
    }

    @Test("columns of justified items, with a header and a footer as full-height columns")
    func columnsHeaderAndFooter() throws {
        // Items 50 wide (along the scroll axis) × 60 tall (across). Column fit: 60n + 10(n − 1) ≤ 400 → 5, used 340,
        // leftover 60, gap 10 + 15 = 25: y = 0, 85, 170, 255, 340. Header (0, 0, 40, 400); column 1 at x = 40,
        // column 2 at 40 + 50 + 10 = 100 with 2 items (last column: 3 copies, 5 rows, same rows). Footer (150, 0, 30, 400).
        Self.expectColumns(
            try Self.sevenItems(Self.horizontal), at: [40, 100], rows: [0, 85, 170, 255, 340], footer: 150,
            contentWidth: 180)
    }

    @Test("insets: left and right along the scroll axis, top and bottom across it; headers ignore them")
    func insets() throws {
        // Insets top 5, left 20, bottom 7, right 30. Header (0, 0, 40, 400). Columns start at 40 + 20 = 60;
        // available = 400 − 12 = 388: 5 items of 60 a column, used 340, leftover 48, gap 10 + 12 = 22:
        // y = 5, 87, 169, 251, 333. Column 2 at x = 120. End 170 + 30 = 200: footer (200, 0, 30, 400); content 230.
        let configuration = FlowLayout.Configuration(
            scrollDirection: .horizontal, sectionInset: EdgeInsets(top: 5, left: 20, bottom: 7, right: 30))
        Self.expectColumns(
            try Self.sevenItems(configuration), at: [60, 120], rows: [5, 87, 169, 251, 333], footer: 200,
            contentWidth: 230)
    }

    @Test("alignment across a column of mixed widths", arguments: FlowLayout.LineAlignment.allCases)
    func alignment(_ alignment: FlowLayout.LineAlignment) throws {
        // Widths 20, 60, 40 (along x), height 60: one column, 60 thick, rows y = 0, 85, 170 (5 virtual rows, gap 25).
        // top → minX = 0; centre → (60 − w)/2; bottom → 60 − w.
        let configuration = FlowLayout.Configuration(scrollDirection: .horizontal, alignment: alignment)
        let sizes = [20, 60, 40].map { Size(width: $0, height: 60) }
        let layout = try preparedFlow([LayoutSection(itemSizes: .list(sizes))], configuration, viewport: Self.viewport)
        let frames = cellFrames(layout, section: 0)
        let expectedX: [Double] =
            switch alignment {
            case .top: [0, 0, 0]
            case .center: [20, 0, 10]
            case .bottom: [40, 0, 20]
            }
        #expect(frames.map(\.minX) == expectedX)
        #expect(frames.map(\.minY) == [0, 85, 170])
        #expect(frames.map(\.width) == [20, 60, 40])
        #expect(layout.contentSize == Size(width: 60, height: 400))
    }

    @Test("an item taller than the column sits alone at the top inset")
    func itemTallerThanTheColumn() throws {
        let configuration = FlowLayout.Configuration(
            scrollDirection: .horizontal, sectionInset: EdgeInsets(top: 8, left: 0, bottom: 0, right: 0))
        let sizes = [Size(width: 30, height: 500), Size(width: 30, height: 60)]
        let frames = cellFrames(
            try preparedFlow([LayoutSection(itemSizes: .list(sizes))], configuration, viewport: Self.viewport),
            section: 0)
        // Column 1: the 500-tall item at y = 8 (inset). Column 2 at x = 40: [60], last, available 392: copies (step 70)
        // (392 − 60)/70 = 4.74 → 4, count 5, used 340, gap 10 + 52/4 = 23 → y = 8.
        #expect(frames == [Rect(x: 0, y: 8, width: 30, height: 500), Rect(x: 40, y: 8, width: 30, height: 60)])
    }

    @Test("horizontal frames are the vertical ones transposed")
    func transposed() throws {
        var rng = SplitMix64(seed: 42)
        let sizes = (0..<300).map { _ in Size(width: Double(rng.int(1...120)), height: Double(rng.int(1...120))) }
        let transposedSizes = sizes.map { Size(width: $0.height, height: $0.width) }
        for alignment in FlowLayout.LineAlignment.allCases {
            let inset = EdgeInsets(top: 3, left: 11, bottom: 5, right: 13)
            let vertical = try preparedFlow(
                [LayoutSection(itemSizes: .list(sizes), headerHeight: 20, footerHeight: 30)],
                FlowLayout.Configuration(
                    scrollDirection: .vertical, minimumInteritemSpacing: 4, minimumLineSpacing: 7, sectionInset: inset,
                    alignment: alignment),
                viewport: Size(width: 400, height: 300)
            )
            let horizontal = try preparedFlow(
                [LayoutSection(itemSizes: .list(transposedSizes), headerHeight: 20, footerHeight: 30)],
                FlowLayout.Configuration(
                    scrollDirection: .horizontal, minimumInteritemSpacing: 4, minimumLineSpacing: 7,
                    sectionInset: EdgeInsets(
                        top: inset.left, left: inset.top, bottom: inset.right, right: inset.bottom),
                    alignment: alignment
                ),
                viewport: Size(width: 300, height: 400)
            )
            #expect(vertical.store.count == horizontal.store.count)
            for index in 0..<vertical.store.count {
                let v = vertical.store.frame(at: index)
                let h = horizontal.store.frame(at: index)
                #expect(
                    Rect(x: v.minY, y: v.minX, width: v.height, height: v.width) == h, "element \(index), \(alignment)")
            }
            #expect(vertical.contentSize.height == horizontal.contentSize.width)
        }
    }
}
