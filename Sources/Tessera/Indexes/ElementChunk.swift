/// One chunk of the store as an index sees it: up to `ElementChunk.capacity` consecutive elements, numbered from
/// 0, their positions along the scroll axis relative to the chunk's base (`ChunkQuery.base`).
public struct ElementChunk {
    @usableFromInline let chunk: Chunk

    @inlinable init(_ chunk: Chunk) {
        self.chunk = chunk
    }

    /// The most elements a chunk holds.
    public static var capacity: Int { Chunk.capacity }

    /// The number of elements.
    @inlinable public var count: Int { chunk.count }

    /// The frame of element `offset`, its position along the scroll axis relative to the chunk's base.
    ///
    /// - Parameter offset: The element's offset in the chunk, from 0 to `count - 1`.
    /// - Returns: The element's frame, its position along the scroll axis relative to the chunk's base.
    /// - Complexity: O(1).
    @inlinable public func frame(at offset: Int) -> Rect {
        precondition(offset >= 0 && offset < count, "element offset out of range")
        return Rect(x: chunk.x[offset], y: chunk.y[offset], width: chunk.width[offset], height: chunk.height[offset])
    }

    /// The kind of element `offset`.
    ///
    /// - Parameter offset: The element's offset in the chunk, from 0 to `count - 1`.
    /// - Returns: The element's kind.
    /// - Complexity: O(1).
    @inlinable public func kind(at offset: Int) -> ElementKind {
        precondition(offset >= 0 && offset < count, "element offset out of range")
        return chunk.kinds[offset]
    }

    /// The frame columns seen along `axis`, valid while the store that holds the chunk is neither written nor freed.
    @inlinable @inline(__always) func columns(along axis: ScrollAxis) -> FrameColumns {
        chunk.columns(along: axis)
    }

    /// Runs `body` with the frame columns seen along `axis`.
    @inlinable func withColumns<R>(along axis: ScrollAxis, _ body: (FrameColumns) throws -> R) rethrows -> R {
        try body(columns(along: axis))
    }

    /// The smallest near edge and the largest far edge of the elements along `axis`; (+∞, −∞) when there are none.
    ///
    /// - Parameter axis: The axis to measure along: the axis the layout scrolls along.
    /// - Returns: The smallest near edge and the largest far edge, relative to the chunk's base.
    /// - Complexity: O(*m*) for the chunk's *m* elements.
    @inlinable public func span(along axis: ScrollAxis) -> (min: Double, max: Double) {
        columns(along: axis).scrollSpan(0..<count)
    }
}
