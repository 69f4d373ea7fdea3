/// A batch of updates checked against the data before it and sorted into the order UIKit applies them: reloads
/// and resizes, then deletes (and move sources) from the last, then inserts (and move destinations) from the
/// first. Making one changes nothing, so a batch it refuses leaves the layout as it was.
@usableFromInline struct BatchPlan {
    /// Where a section after the batch comes from.
    @usableFromInline enum Source {
        case old(Int)
        case new(LayoutSection)
    }

    /// Whether the batch inserts, deletes or moves a section.
    @usableFromInline var changesSections = false
    /// The sections the batch puts in place (inserted, or the destination of a move), by their index after the
    /// batch, ascending. The others keep their order: a batch is planned in O(*b* log *b*) for *b* updates, whatever
    /// the number of sections.
    @usableFromInline var placedSections: [(section: Int, source: Source)] = []
    /// Sections replaced wholesale, by their index before the batch.
    @usableFromInline var reloadedSections: [Int: LayoutSection] = [:]
    /// Items given a new size, by their place before the batch.
    @usableFromInline var resized: [ItemPath: Size] = [:]
    /// The items among them that are reloaded (replaced by UIKit, not kept in place for an anchor).
    @usableFromInline var reloadedItems = Set<ItemPath>()
    /// Items leaving their section (deleted, or the source of a move), by their place before the batch, last first.
    @usableFromInline var removed: [ItemPath] = []
    /// Items arriving (inserted, or the destination of a move), by their place after the batch, first first, with
    /// their sizes (a moved item's size is read before anything changes).
    @usableFromInline var added: [(path: ItemPath, size: Size)] = []
    /// Sections deleted, or moved away, by their index before the batch, last first.
    @usableFromInline var removedSections: [Int] = []
    /// Sections moved, by their index before the batch.
    @usableFromInline var movedSections = Set<Int>()

    @usableFromInline init(_ batch: [LayoutUpdate], sections: SectionList, fixedSectionCount: Int?) throws(LayoutError)
    {
        let before = sections.count
        var deletedSections = Set<Int>()
        var movedSections: [Int: Int] = [:]  // before → after
        var insertedSections: [Int: LayoutSection] = [:]
        var claimedSections = Set<Int>()  // sections named before the batch by a delete, move or reload
        var deleted = Set<ItemPath>()
        var moved: [ItemPath: ItemPath] = [:]  // before → after
        var inserted: [ItemPath: Size] = [:]
        var claimedItems = Set<ItemPath>()  // items named before the batch
        var arrivals = Set<ItemPath>()  // places named after the batch

        func fail(_ reason: String) -> LayoutError { .invalidUpdate(reason) }
        // What an update is called in a refusal: built only when a refusal is made, never for an update that fits.
        func checkSection(_ section: Int, _ what: @autoclosure () -> String) throws(LayoutError) {
            guard section >= 0, section < before else {
                throw fail("\(what()) names section \(section), but there were \(before) sections before the batch")
            }
        }
        func checkItem(_ path: ItemPath, _ what: @autoclosure () -> String) throws(LayoutError) {
            try checkSection(path.section, what())
            let count = sections[path.section].itemSizes.count
            guard path.item >= 0, path.item < count else {
                throw fail("\(what()) names \(path), but section \(path.section) had \(count) items before the batch")
            }
            guard claimedItems.insert(path).inserted else {
                throw fail("\(what()) names \(path), which another update of the batch names too")
            }
        }
        func checkSize(_ size: Size, _ what: @autoclosure () -> String) throws(LayoutError) {
            guard size.isValidExtent else {
                throw fail("\(what()) has size \(size.width) × \(size.height); \(LayoutError.lengthRule)")
            }
        }
        func claim(_ section: Int, _ what: @autoclosure () -> String) throws(LayoutError) {
            try checkSection(section, what())
            guard claimedSections.insert(section).inserted else {
                throw fail("\(what()) names section \(section), which another update of the batch names too")
            }
        }
        func checkSectionData(_ data: LayoutSection, _ what: @autoclosure () -> String) throws(LayoutError) {
            do { try data.validate(section: 0) } catch { throw fail("\(what()): \(error)") }
        }

        for update in batch {
            switch update {
            case .insertItem(let path, let size):
                try checkSize(size, "insertItem")
                guard arrivals.insert(path).inserted else {
                    throw fail("two updates of the batch put an item at \(path)")
                }
                inserted[path] = size
            case .deleteItem(let path):
                try checkItem(path, "deleteItem")
                deleted.insert(path)
            case .moveItem(let from, let to):
                try checkItem(from, "moveItem")
                guard arrivals.insert(to).inserted else { throw fail("two updates of the batch put an item at \(to)") }
                moved[from] = to
            case .reloadItem(let path, let size), .resizeItem(let path, let size):
                try checkItem(path, "\(update.name)")
                try checkSize(size, "\(update.name) of \(path)")
                resized[path] = size
                if case .reloadItem = update { reloadedItems.insert(path) }
            case .insertSection(let section, let data):
                try checkSectionData(data, "insertSection \(section)")
                guard insertedSections.updateValue(data, forKey: section) == nil,
                    !movedSections.values.contains(section)
                else {
                    throw fail("two updates of the batch put a section at \(section)")
                }
            case .deleteSection(let section):
                try claim(section, "deleteSection")
                deletedSections.insert(section)
            case .moveSection(let from, let to):
                try claim(from, "moveSection")
                guard insertedSections[to] == nil, !movedSections.values.contains(to) else {
                    throw fail("two updates of the batch put a section at \(to)")
                }
                movedSections[from] = to
            case .reloadSection(let section, let data):
                try claim(section, "reloadSection")
                try checkSectionData(data, "reloadSection \(section)")
                reloadedSections[section] = data
            }
        }

        changesSections = !(deletedSections.isEmpty && movedSections.isEmpty && insertedSections.isEmpty)
        if let fixed = fixedSectionCount, changesSections {
            throw fail(
                "this layout has \(fixed) section\(fixed == 1 ? "" : "s") by nature; sections cannot be inserted, deleted or moved"
            )
        }
        let after = before - deletedSections.count + insertedSections.count
        for section in Array(insertedSections.keys) + Array(movedSections.values) where section < 0 || section >= after
        {
            throw fail("a section is put at \(section), but there are \(after) sections after the batch")
        }
        placedSections =
            (insertedSections.map { ($0.key, Source.new($0.value)) } + movedSections.map { ($0.value, .old($0.key)) })
            .sorted { $0.0 < $1.0 }
            .map { (section: $0.0, source: $0.1) }
        removedSections = deletedSections.union(movedSections.keys).sorted(by: >)

        // Items: every one named before the batch must be in a section that survives it and is not replaced.
        for path in claimedItems {
            if deletedSections.contains(path.section) {
                throw fail("an update names \(path), but the batch deletes section \(path.section)")
            }
            if reloadedSections[path.section] != nil {
                throw fail("an update names \(path), but the batch reloads section \(path.section)")
            }
        }
        // Counts after the batch, section by section, and every arrival within them.
        var removedFrom = [Int: Int]()
        for path in deleted.union(moved.keys) { removedFrom[path.section, default: 0] += 1 }
        var arrivingAt = [Int: Int]()
        for path in arrivals { arrivingAt[path.section, default: 0] += 1 }
        for path in arrivals {
            guard path.section >= 0, path.section < after else {
                throw fail("an item is put at \(path), but there are \(after) sections after the batch")
            }
            guard case .old(let old) = source(of: path.section), reloadedSections[old] == nil else {
                throw fail(
                    "an item is put at \(path), in a section the batch inserts or reloads (give the section its items instead)"
                )
            }
            let count =
                sections[old].itemSizes.count - removedFrom[old, default: 0] + arrivingAt[path.section, default: 0]
            guard path.item >= 0, path.item < count else {
                throw fail("an item is put at \(path), but section \(path.section) has \(count) items after the batch")
            }
        }

        removed = deleted.union(moved.keys).sorted(by: >)
        added =
            (inserted.map { ($0.key, $0.value) }
            + moved.map { ($0.value, sections[$0.key.section].itemSizes[$0.key.item]) })
            .sorted { $0.0 < $1.0 }
            .map { (path: $0.0, size: $0.1) }
        self.movedSections = Set(movedSections.keys)
    }
}

