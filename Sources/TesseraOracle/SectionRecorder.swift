import Tessera

/// A layout writer that records every section it is given (`RecordedSection`) and the origin each began at: the
/// oracle's own, so that what it counts owes nothing to the engine's store. Inlinable, so that a layout's write into it
/// is specialised where the layout's type is known: a floor lays out a million-element section once a frame.
public struct SectionRecorder: LayoutWriter {
    /// The axis the layout scrolls along: the one whose positions are put on the scroll grid.
    public let axis: ScrollAxis
    /// The sections recorded, in the order they were written. A section's length is left at 0 for whoever knows it:
    /// `RecordedSection.init(_:of:viewport:)` from what the layout returns, `LaidOutLayout` from the origins.
    public private(set) var sections: [RecordedSection] = []
    /// The origin each section began at, along the scroll axis.
    public private(set) var origins: [Double] = []
    /// The section being written.
    @usableFromInline var current = RecordedSection()

    /// Creates a recorder of no sections.
    ///
    /// - Parameter axis: The axis the layout scrolls along.
    /// - Complexity: O(1).
    @inlinable public init(axis: ScrollAxis) {
        self.axis = axis
    }

    /// Makes room for `count` elements in the section begun next, so that a long section is recorded without its
    /// arrays growing as it goes.
    ///
    /// - Parameter count: The number of elements the section begun next holds.
    /// - Complexity: O(`count`).
    @inlinable public mutating func reserve(_ count: Int) {
        current.kinds.reserveCapacity(count)
        current.frames.reserveCapacity(count)
    }

    /// Begins a section at `origin`.
    ///
    /// - Parameter origin: The section's origin, in content coordinates.
    /// - Complexity: O(1).
    public mutating func beginSection(origin: Point) {
        origins.append(axis == .vertical ? origin.y : origin.x)
    }

    /// Records an element, its position along the scroll axis put on the grid as the store puts it.
    ///
    /// - Parameters:
    ///   - kind: The element's kind.
    ///   - frame: The element's frame, relative to the section's origin along the scroll axis.
    /// - Complexity: Amortized O(1).
    @inlinable public mutating func append(_ kind: ElementKind, frame: Rect) {
        var relative = frame
        switch axis {
        case .vertical: relative.origin.y = ScrollGrid.snapped(frame.origin.y)
        case .horizontal: relative.origin.x = ScrollGrid.snapped(frame.origin.x)
        }
        current.kinds.append(kind)
        current.frames.append(relative)
    }

    /// Ends the section begun last, and keeps its record.
    ///
    /// - Complexity: O(1).
    public mutating func endSection() {
        sections.append(current)
        current = RecordedSection()
    }
}
