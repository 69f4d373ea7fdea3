import Tessera
import Testing

/// Headers, footers, insets and several sections stacking, along with the content size and the store's section
/// ranges. Viewport 390 × 844, spacings 10.
@Suite("Flow layout: sections, headers and footers")
struct FlowSectionTests {
    static let inset = EdgeInsets(top: 5, left: 20, bottom: 7, right: 30)

    /// Section 0: header 40, three 100×50 items, footer 20. Section 1: nothing (no header, no items, footer 0).
    /// Section 2: header 30, one 50×50 item, footer 25. Insets top 5, left 20, bottom 7, right 30.
    static func threeSections() throws -> CollectionLayout<FlowLayout, SoABinarySearchIndex> {
        try preparedFlow(
            [
                LayoutSection(
                    itemSizes: .uniform(Size(width: 100, height: 50), count: 3), headerHeight: 40, footerHeight: 20),
                LayoutSection(itemSizes: .list([]), headerHeight: nil, footerHeight: 0),
                LayoutSection(itemSizes: .list([Size(width: 50, height: 50)]), headerHeight: 30, footerHeight: 25),
            ],
            FlowLayout.Configuration(sectionInset: inset)
        )
    }

    @Test("sections stack: header, inset, lines, inset, footer; headers and footers span the viewport")
    func sectionsStack() throws {
        let layout = try Self.threeSections()
        // Section 0. Header (0, 0, 390, 40), ignoring the insets. Lines start at 40 + 5 = 45; available = 340:
        // 100n + 10(n − 1) ≤ 340 → 3 items, used 320, no copy fits (step 110), leftover 20, gap 10 + 10 = 20:
        // x = 20, 140, 260. Then 95 + 7 = 102: footer (0, 102, 390, 20), ending at 122.
        #expect(supplementaryFrame(layout, .header, section: 0) == Rect(x: 0, y: 0, width: 390, height: 40))
        #expect(cellFrames(layout, section: 0) == [20, 140, 260].map { Rect(x: $0, y: 45, width: 100, height: 50) })
        #expect(supplementaryFrame(layout, .footer, section: 0) == Rect(x: 0, y: 102, width: 390, height: 20))
        // Section 1: only its insets, 122 + 5 + 7 = 134; no elements.
        #expect(layout.attributesForSupplementary(kind: .header, section: 1) == nil)
        #expect(layout.attributesForSupplementary(kind: .footer, section: 1) == nil)
        #expect(cellFrames(layout, section: 1).isEmpty)
        // Section 2. Header (0, 134, 390, 30). Line at 164 + 5 = 169: one 50 item, last line: copies (step 60)
        // (340 − 50)/60 = 4.83 → 4, count 5, used 290, gap 22.5: x = 20. Then 219 + 7 = 226: footer (0, 226, 390, 25).
        #expect(supplementaryFrame(layout, .header, section: 2) == Rect(x: 0, y: 134, width: 390, height: 30))
        #expect(cellFrames(layout, section: 2) == [Rect(x: 20, y: 169, width: 50, height: 50)])
        #expect(supplementaryFrame(layout, .footer, section: 2) == Rect(x: 0, y: 226, width: 390, height: 25))
        #expect(layout.contentSize == Size(width: 390, height: 251))
    }

