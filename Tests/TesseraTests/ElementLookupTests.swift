import Tessera
import Testing

/// `attributesForItem` and `attributesForSupplementary`: one element by identity, nil for what the layout lacks.
@Suite("Element lookup by identity")
struct ElementLookupTests {
    /// Section 0: header 40, 8 items 50×50, no footer. Section 1: no header, 0 items, footer 20.
    /// Section 2: 3 items 50×50, header 10, footer 10.
    static func layout() throws -> CollectionLayout<FlowLayout, SoABinarySearchIndex> {
        try preparedFlow([
            .squares(8, headerHeight: 40),
            LayoutSection(itemSizes: .list([]), footerHeight: 20),
            .squares(3, headerHeight: 10, footerHeight: 10),
        ])
    }

    @Test("items and supplementary views are found with their identity and frame")
    func found() throws {
        let layout = try Self.layout()
        // Section 0: header 0…40; line 1 at 40, line 2 at 100 (items 6, 7 at x = 0, 68); ends at 150.
        #expect(
            layout.attributesForItem(section: 0, item: 7)
                == LayoutAttributes(id: .cell(section: 0, item: 7), frame: Rect(x: 68, y: 100, width: 50, height: 50)))
        #expect(
            layout.attributesForSupplementary(kind: .header, section: 0)
                == LayoutAttributes(
                    id: ElementID(kind: .header, section: 0, item: 0), frame: Rect(x: 0, y: 0, width: 390, height: 40)))
        // Section 1: footer at 150. Section 2: header 170…180, line at 180, footer at 230.
        #expect(supplementaryFrame(layout, .footer, section: 1) == Rect(x: 0, y: 150, width: 390, height: 20))
        #expect(supplementaryFrame(layout, .header, section: 2) == Rect(x: 0, y: 170, width: 390, height: 10))
        #expect(
            layout.attributesForItem(section: 2, item: 2)
                == LayoutAttributes(id: .cell(section: 2, item: 2), frame: Rect(x: 136, y: 180, width: 50, height: 50)))
        #expect(supplementaryFrame(layout, .footer, section: 2) == Rect(x: 0, y: 230, width: 390, height: 10))
        #expect(layout.contentSize.height == 240)
    }

    @Test("flow attributes carry zIndex 0 and alpha 1")
    func defaults() throws {
        let layout = try Self.layout()
        for index in 0..<layout.store.count {
            let attributes = layout.attributes(ofElement: index)
            #expect(attributes.zIndex == 0)
            #expect(attributes.alpha == 1)
        }
    }

    @Test(
        "out-of-range items are nil",
        arguments: [(0, 8), (0, -1), (1, 0), (2, 3), (3, 0), (-1, 0), (Int.max, 0), (0, Int.max), (Int.min, Int.min)]
    )
    func missingItems(section: Int, item: Int) throws {
        #expect(try Self.layout().attributesForItem(section: section, item: item) == nil)
    }

    @Test(
        "missing supplementary views are nil",
        arguments: [
            (ElementKind.footer, 0), (.header, 1), (.header, 3), (.footer, 3), (.header, -1), (.footer, Int.max),
        ]
    )
    func missingSupplementaries(kind: ElementKind, section: Int) throws {
        #expect(try Self.layout().attributesForSupplementary(kind: kind, section: section) == nil)
    }

    @Test("asking for a cell through the supplementary lookup gives the first cell only")
    func cellKindThroughSupplementaryLookup() throws {
        // `attributesForSupplementary(kind: .cell, section:)` asks for ElementID(.cell, s, 0), i.e. item 0.
        let layout = try Self.layout()
        #expect(
            layout.attributesForSupplementary(kind: .cell, section: 0) == layout.attributesForItem(section: 0, item: 0))
        #expect(layout.attributesForSupplementary(kind: .cell, section: 1) == nil)
    }

    @Test("before prepare nothing is found")
    func beforePrepare() throws {
        let layout = CollectionLayout(
            try FlowLayout(sections: [.squares(3, headerHeight: 10)]), index: SoABinarySearchIndex())
        #expect(layout.attributesForItem(section: 0, item: 0) == nil)
        #expect(layout.attributesForSupplementary(kind: .header, section: 0) == nil)
        #expect(layout.contentSize == .zero)
        #expect(layout.viewport == nil)
        var visible = VisibleElements()
        try layout.attributes(in: Rect(x: 0, y: 0, width: 1000, height: 1000), into: &visible)
        #expect(visible.count == 0)
    }
}
