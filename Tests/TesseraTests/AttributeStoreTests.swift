import Testing
import Tessera

/// The struct-of-arrays store: value semantics, identity round trips, section ranges, and growth.
@Suite("Attribute store")
struct AttributeStoreTests {
    static func frames<Index>(_ layout: CollectionLayout<FlowLayout, Index>) -> [Rect] {
        (0..<layout.store.count).map(layout.store.frame(at:))
    }

    @Test("a copied layout re-prepared with another viewport leaves the original's frames alone")
    func copyThenReprepareCopy() throws {
        let original = try preparedFlow([LayoutSection(itemSizes: .uniform(Size(width: 50, height: 50), count: 200), headerHeight: 20)])
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
        var original = try preparedFlow([LayoutSection(itemSizes: .uniform(Size(width: 50, height: 50), count: 200))])
        let copy = original
        let storeCopy = original.store
        let before = Self.frames(copy)
        try original.prepare(viewport: Size(width: 120, height: 500))
        #expect(Self.frames(copy) == before)
        #expect((0..<storeCopy.count).map(storeCopy.frame(at:)) == before)
        #expect(Self.frames(original) != before)
    }

    @Test("rewriting a copy of the store does not touch the original")
    func rewriteStoreCopy() throws {
        let layout = try preparedFlow([LayoutSection(itemSizes: .uniform(Size(width: 50, height: 50), count: 10))])
        let before = Self.frames(layout)
        let capacity = layout.store.capacity
        var store = layout.store.store(ofSection: 0)
        // The copy has room for one element: a rewrite must still not write into the shared buffers.
        store.rewrite(reservingCapacity: 1) { writer in
            writer.beginSection()
            writer.append(.cell, frame: Rect(x: 1, y: 2, width: 3, height: 4))
            writer.endSection()
        }
        #expect(store.count == 1)
        #expect(store.frame(at: 0) == Rect(x: 1, y: 2, width: 3, height: 4))
        #expect(store.sections.map(\.cells) == [0..<1])
        #expect(layout.store.count == 10)
        #expect(layout.store.capacity == capacity)
        #expect(Self.frames(layout) == before)
        #expect(layout.store.sections.map(\.cells) == [0..<10])

        var emptied = layout.store.store(ofSection: 0)
        emptied.rewrite(reservingCapacity: 0) { _ in }
        #expect(emptied.count == 0)
        #expect(emptied.sections.isEmpty)
        #expect(layout.store.count == 10)
        #expect(Self.frames(layout) == before)
    }

    @Test("a store written past its reserved capacity grows and keeps every element")
    func growth() {
        var store = AttributeStore()
        let frames = (0..<1000).map { Rect(x: Double($0), y: Double($0 * 2), width: 1.5, height: 2.5) }
        store.rewrite(reservingCapacity: 0) { writer in
            writer.beginSection()
            writer.append(.header, frame: Rect(x: 0, y: -10, width: 100, height: 10))
            for frame in frames { writer.append(.cell, frame: frame) }
            writer.append(.footer, frame: Rect(x: 0, y: 5000, width: 100, height: 10))
            writer.endSection()
        }
        #expect(store.count == 1002)
        #expect(store.capacity >= 1002)
        #expect((1...1000).map(store.frame(at:)) == frames)
        #expect(store.kind(at: 0) == .header)
        #expect(store.kind(at: 1001) == .footer)
        #expect(store.sections.map(\.elements) == [0..<1002])
        #expect(store.sections.map(\.cells) == [1..<1001])
        #expect(store.elementID(at: 1000) == .cell(section: 0, item: 999))
        #expect(store.index(of: ElementID(kind: .footer, section: 0, item: 0)) == 1001)
    }

    @Test("a section left open at the end of a rewrite is closed")
    func openSectionIsClosed() {
        var store = AttributeStore()
        store.rewrite(reservingCapacity: 2) { writer in
            writer.beginSection()
            writer.append(.cell, frame: Rect(x: 0, y: 0, width: 1, height: 1))
            writer.beginSection()  // closes the first
            writer.append(.header, frame: Rect(x: 0, y: 1, width: 1, height: 1))
        }
        #expect(store.sections.map(\.elements) == [0..<1, 1..<2])
        #expect(store.elementID(at: 1) == ElementID(kind: .header, section: 1, item: 0))
    }

    // A writer cannot be kept past its `rewrite`: `AttributeStore.Writer` is non-copyable, so `escaped = writer`
    // inside the body is refused by the compiler (a consuming copy out of an `inout`), and no append can reach
    // storage that copies of the store share.

    @Test("elementID(at:) and index(of:) round-trip for every element", arguments: 0..<16 as Range<UInt64>)
    func roundTrip(seed: UInt64) throws {
        let random = try RandomFlow(seed: seed, maxItems: 800)
        var layout = CollectionLayout(random.algorithm, index: SoABinarySearchIndex())
        try layout.prepare(viewport: random.viewport)
        let store = layout.store
        let (written, _) = record(random.algorithm, viewport: random.viewport)
        try #require(store.count == written.elements.count)
        var mismatches: [String] = []
        for index in 0..<store.count {
            let id = store.elementID(at: index)
            if id != written.elements[index].id { mismatches.append("element \(index): \(id) != written \(written.elements[index].id)") }
            if store.index(of: id) != index { mismatches.append("index(of: \(id)) = \(String(describing: store.index(of: id))), expected \(index)") }
            if store.kind(at: index) != id.kind { mismatches.append("kind(at: \(index))") }
            if store.section(ofElement: index) != id.section { mismatches.append("section(ofElement: \(index))") }
        }
        #expect(mismatches.isEmpty, "\(random): \(mismatches.prefix(5))")
    }

    @Test("section ranges tile the store in order, with cells contiguous inside", arguments: 0..<16 as Range<UInt64>)
    func sectionRanges(seed: UInt64) throws {
        let random = try RandomFlow(seed: seed, maxItems: 800)
        var layout = CollectionLayout(random.algorithm, index: SoABinarySearchIndex())
        try layout.prepare(viewport: random.viewport)
        let store = layout.store
        #expect(store.sections.count == random.algorithm.sections.count)
        var next = 0
        for (section, range) in store.sections.enumerated() {
            let data = random.algorithm.sections[section]
            #expect(range.elements.lowerBound == next)
            #expect(range.cells.lowerBound >= range.elements.lowerBound && range.cells.upperBound <= range.elements.upperBound)
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
            LayoutSection(itemSizes: .uniform(Size(width: 50, height: 50), count: 3), headerHeight: 10),
            LayoutSection(itemSizes: .list([])),
            LayoutSection(itemSizes: .uniform(Size(width: 50, height: 50), count: 1), footerHeight: 10),
        ]).store
        let missing: [ElementID] = [
            .cell(section: 0, item: 3), .cell(section: 0, item: -1), .cell(section: 1, item: 0), .cell(section: 3, item: 0),
            .cell(section: -1, item: 0), ElementID(kind: .footer, section: 0, item: 0), ElementID(kind: .header, section: 1, item: 0),
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
        var layout = try preparedFlow([LayoutSection(itemSizes: .uniform(Size(width: 50, height: 50), count: 1000), headerHeight: 10)])
        let capacity = layout.store.capacity
        #expect(capacity >= 1001)
        for width in [100.0, 1000, 390, 0] {
            try layout.prepare(viewport: Size(width: width, height: 800))
            #expect(layout.store.capacity == capacity, "viewport width \(width)")
            #expect(layout.store.count == 1001)
        }
    }
}
