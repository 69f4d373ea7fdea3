import Tessera

/// One section's elements as a layout writes them, recorded through a plain writer of the oracle's own
/// (`SectionRecorder`), with nothing of the engine's store: their kinds and frames in layout order, positions along
/// the scroll axis relative to the section's origin and put on the scroll grid as the store keeps them, and the
/// section's length on the grid, which is what the next section's origin adds.
public struct RecordedSection: Sendable {
    /// Each element's kind, in layout order.
    public var kinds: [ElementKind]
    /// Each element's frame, relative to the section's origin along the scroll axis.
    public var frames: [Rect]
    /// The section's length along the scroll axis, on the scroll grid.
    public var length: Double

    /// The number of elements the section holds.
    public var count: Int { kinds.count }

    /// Creates a record of no elements and a length of 0.
    ///
    /// - Complexity: O(1).
    @inlinable public init() {
        kinds = []
        frames = []
        length = 0
    }

    /// Records section `section` of `layout` as `LayoutAlgorithm.writeSection(_:into:viewport:)` writes it.
    ///
    /// - Parameters:
    ///   - section: The number of a section of `layout`.
    ///   - layout: The layout that writes it.
    ///   - viewport: The size of the collection view's bounds.
    /// - Complexity: That of the layout's `writeSection`: O(*m*) for the section's *m* elements in the layouts here.
    @inlinable public init<Layout: LayoutAlgorithm>(_ section: Int, of layout: Layout, viewport: Size) {
        var recorder = SectionRecorder(axis: layout.scrollAxis)
        recorder.reserve(layout.elementCount(inSection: section))
        recorder.beginSection(origin: .zero)
        let length = layout.writeSection(section, into: &recorder, viewport: viewport)
        recorder.endSection()
        self = recorder.sections.first ?? RecordedSection()
        self.length = ScrollGrid.snapped(length)
    }
}
