/// Elements and section records in content coordinates, on their way into the store's chunks: what an update's
/// writes produce (`LayoutStore.IncomingWriter`), and the contents of the chunks an update rewrites. Kept by the
/// chunk pool and emptied rather than freed, so a steady-state update allocates nothing.
@usableFromInline struct ElementBuffer: Sendable {
    @usableFromInline var x: [Double] = []
    @usableFromInline var y: [Double] = []
    @usableFromInline var width: [Double] = []
    @usableFromInline var height: [Double] = []
    @usableFromInline var kinds: [ElementKind] = []
    @usableFromInline var marks: [Bool] = []
    /// Per section record: the number of the section's first element in the buffer, and its origin.
    @usableFromInline var recordStarts: [Int] = []
    @usableFromInline var recordOrigins: [Double] = []

    @usableFromInline init() {}

    @inlinable var count: Int { x.count }

    @usableFromInline mutating func removeAll() {
        x.removeAll(keepingCapacity: true)
        y.removeAll(keepingCapacity: true)
        width.removeAll(keepingCapacity: true)
        height.removeAll(keepingCapacity: true)
        kinds.removeAll(keepingCapacity: true)
        marks.removeAll(keepingCapacity: true)
        recordStarts.removeAll(keepingCapacity: true)
        recordOrigins.removeAll(keepingCapacity: true)
    }

    /// Appends an element whose frame is in content coordinates.
    @inlinable mutating func append(_ kind: ElementKind, frame: Rect, marked: Bool) {
        x.append(frame.origin.x)
        y.append(frame.origin.y)
        width.append(frame.size.width)
        height.append(frame.size.height)
        kinds.append(kind)
        marks.append(marked)
    }

    /// Appends element `offset` of `chunk`, whose base is `base`, moved by `shift` along `axis`.
    @inlinable mutating func append(_ chunk: Chunk, at offset: Int, base: Double, shift: Double, axis: ScrollAxis) {
        let move = base + shift
        x.append(axis == .horizontal ? chunk.x[offset] + move : chunk.x[offset])
        y.append(axis == .vertical ? chunk.y[offset] + move : chunk.y[offset])
        width.append(chunk.width[offset])
        height.append(chunk.height[offset])
        kinds.append(chunk.kinds[offset])
        marks.append(chunk.isMarked(offset))
    }

    /// Writes element `index` at offset `offset` of `chunk`, whose base is `base` along `axis`.
    @inlinable func write(_ index: Int, into chunk: Chunk, at offset: Int, base: Double, axis: ScrollAxis) {
        chunk.x[offset] = axis == .horizontal ? x[index] - base : x[index]
        chunk.y[offset] = axis == .vertical ? y[index] - base : y[index]
        chunk.width[offset] = width[index]
        chunk.height[offset] = height[index]
        chunk.kinds[offset] = kinds[index]
        chunk.setMark(offset, marks[index])
    }

    /// Appends every element of `other`.
    @inlinable mutating func append(_ other: ElementBuffer) {
        x.append(contentsOf: other.x)
        y.append(contentsOf: other.y)
        width.append(contentsOf: other.width)
        height.append(contentsOf: other.height)
        kinds.append(contentsOf: other.kinds)
        marks.append(contentsOf: other.marks)
    }

    /// Appends every record of `other`, its starts moved on by `offset`.
    @inlinable mutating func appendRecords(of other: ElementBuffer, from offset: Int) {
        for (start, origin) in zip(other.recordStarts, other.recordOrigins) { appendRecord(start: offset + start, origin: origin) }
    }

    @inlinable mutating func appendRecord(start: Int, origin: Double) {
        recordStarts.append(start)
        recordOrigins.append(origin)
    }
}
