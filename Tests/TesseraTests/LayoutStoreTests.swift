import TesseraOracle
import Testing

@testable import Tessera

/// The store of chunks: value semantics, identity round trips, section ranges, sections of every length across
/// chunks.
@Suite("Layout store")
struct LayoutStoreTests {
    static func frames<Index>(_ layout: CollectionLayout<FlowLayout, Index>) -> [Rect] {
        (0..<layout.store.count).map(layout.store.frame(at:))
    }

    @Test("a copied layout re-prepared with another viewport leaves the original's frames alone")
    func copyThenReprepareCopy() throws {
        let original = try preparedFlow([.squares(200, headerHeight: 20)])
        let before = Self.frames(original)
        var copy = original
        try copy.prepare(viewport: Size(width: 300, height: 500))
        #expect(Self.frames(original) == before)
        #expect(original.contentSize == Size(width: 390, height: 20 + 34 * 60 - 10))
        #expect(Self.frames(copy) != before)
        // Item 5 is in the first line at 390 wide (x = 340) and in the second at 300 wide (5 a line: x = 0, y = 80).
        #expect(original.attributesForItem(section: 0, item: 5)?.frame == Rect(x: 340, y: 20, width: 50, height: 50))
        #expect(copy.attributesForItem(section: 0, item: 5)?.frame == Rect(x: 0, y: 80, width: 50, height: 50))
        // Each one's index answers for its own frames: the first line, elements 1… (element 0 is the header,
        // which ends at 20 and so only touches the rect).
        var visible = VisibleElements()
        try original.attributes(in: Rect(x: 0, y: 20, width: 390, height: 50), into: &visible)
        #expect(Array(visible.indices) == Array(1...6))
        try copy.attributes(in: Rect(x: 0, y: 20, width: 300, height: 50), into: &visible)
        #expect(Array(visible.indices) == Array(1...5))
    }

    @Test("re-preparing the original leaves an earlier copy alone")
    func copyThenReprepareOriginal() throws {
        var original = try preparedFlow([.squares(200)])
        let copy = original
        let storeCopy = original.store
        let before = Self.frames(copy)
        try original.prepare(viewport: Size(width: 120, height: 500))
        #expect(Self.frames(copy) == before)
        #expect((0..<storeCopy.count).map(storeCopy.frame(at:)) == before)
        #expect(Self.frames(original) != before)
    }

    @Test("updating a copy of a layout leaves the original alone")
    func updateCopy() throws {
        let layout = try preparedFlow([.squares(10)])
        let before = Self.frames(layout)
        var copy = layout
        try copy.apply(.insertItem(ItemPath(section: 0, item: 0), size: Size(width: 300, height: 80)))
        try copy.apply([
            .insertSection(
                0, LayoutSection(itemSizes: .uniform(Size(width: 10, height: 10), count: 3), headerHeight: 5))
        ])
        #expect(copy.store.count == 15)
        #expect(layout.store.count == 10)
        #expect(Self.frames(layout) == before)
        #expect(layout.store.sections.map(\.cells) == [0..<10])
        #expect(layout.invariantViolation() == nil)
        #expect(copy.invariantViolation() == nil)
    }

    @Test("a section longer than a chunk spans several, and a chunk holds many short sections")
    func sectionsAndChunks() throws {
        let chunk = ElementChunk.capacity
        let long = try preparedFlow([.squares(3 * chunk + 7, headerHeight: 10)])
        #expect(long.store.sections.map(\.elements) == [0..<(3 * chunk + 8)])
        #expect(long.store.withChunks { $0.count } == 4)
        // Six 50-point items and their spacing fit a line of 390.
        #expect(
            long.attributesForItem(section: 0, item: 3 * chunk + 6)?.frame.minY == 10 + Double((3 * chunk + 6) / 6) * 60
        )
        #expect(long.invariantViolation() == nil)

