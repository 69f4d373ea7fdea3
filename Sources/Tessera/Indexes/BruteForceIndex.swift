/// The oracle: tests every element. Every other strategy is checked against it.
public struct BruteForceIndex: SpatialIndex {
    public init() {}

    public mutating func build(over chunk: ElementChunk, axis: ScrollAxis, viewport: Size) {}

    @inlinable public func query(
        _ query: AxisRect, in chunk: ElementChunk, axis: ScrollAxis, into result: inout VisibleElements
    ) {
        chunk.withColumns(along: axis) { columns in
            for index in 0..<columns.count where columns.element(index, intersects: query) {
                result.append(index)
            }
        }
    }

    public var byteCount: Int { 0 }
}
