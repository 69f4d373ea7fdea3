import TesseraOracle
import Testing

@testable import Tessera

/// The flow, the waterfall and the sticky layout write a whole layout with what their sections share done once
/// and the sections read a block at a time (`LayoutAlgorithm.writeSections`); each must write what the protocol's
/// definition writes: every section by `writeSection`, begun at the sum of the lengths before it.
@Suite("A whole write against a section at a time")
struct WholeWriteTests {
    /// Sections of none, one, two and many items, listed and uniform, with and without headers and footers.
    static func sections(count: Int, seed: UInt64) -> [LayoutSection] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { index in
            let items = [0, 1, 1, 2, 3, 17][index % 6]
            let sizes: ItemSizes =
                index % 4 == 0
                ? .uniform(Size(width: 60, height: 45), count: items)
                : .list(
                    (0..<items).map { _ in
                        Size(
                            width: Double.random(in: 0...400, using: &generator),
                            height: Double.random(in: 1...90, using: &generator).rounded())
                    })
            return LayoutSection(
                itemSizes: sizes, headerHeight: index % 3 == 0 ? 24.5 : nil, footerHeight: index % 5 == 0 ? 0 : 12)
        }
    }

    /// What `layout` writes a section at a time, each begun at the sum of the lengths before it.
    static func sectionAtATime(_ layout: some LayoutAlgorithm, viewport: Size) -> RecordingWriter {
        var writer = RecordingWriter(axis: layout.scrollAxis)
        var origin = 0.0
        for section in 0..<layout.sectionCount {
            writer.beginSection(origin: layout.scrollAxis.point(origin))
            origin += ScrollGrid.snapped(layout.writeSection(section, into: &writer, viewport: viewport))
            writer.endSection()
        }
        return writer
    }

    static func expectSameWrites(_ layout: some LayoutAlgorithm, viewport: Size = phone) {
        var whole = RecordingWriter(axis: layout.scrollAxis)
        _ = layout.write(into: &whole, viewport: viewport)
        let bySection = sectionAtATime(layout, viewport: viewport)
        #expect(whole.elements.count == layout.elementCount)
        #expect(bySection.elements.count == layout.elementCount)
        let difference = zip(whole.elements, bySection.elements).enumerated().first { _, pair in
            pair.0.id != pair.1.id || pair.0.frame != pair.1.frame
        }
        #expect(difference == nil, "element \(difference?.offset ?? -1): \(String(describing: difference?.element))")
    }

    @Test("the flow, every axis and alignment", arguments: ScrollAxis.allCases, FlowLayout.LineAlignment.allCases)
    func flow(axis: ScrollAxis, alignment: FlowLayout.LineAlignment) throws {
        let configuration = FlowLayout.Configuration(
            scrollDirection: axis, minimumInteritemSpacing: 7, minimumLineSpacing: 3.25,
            sectionInset: EdgeInsets(top: 5, left: 20, bottom: 7, right: 30), alignment: alignment
        )
        Self.expectSameWrites(try FlowLayout(sections: Self.sections(count: 60, seed: 7), configuration: configuration))
    }

    @Test("the waterfall and the sticky layout, and no sections at all")
    func waterfallAndSticky() throws {
        for columns in [1, 2, 3] {
            let configuration = WaterfallLayout.Configuration(columns: columns, cellPadding: 2.5, headerHeight: 30)
            Self.expectSameWrites(
                try WaterfallLayout(sections: Self.sections(count: 60, seed: 8), configuration: configuration))
        }
        Self.expectSameWrites(try StickyParallaxLayout(sections: Self.sections(count: 60, seed: 9)))
        Self.expectSameWrites(try StickyParallaxLayout(sections: []))
        Self.expectSameWrites(try FlowLayout(sections: []))
        Self.expectSameWrites(try WaterfallLayout(sections: []))
    }

    @Test("sections in blocks, out of order after inserts at the front")
    func sectionsInBlocks() throws {
        var flow = try FlowLayout(sections: Self.sections(count: SectionList.flatLimit + 5, seed: 10))
        var waterfall = try WaterfallLayout(sections: Self.sections(count: SectionList.flatLimit + 5, seed: 11))
        var sticky = try StickyParallaxLayout(sections: Self.sections(count: SectionList.flatLimit + 5, seed: 12))
        for (index, section) in Self.sections(count: 2 * SectionList.blockCapacity, seed: 13).enumerated() {
            flow.insertSection(section, at: index % 3)
            waterfall.insertSection(section, at: index % 3)
            sticky.insertSection(section, at: index % 3)
        }
        #expect(flow.sections.isBlocked && flow.sections.inOrderValues == nil)
        Self.expectSameWrites(flow)
        Self.expectSameWrites(waterfall)
        Self.expectSameWrites(sticky)
    }
}
