/// A layout of one section by nature whose frames follow from its item count alone (Mosaic, the carousel): an
/// item's frame is a function of its index (and, for Mosaic, of how many items follow in the last segments), so an
/// insert or delete renumbers every later item and the section is written again, O(*n*); item sizes are not read,
/// so a resize changes nothing.
public protocol ItemCountLayout: UpdatableLayout {
    /// The number of items in the layout's one section.
    var itemCount: Int { get }
    /// The same layout over `count` items (none below zero).
    ///
    /// - Parameter count: The number of items; a negative one counts as 0.
    /// - Returns: The layout with `count` items and the rest of its configuration.
    func withItemCount(_ count: Int) -> Self
}

extension ItemCountLayout {
    /// One section of `itemCount` items of size zero: the item sizes are not read.
    ///
    /// - Complexity: O(1).
    public var sections: SectionList { [LayoutSection(itemSizes: .uniform(.zero, count: itemCount))] }
    /// 1: the layout has one section by nature.
    public var fixedSectionCount: Int? { 1 }
    /// `false`: an item's frame follows from its index alone.
    public var readsItemSizes: Bool { false }

    /// The number of items in the layout's one section.
    ///
    /// - Parameter section: The number of the section: 0.
    /// - Returns: `itemCount`.
    /// - Complexity: O(1).
    public func itemCount(inSection section: Int) -> Int { itemCount }

    /// Does nothing: item sizes are not read.
    ///
    /// - Parameters:
    ///   - size: The item's new size.
    ///   - item: The number of an item.
    ///   - section: The number of the section: 0.
    /// - Complexity: O(1).
    public mutating func setSize(_ size: Size, ofItem item: Int, inSection section: Int) {}

    /// Adds an item: the layout becomes the same layout over one item more.
    ///
    /// - Parameters:
    ///   - size: The new item's size; not read.
    ///   - item: The number the new item takes; not read, since an item's frame follows from its index alone.
    ///   - section: The number of the section: 0.
    /// - Complexity: O(1), plus `withItemCount(_:)`.
    public mutating func insertItem(_ size: Size, at item: Int, inSection section: Int) {
        self = withItemCount(itemCount + 1)
    }

    /// Removes an item: the layout becomes the same layout over one item less.
    ///
    /// - Parameters:
    ///   - item: The number of the item removed.
    ///   - section: The number of the section: 0.
    /// - Complexity: O(1), plus `withItemCount(_:)`.
    public mutating func removeItem(at item: Int, inSection section: Int) {
        self = withItemCount(itemCount - 1)
    }

    /// Replaces the layout's one section: the layout becomes the same layout over as many items as `data` has.
    ///
    /// - Parameters:
    ///   - section: The number of the section: 0.
    ///   - data: The new section, of which only the item count is read.
    /// - Complexity: O(1), plus `withItemCount(_:)`.
    public mutating func replaceSection(at section: Int, with data: LayoutSection) {
        self = withItemCount(data.itemSizes.count)
    }

    /// Stops the program: the layout has one section by nature, and `CollectionLayout.apply(_:)` refuses a batch that
    /// inserts one before it applies it.
    ///
    /// - Parameters:
    ///   - data: The section that would be inserted.
    ///   - section: The number it would take.
    /// - Complexity: O(1).
    public mutating func insertSection(_ data: LayoutSection, at section: Int) {
        preconditionFailure("\(Self.self) has one section; a batch that inserts one is refused before it is applied")
    }

    /// Stops the program: the layout has one section by nature, and `CollectionLayout.apply(_:)` refuses a batch that
    /// removes one before it applies it.
    ///
    /// - Parameter section: The number of the section that would be removed.
    /// - Complexity: O(1).
    public mutating func removeSection(at section: Int) {
        preconditionFailure("\(Self.self) has one section; a batch that removes one is refused before it is applied")
    }
}
