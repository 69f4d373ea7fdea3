import Tessera
import TesseraOracle
import Testing

/// Every index, at several of its parameters, keeps its invariants on random layouts of every kind, in both
/// orientations (debug builds also check them after every `prepare`; this checks them in any build).
@Suite("Index invariants")
struct IndexInvariantTests {
    static func violations<Algorithm: UpdatableLayout>(_ algorithm: Algorithm, viewport: Size) throws -> [String] {
        var found: [String] = []
        func check<Index: SpatialIndex>(_ index: Index) throws {
            var layout = CollectionLayout(algorithm, index: index)
            for size in [viewport, Size(width: viewport.height, height: viewport.width)] {
                try layout.prepare(viewport: size)
                if let violation = layout.invariantViolation() { found.append("\(index) at \(size): \(violation)") }
            }
        }
        for blockSize in [1, 7, 16] { try check(try SoABinarySearchIndex(blockSize: blockSize)) }
        for leafLevel in [0, 3, 6] { try check(try IntervalTreeIndex(leafLevel: leafLevel)) }
        for pages in [0.25, 1, 4] { try check(try PageTableIndex(pagesPerViewport: pages)) }
        for blockSize in [1, 20] { try check(try UnionRectsIndex(blockSize: blockSize)) }
        return found
    }

    @Test(arguments: 0..<6 as Range<UInt64>)
    func randomLayouts(seed: UInt64) throws {
        let flow = try RandomFlow(seed: seed)
        let waterfall = try RandomWaterfall(seed: seed)
        let mosaic = try RandomMosaic(seed: seed)
        let carousel = try RandomCarousel(seed: seed)
        let sticky = try RandomStickyParallax(seed: seed)
        #expect(try Self.violations(flow.algorithm, viewport: flow.viewport) == [], "\(flow)")
        #expect(try Self.violations(waterfall.algorithm, viewport: waterfall.viewport) == [], "\(waterfall)")
        #expect(try Self.violations(mosaic.algorithm, viewport: mosaic.viewport) == [], "\(mosaic)")
        #expect(try Self.violations(carousel.algorithm, viewport: carousel.viewport) == [], "\(carousel)")
        #expect(try Self.violations(sticky.algorithm, viewport: sticky.viewport) == [], "\(sticky)")
    }

    @Test("each check catches an index built over other frames than the chunk's")
    func staleIndexIsCaught() throws {
        func prepared(width: Double) throws -> CollectionLayout<FlowLayout, BruteForceIndex> {
            let sections = [LayoutSection(itemSizes: .uniform(Size(width: 50, height: 50), count: 300))]
            var layout = CollectionLayout(try FlowLayout(sections: sections), index: BruteForceIndex())
            try layout.prepare(viewport: Size(width: width, height: 844))
            return layout
        }
        // The same elements, laid out seven to a line and then two to a line: one chunk each.
        let (wide, narrow) = (try prepared(width: 390), try prepared(width: 120))
        wide.store.withChunks { wideChunks in
            narrow.store.withChunks { narrowChunks in
                let (built, current) = (wideChunks[0], narrowChunks[0])
                func caught<Index: SpatialIndex>(_ index: Index) -> Bool {
                    var index = index
                    index.build(over: built, axis: .vertical, viewport: Size(width: 390, height: 844))
                    return index.invariantViolation(over: built, axis: .vertical) == nil
                        && index.invariantViolation(over: current, axis: .vertical) != nil
                }
                #expect(caught(SoABinarySearchIndex()))
                #expect(caught(IntervalTreeIndex()))
                #expect(caught(PageTableIndex()))
                #expect(caught(UnionRectsIndex()))
            }
        }
    }
}
