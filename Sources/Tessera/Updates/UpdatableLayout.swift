/// A layout whose data can change after it is made: its sections' item sizes and supplementary lengths.
///
/// `CollectionLayout.apply(_:)` validates a batch against `sections` before it calls any of the edits below, so
/// an edit is always within range and its sizes valid; a layout only keeps what it derives from its sections
/// (its element count, the sticky layout's section lengths) in step.
public protocol UpdatableLayout: LayoutAlgorithm {
    /// The data of every section, as updates read it.
    var sections: [LayoutSection] { get }
    /// The number of sections when the layout has one by nature (Mosaic, the carousel), so that updates may not
    /// insert, delete or move sections; `nil` otherwise.
    var fixedSectionCount: Int? { get }
    /// The number of items in `section`.
    func itemCount(inSection section: Int) -> Int
    /// Runs `body` on the item sizes of `section`.
    mutating func editItems(ofSection section: Int, _ body: (inout ItemSizes) -> Void)
    mutating func replaceSection(at section: Int, with data: LayoutSection)
    mutating func insertSection(_ data: LayoutSection, at section: Int)
    mutating func removeSection(at section: Int)
    /// Whether section 0 also holds elements of the layout's own (the sticky layout's top header and menu), so
    /// that a section that becomes or stops being section 0 is written again.
    var firstSectionHoldsLayoutElements: Bool { get }
    /// Whether item sizes change frames: Mosaic and the carousel ignore them, so a resize costs them nothing.
    var readsItemSizes: Bool { get }
}

extension UpdatableLayout {
    public func itemCount(inSection section: Int) -> Int { sections[section].itemSizes.count }

    public var fixedSectionCount: Int? { nil }

    public var readsItemSizes: Bool { true }

    public var firstSectionHoldsLayoutElements: Bool { false }
}

extension UpdatableLayout {
    /// Checks `batch` against this layout's data as `CollectionLayout.apply(_:)` does, and changes nothing:
    /// `LayoutError.invalidUpdate` says why a batch does not fit.
    public func check(_ batch: [LayoutUpdate]) throws(LayoutError) {
        _ = try BatchPlan(batch, sections: sections, fixedSectionCount: fixedSectionCount)
    }
}