extension BatchPlan {
    /// Where section `section` after the batch comes from: the section put there, or the staying section it is
    /// in order.
    ///
    /// - Complexity: O(log *b*).
    func source(of section: Int) -> Source {
        let placedBefore = placedSections.partitionPoint { $0.section >= section }
        if placedBefore < placedSections.count, placedSections[placedBefore].section == section {
            return placedSections[placedBefore].source
        }
        return .old(
            Self.number(section - placedBefore, skipping: removedSections.count) {
                removedSections[removedSections.count - 1 - $0]
            })
    }

    /// Where section `old` before the batch is after it; `nil` when the batch deletes it.
    ///
    /// - Complexity: O(*b*).
    @usableFromInline func newIndex(ofOld old: Int) -> Int? {
        if movedSections.contains(old) {
            return placedSections.first { if case .old(old) = $0.source { true } else { false } }?.section
        }
        let leaving = removedSections.count
        let leavingBefore = (0..<leaving).partitionPoint(near: 0) { removedSections[leaving - 1 - $0] >= old }
        if leavingBefore < leaving, removedSections[leaving - 1 - leavingBefore] == old { return nil }
        return Self.number(old - leavingBefore, skipping: placedSections.count) { placedSections[$0].section }
    }

    /// The `n`th number from zero that a list of `count` numbers, `skipped(0)` to `skipped(count - 1)` (ascending,
    /// distinct, non-negative), does not hold.
    static func number(_ n: Int, skipping count: Int, _ skipped: (Int) -> Int) -> Int {
        // skipped(i) − i numbers are not skipped before skipped(i), a count that never falls along the list.
        n + (0..<count).partitionPoint(near: 0) { skipped($0) - $0 > n }
    }
}

extension LayoutUpdate {
    /// The update's name, as the updates file spells it.
    @usableFromInline var name: String {
        switch self {
        case .insertItem: "insertItem"
        case .deleteItem: "deleteItem"
        case .moveItem: "moveItem"
        case .reloadItem: "reloadItem"
        case .resizeItem: "resizeItem"
        case .insertSection: "insertSection"
        case .deleteSection: "deleteSection"
        case .moveSection: "moveSection"
        case .reloadSection: "reloadSection"
        }
    }
}
