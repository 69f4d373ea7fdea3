import Tessera

/// A whole layout as `LayoutAlgorithm.writeSections(into:viewport:)` writes it, through the oracle's own writer:
/// every section recorded (`RecordedSection`), with the origin it began at, the sum of the lengths before it, each
/// put on the scroll grid.
public struct LaidOutLayout: Sendable {
    /// The axis the layout scrolls along.
    public var axis: ScrollAxis
    /// Every section, in order.
    public var sections: [RecordedSection]
    /// Each section's origin along the scroll axis.
    public var origins: [Double]

    /// Lays out every section of `layout`.
    ///
    /// - Parameters:
    ///   - layout: The layout to write.
    ///   - viewport: The size of the collection view's bounds.
    /// - Complexity: That of the layout's `writeSections`: O(*n*) for its *n* elements in the layouts here.
    public init<Layout: LayoutAlgorithm>(_ layout: Layout, viewport: Size) {
        var recorder = SectionRecorder(axis: layout.scrollAxis)
        let length = ScrollGrid.snapped(layout.writeSections(into: &recorder, viewport: viewport))
        axis = layout.scrollAxis
        sections = recorder.sections
        origins = recorder.origins
        // Each section's length is what the next origin adds, and the last's what the whole length adds.
        for index in sections.indices {
            let end = index + 1 < origins.count ? origins[index + 1] : length
            sections[index].length = end - origins[index]
        }
    }

    /// The frame handed out for element `element` of section `section`: its relative frame placed at the section's
    /// origin, the sum the engine makes.
    ///
    /// - Parameters:
    ///   - element: The element's number in its section, in layout order.
    ///   - section: The number of the section.
    /// - Returns: The element's frame in content coordinates.
    /// - Complexity: O(1).
    public func frame(_ element: Int, inSection section: Int) -> Rect {
        sections[section].frames[element].placed(at: origins[section], along: axis)
    }
}
