import Tessera
import Testing

/// The answer buffer: it grows while a query runs (an index that runs out of room is asked again with more), and
/// it keeps value semantics although its writes go unchecked (a copy, or a held `indices`, keeps its answer).
@Suite("The answer buffer")
struct VisibleElementsTests {
    /// Twelve sections of 40 cells of 50 × 50, six to a line: 7 lines a section.
    static func layout<Index: SpatialIndex>(_ index: Index) throws -> CollectionLayout<FlowLayout, Index> {
        let sections = (0..<12).map { _ in LayoutSection(itemSizes: .uniform(Size(width: 50, height: 50), count: 40)) }
        var layout = CollectionLayout(try FlowLayout(sections: sections), index: index)
        try layout.prepare(viewport: phone)
        return layout
    }

    static func brute(in rect: Rect) throws -> [Int] {
        var visible = VisibleElements()
        try layout(BruteForceIndex()).attributes(in: rect, into: &visible)
        return Array(visible.indices)
    }

    @Test("a fresh buffer grows section by section, through every index, and answers as brute force")
    func growsWhileAnswering() throws {
        // Rects of growing height from the top: each query needs more room than the last, in more sections.
        let rects = [1.0, 60, 400, 2_000, 9_000, 40_000].map { Rect(x: 0, y: 0, width: 390, height: $0) }
        func check<Index: SpatialIndex>(_ index: Index) throws {
            let layout = try Self.layout(index)
            var reused = VisibleElements()
            for rect in rects {
                var fresh = VisibleElements()
                try layout.attributes(in: rect, into: &fresh)
                try layout.attributes(in: rect, into: &reused)
                let expected = try Self.brute(in: rect)
                #expect(Array(fresh.indices) == expected, "\(Index.self), fresh buffer, \(rect)")
                #expect(Array(reused.indices) == expected, "\(Index.self), reused buffer, \(rect)")
            }
        }
        try check(SoABinarySearchIndex())
        try check(try SoABinarySearchIndex(blockSize: 1))
        try check(IntervalTreeIndex())
        try check(PageTableIndex())
        try check(UnionRectsIndex())
        try check(BruteForceIndex())
    }

    @Test("a copy of the buffer, and its indices, keep their answer while the buffer answers other queries")
    func copiesKeepTheirAnswer() throws {
        let layout = try Self.layout(SoABinarySearchIndex())
        let top = Rect(x: 0, y: 0, width: 390, height: 844)
        let lower = Rect(x: 0, y: 3_000, width: 390, height: 844)
        var visible = VisibleElements()
        try layout.attributes(in: top, into: &visible)
        let copy = visible
        let indices = visible.indices
        try layout.attributes(in: lower, into: &visible)
        #expect(Array(copy.indices) == (try Self.brute(in: top)))
        #expect(Array(indices) == (try Self.brute(in: top)))
        #expect(Array(visible.indices) == (try Self.brute(in: lower)))
        #expect(Array(copy.indices) != Array(visible.indices))

        // And the copy, queried in turn, leaves the original's answer alone.
        var other = copy
        try layout.attributes(in: Rect(x: 0, y: 6_000, width: 390, height: 844), into: &other)
        #expect(Array(copy.indices) == (try Self.brute(in: top)))
        #expect(Array(visible.indices) == (try Self.brute(in: lower)))
    }

    @Test("a layout's effects, applied to a copy through the public API, leave the original's answer alone")
    func effectsOnACopy() throws {
        var layout = CollectionLayout(
            try StickyParallaxLayout(itemCounts: [30, 30, 30]), index: SoABinarySearchIndex())
        try layout.prepare(viewport: phone)
        let rect = Rect(x: 0, y: 1_300, width: 390, height: 844)
        var visible = VisibleElements()
        try layout.attributes(in: rect, into: &visible)
        let answer = Array(visible.indices)
        var copy = visible
        // Pinned at a far offset, the copy's effects drop and insert elements in place.
        layout.algorithm.applyEffects(
            to: &copy, in: rect, offset: Point(x: 0, y: 2_500), viewport: phone, store: layout.store)
        #expect(Array(visible.indices) == answer)
        #expect(Array(copy.indices) != answer)
    }

    @Test("an index searched directly answers in full from a fresh buffer, as brute force")
    func directSearch() throws {
        let layout = try Self.layout(BruteForceIndex())
        let rect = AxisRect(Rect(x: 0, y: 0, width: 390, height: 400), along: .vertical)
        let chunk = layout.store.withChunks { $0.count }
        #expect(chunk == 1)
        func answer<Index: SpatialIndex>(_ index: Index) -> [Int] {
            layout.store.withChunks { chunks in
                var built = index
                built.build(over: chunks[0], axis: .vertical, viewport: phone)
                var visible = VisibleElements()
                built.elements(meeting: rect, in: chunks[0], axis: .vertical, into: &visible)
                return Array(visible.indices)
            }
        }
        let expected = Array(0..<40).filter {
            layout.store.frame(at: $0).intersects(Rect(x: 0, y: 0, width: 390, height: 400))
        }
        #expect(!expected.isEmpty)
        #expect(answer(BruteForceIndex()) == expected)
        #expect(answer(SoABinarySearchIndex()) == expected)
        #expect(answer(IntervalTreeIndex()) == expected)
        #expect(answer(PageTableIndex()) == expected)
        #expect(answer(UnionRectsIndex()) == expected)
    }
}
