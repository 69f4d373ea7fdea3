import Tessera

extension UpdatableLayout {
    /// This layout's data after `batch`, by UIKit's `performBatchUpdates` rules, through the layout's own edits and
    /// with nothing of the engine's bookkeeping: resizes and reloads of items, then reloads of sections, then
    /// deletes and the sources of moves, items from the last and then sections from the last (each named as before
    /// the batch), then inserted and moved sections from the first, then inserted and moved items from the first
    /// (each named as after the batch). A moved item keeps the size it had before the batch; a moved section
    /// takes the item changes the batch makes to it.
    ///
    /// - Parameter batch: The changes, in any order, as `CollectionLayout.apply(_:)` takes them.
    /// - Returns: The layout over the data the batch leaves.
    /// - Throws: `LayoutError.invalidUpdate` when the batch does not fit this layout's data (`check(_:)`).
    /// - Complexity: O(*b* log *b*) for the *b* updates, plus the layout's edits (and a copy of the data the first
    ///   edit makes, this layout's data being kept).
    public func applying(_ batch: [LayoutUpdate]) throws(LayoutError) -> Self {
        var layout = self
        try layout.apply(batch)
        return layout
    }

    /// Changes this layout's data as `applying(_:)` does, in place: no copy of the data where nothing else holds it.
    ///
    /// - Parameter batch: The changes, in any order, as `CollectionLayout.apply(_:)` takes them.
    /// - Throws: `LayoutError.invalidUpdate` when the batch does not fit this layout's data (`check(_:)`), with
    ///   nothing changed.
    /// - Complexity: O(*b* log *b*) for the *b* updates, plus the layout's edits.
    public mutating func apply(_ batch: [LayoutUpdate]) throws(LayoutError) {
        try check(batch)
        var resized: [(path: ItemPath, size: Size)] = []
        var reloadedSections: [(section: Int, data: LayoutSection)] = []
        var removedItems: [ItemPath] = []
        var removedSections: [Int] = []
        var movedSections: [Int: Int] = [:]
        var insertedSections: [(section: Int, data: LayoutSection)] = []
        var arrivals: [(path: ItemPath, size: Size)] = []
        // Read from the data as they come, not from a copy of it, which would make every edit below copy the data.
        for update in batch {
            switch update {
            case .resizeItem(let path, let size), .reloadItem(let path, let size): resized.append((path, size))
            case .reloadSection(let section, let data): reloadedSections.append((section, data))
            case .deleteItem(let path): removedItems.append(path)
            case .moveItem(let from, let to):
                removedItems.append(from)
                arrivals.append((to, self.sections[from.section].itemSizes[from.item]))
            case .deleteSection(let section): removedSections.append(section)
            case .moveSection(let from, let to):
                removedSections.append(from)
                movedSections[from] = to
            case .insertSection(let section, let data): insertedSections.append((section, data))
            case .insertItem(let path, let size): arrivals.append((path, size))
            }
        }
        for (path, size) in resized { setSize(size, ofItem: path.item, inSection: path.section) }
        for (section, data) in reloadedSections { replaceSection(at: section, with: data) }
        for path in removedItems.sorted(by: >) { removeItem(at: path.item, inSection: path.section) }
        var placed = insertedSections
        for section in removedSections.sorted(by: >) {
            if let destination = movedSections[section] { placed.append((destination, self.sections[section])) }
            removeSection(at: section)
        }
        for (section, data) in placed.sorted(by: { $0.section < $1.section }) {
            insertSection(data, at: section)
        }
        for (path, size) in arrivals.sorted(by: { $0.path < $1.path }) {
            insertItem(size, at: path.item, inSection: path.section)
        }
    }
}
