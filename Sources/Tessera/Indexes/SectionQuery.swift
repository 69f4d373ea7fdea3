/// One section's part of a rect query: the rect in the section's own coordinates for the index's search, and the
/// rect as asked with the section's place in the layout, to keep what the search finds by the frames handed out.
public struct SectionQuery: Sendable {
    /// The rect moved into the section's coordinates and widened by its margin, so a search on it misses nothing.
    /// At origin 0 it is `rect` itself.
    public var local: AxisRect
    /// The rect as asked, in content coordinates.
    public var rect: AxisRect
    /// Where the section starts along the scroll axis: a frame handed out is this plus the relative frame.
    public var origin: Double
    /// The layout-order number of the section's first element.
    public var firstElement: Int

    @inlinable public init(local: AxisRect, rect: AxisRect, origin: Double, firstElement: Int) {
        self.local = local
        self.rect = rect
        self.origin = origin
        self.firstElement = firstElement
    }

    /// A query over a whole layout stored as one section at origin 0: what an index searched directly is asked.
    @inlinable public init(_ rect: AxisRect) {
        self.init(local: rect, rect: rect, origin: 0, firstElement: 0)
    }

    /// Whether an element whose relative near edge along the scroll axis is `near` and whose length is `length`
    /// meets `rect` along it as handed out: `Rect.offset(by:)`'s sum, then `Rect.maxY`'s (or `maxX`'s).
    /// Both comparisons are made and combined without a branch: where this test differs from the search's, it
    /// is the margin's, where the test flips.
    @inlinable @inline(__always) func meetsAlongScroll(near relativeNear: Double, length: Double) -> Bool {
        let near = origin + relativeNear
        let before = near < rect.scrollMax ? 1 : 0
        let after = rect.scrollMin < near + length ? 1 : 0
        return before & after == 1
    }
}
