import Tessera
import Testing

/// Indexes that keep element indices in 32 bits refuse, at `prepare`, a layout they could not index.
@Suite("Element limit of an index")
struct ElementLimitTests {
    /// Brute force, claiming to hold at most ten elements: the limit of the 32-bit indexes, scaled down.
    struct TenElementIndex: SpatialIndex {
        static var maximumElementCount: Int { 10 }
        var brute = BruteForceIndex()

        mutating func build(over store: AttributeStore, axis: ScrollAxis, viewport: Size) {
            brute.build(over: store, axis: axis, viewport: viewport)
        }

        func query(_ rect: AxisRect, in store: AttributeStore, axis: ScrollAxis, into result: inout VisibleElements) {
            brute.query(rect, in: store, axis: axis, into: &result)
        }

        var byteCount: Int { brute.byteCount }
    }

    /// A column of cells.
    struct Column: LayoutAlgorithm {
        var written: Int
        var scrollAxis: ScrollAxis { .vertical }
        var elementCount: Int { written }
        var sectionCount: Int { 1 }

        func elementCount(inSection section: Int) -> Int { written }

        func writeSection<Writer: LayoutWriter & ~Copyable>(_ section: Int, into writer: inout Writer, viewport: Size) -> Double {
            for item in 0..<written { writer.append(.cell, frame: Rect(x: 0, y: Double(item) * 10, width: viewport.width, height: 10)) }
            return Double(written) * 10
        }

        func contentSize(length: Double, viewport: Size) -> Size {
            Size(width: viewport.width, height: length)
        }
    }

    static let viewport = Size(width: 390, height: 844)

    @Test("the 32-bit indexes hold at most Int32.max elements a section; the others as many as memory allows")
    func limits() {
        #expect(IntervalTreeIndex.maximumElementCount == Int(Int32.max))
        #expect(PageTableIndex.maximumElementCount == Int(Int32.max))
        #expect(SoABinarySearchIndex.maximumElementCount == Int.max)
        #expect(UnionRectsIndex.maximumElementCount == Int.max)
    }

    @Test("up to the limit, the layout prepares and answers")
    func atTheLimit() throws {
        var layout = CollectionLayout(Column(written: 10), index: TenElementIndex())
        try layout.prepare(viewport: Self.viewport)
        var visible = VisibleElements()
        try layout.attributes(in: Rect(x: 0, y: 0, width: 390, height: 1_000), into: &visible)
        #expect(visible.count == 10)
    }

    @Test("past the limit, prepare refuses before writing anything")
    func pastTheLimit() {
        var layout = CollectionLayout(Column(written: 11), index: TenElementIndex())
        #expect(layoutError { try layout.prepare(viewport: Self.viewport) } == .tooManyElements(section: 0, count: 11, limit: 10))
        #expect(layout.store.count == 0 && layout.viewport == nil)
    }

    @Test("the refusal says what to do")
    func message() {
        let message = LayoutError.tooManyElements(section: 0, count: 3_000_000_000, limit: Int(Int32.max)).description
        #expect(message.contains("3000000000") && message.contains("32-bit") && message.contains("SoABinarySearchIndex"))
    }
}
