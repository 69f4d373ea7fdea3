import Tessera

/// Seeded random `performBatchUpdates` batches that fit the data they are drawn for: every kind of update the
/// layout takes, each drawn as often as the others, with sizes and sections copied from the data (a random
/// item's, a random section's) so the layout keeps its character as batches follow one another.
struct RandomBatches {
    private var generator: SeededGenerator

    init(seed: UInt64) {
        generator = SeededGenerator(seed: seed ^ 0xBA7C_4E5)
    }

    /// A batch of `count` updates (fewer only if the data is too small to take them) that `check` accepts: each
    /// update is drawn, and kept when the batch with it still fits, as UIKit's index rules decide.
    mutating func next(count: Int, sections: [LayoutSection], sectionsMayChange: Bool, check: ([LayoutUpdate]) -> Bool) -> [LayoutUpdate] {
        guard !sections.isEmpty else { return [] }
        var batch: [LayoutUpdate] = []
        var attempts = 0
        while batch.count < count, attempts < count * 20 {
            attempts += 1
            batch.append(draw(sections: sections, sectionsMayChange: sectionsMayChange))
            if !check(batch) { batch.removeLast() }
        }
        return batch
    }

    private mutating func draw(sections: [LayoutSection], sectionsMayChange: Bool) -> LayoutUpdate {
        let kinds = sectionsMayChange ? 9 : 5
        let section = Int.random(in: 0..<sections.count, using: &generator)
        let items = sections[section].itemSizes.count
        // Indices after the batch may run one past the data before it, where an insert appends.
        let item = Int.random(in: 0...items, using: &generator)
        let path = ItemPath(section: section, item: item)
        func otherPath() -> ItemPath {
            let section = Int.random(in: 0..<sections.count, using: &generator)
            return ItemPath(section: section, item: Int.random(in: 0...sections[section].itemSizes.count, using: &generator))
        }
        // Another item's size, so sizes keep the workload's distribution however many batches follow.
        let source = otherPath()
        let sourceItems = sections[source.section].itemSizes
        let size = sourceItems.count > 0 ? sourceItems[Swift.min(source.item, sourceItems.count - 1)] : Size(width: 50, height: 50)
        switch Int.random(in: 0..<kinds, using: &generator) {
        case 0: return .insertItem(path, size: size)
        case 1: return .deleteItem(path)
        case 2: return .moveItem(from: path, to: otherPath())
        case 3: return .reloadItem(path, size: size)
        case 4: return .resizeItem(path, size: size)
        case 5: return .insertSection(Int.random(in: 0...sections.count, using: &generator), sections[section])
        case 6: return .deleteSection(section)
        case 7: return .moveSection(from: section, to: Int.random(in: 0..<sections.count, using: &generator))
        default: return .reloadSection(section, sections[Int.random(in: 0..<sections.count, using: &generator)])
        }
    }
}
