import Tessera

/// Where each section and item after a batch comes from, found by brute force: every section and item of the data
/// before it as a token, moved through the batch by UIKit's rules, step by step as `UpdatableLayout.applying(_:)`
/// edits the data. O(*n*) arrays for *n* items: what the whole-layout floor maps identities with, and what the
/// section-by-section mapping (`BatchMap`) is tested against.
struct BatchTokens {
    /// Where a section after the batch comes from.
    enum Section: Equatable {
        /// The section of that number before the batch, in its place among the sections that stay.
        case kept(Int)
        /// Inserted, moved here, or reloaded: nothing in it is what was laid out.
        case replaced
    }

    /// Where each section after the batch comes from.
    private(set) var sections: [Section]
    /// For each section after the batch, where each of its items comes from: the number of the item before the batch
    /// in the section it was kept from, or `nil` for an item inserted, moved (within its section or from another)
    /// or reloaded.
    private(set) var items: [[Int?]]

    /// The tokens of `before`'s sections and items moved through `batch`, a batch `before` accepts.
    ///
    /// - Complexity: O(*n* + *b* log *b*) for the *n* items of `before` and the *b* updates, with O(*s*) more for each
    ///   of the batch's section insertions and removals among *s* sections.
    init<Layout: UpdatableLayout>(_ batch: [LayoutUpdate], before: Layout) {
        let data = before.sections
        sections = (0..<data.count).map { .kept($0) }
        items = (0..<data.count).map { section in (0..<data[section].itemSizes.count).map { Optional($0) } }
        var removedItems: [ItemPath] = []
        var removedSections: [Int] = []
        var moved: [Int: Int] = [:]
        var placed: [(section: Int, count: Int)] = []
        var arrivals: [ItemPath] = []
        for update in batch {
            switch update {
            case .reloadItem(let path, _): items[path.section][path.item] = nil
            case .resizeItem: break
            case .reloadSection(let section, let replacement):
                sections[section] = .replaced
                items[section] = Array(repeating: nil, count: replacement.itemSizes.count)
            case .deleteItem(let path): removedItems.append(path)
            case .moveItem(let from, let to):
                removedItems.append(from)
                arrivals.append(to)
            case .deleteSection(let section): removedSections.append(section)
            case .moveSection(let from, let to):
                removedSections.append(from)
                moved[from] = to
            case .insertSection(let section, let inserted): placed.append((section, inserted.itemSizes.count))
            case .insertItem(let path, _): arrivals.append(path)
            }
        }
        for path in removedItems.sorted(by: >) { items[path.section].remove(at: path.item) }
        for section in removedSections.sorted(by: >) {
            if let destination = moved[section] { placed.append((destination, items[section].count)) }
            sections.remove(at: section)
            items.remove(at: section)
        }
        for (section, count) in placed.sorted(by: { $0.section < $1.section }) {
            sections.insert(.replaced, at: section)
            items.insert(Array(repeating: nil, count: count), at: section)
        }
        for path in arrivals.sorted() { items[path.section].insert(nil, at: path.item) }
    }
}
