/// One chunk of the store: up to `Chunk.capacity` consecutive elements in layout order, whatever sections they
/// belong to, and the starts of the sections that begin among them.
///
/// The elements are a struct of arrays in one allocation: the `x`, `y`, `width` and `height` columns, `capacity`
/// Doubles each, one after another. Along the scroll axis an element's origin is kept relative to the chunk's
/// *base*, a position on the scroll grid that the chunk tree sums from the chunks before it; so moving everything
/// after a change moves the later chunks' bases (O(log *n*) up the tree) and never their elements. Kinds and the
/// layout's resume marks share a second allocation. A section that starts in the chunk has a record: the offset of
/// its first element in the chunk and its origin relative to the base. A section without elements still has one,
/// at the offset where its elements would be.
@usableFromInline struct Chunk {
    /// The most elements a chunk holds: enough that a chunk's bookkeeping is a few bytes an element, few enough that
    /// rewriting a chunk costs microseconds. The four frame columns then take 32 KiB, an allocator size class.
    @usableFromInline static let capacity = 1_024

    /// The four frame columns, `capacity` each: x, y, width, height.
    @usableFromInline var frames: UnsafeMutablePointer<Double>
    /// `capacity` kinds, then `capacity` resume-mark bits.
    @usableFromInline var tags: UnsafeMutablePointer<UInt8>
    @usableFromInline var count = 0
    /// Records of the sections that start here: origins relative to the base, then the offsets of their first
    /// elements, `recordCapacity` each.
    @usableFromInline var records: UnsafeMutableRawPointer?
    @usableFromInline var recordCount = 0
    @usableFromInline var recordCapacity = 0
    /// From this chunk's base to the next chunk's, or to the end of the content for the last chunk.
    @usableFromInline var advance = 0.0
    /// The smallest near edge and the largest far edge of the elements along the scroll axis, relative to the base;
    /// (+∞, −∞) when there are none.
    @usableFromInline var minStart = Double.infinity
    @usableFromInline var maxEnd = -Double.infinity

    @usableFromInline static let tagBytes = capacity + capacity / 8

    @usableFromInline init() {
        frames = .allocate(capacity: 4 * Self.capacity)
        tags = .allocate(capacity: Self.tagBytes)
    }

    @usableFromInline func deallocate() {
        frames.deallocate()
        tags.deallocate()
        records?.deallocate()
    }

    @inlinable var x: UnsafeMutablePointer<Double> { frames }
    @inlinable var y: UnsafeMutablePointer<Double> { frames + Self.capacity }
    @inlinable var width: UnsafeMutablePointer<Double> { frames + 2 * Self.capacity }
    @inlinable var height: UnsafeMutablePointer<Double> { frames + 3 * Self.capacity }
    @inlinable var kinds: UnsafeMutablePointer<ElementKind> {
        UnsafeMutableRawPointer(tags).assumingMemoryBound(to: ElementKind.self)
    }
    @inlinable var marks: UnsafeMutablePointer<UInt8> { tags + Self.capacity }

    /// The frame columns seen along `axis`, positions relative to the base.
    @inlinable @inline(__always) func columns(along axis: ScrollAxis) -> FrameColumns {
        switch axis {
        case .vertical:
            FrameColumns(scrollOrigin: y, scrollLength: height, crossOrigin: x, crossLength: width, count: count)
        case .horizontal:
            FrameColumns(scrollOrigin: x, scrollLength: width, crossOrigin: y, crossLength: height, count: count)
        }
    }

    /// Whether the layout marked element `offset` as a point its writing can resume from.
    @inlinable func isMarked(_ offset: Int) -> Bool {
        marks[offset >> 3] & (1 << UInt8(offset & 7)) != 0
    }

    /// Sets the mark of element `offset` in the marks at `marks`.
    @inlinable @inline(__always) static func setMark(_ offset: Int, in marks: UnsafeMutablePointer<UInt8>) {
        marks[offset >> 3] |= 1 << UInt8(offset & 7)
    }

    @inlinable func setMark(_ offset: Int, _ marked: Bool) {
        let bit: UInt8 = 1 << UInt8(offset & 7)
        marks[offset >> 3] = marked ? marks[offset >> 3] | bit : marks[offset >> 3] & ~bit
    }

    // MARK: Section records

    @inlinable var recordOrigins: UnsafeMutablePointer<Double> {
        records.unsafelyUnwrapped.assumingMemoryBound(to: Double.self)
    }
    @inlinable var recordStarts: UnsafeMutablePointer<UInt16> {
        (records.unsafelyUnwrapped + 8 * recordCapacity).assumingMemoryBound(to: UInt16.self)
    }

    /// The records that start at or before element `offset`: the section of element `offset` is the last of them
    /// (a section without elements shares its start with the section after it and comes first).
    @inlinable func recordCount(startingAtOrBefore offset: Int) -> Int {
        guard recordCount > 0 else { return 0 }
        let starts = recordStarts
        var low = 0
        var high = recordCount
        while low < high {
            let middle = (low + high) >> 1
            if Int(starts[middle]) <= offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Appends a record, growing the records' room by doubling.
    @usableFromInline mutating func appendRecord(start: Int, origin: Double) {
        if recordCount == recordCapacity { growRecords(to: Swift.max(4, 2 * recordCapacity)) }
        recordOrigins[recordCount] = origin
        recordStarts[recordCount] = UInt16(truncatingIfNeeded: start)
        recordCount += 1
    }

    /// Makes room for `capacity` records, keeping those there are.
    @usableFromInline mutating func growRecords(to capacity: Int) {
        guard capacity > recordCapacity else { return }
        let new = UnsafeMutableRawPointer.allocate(byteCount: 10 * capacity, alignment: 8)
        if recordCount > 0 {
            new.assumingMemoryBound(to: Double.self).initialize(from: recordOrigins, count: recordCount)
            (new + 8 * capacity).assumingMemoryBound(to: UInt16.self).initialize(from: recordStarts, count: recordCount)
        }
        records?.deallocate()
        records = new
        recordCapacity = capacity
    }

    /// The bytes the chunk holds.
    @usableFromInline var byteCount: Int {
        4 * Self.capacity * MemoryLayout<Double>.stride + Self.tagBytes + 10 * recordCapacity
    }
}
