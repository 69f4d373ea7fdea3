import Tessera
import Testing

@testable import TesseraBenchKit
@testable import TesseraNative

/// The floors' layout writes another layout's sections and element counts with no arithmetic: the copy floor's
/// cells are the listed sizes, read as the layout reads them; the store floor's come from positions alone.
@Suite struct FloorLayoutTests {
    /// Collects every element written, relative to its section, in order.
    struct ElementList: LayoutWriter {
        var elements: [(kind: ElementKind, frame: Rect)] = []
        mutating func beginSection(origin: Point) {}
        mutating func append(_ kind: ElementKind, frame: Rect) { elements.append((kind, frame)) }
        mutating func endSection() {}
    }

    static let sections = [
        LayoutSection(
            itemSizes: .list([Size(width: 40, height: 50), Size(width: 60.5, height: 70)]), headerHeight: 44,
            footerHeight: 24),
        LayoutSection(itemSizes: .uniform(Size(width: 50, height: 50), count: 3)),
        LayoutSection(itemSizes: .list([])),
    ]

    @Test func copiesTheListedSizesAndKeepsTheLayoutsCounts() throws {
        let flow = try FlowLayout(sections: Self.sections)
        let counts = (0..<flow.sectionCount).map(flow.elementCount(inSection:))
        #expect(counts == [4, 3, 0])
        let viewport = Size(width: 390, height: 844)
        var copy = ElementList()
        _ = FloorLayout(scrollAxis: .vertical, counts: counts, sizes: Self.sections.map(\.itemSizes)).write(
            into: &copy, viewport: viewport)
        #expect(copy.elements.map(\.kind) == [.header, .header, .cell, .cell, .cell, .cell, .cell])
        // Section 0's cells are its listed sizes; section 1 lists none, so its cells come from positions alone.
        #expect(copy.elements[2].frame.size == Size(width: 40, height: 50))
        #expect(copy.elements[3].frame.size == Size(width: 60.5, height: 70))
        #expect(copy.elements[4...].allSatisfy { $0.frame.size == Size(width: 390, height: 1) })
        var store = ElementList()
        _ = FloorLayout(scrollAxis: .vertical, counts: counts, sizes: nil).write(into: &store, viewport: viewport)
        #expect(store.elements.count == 7)
        #expect(store.elements.filter { $0.kind == .cell }.allSatisfy { $0.frame.size == Size(width: 390, height: 1) })
    }

    @Test func preparesInTheEngineAsTheLayoutItStandsFor() throws {
        let counts = [4, 3, 0]
        var layout = CollectionLayout(
            FloorLayout(scrollAxis: .horizontal, counts: counts, sizes: Self.sections.map(\.itemSizes)),
            index: SoABinarySearchIndex())
        try layout.prepare(viewport: Size(width: 390, height: 844))
        #expect(layout.store.count == 7)
        #expect(layout.invariantViolation() == nil)
    }

    @Test func onlyMosaicAndTheCarouselTakeCountsAlone() {
        #expect(LayoutID.builtIn.filter { !$0.readsItemSizes } == [.mosaic, .carousel])
    }
}
