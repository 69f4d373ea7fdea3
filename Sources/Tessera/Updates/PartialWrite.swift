// What a layout that resumes its writing needs (`UpdatableLayout.rewrite(_:after:laidOut:into:viewport:)`): an
// update writes a section again from a point at or before the change where the layout's state can be read back
// from the section as laid out, up to the point where its frames join the laid-out ones again, moved by one shift
// (the flow: a line that starts where a laid-out line started; the waterfall: columns ahead of the laid-out ones by
// the same length each; stacked cells: the first item after the change). Everything after that point moves with
// the chunks after it, O(log n), so an update costs what it changes.

/// What a partial write of a section did (`UpdatableLayout.rewrite`).
public struct PartialWrite: Hashable, Sendable {
    /// The first item written.
    public var start: Int
    /// Where the write ended, and how the rest of the section follows.
    public var end: End

    /// How a partial write ended.
    public enum End: Hashable, Sendable {
        /// From the data's item `item` on, the section is as laid out, moved by `shift` along the scroll axis.
        case joined(item: Int, shift: Double)
        /// Every item from `start` was written, and the views after them; the section is now `length` long.
        case sectionEnd(length: Double)
        /// The write reached the next change (`ItemEdit.horizon`) before it could join: it must go on through it.
        case horizon
    }

    /// Creates the report of a write from item `start` that ended as `end` says.
    ///
    /// - Parameters:
    ///   - start: The first item written.
    ///   - end: Where the write ended.
    /// - Complexity: O(1).
    public init(start: Int, end: End) {
        self.start = start
        self.end = end
    }
}

/// A section as laid out before an edit, for a partial write to read its state from: its items' frames relative
/// to the section's origin, and the items the layout marked as points its writing can resume from.
public struct LaidOutSection {
    @usableFromInline var reader: ElementReader
    @usableFromInline let origin: Double
    @usableFromInline let firstCell: Int
    /// The section's items, as laid out.
    public let itemCount: Int

    /// Section `section` of `store`, as laid out now.
    ///
    /// - Parameters:
    ///   - store: The store that holds the section as laid out.
    ///   - section: The number of a section of the store.
    /// - Complexity: O((1 + *v*) log *n*) for the section's *v* supplementary views.
    @inlinable public init(_ store: LayoutStore, section: Int) {
        self.init(store, span: store.span(ofSection: section))
    }

    /// The section at `span` of `store`, its reader already in the chunk of the section's record.
    @inlinable init(_ store: LayoutStore, span: LayoutStore.SectionSpan) {
        reader = ElementReader(store, chunk: span.chunk, place: span.place)
        origin = span.origin
        firstCell = span.firstCell
        itemCount = store.cellEnd(of: span) - span.firstCell
    }

    /// The frame of laid-out item `item`, relative to the section's origin (exact: both lie on the scroll grid).
    ///
    /// - Parameter item: The number of an item of the section as laid out, from 0 to `itemCount - 1`.
    /// - Returns: The item's frame, relative to the section's origin along the scroll axis.
    /// - Complexity: O(1) in the chunk read last, O(log *n*) otherwise.
    @inlinable public mutating func frame(ofItem item: Int) -> Rect {
        precondition(item >= 0 && item < itemCount, "item out of range")
        let frame = reader.frame(at: firstCell &+ item)
        switch reader.store.axis {
        case .vertical:
            return Rect(
                x: frame.origin.x, y: frame.origin.y - origin, width: frame.size.width, height: frame.size.height)
        case .horizontal:
            return Rect(
                x: frame.origin.x - origin, y: frame.origin.y, width: frame.size.width, height: frame.size.height)
        }
    }

    /// Whether laid-out item `item` was marked as a point the layout's writing can resume from.
    ///
    /// - Parameter item: The number of an item of the section as laid out, from 0 to `itemCount - 1`.
    /// - Returns: `true` when the layout marked the item as a resume point; otherwise, `false`.
    /// - Complexity: O(1) in the chunk read last, O(log *n*) otherwise.
    @inlinable public mutating func isResumePoint(item: Int) -> Bool {
        precondition(item >= 0 && item < itemCount, "item out of range")
        return reader.isMarked(firstCell &+ item)
    }
}
