import Tessera
import Testing

/// `shouldInvalidate(forBoundsChange:)` for the flow layout: a size change needs a new prepare, a scroll needs
/// nothing (flow has no per-scroll effects).
@Suite("Invalidation on bounds change")
struct InvalidationTests {
    static func layout(_ direction: ScrollAxis = .vertical) throws -> CollectionLayout<FlowLayout, SoABinarySearchIndex>
    {
        try preparedFlow(
            [LayoutSection(itemSizes: .uniform(Size(width: 50, height: 50), count: 100))],
            FlowLayout.Configuration(scrollDirection: direction))
    }

    @Test(
        "a pure scroll needs nothing",
        arguments: [Point(x: 0, y: 0), Point(x: 0, y: 500), Point(x: 0, y: -120), Point(x: 33.5, y: 1e6)])
    func scroll(to origin: Point) throws {
        for direction in ScrollAxis.allCases {
            let layout = try Self.layout(direction)
            #expect(layout.shouldInvalidate(forBoundsChange: Rect(origin: origin, size: phone)) == .none)
        }
    }

    @Test(
        "a size change needs a new layout",
        arguments: [
            Size(width: 844, height: 390), Size(width: 391, height: 844), Size(width: 390, height: 843.5), Size.zero,
        ])
    func resize(to size: Size) throws {
        let layout = try Self.layout()
        #expect(layout.shouldInvalidate(forBoundsChange: Rect(origin: .zero, size: size)) == .layout)
        #expect(layout.shouldInvalidate(forBoundsChange: Rect(origin: Point(x: 0, y: 300), size: size)) == .layout)
    }

    @Test("before the first prepare every bounds change needs a layout")
    func beforePrepare() throws {
        let layout = CollectionLayout(try FlowLayout(sections: []), index: SoABinarySearchIndex())
        #expect(layout.shouldInvalidate(forBoundsChange: Rect(origin: .zero, size: phone)) == .layout)
    }

    @Test("after re-preparing for a new size, that size is the one that needs nothing")
    func afterReprepare() throws {
        var layout = try Self.layout()
        try layout.prepare(viewport: Size(width: 844, height: 390))
        #expect(layout.shouldInvalidate(forBoundsChange: Rect(x: 0, y: 10, width: 844, height: 390)) == .none)
        #expect(layout.shouldInvalidate(forBoundsChange: Rect(x: 0, y: 10, width: 390, height: 844)) == .layout)
    }

    @Test("bounds given with a negative size are standardised, as CGRect")
    func standardisedBounds() throws {
        let layout = try Self.layout()
        #expect(layout.shouldInvalidate(forBoundsChange: Rect(x: 390, y: 1000, width: -390, height: -844)) == .none)
    }
}
