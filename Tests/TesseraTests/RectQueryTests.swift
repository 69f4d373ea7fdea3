import Tessera
import TesseraBaselines
import Testing

/// Rect queries on a grid worked out by hand: 14 items of 50 × 50 in 390 (columns x = 0, 68, 136, 204, 272, 340;
/// lines y = 0, 60, 120; content 390 × 170). Intersection is strict: sharing an edge is not intersecting.
@Suite("Rect queries on a known grid")
struct RectQueryTests {
    static let blockSizes = [1, 2, 16, 64]

    static func algorithm() throws -> FlowLayout {
        try FlowLayout(sections: [LayoutSection(itemSizes: .uniform(Size(width: 50, height: 50), count: 14))])
    }

    /// The items each strategy returns for `rect`; all of them must agree, and the result is the brute-force one.
    static func items(in rect: Rect) throws -> [Int] {
        let algorithm = try algorithm()
        var brute = CollectionLayout<FlowLayout, BruteForceIndex>(algorithm)
        try brute.prepare(viewport: phone)
        var visible = VisibleElements()
        try brute.attributes(in: rect, into: &visible)
        let expected = Array(visible.indices)
        for blockSize in blockSizes {
            var soa = CollectionLayout(algorithm, index: try SoABinarySearchIndex(blockSize: blockSize))
            try soa.prepare(viewport: phone)
            try soa.attributes(in: rect, into: &visible)
            #expect(Array(visible.indices) == expected, "soa(blockSize \(blockSize)) for \(rect)")
        }
        let naive = NaiveDictionaryLayout(algorithm)
        try naive.prepare(viewport: phone)
        #expect(
            naive.layoutAttributesForElements(in: rect, contentOffset: .zero).map(\.indexPath[1]).sorted() == expected,
            "naive for \(rect)")
        // Only cells in this layout: the element index is the item.
        return expected
    }

    @Test("a viewport-sized rect returns whole lines")
    func viewport() throws {
        #expect(try Self.items(in: Rect(x: 0, y: 0, width: 390, height: 844)) == Array(0..<14))
        #expect(try Self.items(in: Rect(x: 0, y: 55, width: 390, height: 844)) == Array(6..<14))
        #expect(try Self.items(in: Rect(x: 0, y: 109.5, width: 390, height: 844)) == Array(6..<14))
        #expect(try Self.items(in: Rect(x: 0, y: 110.5, width: 390, height: 844)) == Array(12..<14))
    }

    @Test("the space between two lines touches both and intersects neither")
    func betweenLines() throws {
        #expect(try Self.items(in: Rect(x: 0, y: 50, width: 390, height: 10)).isEmpty)
        #expect(try Self.items(in: Rect(x: 0, y: 50, width: 390, height: 10.5)) == Array(6..<12))
        #expect(try Self.items(in: Rect(x: 0, y: 49.5, width: 390, height: 10)) == Array(0..<6))
    }

    @Test("rects ending at an element's start or starting at its end miss it, along both axes")
    func strictEdges() throws {
        // The 18-wide gutter between columns 0 and 1 over the whole content.
        #expect(try Self.items(in: Rect(x: 50, y: 0, width: 18, height: 170)).isEmpty)
        // Above the content, ending exactly where it starts; below it, starting exactly where it ends.
        #expect(try Self.items(in: Rect(x: 0, y: -100, width: 390, height: 100)).isEmpty)
        #expect(try Self.items(in: Rect(x: 0, y: 170, width: 390, height: 100)).isEmpty)
        // Left of the first column and right of the last, touching them.
        #expect(try Self.items(in: Rect(x: -10, y: 0, width: 10, height: 170)).isEmpty)
        #expect(try Self.items(in: Rect(x: 390, y: 0, width: 10, height: 170)).isEmpty)
        // Exactly one element's frame returns that element only (its neighbours only touch the gutters).
        #expect(try Self.items(in: Rect(x: 68, y: 60, width: 50, height: 50)) == [7])
        // A rect touching four elements at their corners only.
        #expect(try Self.items(in: Rect(x: 50, y: 50, width: 18, height: 10)).isEmpty)
    }

    @Test("a rect given with a negative size covers its standardised area")
    func invertedRect() throws {
        #expect(try Self.items(in: Rect(x: 118, y: 110, width: -50, height: -50)) == [7])
        #expect(try Self.items(in: Rect(x: 390, y: 170, width: -390, height: -170)) == Array(0..<14))
        #expect(try Self.items(in: Rect(x: 68, y: 60, width: -18, height: -10)).isEmpty)
    }

    @Test("empty rects: outside or on an edge they miss; strictly inside an element they hit it (Rect.intersects)")
    func emptyRects() throws {
        #expect(try Self.items(in: .zero).isEmpty)
        #expect(try Self.items(in: Rect(x: 60, y: 30, width: 0, height: 0)).isEmpty)  // in a gutter
        #expect(try Self.items(in: Rect(x: 50, y: 25, width: 0, height: 0)).isEmpty)  // on item 0's right edge
        // minX < maxX' && minX' < maxX holds for a point strictly inside: 0 < 25 < 50.
        #expect(try Self.items(in: Rect(x: 25, y: 25, width: 0, height: 0)) == [0])
        // A zero-height line through the middle of the first line, the whole width.
        #expect(try Self.items(in: Rect(x: 0, y: 25, width: 390, height: 0)) == Array(0..<6))
    }

    @Test("rects far outside the content return nothing")
    func outside() throws {
        #expect(try Self.items(in: Rect(x: 0, y: 10_000, width: 390, height: 844)).isEmpty)
        #expect(try Self.items(in: Rect(x: 0, y: -10_000, width: 390, height: 844)).isEmpty)
        #expect(try Self.items(in: Rect(x: 1000, y: 0, width: 390, height: 844)).isEmpty)
        #expect(try Self.items(in: Rect(x: -1e300, y: 1e300, width: 1, height: 1)).isEmpty)
    }

    @Test("rects with an infinite size reach to infinity")
    func infiniteSize() throws {
        #expect(try Self.items(in: Rect(x: 0, y: 0, width: .infinity, height: .infinity)) == Array(0..<14))
        #expect(try Self.items(in: Rect(x: 0, y: 100, width: .infinity, height: .infinity)) == Array(6..<14))
        #expect(try Self.items(in: Rect(x: 390, y: 170, width: -.infinity, height: -.infinity)) == Array(0..<14))
        #expect(try Self.items(in: Rect(x: 390, y: 60, width: -.infinity, height: -.infinity)) == Array(0..<6))
        #expect(try Self.items(in: Rect(x: 0, y: -.infinity, width: 390, height: .greatestFiniteMagnitude)).isEmpty)
    }

    @Test("Rect.infinite and rects open towards +∞ return every element")
    func everythingToInfinity() throws {
        #expect(try Self.items(in: .infinite) == Array(0..<14))
        #expect(try Self.items(in: Rect(minX: -1, minY: -1, maxX: .infinity, maxY: .infinity)) == Array(0..<14))
    }

    @Test("a rect from −∞ has a NaN far edge and is refused, not answered with nothing")
    func negativeInfinityIsRefused() throws {
        for rect in [
            Rect(minX: -.infinity, minY: -.infinity, maxX: .infinity, maxY: .infinity),
            Rect(minX: 0, minY: -.infinity, maxX: 390, maxY: .infinity),
        ] {
            #expect(throws: LayoutError.invalidRect(rect)) { try Self.items(in: rect) }
        }
    }
}
