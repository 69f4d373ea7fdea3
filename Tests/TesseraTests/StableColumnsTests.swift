import TesseraOracle
import Testing

@testable import Tessera

/// The waterfall's stable columns: under resizes, inserts and deletes, no photo already placed changes column, and a
/// new photo goes to the column shortest at its place; under the shortest-column rule the same changes move photos
/// between columns (what the option is for).
@Suite("Stable waterfall columns")
struct StableColumnsTests {
    /// A random waterfall's data and columns, with `placement`.
    static func waterfall(seed: UInt64, _ placement: ColumnPlacement) throws -> (WaterfallLayout, Size) {
        let drawn = try RandomWaterfall(seed: seed, maxItems: 400)
        var configuration = drawn.algorithm.configuration
        configuration.columnPlacement = placement
        configuration.columns = Swift.max(2, configuration.columns)
        return (
            try WaterfallLayout(sections: Array(drawn.algorithm.sections), configuration: configuration), drawn.viewport
        )
    }

    /// Each photo's left edge (its column), by section and item.
    static func columns(_ layout: CollectionLayout<WaterfallLayout, SoABinarySearchIndex>) -> [[Double]] {
        layout.algorithm.sections.indices.map { section in
            (0..<layout.algorithm.sections[section].itemSizes.count).map {
                layout.attributesForItem(section: section, item: $0)!.frame.minX
            }
        }
    }

    /// Random one-item changes, and how many photos already placed changed column over them.
    static func columnChanges(seed: UInt64, _ placement: ColumnPlacement) throws -> (changes: Int, problems: [String]) {
        let (waterfall, viewport) = try waterfall(seed: seed, placement)
        var layout = CollectionLayout(waterfall, index: SoABinarySearchIndex())
        try layout.prepare(viewport: viewport)
        var rng = SplitMix64(seed: seed)
        var changes = 0
        var problems: [String] = []
        for step in 0..<40 {
            let sections = layout.algorithm.sections
            let filled = sections.indices.filter { sections[$0].itemSizes.count > 0 }
            guard !filled.isEmpty else { break }
            let section = filled[rng.int(0...(filled.count - 1))]
            let count = sections[section].itemSizes.count
            let before = columns(layout)
            let size = Size(width: 10, height: rng.length(1...400))
            var expected = before
            let update: LayoutUpdate
            switch rng.int(0...2) {
            case 0: update = .resizeItem(ItemPath(section: section, item: rng.int(0...(count - 1))), size: size)
            case 1:
                let item = rng.int(0...count)
                update = .insertItem(ItemPath(section: section, item: item), size: size)
                expected[section].insert(.nan, at: item)
            default:
                let item = rng.int(0...(count - 1))
                update = .deleteItem(ItemPath(section: section, item: item))
                expected[section].remove(at: item)
            }
            // Where a new photo goes: the column that ends highest at its place in the layout before it.
            var newColumn: Double?
            if case .insertItem(let path, _) = update, placement == .stable {
                var ends: [Double: Double] = [:]
                for item in 0..<path.item {
                    let frame = layout.attributesForItem(section: section, item: item)!.frame
                    ends[frame.minX] = frame.maxY
                }
                newColumn =
                    ends.isEmpty
                    ? nil : ends.min { $0.value < $1.value || ($0.value == $1.value && $0.key < $1.key) }?.key
                // A column with no photo before the place is the shortest; which one is not checked here.
                if ends.count < layout.algorithm.configuration.columns { newColumn = nil }
            }
            try layout.apply(update)
            let after = columns(layout)
            for (old, new) in zip(expected[section], after[section]) where !old.isNaN && old != new { changes += 1 }
            if case .insertItem(let path, _) = update, let newColumn, after[section][path.item] != newColumn {
                problems.append("step \(step): \(update) went to x \(after[section][path.item]), not \(newColumn)")
            }
            if placement == .stable,
                expected.indices.contains(where: { zip(expected[$0], after[$0]).contains { !$0.isNaN && $0 != $1 } })
            {
                problems.append("step \(step): \(update) moved a photo to another column")
            }
        }
        return (changes, problems)
    }

    @Test(
        "no photo already placed changes column; a new one goes to the column shortest at its place", arguments: 0..<12)
    func stable(seed: UInt64) throws {
        let (_, problems) = try Self.columnChanges(seed: seed, .stable)
        #expect(problems == [])
    }

    @Test("under the shortest-column rule the same changes move photos between columns")
    func shortestMoves() throws {
        let moved = try (0..<12).map { try Self.columnChanges(seed: $0, .shortest).changes }
        #expect(moved.reduce(0, +) > 0, "\(moved)")
    }
}
