import Tessera
import Testing

/// `performBatchUpdates`' index rules, the batches UIKit refuses, and self-sizing's content-offset adjustment.
@Suite("Batch updates and self-sizing")
struct BatchUpdateTests {
    /// Items told apart by their widths: item `n` is `n + 1` wide, so a section's widths name its items in order.
    static func widths(_ widths: [Int]) -> LayoutSection {
        LayoutSection(itemSizes: .list(widths.map { Size(width: Double($0), height: 10) }))
    }

    static func layout(_ sections: [[Int]]) throws -> CollectionLayout<FlowLayout, SoABinarySearchIndex> {
        var layout = CollectionLayout(try FlowLayout(sections: sections.map(widths)), index: SoABinarySearchIndex())
        try layout.prepare(viewport: Size(width: 390, height: 844))
        return layout
    }

    static func data(_ layout: CollectionLayout<FlowLayout, SoABinarySearchIndex>) -> [[Int]] {
        layout.algorithm.sections.map { section in
            (0..<section.itemSizes.count).map { Int(section.itemSizes[$0].width) }
        }
    }

    static func path(_ section: Int, _ item: Int) -> ItemPath { ItemPath(section: section, item: item) }
    static let tall = Size(width: 99, height: 10)

    @Test("deletes name items before the batch, inserts after it")
    func deleteAndInsert() throws {
        var layout = try Self.layout([[1, 2, 3, 4]])
        try layout.apply([.insertItem(Self.path(0, 0), size: Self.tall), .deleteItem(Self.path(0, 0))])
        #expect(Self.data(layout) == [[99, 2, 3, 4]])
        try layout.apply([
            .deleteItem(Self.path(0, 1)), .deleteItem(Self.path(0, 3)), .insertItem(Self.path(0, 2), size: Self.tall),
        ])
        #expect(Self.data(layout) == [[99, 3, 99]])
    }

    @Test("a move takes its item from where it was to where it is after the batch, across sections too")
    func moves() throws {
        var layout = try Self.layout([[1, 2, 3, 4], [5]])
        try layout.apply([.deleteItem(Self.path(0, 1)), .moveItem(from: Self.path(0, 3), to: Self.path(0, 0))])
        #expect(Self.data(layout) == [[4, 1, 3], [5]])
        try layout.apply(.moveItem(from: Self.path(0, 0), to: Self.path(1, 1)))
        #expect(Self.data(layout) == [[1, 3], [5, 4]])
    }

    @Test("sections are inserted, deleted, moved and reloaded as UIKit does, carrying their items")
    func sections() throws {
        var layout = try Self.layout([[1], [2, 2], [3]])
        try layout.apply([.deleteSection(0), .insertSection(2, Self.widths([7]))])
        #expect(Self.data(layout) == [[2, 2], [3], [7]])
        try layout.apply([.moveSection(from: 2, to: 0), .reloadSection(1, Self.widths([8, 8]))])
        #expect(Self.data(layout) == [[7], [2, 2], [8, 8]])  // the reload names section 1 before the batch: [3]
    }

    @Test(
        "a batch UIKit refuses is refused with a reason, and leaves the layout as it was",
        arguments: [
            [LayoutUpdate.deleteItem(ItemPath(section: 0, item: 4))],
            [.deleteItem(ItemPath(section: 3, item: 0))],
            [
                .deleteItem(ItemPath(section: 0, item: 1)),
                .moveItem(from: ItemPath(section: 0, item: 1), to: ItemPath(section: 0, item: 0)),
            ],
            [.insertItem(ItemPath(section: 0, item: 5), size: Size(width: 1, height: 1))],
            [
                .insertItem(ItemPath(section: 0, item: 0), size: Size(width: 1, height: 1)),
                .insertItem(ItemPath(section: 0, item: 0), size: Size(width: 2, height: 1)),
            ],
            [.deleteSection(1), .deleteItem(ItemPath(section: 1, item: 0))],
            [.insertSection(3, LayoutSection(itemSizes: .uniform(Size(width: 1, height: 1), count: 1)))],
            [.resizeItem(ItemPath(section: 0, item: 0), size: Size(width: .nan, height: 1))],
            [.insertItem(ItemPath(section: 0, item: 0), size: Size(width: -1, height: 1))],
            [.moveSection(from: 0, to: 0), .deleteSection(0)],
        ])
    func refused(batch: [LayoutUpdate]) throws {
        var layout = try Self.layout([[1, 2, 3, 4], [5]])
        let frames = (0..<layout.store.count).map(layout.store.frame(at:))
        let error = layoutError { try layout.apply(batch) }
        guard case .invalidUpdate(let reason) = error else {
            Issue.record("\(batch) gave \(String(describing: error))")
            return
        }
        #expect(!reason.isEmpty)
        #expect(Self.data(layout) == [[1, 2, 3, 4], [5]])
        #expect((0..<layout.store.count).map(layout.store.frame(at:)) == frames)
    }

    @Test("Mosaic and the carousel have one section: section updates are refused, item updates renumber")
    func oneSection() throws {
        var mosaic = CollectionLayout(try MosaicLayout(itemCount: 10), index: SoABinarySearchIndex())
        try mosaic.prepare(viewport: Size(width: 390, height: 844))
        #expect(layoutError { try mosaic.apply(.deleteSection(0)) } != nil)
        try mosaic.apply(.insertItem(Self.path(0, 3), size: .zero))
        #expect(mosaic.algorithm.itemCount == 11 && mosaic.store.count == 11)
    }

    @Test("self-sizing above the viewport keeps the first visible element where it was; below, nothing moves")
    func contentOffsetAdjustment() throws {
        // One cell a line: each cell's growth moves everything below it by as much.
        let estimated = LayoutSection(itemSizes: .uniform(Size(width: 300, height: 50), count: 100))
        var layout = CollectionLayout(try FlowLayout(sections: [estimated, estimated]), index: SoABinarySearchIndex())
        try layout.prepare(viewport: Size(width: 390, height: 844))
        let offset = Point(x: 0, y: 3_000)  // in section 0, around item 50
        let firstShown = try #require(layout.attributesForItem(section: 0, item: 60)?.frame.minY)
        let above = try layout.invalidate(
            sizes: [(Self.path(0, 2), Size(width: 300, height: 80))], keeping: .firstVisible, at: offset)
        #expect(above == Point(x: 0, y: 3_030))
        #expect(layout.attributesForItem(section: 0, item: 60)?.frame.minY == firstShown + 30)
        let below = try layout.invalidate(
            sizes: [(Self.path(1, 5), Size(width: 300, height: 10))], keeping: .firstVisible, at: above)
        #expect(below == above)
        var fresh = CollectionLayout(layout.algorithm, index: SoABinarySearchIndex())
        try fresh.prepare(viewport: Size(width: 390, height: 844))
        #expect(laidOut(fresh) == laidOut(layout))
    }

    @Test("an invalid measured size is refused and changes nothing")
    func invalidMeasuredSize() throws {
        var layout = try Self.layout([[1, 2]])
        #expect(
            layoutError {
                _ = try layout.invalidate(
                    sizes: [(Self.path(0, 1), Size(width: 1, height: .infinity))], keeping: .firstVisible, at: .zero)
            } != nil)
        #expect(
            layoutError {
                try layout.invalidate(sizes: [(Self.path(0, 2), Size(width: 1, height: 1))])
            } != nil)
        #expect(Self.data(layout) == [[1, 2]])
    }
}
