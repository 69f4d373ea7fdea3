/// The oracle: tests every element. Every other strategy is checked against it.
public struct BruteForceIndex: SpatialIndex {
    /// Creates the index, which keeps nothing.
    ///
    /// - Complexity: O(1).
    public init() {}

    /// Does nothing: brute force keeps no structure over the chunk.
    ///
    /// - Parameters:
    ///   - chunk: The chunk the index is built over.
    ///   - axis: The axis the layout scrolls along.
    ///   - viewport: The viewport the chunk was laid out for.
    /// - Complexity: O(1).
    public mutating func build(over chunk: ElementChunk, axis: ScrollAxis, viewport: Size) {}

    /// Appends the offsets of the elements of `chunk` that meet `query` to `result`, in ascending order, each element
    /// tested in turn.
    ///
    /// - Parameters:
    ///   - query: The rect to search for, in the chunk's coordinates, its edges named along `axis`.
    ///   - chunk: The chunk to search.
    ///   - axis: The axis the layout scrolls along.
    ///   - result: The buffer to append the offsets of the elements found to.
    /// - Complexity: O(*m*) for the chunk's *m* elements.
    @inlinable public func query(
        _ query: AxisRect, in chunk: ElementChunk, axis: ScrollAxis, into result: inout VisibleElements
    ) {
        chunk.withColumns(along: axis) { columns in
            for index in 0..<columns.count where columns.element(index, intersects: query) {
                result.append(index)
            }
        }
    }

    /// The bytes the index holds beyond the chunk: none.
    public var byteCount: Int { 0 }
}
