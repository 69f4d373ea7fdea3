/// Elements and section records in content coordinates, on their way into the store's chunks: what an update's
/// writes produce (`LayoutStore.IncomingWriter`), and the contents of the chunks an update rewrites.
///
/// A struct of columns in memory of its own, like a chunk's, grown by half again and emptied rather than freed, so a
/// steady-state update allocates nothing and an element costs a few stores (Swift arrays cost a uniqueness check a
/// column an element, four times what the layout's own arithmetic costs). The memory belongs to the chunk pool
/// that keeps the buffer and frees it (`deallocate()`); a copy of the buffer is a view of the same memory, so only
/// the pool's writes, made while the pool is its store's own, go through it.
@usableFromInline struct ElementBuffer {
    /// x, y, width and height columns of `capacity` Doubles each, then `capacity` kinds and `capacity` marks.
    @usableFromInline var elements: UnsafeMutableRawPointer?
    @usableFromInline var capacity = 0
    @usableFromInline var count = 0
    /// Per section record: its origin, and the number of the section's first element in the buffer.
    @usableFromInline var records: UnsafeMutableRawPointer?
    @usableFromInline var recordCapacity = 0
    @usableFromInline var recordCount = 0

    @usableFromInline init() {}

    @usableFromInline func deallocate() {
        elements?.deallocate()
        records?.deallocate()
    }

    @usableFromInline static let bytesPerElement = 4 * MemoryLayout<Double>.stride + 2

    @inlinable var x: UnsafeMutablePointer<Double> { elements.unsafelyUnwrapped.assumingMemoryBound(to: Double.self) }
    @inlinable var y: UnsafeMutablePointer<Double> { x + capacity }
    @inlinable var width: UnsafeMutablePointer<Double> { x + 2 * capacity }
    @inlinable var height: UnsafeMutablePointer<Double> { x + 3 * capacity }
    @inlinable var kinds: UnsafeMutablePointer<ElementKind> {
        (elements.unsafelyUnwrapped + 32 * capacity).assumingMemoryBound(to: ElementKind.self)
    }
    @inlinable var marks: UnsafeMutablePointer<Bool> {
        (elements.unsafelyUnwrapped + 33 * capacity).assumingMemoryBound(to: Bool.self)
    }
    @inlinable var recordOrigins: UnsafeMutablePointer<Double> {
        records.unsafelyUnwrapped.assumingMemoryBound(to: Double.self)
    }
    @inlinable var recordStarts: UnsafeMutablePointer<Int> {
        (records.unsafelyUnwrapped + 8 * recordCapacity).assumingMemoryBound(to: Int.self)
    }

    /// The position of element `index` along `axis`, in content coordinates.
    @inlinable func scrollOrigin(_ index: Int, along axis: ScrollAxis) -> Double {
        axis == .vertical ? y[index] : x[index]
    }

    @inlinable mutating func removeAll() {
        count = 0
        recordCount = 0
    }

    /// Makes room for `extra` more elements.
    @inlinable mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    /// Grows by half again, or to what is needed: doubling left a buffer that had grown to one update's whole
    /// tail (Mosaic's) twice that at the next, a third of the store's own bytes over again.
    @usableFromInline mutating func grow(to needed: Int) {
        let new = Swift.max(needed, capacity + capacity / 2, 64)
        let memory = UnsafeMutableRawPointer.allocate(byteCount: Self.bytesPerElement * new, alignment: 8)
        if count > 0 {
            let columns = memory.assumingMemoryBound(to: Double.self)
            for column in 0..<4 { (columns + column * new).initialize(from: x + column * capacity, count: count) }
            (memory + 32 * new).copyMemory(from: kinds, byteCount: count)
            (memory + 33 * new).copyMemory(from: marks, byteCount: count)
        }
        elements?.deallocate()
        elements = memory
        capacity = new
    }

    /// Appends an element whose frame is in content coordinates.
    @inlinable mutating func append(_ kind: ElementKind, frame: Rect, marked: Bool) {
        if count == capacity { grow(to: count + 1) }
        x[count] = frame.origin.x
        y[count] = frame.origin.y
        width[count] = frame.size.width
        height[count] = frame.size.height
        kinds[count] = kind
        marks[count] = marked
        count += 1
    }

