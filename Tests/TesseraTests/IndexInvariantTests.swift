import Foundation
import Tessera
import TesseraOracle
import Testing

/// Every index, at several of its parameters, keeps its invariants on random layouts of every kind, in both
/// orientations (built with `TESSERA_INTERNAL_CHECKS`, as `scripts/test` builds them, the engine also checks them
/// after every `prepare` and update; this checks them in any build).
@Suite("Index invariants")
struct IndexInvariantTests {
    static let viewport = Size(width: 390, height: 844)

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

    /// Asked for in the environment, the self-checks are compiled in: a test build that asked and got none (a stale
    /// manifest cache) would check far less than it says.
    @Test func selfChecksCompiledInWhenAsked() {
        #if TESSERA_INTERNAL_CHECKS
            let compiledIn = true
        #else
            let compiledIn = false
        #endif
        let asked = ProcessInfo.processInfo.environment["TESSERA_INTERNAL_CHECKS"] != nil
        #expect(!asked || compiledIn, "TESSERA_INTERNAL_CHECKS is set, but the tests were built without it")
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

    @Test("an index rebuilt past the elements it kept equals one built afresh", arguments: 0..<200 as Range<UInt64>)
    func rebuildKeepingThePrefix(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        // Frames in any order along the scroll axis, as a registered layout may write them; then the same first
        // `kept`, and the rest drawn again, as many or more or fewer, nearer the start or further on.
        func frames(_ count: Int, from start: Double) -> [Rect] {
            (0..<count).map { _ in
                Rect(
                    x: Double(Int.random(in: 0...300, using: &generator)),
                    y: start + Double(Int.random(in: 0...4_000, using: &generator)),
                    width: 50, height: Double(Int.random(in: 1...300, using: &generator)))
            }
        }
        let before = frames(Int.random(in: 1...1_000, using: &generator), from: 0)
        let kept = Int.random(in: 0...before.count, using: &generator)
        let after =
            Array(before.prefix(kept))
            + frames(
                Int.random(in: 0...(1_000 - kept), using: &generator),
                from: Double(Int.random(in: -2_000...2_000, using: &generator)))
        func store(_ frames: [Rect]) throws -> LayoutStore {
            var layout = CollectionLayout(IntervalTreeOrderTests.Frames(frames: frames), index: BruteForceIndex())
            try layout.prepare(viewport: Self.viewport)
            return layout.store
        }
        let (built, current) = (try store(before), try store(after))
        let blockIndexes = try [1, 7, 16].map { try SoABinarySearchIndex(blockSize: $0) }
        built.withChunks { builtChunks in
            current.withChunks { currentChunks in
                func rebuilt<Index: SpatialIndex>(_ index: Index) -> String? {
                    var index = index
                    index.build(over: builtChunks[0], axis: .vertical, viewport: Self.viewport)
                    index.rebuild(over: currentChunks[0], axis: .vertical, viewport: Self.viewport, keeping: kept)
                    return index.invariantViolation(over: currentChunks[0], axis: .vertical)
                }
                for index in blockIndexes { #expect(rebuilt(index) == nil, "block size \(index.blockSize)") }
                #expect(rebuilt(IntervalTreeIndex()) == nil)
                #expect(rebuilt(PageTableIndex()) == nil)
                #expect(rebuilt(UnionRectsIndex()) == nil)
            }
        }
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
