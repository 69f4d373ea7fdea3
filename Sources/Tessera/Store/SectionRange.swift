/// Where one section's elements sit in the store.
public struct SectionRange: Hashable, Sendable {
    /// Every element of the section: supplementary views and cells.
    public var elements: Range<Int>
    /// The section's cells, which are contiguous; empty for a section without items.
    public var cells: Range<Int>
}
