import Tessera

/// Where the sections and items after a batch come from, by UIKit's rules, kept as sorted lists of what the batch
/// names so that a section is mapped without a pass over the others: O(*b* log *b*) for *b* updates, whatever the
/// number of sections. The floor of an update found section by section (`UpdateFloor.elements`) walks the layout
/// with it; the brute force's tokens (`BatchTokens`) say the same, section by section and item by item.
struct BatchMap {
    /// Sections deleted or moved away, by their number before the batch, ascending.
    private let removed: [Int]
    /// Sections inserted or moved in, by their number after the batch, ascending.
    private let placed: [Int]
    /// Sections reloaded, by their number before the batch.
    private let reloaded: Set<Int>
    /// Sections before the batch that any of its item updates names (deleted, moved away, resized or reloaded
    /// items) or that it reloads, ascending.
    private let edited: [Int]
    /// Sections after the batch that items arrive in (inserted, or moved in), ascending.
    private let arriving: [Int]
    /// Items leaving each section (deleted, or moved away), by their number before the batch, ascending.
    private let leaving: [Int: [Int]]
    /// Items reloaded in each section, by their number before the batch, ascending: new items in the old places.
    private let renewed: [Int: [Int]]
    /// Items arriving in each section (inserted, or moved in, from any section), by their number after it,
    /// ascending.
    private let arrivals: [Int: [Int]]

    /// The map of `batch`, a batch the data accepts (`UpdatableLayout.check(_:)`).
    ///
    /// - Complexity: O(*b* log *b*) for the *b* updates.
    init(_ batch: [LayoutUpdate]) {
        var removed: [Int] = []
        var placed: [Int] = []
        var reloaded = Set<Int>()
        var edited = Set<Int>()
        var leaving: [Int: [Int]] = [:]
        var renewed: [Int: [Int]] = [:]
        var arrivals: [Int: [Int]] = [:]
        for update in batch {
            switch update {
            case .resizeItem(let path, _): edited.insert(path.section)
            case .reloadItem(let path, _):
                edited.insert(path.section)
                renewed[path.section, default: []].append(path.item)
            case .deleteItem(let path):
                edited.insert(path.section)
                leaving[path.section, default: []].append(path.item)
            case .moveItem(let from, let to):
                edited.insert(from.section)
                leaving[from.section, default: []].append(from.item)
                arrivals[to.section, default: []].append(to.item)
            case .insertItem(let path, _): arrivals[path.section, default: []].append(path.item)
            case .reloadSection(let section, _):
                reloaded.insert(section)
                edited.insert(section)
            case .deleteSection(let section): removed.append(section)
            case .moveSection(let from, let to):
                removed.append(from)
                placed.append(to)
            case .insertSection(let section, _): placed.append(section)
            }
        }
        self.removed = removed.sorted()
        self.placed = placed.sorted()
        self.reloaded = reloaded
        self.edited = edited.sorted()
        arriving = arrivals.keys.sorted()
        self.leaving = leaving.mapValues { $0.sorted() }
        self.renewed = renewed.mapValues { $0.sorted() }
        self.arrivals = arrivals.mapValues { $0.sorted() }
    }

    /// How many sections the batch adds: those it inserts, less those it deletes.
    var sectionCountChange: Int { placed.count - removed.count }

    /// Whether section `section` after the batch is one it inserts or moves in.
    ///
    /// - Complexity: O(log *b*).
    func isPlaced(_ section: Int) -> Bool { Self.first(in: placed, atOrAfter: section) == section }

    /// Whether section `section` before the batch is one it deletes or moves away.
    ///
    /// - Complexity: O(log *b*).
    func isRemoved(_ section: Int) -> Bool { Self.first(in: removed, atOrAfter: section) == section }

    /// Whether section `old` before the batch, kept as section `new` after it, is replaced whole.
    ///
    /// - Complexity: O(1).
    func isReloaded(_ old: Int) -> Bool { reloaded.contains(old) }

    /// Whether section `old`, kept as section `new`, changes in itself: reloaded, or an item of it named by the
    /// batch, or an item arriving in it, or (in a layout whose section 0 holds elements of its own) taking section 0's
    /// place or leaving it.
    ///
    /// - Complexity: O(log *b*).
    func changes(old: Int, new: Int, firstSectionHoldsLayoutElements: Bool) -> Bool {
        Self.first(in: edited, atOrAfter: old) == old || Self.first(in: arriving, atOrAfter: new) == new
            || (firstSectionHoldsLayoutElements && (old == 0) != (new == 0))
    }

    /// How many sections from `old` before the batch and `new` after it are kept in order and unchanged, at most
    /// `limit`: the run up to the next section the batch removes, places, edits or sends items to.
    ///
    /// - Complexity: O(log *b*).
    func unchangedRun(old: Int, new: Int, limit: Int) -> Int {
        Swift.min(
            limit, Self.first(in: removed, atOrAfter: old) - old, Self.first(in: edited, atOrAfter: old) - old,
            Self.first(in: placed, atOrAfter: new) - new, Self.first(in: arriving, atOrAfter: new) - new)
    }

    /// Where each item of section `new` after the batch comes from, the section kept from `old`: the number of the
    /// item before the batch, or `BatchMap.noItem` for an item inserted, moved (within the section or from another)
    /// or reloaded.
    ///
    /// - Parameters:
    ///   - old: The section's number before the batch.
    ///   - new: Its number after the batch.
    ///   - count: The items section `old` held before the batch.
    /// - Complexity: O(*m*) for the section's *m* items.
    func items(old: Int, new: Int, count: Int) -> [Int] {
        let leaving = leaving[old] ?? []
        let renewed = renewed[old] ?? []
        let arrivals = arrivals[new] ?? []
        var sources: [Int] = []
        sources.reserveCapacity(count - leaving.count + arrivals.count)
        var nextLeaving = 0
        var nextRenewed = 0
        var nextArrival = 0
        for item in 0..<count {
            if nextLeaving < leaving.count, leaving[nextLeaving] == item {
                nextLeaving += 1
                continue
            }
            // Arrivals are numbered as after the batch: each takes its place as the items before it are laid down.
            while nextArrival < arrivals.count, arrivals[nextArrival] == sources.count {
                sources.append(Self.noItem)
                nextArrival += 1
            }
            if nextRenewed < renewed.count, renewed[nextRenewed] == item {
                nextRenewed += 1
                sources.append(Self.noItem)
            } else {
                sources.append(item)
            }
        }
        sources += repeatElement(Self.noItem, count: arrivals.count - nextArrival)
        return sources
    }

    /// What `items(old:new:count:)` gives an item with nothing before the batch to come from (not an optional: a
    /// section of a million items maps in half the memory).
    static let noItem = -1

    /// The first of `sorted` at or after `value`, or `Int.max` when none is.
    private static func first(in sorted: [Int], atOrAfter value: Int) -> Int {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < sorted.count ? sorted[low] : Int.max
    }
}