    /// Appends `count` cells, the frame and mark of the `i`th from `cell(i)`, called once each in order.
    @inlinable mutating func appendCells(_ count: Int, _ cell: (Int) -> (frame: Rect, marked: Bool)) {
        reserve(count)
        let start = self.count
        let (x, y, width, height, kinds, marks) = (
            x + start, y + start, width + start, height + start, kinds + start, marks + start
        )
        for index in 0..<count {
            let (frame, marked) = cell(index)
            x[index] = frame.origin.x
            y[index] = frame.origin.y
            width[index] = frame.size.width
            height[index] = frame.size.height
            kinds[index] = .cell
            marks[index] = marked
        }
        self.count = start + count
    }

    /// Appends the elements at `offsets` of `chunk`, whose base is `base`, moved by `shift` along `axis`.
    @inlinable mutating func append(
        _ chunk: Chunk, at offsets: Range<Int>, base: Double, shift: Double, axis: ScrollAxis
    ) {
        guard !offsets.isEmpty else { return }
        reserve(offsets.count)
        let n = offsets.count
        (x + count).update(from: chunk.x + offsets.lowerBound, count: n)
        (y + count).update(from: chunk.y + offsets.lowerBound, count: n)
        (width + count).update(from: chunk.width + offsets.lowerBound, count: n)
        (height + count).update(from: chunk.height + offsets.lowerBound, count: n)
        (kinds + count).update(from: chunk.kinds + offsets.lowerBound, count: n)
        let scroll = (axis == .vertical ? y : x) + count
        let move = base + shift
        for index in 0..<n { scroll[index] += move }
        for index in 0..<n { marks[count + index] = chunk.isMarked(offsets.lowerBound + index) }
        count += n
    }

    /// Appends every element and no record of `other`.
    @inlinable mutating func append(_ other: ElementBuffer) {
        guard other.count > 0 else { return }
        reserve(other.count)
        for column in 0..<4 {
            (x + column * capacity + count).update(from: other.x + column * other.capacity, count: other.count)
        }
        (kinds + count).update(from: other.kinds, count: other.count)
        (marks + count).update(from: other.marks, count: other.count)
        count += other.count
    }

    /// Writes the elements at `indices` into `chunk` from offset `offset`, the chunk's base being `base` along `axis`.
    @inlinable func write(_ indices: Range<Int>, into chunk: Chunk, at offset: Int, base: Double, axis: ScrollAxis) {
        guard !indices.isEmpty else { return }
        let n = indices.count
        let first = indices.lowerBound
        (chunk.x + offset).update(from: x + first, count: n)
        (chunk.y + offset).update(from: y + first, count: n)
        (chunk.width + offset).update(from: width + first, count: n)
        (chunk.height + offset).update(from: height + first, count: n)
        (chunk.kinds + offset).update(from: kinds + first, count: n)
        let scroll = (axis == .vertical ? chunk.y : chunk.x) + offset
        for index in 0..<n { scroll[index] -= base }
        for index in 0..<n { chunk.setMark(offset + index, marks[first + index]) }
    }

    /// Appends every record of `other`, its starts moved on by `offset`.
    @inlinable mutating func appendRecords(of other: ElementBuffer, from offset: Int) {
        for index in 0..<other.recordCount {
            appendRecord(start: offset + other.recordStarts[index], origin: other.recordOrigins[index])
        }
    }

    @inlinable mutating func appendRecord(start: Int, origin: Double) {
        if recordCount == recordCapacity { growRecords() }
        recordOrigins[recordCount] = origin
        recordStarts[recordCount] = start
        recordCount += 1
    }

    @usableFromInline mutating func growRecords() {
        let new = Swift.max(2 * recordCapacity, 16)
        let memory = UnsafeMutableRawPointer.allocate(byteCount: 16 * new, alignment: 8)
        if recordCount > 0 {
            memory.assumingMemoryBound(to: Double.self).initialize(from: recordOrigins, count: recordCount)
            (memory + 8 * new).assumingMemoryBound(to: Int.self).initialize(from: recordStarts, count: recordCount)
        }
        records?.deallocate()
        records = memory
        recordCapacity = new
    }
}