    @Test("the store keeps the elements in layout order with per-section ranges")
    func storeOrderAndRanges() throws {
        let store = try Self.threeSections().store
        #expect(store.count == 8)
        #expect(
            (0..<store.count).map { store.kind(at: $0) } == [
                .header, .cell, .cell, .cell, .footer, .header, .cell, .footer,
            ])
        #expect(store.sections.map(\.elements) == [0..<5, 5..<5, 5..<8])
        #expect(store.sections.map(\.cells) == [1..<4, 5..<5, 6..<7])
        #expect(
            (0..<store.count).map { store.elementID(at: $0) } == [
                ElementID(kind: .header, section: 0, item: 0), .cell(section: 0, item: 0), .cell(section: 0, item: 1),
                .cell(section: 0, item: 2), ElementID(kind: .footer, section: 0, item: 0),
                ElementID(kind: .header, section: 2, item: 0), .cell(section: 2, item: 0),
                ElementID(kind: .footer, section: 2, item: 0),
            ])
    }

    @Test("an empty section is its header, its insets and its footer")
    func emptySection() throws {
        // Header (0, 0, 390, 40); 40 + 5 + 7 = 52: footer (0, 52, 390, 20); content 72.
        let layout = try preparedFlow(
            [.squares(0, headerHeight: 40, footerHeight: 20)],
            FlowLayout.Configuration(sectionInset: Self.inset)
        )
        #expect(layout.store.count == 2)
        #expect(supplementaryFrame(layout, .header, section: 0) == Rect(x: 0, y: 0, width: 390, height: 40))
        #expect(supplementaryFrame(layout, .footer, section: 0) == Rect(x: 0, y: 52, width: 390, height: 20))
        #expect(layout.attributesForItem(section: 0, item: 0) == nil)
        #expect(layout.contentSize == Size(width: 390, height: 72))
    }

    @Test("sections with no items and no supplementary views add only their insets")
    func allEmptySections() throws {
        let sections = Array(repeating: LayoutSection(itemSizes: .list([])), count: 4)
        let layout = try preparedFlow(sections, FlowLayout.Configuration(sectionInset: Self.inset))
        #expect(layout.store.count == 0)
        #expect(layout.store.sections.count == 4)
        // 4 × (5 + 7) = 48.
        #expect(layout.contentSize == Size(width: 390, height: 48))
        var visible = VisibleElements()
        try layout.attributes(in: Rect(x: 0, y: 0, width: 390, height: 844), into: &visible)
        #expect(visible.indices.isEmpty)
    }

    @Test("no sections at all: an empty store and a content size of zero length")
    func zeroSections() throws {
        let layout = try preparedFlow([])
        #expect(layout.store.count == 0)
        #expect(layout.store.sections.isEmpty)
        #expect(layout.contentSize == Size(width: 390, height: 0))
        var visible = VisibleElements()
        try layout.attributes(in: Rect(x: -100, y: -100, width: 1000, height: 1000), into: &visible)
        #expect(visible.count == 0)
        #expect(layout.attributesForItem(section: 0, item: 0) == nil)
        #expect(layout.attributesForSupplementary(kind: .header, section: 0) == nil)
    }

    @Test("a header or footer height of zero or nil means no element")
    func zeroHeightSupplementaries() throws {
        let layout = try preparedFlow([
            .squares(1, headerHeight: 0, footerHeight: nil),
            .squares(1, headerHeight: nil, footerHeight: 0),
        ])
        #expect(layout.store.count == 2)
        #expect((0..<2).map { layout.store.kind(at: $0) } == [.cell, .cell])
        // Line 1 at 0; section 1's line starts at 50 (no line spacing between sections).
        #expect(layout.attributesForItem(section: 1, item: 0)?.frame == Rect(x: 0, y: 50, width: 50, height: 50))
        #expect(layout.contentSize.height == 100)
    }

    @Test("line spacing applies between lines of a section, not between sections")
    func noLineSpacingBetweenSections() throws {
        let section = LayoutSection.squares(7)
        let layout = try preparedFlow([section, section], FlowLayout.Configuration(minimumLineSpacing: 30))
        // Section 0: lines at 0 and 80, ending at 130. Section 1: lines at 130 and 210, ending at 260.
        #expect(cellFrames(layout, section: 0).map(\.minY) == Array(repeating: 0, count: 6) + [80])
        #expect(cellFrames(layout, section: 1).map(\.minY) == Array(repeating: 130, count: 6) + [210])
        #expect(layout.contentSize.height == 260)
    }

    @Test("the content is as wide as the viewport, whatever the items")
    func contentWidthIsTheViewport() throws {
        let layout = try preparedFlow([LayoutSection(itemSizes: .uniform(Size(width: 1000, height: 10), count: 2))])
        #expect(layout.contentSize == Size(width: 390, height: 30))
    }
}
