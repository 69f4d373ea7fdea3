/// What a batch must write again, by section, as the batch goes: the sections to write whole (reloaded, or
/// becoming or ceasing to be section 0 of a layout that keeps elements of its own there), and the items changed in
/// the others. A section removed before them moves them down, one inserted moves them up. Only what the batch
/// names is kept, so a batch never walks every section.
@usableFromInline struct DirtySections {
    /// How an item changes: removed and resized items are numbered as laid out, added ones as the data numbers
    /// them after the batch.
    @usableFromInline enum Change: Int, Comparable {
        case removed, resized, added

        @inlinable static func < (lhs: Change, rhs: Change) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    @usableFromInline struct ItemChange {
        @usableFromInline var section: Int
        @usableFromInline var change: Change
        @usableFromInline var item: Int

        @inlinable init(section: Int, change: Change, item: Int) {
            self.section = section
            self.change = change
            self.item = item
        }
    }

    /// Sections written whole: ascending with none twice up to `sortedCount`, then as they were named (a batch
    /// reloads its sections in any order, and inserting each in place would cost O(*s*) a section).
    @usableFromInline var whole: [Int] = []
    @usableFromInline var sortedCount = 0
    @usableFromInline var items: [ItemChange] = []

    @inlinable init() {}

    /// `section` is written whole.
    @inlinable mutating func insert(_ section: Int) {
        whole.append(section)
    }

    /// Sorts the sections written whole and drops repeats.
    ///
    /// - Complexity: O(*w* log *w*) for the *w* named since the last sort.
    @inlinable mutating func sortWhole() {
        guard sortedCount < whole.count else { return }
        whole.sort()
        var kept = 0
        for section in whole where kept == 0 || whole[kept - 1] != section {
            whole[kept] = section
            kept += 1
        }
        whole.removeLast(whole.count - kept)
        sortedCount = kept
    }

    /// Item `path.item` of section `path.section` changes.
    @inlinable mutating func insert(_ change: Change, _ path: ItemPath) {
        items.append(ItemChange(section: path.section, change: change, item: path.item))
    }

    /// The section at `section` leaves (it is written again where it lands, if it moves): what it had is
    /// dropped, and the sections after it move down.
    @inlinable mutating func remove(_ section: Int) {
        sortWhole()
        let position = whole.partitionPoint { $0 >= section }
        if position < whole.count, whole[position] == section {
            whole.remove(at: position)
            sortedCount -= 1
        }
        for index in position..<whole.count { whole[index] -= 1 }
        items.removeAll { $0.section == section }
        for index in items.indices where items[index].section > section { items[index].section -= 1 }
    }

    /// A section arrives at `section`: those at or after it move up.
    @inlinable mutating func open(_ section: Int) {
        sortWhole()
        let position = whole.partitionPoint { $0 >= section }
        for index in position..<whole.count { whole[index] += 1 }
        for index in items.indices where items[index].section >= section { items[index].section += 1 }
    }

    /// Calls `body` for each section to write, ascending, with the runs of changed items to write in it, or none
    /// when it is written whole.
    @inlinable mutating func forEachSection(_ body: (_ section: Int, _ runs: [ItemEdit]?) -> Void) {
        sortWhole()
        items.sort { ($0.section, $0.change, $0.item) < ($1.section, $1.change, $1.item) }
        // A size given twice (self-sizing may) counts once.
        var kept = 0
        for index in items.indices {
            let item = items[index]
            if kept > 0, items[kept - 1].section == item.section, items[kept - 1].change == item.change,
                items[kept - 1].item == item.item
            {
                continue
            }
            items[kept] = item
            kept += 1
        }
        items.removeLast(items.count - kept)
        var runs: [ItemEdit] = []
        var (nextWhole, next) = (0, 0)
        while nextWhole < whole.count || next < items.count {
            let section = Swift.min(
                nextWhole < whole.count ? whole[nextWhole] : .max, next < items.count ? items[next].section : .max)
            // The section's changes: its removed items, then its resized ones, then its added ones.
            var bounds = (next, next, next)
            while bounds.0 < items.count, items[bounds.0].section == section, items[bounds.0].change == .removed {
                bounds.0 += 1
            }
            bounds.1 = bounds.0
            while bounds.1 < items.count, items[bounds.1].section == section, items[bounds.1].change == .resized {
                bounds.1 += 1
            }
            bounds.2 = bounds.1
            while bounds.2 < items.count, items[bounds.2].section == section { bounds.2 += 1 }
            if nextWhole < whole.count, whole[nextWhole] == section {
                nextWhole += 1
                body(section, nil)
            } else {
                runs.removeAll(keepingCapacity: true)
                ItemEdit.appendRuns(
                    removed: items[next..<bounds.0].lazy.map(\.item),
                    resized: items[bounds.0..<bounds.1].lazy.map(\.item),
                    added: items[bounds.1..<bounds.2].lazy.map(\.item), to: &runs
                )
                body(section, runs)
            }
            next = bounds.2
        }
    }
}
