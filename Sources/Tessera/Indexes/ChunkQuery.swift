/// One chunk's part of a rect query: the rect in the chunk's own coordinates for the index's search, and the rect
/// as asked with the chunk's place in the layout, to keep what the search finds by the frames handed out.
public struct ChunkQuery: Sendable {
    /// The rect moved into the chunk's coordinates and widened by the search margin, so a search on it misses
    /// nothing. At base 0 it is `rect` itself.
    public var local: AxisRect
    /// The rect as asked, in content coordinates.
    public var rect: AxisRect
    /// The chunk's base along the scroll axis: a frame handed out is this plus the position kept in the chunk.
    public var base: Double
    /// The layout-order number of the chunk's first element.
    public var firstElement: Int

    /// Creates a chunk's part of a query from its parts.
    ///
    /// - Parameters:
    ///   - local: The rect in the chunk's coordinates, widened so that a search on it misses nothing.
    ///   - rect: The rect as asked, in content coordinates.
    ///   - base: The chunk's base along the scroll axis.
    ///   - firstElement: The layout-order number of the chunk's first element.
    /// - Complexity: O(1).
    @inlinable public init(local: AxisRect, rect: AxisRect, base: Double, firstElement: Int) {
        self.local = local
        self.rect = rect
        self.base = base
        self.firstElement = firstElement
    }

    /// The part of `rect` a chunk at `base` searches, its rect widened by `margin` along the scroll axis.
    ///
    /// - Parameters:
    ///   - rect: The rect as asked, in content coordinates, its edges named along the scroll axis.
    ///   - base: The chunk's base along the scroll axis.
    ///   - firstElement: The layout-order number of the chunk's first element.
    ///   - margin: How far to widen the rect along the scroll axis, so that rounding cannot make the search miss an
    ///     element.
    /// - Complexity: O(1).
    @inlinable public init(_ rect: AxisRect, base: Double, firstElement: Int, margin: Double) {
        let local =
            base == 0 && margin == 0
            ? rect
            : AxisRect(
                scrollMin: rect.scrollMin - base - margin, scrollMax: rect.scrollMax - base + margin,
                crossMin: rect.crossMin, crossMax: rect.crossMax
            )
        self.init(local: local, rect: rect, base: base, firstElement: firstElement)
    }

    /// A query over one chunk at base 0: what an index searched directly is asked.
    ///
    /// - Parameter rect: The rect to search for, in the chunk's coordinates, its edges named along the scroll axis.
    /// - Complexity: O(1).
    @inlinable public init(_ rect: AxisRect) {
        self.init(local: rect, rect: rect, base: 0, firstElement: 0)
    }

    /// Whether an element whose near edge along the scroll axis is `near` in the chunk and whose length is
    /// `length` meets `rect` along it as handed out: the base plus the position (exact, on the scroll grid), then
    /// `Rect.maxY`'s sum (or `maxX`'s). Both comparisons are made and combined without a branch: where this test
    /// differs from the search's, it is the margin's, where the test flips.
    @inlinable @inline(__always) func meetsAlongScroll(near relativeNear: Double, length: Double) -> Bool {
        let near = base + relativeNear
        let before = near < rect.scrollMax ? 1 : 0
        let after = rect.scrollMin < near + length ? 1 : 0
        return before & after == 1
    }
}
