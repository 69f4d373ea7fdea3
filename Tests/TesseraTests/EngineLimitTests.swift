import Tessera
import TesseraBaselines
import Testing

/// Counts, index parameters and viewports at the edges of what the engine holds are refused with a `LayoutError`,
/// never a trap: an overflowing sum, an allocation no machine has, a block or page size the arithmetic cannot take
/// (issue 12).
@Suite("Engine limits")
struct EngineLimitTests {
    static let cell = Size(width: 50, height: 50)

    @Test("sections whose elements number more than Int.max are refused at init")
    func elementCountsThatOverflow() {
        let huge = LayoutSection(itemSizes: .uniform(Self.cell, count: .max))
        let half = LayoutSection(itemSizes: .uniform(Self.cell, count: Int.max / 2 + 1))
        for sections in [[huge], [half, half], [huge, LayoutSection(itemSizes: .uniform(Self.cell, count: 0))]] {
            #expect(layoutError { _ = try FlowLayout(sections: sections) } == .elementCountOverflow)
            #expect(layoutError { _ = try WaterfallLayout(sections: sections) } == .elementCountOverflow)
            #expect(layoutError { _ = try StickyParallaxLayout(sections: sections) } == .elementCountOverflow)
        }
        #expect(layoutError { _ = try StickyParallaxLayout(itemCounts: [.max, 1]) } == .elementCountOverflow)
        // The sticky layout's page header and menu count too.
        #expect(layoutError { _ = try StickyParallaxLayout(itemCounts: [.max - 3]) } == .elementCountOverflow)
    }

    @Test("a layout whose frames would not fit in the machine's memory is refused by prepare, before allocating")
    func layoutsLargerThanMemory() throws {
        let viewport = Size(width: 390, height: 844)
        var carousel = CollectionLayout(try CarouselLayout(itemCount: .max), index: SoABinarySearchIndex())
        guard
            case .insufficientMemory(let elements, let bytes, let available)? = layoutError({
                try carousel.prepare(viewport: viewport)
            })
        else {
            Issue.record("expected insufficientMemory")
            return
        }
        #expect(elements == .max && bytes == .max && available > 0)
        var mosaic = CollectionLayout(try MosaicLayout(itemCount: 1 << 40), index: SoABinarySearchIndex())
        guard case .insufficientMemory(1 << 40, _, _)? = layoutError({ try mosaic.prepare(viewport: viewport) }) else {
            Issue.record("expected insufficientMemory")
            return
        }
        var flow = CollectionLayout(
            try FlowLayout(sections: [LayoutSection(itemSizes: .uniform(Self.cell, count: 1 << 40))]),
            index: SoABinarySearchIndex())
        guard case .insufficientMemory? = layoutError({ try flow.prepare(viewport: viewport) }) else {
            Issue.record("expected insufficientMemory")
            return
        }
    }

    @Test("index parameters out of range are refused at init")
    func indexParameters() {
        for size in [0, -1, .max, 65_537] {
            #expect(
                layoutError { _ = try SoABinarySearchIndex(blockSize: size) }
                    == .countOutOfRange(name: "blockSize", value: size, range: 1...65_536))
            #expect(
                layoutError { _ = try UnionRectsIndex(blockSize: size) }
                    == .countOutOfRange(name: "blockSize", value: size, range: 1...65_536))
        }
        for level in [-1, 31, .max] {
            #expect(
                layoutError { _ = try IntervalTreeIndex(leafLevel: level) }
                    == .countOutOfRange(name: "leafLevel", value: level, range: 0...30))
        }
        for pages in [0, .leastNonzeroMagnitude, -1, .nan, .infinity, 1e300] {
            guard
                case .parameterOutOfRange(name: "pagesPerViewport", _, _)? = layoutError({
                    _ = try PageTableIndex(pagesPerViewport: pages)
                })
            else {
                Issue.record("pagesPerViewport \(pages) accepted")
                continue
            }
        }
    }

    @Test("the page table at its finest pages answers a rect at infinity")
    func pageTableAtItsLimits() throws {
        for pages in [PageTableIndex.pagesPerViewportRange.lowerBound, PageTableIndex.pagesPerViewportRange.upperBound]
        {
            var layout = CollectionLayout(
                try FlowLayout(sections: [LayoutSection(itemSizes: .uniform(Self.cell, count: 100))]),
                index: try PageTableIndex(pagesPerViewport: pages))
            try layout.prepare(viewport: Size(width: 390, height: 844))
            var visible = VisibleElements()
            try layout.attributes(in: Rect(x: 0, y: .infinity, width: 390, height: 844), into: &visible)
            #expect(visible.count == 0)
            try layout.attributes(in: Rect(x: 0, y: -1e300, width: 390, height: 1e301), into: &visible)
            #expect(visible.count == 100)
        }
    }

    @Test("a waterfall no wider than its header inset is refused by prepare, by the engine and the baselines alike")
    func narrowWaterfall() throws {
        let algorithm = try WaterfallLayout(sections: [LayoutSection(itemSizes: .uniform(Self.cell, count: 4))])
        for width in [0, 1, 3.5, WaterfallLayout.headerInset] {
            var layout = CollectionLayout(algorithm, index: SoABinarySearchIndex())
            let viewport = Size(width: width, height: 844)
            guard
                case .parameterOutOfRange(name: "viewport width", _, _)? = layoutError({
                    try layout.prepare(viewport: viewport)
                })
            else {
                Issue.record("a viewport \(width) wide accepted")
                continue
            }
            #expect(layoutError { try NaiveDictionaryLayout(algorithm).prepare(viewport: viewport) } != nil)
        }
        var layout = CollectionLayout(algorithm, index: SoABinarySearchIndex())
        try layout.prepare(viewport: Size(width: 4.5, height: 844))
        var visible = VisibleElements()
        try layout.attributes(in: Rect(x: 0, y: 0, width: 4.5, height: 100), into: &visible)
        #expect(
            visible.count == 2,
            "the header, half a point wide, and the first photo (of no width: its column is narrower than its padding)")
    }

    @Test("the sticky layout's overlay alpha is an alpha")
    func overlayAlpha() {
        for alpha in [-0.1, 1.5, 1e12, .nan] {
            var configuration = StickyParallaxLayout.Configuration()
            configuration.maxOverlayAlpha = alpha
            guard
                case .parameterOutOfRange(name: "maxOverlayAlpha", _, _)? = layoutError({
                    _ = try StickyParallaxLayout(itemCounts: [3], configuration: configuration)
                })
            else {
                Issue.record("maxOverlayAlpha \(alpha) accepted")
                continue
            }
        }
    }
}
