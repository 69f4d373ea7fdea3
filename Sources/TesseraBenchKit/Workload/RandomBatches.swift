import Tessera

/// Seeded random `performBatchUpdates` batches that fit the data they are drawn for: every kind of update the
/// layout takes, each drawn as often as the others, with sizes and sections copied from the data (a random
/// item's, a random section's) so the layout keeps its character as batches follow one another.
struct RandomBatches {
    /// The most items a section update moves: a section of the reference shape (1,000 items). A larger section (a
    /// layout of one section of every item) is not deleted, moved or reloaded, and a section inserted as a copy of
    /// it takes its first `sectionUpdateLimit` items: rewriting a million items is a reload of the data, which a
    /// prepare measures, not an update. The default shape's batches are drawn as they were without the limit.
    static let sectionUpdateLimit = TargetCheck.referenceShape

    private var generator: SeededGenerator
    /// The section count of the data the first batch was drawn for. A section insert or delete that would take
    /// the data further from it than one section becomes the other, so the layout keeps its size however many
    /// batches follow: drawn freely, the count wandered by about √n sections over n updates, and with it the
    /// memory a run holds, by how many batches its time allowed.
    private var sectionTarget: Int?

    init(seed: UInt64) {
        generator = SeededGenerator(seed: seed ^ 0xBA7C_4E5)
    }

    /// A batch of `count` updates (fewer only if the data is too small to take them) that `check` accepts: each
    /// update is drawn, and kept when the batch with it still fits, as UIKit's index rules decide.
    mutating func next(count: Int, sections: SectionList, sectionsMayChange: Bool, check: ([LayoutUpdate]) -> Bool)
        -> [LayoutUpdate]
    {
        guard !sections.isEmpty else { return [] }
        let target = sectionTarget ?? sections.count
        sectionTarget = target
        var batch: [LayoutUpdate] = []
        // The section count once the batch so far is applied.
        var sectionCount = sections.count
        var attempts = 0
        while batch.count < count, attempts < count * 20 {
            attempts += 1
            let update = draw(
                sections: sections, sectionsMayChange: sectionsMayChange, insertSection: sectionCount < target,
                deleteSection: sectionCount > target)
            batch.append(update)
            if !check(batch) {
                batch.removeLast()
                continue
            }
            if case .insertSection = update { sectionCount += 1 }
            if case .deleteSection = update { sectionCount -= 1 }
        }
        return batch
    }

    /// One update of a random kind; a section insert or delete is made the one `insertSection` or `deleteSection`
    /// asks for.
    private mutating func draw(sections: SectionList, sectionsMayChange: Bool, insertSection: Bool, deleteSection: Bool)
        -> LayoutUpdate
    {
        let kinds = sectionsMayChange ? 9 : 5
        let section = Int.random(in: 0..<sections.count, using: &generator)
        let items = sections[section].itemSizes.count
        // Indices after the batch may run one past the data before it, where an insert appends.
        let item = Int.random(in: 0...items, using: &generator)
        let path = ItemPath(section: section, item: item)
        func otherPath() -> ItemPath {
            let section = Int.random(in: 0..<sections.count, using: &generator)
            return ItemPath(
                section: section, item: Int.random(in: 0...sections[section].itemSizes.count, using: &generator))
        }
        // Another item's size, so sizes keep the workload's distribution however many batches follow.
        let source = otherPath()
        let sourceItems = sections[source.section].itemSizes
        let size =
            sourceItems.count > 0
            ? sourceItems[Swift.min(source.item, sourceItems.count - 1)] : Size(width: 50, height: 50)
        var kind = Int.random(in: 0..<kinds, using: &generator)
        if kind == 5 || kind == 6 { kind = insertSection ? 5 : deleteSection ? 6 : kind }
        // A section too large to delete, move or reload takes a resize of one of its items instead.
        if kind >= 6, items > Self.sectionUpdateLimit { kind = 4 }
        switch kind {
        case 0: return .insertItem(path, size: size)
        case 1: return .deleteItem(path)
        case 2: return .moveItem(from: path, to: otherPath())
        case 3: return .reloadItem(path, size: size)
        case 4: return .resizeItem(path, size: size)
        case 5:
            return .insertSection(
                Int.random(in: 0...sections.count, using: &generator), Self.limited(sections[section]))
        case 6: return .deleteSection(section)
        case 7: return .moveSection(from: section, to: Int.random(in: 0..<sections.count, using: &generator))
        default:
            return .reloadSection(
                section, Self.limited(sections[Int.random(in: 0..<sections.count, using: &generator)]))
        }
    }

    /// `data` with its first `sectionUpdateLimit` items at most.
    static func limited(_ data: LayoutSection) -> LayoutSection {
        guard data.itemSizes.count > sectionUpdateLimit else { return data }
        var limited = data
        limited.itemSizes =
            switch data.itemSizes {
            case .uniform(let size, _): .uniform(size, count: sectionUpdateLimit)
            case .list(let sizes): .list(Array(sizes.prefix(sectionUpdateLimit)))
            }
        return limited
    }
}
