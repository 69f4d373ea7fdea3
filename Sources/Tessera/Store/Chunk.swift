/// One chunk of the store: up to `Chunk.capacity` consecutive elements in layout order, whatever sections they
/// belong to, and the starts of the sections that begin among them.
///
/// The elements are a struct of arrays: the `x`, `y`, `width` and `height` columns, `capacity` Doubles each, and a
/// kind and a resume mark an element, a byte each. The memory is a slab's (`ChunkPool`), which keeps each column of
/// all its chunks together, so a chunk keeps the address of each of its columns. Along the scroll axis an element's origin is
/// kept relative to the chunk's *base*, a position on the scroll grid that the chunk tree sums from the chunks before
/// it; so moving everything after a change moves the later chunks' bases (O(log *n*) up the tree) and never their
/// elements. A section that starts in the chunk has a record: the offset of its first element in the chunk and its
/// origin relative to the base. A section without elements still has one, at the offset where its elements would be.
@usableFromInline struct Chunk {
    /// The most elements a chunk holds: enough that a chunk's bookkeeping is a few bytes an element, few enough that
    /// rewriting a chunk costs microseconds.
    @usableFromInline static let capacity = 1_024

    /// The four frame columns, `capacity` Doubles each.
    @usableFromInline var x: UnsafeMutablePointer<Double>
    @usableFromInline var y: UnsafeMutablePointer<Double>
    @usableFromInline var width: UnsafeMutablePointer<Double>
    @usableFromInline var height: UnsafeMutablePointer<Double>
    /// `capacity` kinds.
    @usableFromInline var kinds: UnsafeMutablePointer<ElementKind>
    /// `capacity` resume marks, a byte each (1 for a marked element), so an update moves them as it moves kinds.
    @usableFromInline var marks: UnsafeMutablePointer<UInt8>
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

    /// The bytes of an element's frame, kind and mark in a slab.
    @usableFromInline static let elementBytes = 4 * MemoryLayout<Double>.stride + 2
    /// The bytes a chunk takes of its slab.
    @usableFromInline static let slabBytes = capacity * elementBytes

    /// A chunk of a slab's memory: its x column at `frames`, and its y, width and height columns `stride`, 2 `stride`
    /// and 3 `stride` Doubles on.
    @usableFromInline init(
        frames: UnsafeMutablePointer<Double>, stride: Int, kinds: UnsafeMutablePointer<ElementKind>,
        marks: UnsafeMutablePointer<UInt8>
    ) {
        x = frames
        y = frames + stride
        width = frames + 2 * stride
        height = frames + 3 * stride
        self.kinds = kinds
        self.marks = marks
    }

    /// A chunk of no memory that counts as full: what a writer holds before it takes its first chunk, so that its
    /// first element takes one as any element that finds its chunk full does. Its columns are never read or written.
    @inlinable static var standIn: Chunk {
        let nowhere = UnsafeMutableRawPointer(bitPattern: 64).unsafelyUnwrapped
        var chunk = Chunk(
            frames: nowhere.assumingMemoryBound(to: Double.self), stride: 0,
            kinds: nowhere.assumingMemoryBound(to: ElementKind.self), marks: nowhere.assumingMemoryBound(to: UInt8.self)
        )
        chunk.count = capacity
        return chunk
    }

    /// Frees what the chunk holds of its own: its records. The slab frees the rest.
    @usableFromInline func deallocate() {
        records?.deallocate()
    }

    /// The frame columns in the order x, y, width, height.
    @inlinable func column(_ index: Int) -> UnsafeMutablePointer<Double> {
        switch index {
        case 0: x
        case 1: y
        case 2: width
        default: height
        }
    }

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
        marks[offset] != 0
    }

    /// Sets the mark of element `offset` in the marks at `marks`.
    @inlinable @inline(__always) static func setMark(_ offset: Int, in marks: UnsafeMutablePointer<UInt8>) {
        marks[offset] = 1
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

    /// Appends a record, growing the records' room by doubling. Inlinable: at one item a section, a prepare
    /// appends a record an element.
    @inlinable mutating func appendRecord(start: Int, origin: Double) {
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

}