        let short = try preparedFlow(
            (0..<(2 * chunk + 1)).map { _ in LayoutSection(itemSizes: .uniform(Size(width: 50, height: 20), count: 1)) }
        )
        #expect(short.store.sectionCount == 2 * chunk + 1)
        #expect(short.store.withChunks { $0.count } == 3)
        #expect((0..<short.store.count).allSatisfy { short.store.section(ofElement: $0) == $0 })
        #expect(short.store.origin(ofSection: 2 * chunk) == Double(2 * chunk) * 20)
        #expect(short.invariantViolation() == nil)
    }

    @Test("a rewrite that overflows its chunk keeps the section's record with the cells written after it")
    func overflowingRewriteKeepsTheRecordWithItsCells() throws {
        // The carousel's section record, and the flow's header, lie before the run a rewrite from the first cell
        // replaces; what was written and the chunk's rest no longer fit one chunk.
        var carousel = CollectionLayout(try CarouselLayout(itemCount: 5_000), index: SoABinarySearchIndex())
        try carousel.prepare(viewport: phone)
        let headed = [LayoutSection(itemSizes: .uniform(Size(width: 100, height: 50), count: 1_000), headerHeight: 40)]
        var flow = CollectionLayout(try FlowLayout(sections: headed + headed), index: SoABinarySearchIndex())
        try flow.prepare(viewport: phone)
        for _ in 0..<3 {
            try carousel.apply(.insertItem(ItemPath(section: 0, item: 0), size: Size(width: 10, height: 10)))
            try flow.apply(.insertItem(ItemPath(section: 0, item: 0), size: Size(width: 100, height: 50)))
            for store in [carousel.store, flow.store] {
                let place = store.pool.tree.place(of: 0, by: .records)
                #expect(store.pool[place.chunk].count >= Chunk.capacity / 4, "the first chunk is not left short")
            }
            var rng = SplitMix64(seed: 1)
            #expect(try UpdateDifferentialTests.problems(carousel, viewport: phone, rng: &rng) == [])
            #expect(try UpdateDifferentialTests.problems(flow, viewport: phone, rng: &rng) == [])
        }
    }

    @Test("sections without elements keep their origins, at chunk edges too")
    func emptySections() throws {
        let chunk = ElementChunk.capacity
        let inset = FlowLayout.Configuration(sectionInset: EdgeInsets(top: 3, bottom: 2))
        // A first section that fills a chunk exactly, then empty sections (5 points each, their insets), then one item.
        let sections =
            [LayoutSection(itemSizes: .uniform(Size(width: 390, height: 10), count: chunk))]
            + Array(repeating: LayoutSection(itemSizes: .list([])), count: 3)
            + [LayoutSection.squares(1)]
        let layout = try preparedFlow(sections, inset)
        let first = Double(chunk) * 10 + Double(chunk - 1) * 10 + 5
        #expect((1...4).map(layout.store.origin(ofSection:)) == [first, first + 5, first + 10, first + 15])
        #expect((1...3).map(layout.store.elementRange(ofSection:)) == Array(repeating: chunk..<chunk, count: 3))
        #expect(layout.store.section(ofElement: chunk) == 4)
        #expect(layout.attributesForItem(section: 4, item: 0)?.frame.minY == first + 18)
        #expect(layout.contentSize.height == first + 15 + 55)
        #expect(layout.invariantViolation() == nil)
    }

    @Test("elementID(at:) and index(of:) round-trip for every element", arguments: 0..<16 as Range<UInt64>)
    func roundTrip(seed: UInt64) throws {
        let random = try RandomFlow(seed: seed, maxItems: 800)
        let store = try prepared(random.algorithm, viewport: random.viewport).store
        let (written, _) = record(random.algorithm, viewport: random.viewport)
        try #require(store.count == written.elements.count)
        var mismatches: [String] = []
        for index in 0..<store.count {
            let id = store.elementID(at: index)
            if id != written.elements[index].id {
                mismatches.append("element \(index): \(id) != written \(written.elements[index].id)")
            }
            if store.index(of: id) != index {
                mismatches.append("index(of: \(id)) = \(String(describing: store.index(of: id))), expected \(index)")
            }
            if store.kind(at: index) != id.kind { mismatches.append("kind(at: \(index))") }
            if store.section(ofElement: index) != id.section { mismatches.append("section(ofElement: \(index))") }
        }
        #expect(mismatches.isEmpty, "\(random): \(mismatches.prefix(5))")
    }

    @Test("section ranges tile the store in order, with cells contiguous inside", arguments: 0..<16 as Range<UInt64>)
    func sectionRanges(seed: UInt64) throws {
        let random = try RandomFlow(seed: seed, maxItems: 800)
        let store = try prepared(random.algorithm, viewport: random.viewport).store
        #expect(store.sections.count == random.algorithm.sections.count)
        var next = 0
        for (section, range) in store.sections.enumerated() {
            let data = random.algorithm.sections[section]
            #expect(range.elements.lowerBound == next)
            #expect(
                range.cells.lowerBound >= range.elements.lowerBound
                    && range.cells.upperBound <= range.elements.upperBound)
            #expect(range.cells.count == data.itemSizes.count)
            let supplementaries = ((data.headerHeight ?? 0) > 0 ? 1 : 0) + ((data.footerHeight ?? 0) > 0 ? 1 : 0)
            #expect(range.elements.count == data.itemSizes.count + supplementaries)
            #expect(range.cells.allSatisfy { store.kind(at: $0) == .cell })
            next = range.elements.upperBound
        }
        #expect(next == store.count)
    }

    @Test("identities the store does not hold are nil")
    func missingIdentities() throws {
        let store = try preparedFlow([
            .squares(3, headerHeight: 10),
            LayoutSection(itemSizes: .list([])),
            .squares(1, footerHeight: 10),
        ]).store
        let missing: [ElementID] = [
            .cell(section: 0, item: 3), .cell(section: 0, item: -1), .cell(section: 1, item: 0),
            .cell(section: 3, item: 0),
            .cell(section: -1, item: 0), ElementID(kind: .footer, section: 0, item: 0),
            ElementID(kind: .header, section: 1, item: 0),
            ElementID(kind: .header, section: 2, item: 0), ElementID(kind: .header, section: 0, item: 1),
            ElementID(kind: .footer, section: 2, item: -1), ElementID(kind: .footer, section: Int.max, item: 0),
        ]
        for id in missing {
            #expect(store.index(of: id) == nil, "\(id)")
        }
        #expect(store.index(of: ElementID(kind: .header, section: 0, item: 0)) == 0)
        #expect(store.index(of: ElementID(kind: .footer, section: 2, item: 0)) == 5)
    }

    @Test("copies share one capacity until written; re-preparing in place keeps it")
    func capacityAcrossPrepares() throws {
        var layout = try preparedFlow([.squares(1000, headerHeight: 10)])
        let capacity = layout.store.capacity
        #expect(capacity >= 1001)
        for width in [100.0, 1000, 390, 0] {
            try layout.prepare(viewport: Size(width: width, height: 800))
            #expect(layout.store.capacity == capacity, "viewport width \(width)")
            #expect(layout.store.count == 1001)
        }
    }
}
