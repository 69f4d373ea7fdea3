/// A layout of one section by nature whose frames follow from its item count alone (Mosaic, the carousel): an
/// item's frame is a function of its index (and, for Mosaic, of how many items follow in the last segments), so an
/// insert or delete renumbers every later item and the section is written again, O(*n*); item sizes are not read,
/// so a resize changes nothing.
public protocol ItemCountLayout: UpdatableLayout {
    var itemCount: Int { get }
    /// The same layout over `count` items (none below zero).
    func withItemCount(_ count: Int) -> Self
}

extension ItemCountLayout {
    public var sections: SectionList { [LayoutSection(itemSizes: .uniform(.zero, count: itemCount))] }
    public var fixedSectionCount: Int? { 1 }
    public var readsItemSizes: Bool { false }

    public func itemCount(inSection section: Int) -> Int { itemCount }

    public mutating func setSize(_ size: Size, ofItem item: Int, inSection section: Int) {}

    public mutating func insertItem(_ size: Size, at item: Int, inSection section: Int) {
        self = withItemCount(itemCount + 1)
    }

    public mutating func removeItem(at item: Int, inSection section: Int) {
        self = withItemCount(itemCount - 1)
    }

    public mutating func replaceSection(at section: Int, with data: LayoutSection) {
        self = withItemCount(data.itemSizes.count)
    }

    public mutating func insertSection(_ data: LayoutSection, at section: Int) {
        preconditionFailure("\(Self.self) has one section; a batch that inserts one is refused before it is applied")
    }

    public mutating func removeSection(at section: Int) {
        preconditionFailure("\(Self.self) has one section; a batch that removes one is refused before it is applied")
    }
}
