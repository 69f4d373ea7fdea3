/// An item's place: its section and its index in the section, as UIKit's `IndexPath(item:section:)`.
public struct ItemPath: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The number of the item's section.
    public var section: Int
    /// The item's number in its section.
    public var item: Int

    /// Creates the path of `item` in `section`.
    ///
    /// - Parameters:
    ///   - section: The number of the item's section.
    ///   - item: The item's number in its section.
    /// - Complexity: O(1).
    @inlinable public init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }

    /// Whether `lhs` comes before `rhs`: by section, then by item.
    ///
    /// - Parameters:
    ///   - lhs: A path.
    ///   - rhs: Another path.
    /// - Returns: `true` when `lhs` is in an earlier section than `rhs`, or in the same section at an earlier item;
    ///   otherwise, `false`.
    /// - Complexity: O(1).
    public static func < (lhs: ItemPath, rhs: ItemPath) -> Bool {
        (lhs.section, lhs.item) < (rhs.section, rhs.item)
    }

    /// The path in words, such as "item 3 of section 0".
    public var description: String { "item \(item) of section \(section)" }
}

/// One change to a layout's data, as `performBatchUpdates` takes them. In a batch, deletes, reloads, resizes and
/// the sources of moves name items and sections as they were before the batch; inserts and the destinations of
/// moves name them as they are after it.
public enum LayoutUpdate: Hashable, Sendable {
    /// An item of `size` inserted at the path, numbered as after the batch (UIKit's `insertItems`).
    case insertItem(ItemPath, size: Size)
    /// The item at the path deleted, numbered as before the batch (UIKit's `deleteItems`).
    case deleteItem(ItemPath)
    /// The item at `from`, numbered as before the batch, moved to `to`, numbered as after it, with its size (UIKit's
    /// `moveItem`).
    case moveItem(from: ItemPath, to: ItemPath)
    /// The item is replaced by one of `size` (UIKit's `reloadItems`).
    case reloadItem(ItemPath, size: Size)
    /// The item keeps its identity and takes `size`: a self-sizing cell's measured size.
    case resizeItem(ItemPath, size: Size)
    /// A section of the given data inserted at the index, numbered as after the batch (UIKit's `insertSections`).
    case insertSection(Int, LayoutSection)
    /// The section at the index deleted, numbered as before the batch (UIKit's `deleteSections`).
    case deleteSection(Int)
    /// The section at `from`, numbered as before the batch, moved to `to`, numbered as after it (UIKit's
    /// `moveSection`).
    case moveSection(from: Int, to: Int)
    /// The section at the index, numbered as before the batch, replaced by one of the given data (UIKit's
    /// `reloadSections`).
    case reloadSection(Int, LayoutSection)
}
