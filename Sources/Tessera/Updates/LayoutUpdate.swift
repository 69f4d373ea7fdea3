/// An item's place: its section and its index in the section, as UIKit's `IndexPath(item:section:)`.
public struct ItemPath: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var section: Int
    public var item: Int

    @inlinable public init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }

    public static func < (lhs: ItemPath, rhs: ItemPath) -> Bool {
        (lhs.section, lhs.item) < (rhs.section, rhs.item)
    }

    public var description: String { "item \(item) of section \(section)" }
}

/// One change to a layout's data, as `performBatchUpdates` takes them. In a batch, deletes, reloads, resizes and
/// the sources of moves name items and sections as they were before the batch; inserts and the destinations of
/// moves name them as they are after it.
public enum LayoutUpdate: Hashable, Sendable {
    case insertItem(ItemPath, size: Size)
    case deleteItem(ItemPath)
    case moveItem(from: ItemPath, to: ItemPath)
    /// The item is replaced by one of `size` (UIKit's `reloadItems`).
    case reloadItem(ItemPath, size: Size)
    /// The item keeps its identity and takes `size`: a self-sizing cell's measured size.
    case resizeItem(ItemPath, size: Size)
    case insertSection(Int, LayoutSection)
    case deleteSection(Int)
    case moveSection(from: Int, to: Int)
    case reloadSection(Int, LayoutSection)
}
