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
    ///
    /// - Parameter section: The number of a section of the layout's data.
    /// - Returns: The number of items in the section.
    func itemCount(inSection section: Int) -> Int
    /// Gives item `item` of `section` the size `size`.
    ///
    /// - Parameters:
    ///   - size: The item's new size, a valid one.
    ///   - item: The number of an item of `section`.
    ///   - section: The number of a section of the layout's data.
    mutating func setSize(_ size: Size, ofItem item: Int, inSection section: Int)
    /// Inserts an item of `size` before item `item` of `section` (its item count appends).
    ///
    /// - Parameters:
    ///   - size: The new item's size, a valid one.
    ///   - item: The number the new item takes in `section`, from 0 to the section's item count.
    ///   - section: The number of a section of the layout's data.
    mutating func insertItem(_ size: Size, at item: Int, inSection section: Int)
    /// Removes item `item` of `section`.
    ///
    /// - Parameters:
    ///   - item: The number of an item of `section`.
    ///   - section: The number of a section of the layout's data.
    mutating func removeItem(at item: Int, inSection section: Int)
    /// Replaces section `section` with one of `data`.
    ///
    /// - Parameters:
    ///   - section: The number of a section of the layout's data.
    ///   - data: The new section's item sizes and header and footer heights, valid ones.
    mutating func replaceSection(at section: Int, with data: LayoutSection)
    /// Inserts a section of `data` before section `section` (the section count appends).
    ///
    /// - Parameters:
    ///   - data: The new section's item sizes and header and footer heights, valid ones.
    ///   - section: The number the new section takes, from 0 to the section count.
    mutating func insertSection(_ data: LayoutSection, at section: Int)
    /// Removes section `section`.
    ///
    /// - Parameter section: The number of a section of the layout's data.
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
    ///
    /// - Parameters:
    ///   - section: The number of the section to write again, whose data the edit has changed already.
    ///   - edit: The run of changed items to write the section again after.
    ///   - laidOut: The section as laid out before the edit.
    ///   - writer: The writer to write the section's elements into, relative to the section's origin.
    ///   - viewport: The viewport the layout was prepared for.
    /// - Returns: The first item written and how the write ended, or `nil` when the layout cannot resume.
    func rewrite<Writer: LayoutWriter & ~Copyable>(
        _ section: Int, after edit: ItemEdit, laidOut: inout LaidOutSection, into writer: inout Writer, viewport: Size
    ) -> PartialWrite?
}

extension UpdatableLayout {
    /// The number of items in `section`, read from `sections`.
    ///
    /// - Parameter section: The number of a section of the layout's data.
    /// - Returns: The number of items in the section.
    /// - Complexity: O(log *s*) for *s* sections; O(1) when they are few.
    public func itemCount(inSection section: Int) -> Int { sections[section].itemSizes.count }

    /// `nil`: a layout's sections may be inserted, deleted and moved unless it says otherwise.
    public var fixedSectionCount: Int? { nil }

    /// `true`: a layout's frames follow its item sizes unless it says otherwise.
    public var readsItemSizes: Bool { true }

    /// `false`: a layout keeps no elements of its own in section 0 unless it says otherwise.
    public var firstSectionHoldsLayoutElements: Bool { false }

    /// Writes nothing, and returns `nil`: a layout that does not say how to resume has each changed section written
    /// again whole.
    ///
    /// - Parameters:
    ///   - section: The number of the section to write again.
    ///   - edit: The run of changed items.
    ///   - laidOut: The section as laid out before the edit.
    ///   - writer: The writer to write the section's elements into.
    ///   - viewport: The viewport the layout was prepared for.
    /// - Returns: `nil`.
    /// - Complexity: O(1).
    public func rewrite<Writer: LayoutWriter & ~Copyable>(
        _ section: Int, after edit: ItemEdit, laidOut: inout LaidOutSection, into writer: inout Writer, viewport: Size
    ) -> PartialWrite? {
        nil
    }
}

extension UpdatableLayout {
    /// Checks `batch` against this layout's data as `CollectionLayout.apply(_:)` does, and changes nothing:
    /// `LayoutError.invalidUpdate` says why a batch does not fit.
    ///
    /// - Parameter batch: The changes to check, as `CollectionLayout.apply(_:)` takes them.
    /// - Throws: `LayoutError.invalidUpdate` when the batch does not fit the data.
    /// - Complexity: O(*b* log *b*) for the *b* updates, with O(*b*) more for each section the batch inserts or moves
    ///   and O(*m*) for each section of *m* items it inserts or reloads, whose sizes it validates.
    public func check(_ batch: [LayoutUpdate]) throws(LayoutError) {
        _ = try BatchPlan(batch, sections: sections, fixedSectionCount: fixedSectionCount)
    }
}
