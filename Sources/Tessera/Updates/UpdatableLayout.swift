/// A layout whose data can change after it is made: its sections' item sizes and supplementary lengths.
///
/// `CollectionLayout.apply(_:)` validates a batch against `sections` before it calls any of the edits below, so
/// an edit is always within range and its sizes valid; a layout only keeps what it derives from its sections
/// (its element count, the sticky layout's section lengths) in step.
public protocol UpdatableLayout: LayoutAlgorithm {
    /// The data of every section, as updates read it.
    var sections: SectionList { get }
    /// The number of sections when the layout has one by nature (Mosaic, the carousel), so that updates may not
    /// insert, delete or move sections; `nil` otherwise.
    var fixedSectionCount: Int? { get }
    /// The number of items in `section`.
    func itemCount(inSection section: Int) -> Int
    /// Gives item `item` of `section` the size `size`.
    mutating func setSize(_ size: Size, ofItem item: Int, inSection section: Int)
    /// Inserts an item of `size` before item `item` of `section` (its item count appends).
    mutating func insertItem(_ size: Size, at item: Int, inSection section: Int)
    /// Removes item `item` of `section`.
    mutating func removeItem(at item: Int, inSection section: Int)
    mutating func replaceSection(at section: Int, with data: LayoutSection)
    mutating func insertSection(_ data: LayoutSection, at section: Int)
    mutating func removeSection(at section: Int)
    /// Whether section 0 also holds elements of the layout's own (the sticky layout's top header and menu), so
    /// that a section that becomes or stops being section 0 is written again.
    var firstSectionHoldsLayoutElements: Bool { get }
    /// Whether item sizes change frames: Mosaic and the carousel ignore them, so a resize costs them nothing.
    var readsItemSizes: Bool { get }
    /// Writes items of `section` again after `edit`, the section's data already changed: from an item at or
    /// before `edit.first` (what it returns as `start`) and on, relative to the section's origin, reading what it
    /// needs of the section as laid out before the edit from `laidOut`. It stops at the first item it may join
    /// (`ItemEdit.mayJoin(at:)`) where its frames are the laid-out ones moved by one shift, and returns that item
    /// and the shift; or writes every item from `start` and the views after them, and returns the section's
    /// length; or, when it reaches `edit.horizon` without joining, stops there and says so.
    ///
    /// Its positions along the scroll axis must lie on the scroll grid (`LayoutAlgorithm.writesOnScrollGrid`), so
    /// that a laid-out frame moved by the shift is exactly the frame a fresh write makes. `nil`, the default,
    /// when the layout cannot resume: the engine writes the whole section again.
    func rewrite<Writer: LayoutWriter & ~Copyable>(
        _ section: Int, after edit: ItemEdit, laidOut: inout LaidOutSection, into writer: inout Writer, viewport: Size
    ) -> PartialWrite?
}

extension UpdatableLayout {
    public func itemCount(inSection section: Int) -> Int { sections[section].itemSizes.count }

    public var fixedSectionCount: Int? { nil }

    public var readsItemSizes: Bool { true }

    public var firstSectionHoldsLayoutElements: Bool { false }

    public func rewrite<Writer: LayoutWriter & ~Copyable>(
        _ section: Int, after edit: ItemEdit, laidOut: inout LaidOutSection, into writer: inout Writer, viewport: Size
    ) -> PartialWrite? {
        nil
    }
}

extension UpdatableLayout {
    /// Checks `batch` against this layout's data as `CollectionLayout.apply(_:)` does, and changes nothing:
    /// `LayoutError.invalidUpdate` says why a batch does not fit.
    public func check(_ batch: [LayoutUpdate]) throws(LayoutError) {
        _ = try BatchPlan(batch, sections: sections, fixedSectionCount: fixedSectionCount)
    }
}
