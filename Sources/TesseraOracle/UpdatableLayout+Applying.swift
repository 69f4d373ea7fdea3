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
    /// - Complexity: O(*b* log *b*) for the *b* updates, plus the layout's edits.
    public func applying(_ batch: [LayoutUpdate]) throws(LayoutError) -> Self {
        try check(batch)
        var resized: [(path: ItemPath, size: Size)] = []
        var reloadedSections: [(section: Int, data: LayoutSection)] = []
        var removedItems: [ItemPath] = []
        var removedSections: [Int] = []
        var movedSections: [Int: Int] = [:]
        var insertedSections: [(section: Int, data: LayoutSection)] = []
        var arrivals: [(path: ItemPath, size: Size)] = []
        let sections = sections
        for update in batch {
            switch update {
            case .resizeItem(let path, let size), .reloadItem(let path, let size): resized.append((path, size))
            case .reloadSection(let section, let data): reloadedSections.append((section, data))
            case .deleteItem(let path): removedItems.append(path)
            case .moveItem(let from, let to):
                removedItems.append(from)
                arrivals.append((to, sections[from.section].itemSizes[from.item]))
            case .deleteSection(let section): removedSections.append(section)
            case .moveSection(let from, let to):
                removedSections.append(from)
                movedSections[from] = to
            case .insertSection(let section, let data): insertedSections.append((section, data))
            case .insertItem(let path, let size): arrivals.append((path, size))
            }
        }
        var layout = self
        for (path, size) in resized { layout.setSize(size, ofItem: path.item, inSection: path.section) }
        for (section, data) in reloadedSections { layout.replaceSection(at: section, with: data) }
        for path in removedItems.sorted(by: >) { layout.removeItem(at: path.item, inSection: path.section) }
        var placed = insertedSections
        for section in removedSections.sorted(by: >) {
            if let destination = movedSections[section] { placed.append((destination, layout.sections[section])) }
            layout.removeSection(at: section)
        }
        for (section, data) in placed.sorted(by: { $0.section < $1.section }) {
            layout.insertSection(data, at: section)
        }
        for (path, size) in arrivals.sorted(by: { $0.path < $1.path }) {
            layout.insertItem(size, at: path.item, inSection: path.section)
        }
        return layout
    }
}
