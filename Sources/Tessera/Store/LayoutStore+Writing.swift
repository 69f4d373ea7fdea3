extension LayoutStore {
    /// Replaces the store's contents with what `body` writes through a `Writer`, section by section in layout order
    /// (`LayoutAlgorithm.writeSections(into:viewport:)`), reusing the chunks the store has: a prepare after a bounds
    /// change writes into warm pages and allocates nothing. `body` returns the content's length. Each chunk is
    /// handed to `finisher` as soon as it is full, while it is in cache.
    ///
    /// - Complexity: O(*n*) for the *n* elements written, plus O(*n* / `Chunk.capacity`) to build the pool.tree.
    /// `elementCount` is what `body` writes, for which the pool reserves chunks in one slab before the write.
    @inlinable mutating func rewriteAll<Placement: ScrollPlacement, Finisher: ChunkFinisher>(
        elementCount: Int, placement: Placement.Type, finisher: inout Finisher,
        _ body: (inout Writer<Placement, Finisher>) -> Double
    ) {
        copyPoolIfShared()
        axis = Placement.axis
        generation &+= 1
        pool.reserve(Swift.max(1, elementCount / Chunk.capacity + (elementCount % Chunk.capacity == 0 ? 0 : 1)))
        // Every chunk is free to be written again, the first ones first.
        pool.free.removeAll(keepingCapacity: true)
        pool.free.append(contentsOf: (0..<Int32(pool.count)).reversed())
        pool.order.removeAll(keepingCapacity: true)
        pool.touched.removeAll(keepingCapacity: true)
        // The finisher is moved into the writer for the write, so that what it holds stays uniquely its own.
        var writer = Writer<Placement, Finisher>(pool: pool, finisher: finisher)
        writer.finish(length: body(&writer))
        finisher = writer.finisher
        pool.tree.build(over: &pool.order)
    }

    /// A pool of this store's own before a write, when a copy of the store shares it.
    @inlinable mutating func copyPoolIfShared() {
        if !isKnownUniquelyReferenced(&pool) { pool = pool.copy() }
    }

    /// Writes a layout into the store's chunks, in layout order: a section's elements go on in the chunk being
    /// filled, and a full chunk is followed by a new one, so chunks fill whatever the sections are. Each section
    /// begun leaves a record in the chunk its first element goes to.
    ///
    /// The axis and whether positions are put on the scroll grid are the writer's type (`Placement`), so an element's
    /// write tests neither. Everything a write calls is inlinable, so that it is specialised for the layout's
    /// writer: a call to the generic writer unspecialised looks its type's metadata up (a chunk's start cost 80 ns
    /// that way, a section's begin more).
    ///
    /// Non-copyable, so it cannot outlive the write it was handed for.
    @usableFromInline struct Writer<Placement: ScrollPlacement, Finisher: ChunkFinisher>: LayoutWriter, ~Copyable {
        /// The store's pool, which the store keeps alive and which must stay its own while the writer writes: held
        /// unowned, so the writer's reference neither counts against that nor costs a retain.
        @usableFromInline unowned(unsafe) let pool: ChunkPool
        /// The chunk being filled, its id, and its base.
        @usableFromInline var chunk: Chunk
        @usableFromInline var chunkID: Int32
        @usableFromInline var base = 0.0
        /// The current section's origin, and its distance from the chunk's base (exact: both lie on the grid).
        @usableFromInline var sectionOrigin = 0.0
        @usableFromInline var sectionOffset = 0.0
        /// Whether the first element of the next chunk is a point the layout's writing can resume from: a mark asked
        /// for when the chunk being filled is full.
        @usableFromInline var marksNextChunk = false

        /// What each chunk is handed to once full.
        @usableFromInline var finisher: Finisher

        /// A writer into `pool`'s free chunks, the first of which it takes, at base 0.
        @inlinable init(pool: ChunkPool, finisher: Finisher) {
            self.pool = pool
            self.finisher = finisher
            chunkID = pool.take()
            chunk = pool[chunkID]
            chunk.marks.initialize(repeating: 0, count: Chunk.capacity / 8)
        }

        /// Begins a section at `origin`, on the scroll grid: its record goes to the chunk being filled, or to a new
        /// one when that one is full.
        @inlinable mutating func beginSection(origin: Point) {
            sectionOrigin = Placement.axis == .vertical ? origin.y : origin.x
            if chunk.count == Chunk.capacity { startChunk(at: sectionOrigin) }
            sectionOffset = sectionOrigin - base
            chunk.appendRecord(start: chunk.count, origin: sectionOffset)
        }

        @inlinable mutating func endSection() {}

        /// Marks the next element: at once, where it will go in the chunk being filled, so that appends test no mark;
        /// when that chunk is full, as the next one starts.
        @inlinable mutating func markResumePoint() {
            if chunk.count < Chunk.capacity {
                Chunk.setMark(chunk.count, in: chunk.marks)
            } else {
                marksNextChunk = true
            }
        }

        @inlinable @inline(__always) mutating func append(_ kind: ElementKind, frame: Rect) {
            if chunk.count == Chunk.capacity { startChunk() }
            let offset = chunk.count
            let (scroll, cross) =
                Placement.axis == .vertical ? (frame.origin.y, frame.origin.x) : (frame.origin.x, frame.origin.y)
            let (scrollColumn, crossColumn) = Placement.axis == .vertical ? (chunk.y, chunk.x) : (chunk.x, chunk.y)
            scrollColumn[offset] = sectionOffset + Placement.take(scroll)
            crossColumn[offset] = cross
            chunk.width[offset] = frame.size.width
            chunk.height[offset] = frame.size.height
            chunk.kinds[offset] = kind
            chunk.count = offset &+ 1
        }

        @inlinable @inline(__always) mutating func appendCells(_ count: Int, frame: (Int) -> Rect) {
            appendCells(count) { (frame($0), false) }
        }

        /// Writes the cells in runs that fill the chunk being filled, its columns in registers for the run. The
        /// kinds are stored in the run's loop: a loop of their own became a call to `memset`, which costs more than
        /// the stores for the few cells of a short run.
        @inlinable @inline(__always) mutating func appendCells(
            _ count: Int, marking frame: (Int) -> (frame: Rect, marked: Bool)
        ) {
            var done = 0
            while done < count {
                if chunk.count == Chunk.capacity { startChunk() }
                let start = chunk.count
                let run = Swift.min(count &- done, Chunk.capacity &- start)
                let (marks, kinds) = (chunk.marks, chunk.kinds + start)
                let (x, y, width, height) = (
                    chunk.x + start, chunk.y + start, chunk.width + start, chunk.height + start
                )
                let (scrollColumn, crossColumn) = Placement.axis == .vertical ? (y, x) : (x, y)
                let (sectionOffset, first) = (sectionOffset, done)
                for index in 0..<run {
                    let (cell, marked) = frame(first &+ index)
                    let (scroll, cross) =
                        Placement.axis == .vertical ? (cell.origin.y, cell.origin.x) : (cell.origin.x, cell.origin.y)
                    scrollColumn[index] = sectionOffset + Placement.take(scroll)
                    crossColumn[index] = cross
                    width[index] = cell.size.width
                    height[index] = cell.size.height
                    kinds[index] = .cell
                    if marked { Chunk.setMark(start &+ index, in: marks) }
                }
                chunk.count = start &+ run
                done &+= run
            }
        }

        /// Ends the full chunk being filled and takes a new one whose base is where the last element written starts,
        /// so that positions in the chunk stay near 0. (Any position on the grid would do: a chunk's base is only
        /// what its positions are kept relative to.)
        @inlinable @inline(never) mutating func startChunk() {
            let scroll = Placement.axis == .vertical ? chunk.y : chunk.x
            startChunk(at: base + scroll[chunk.count - 1])
        }

        /// Ends the chunk being filled and takes a new one whose base is `position`.
        @inlinable @inline(never) mutating func startChunk(at position: Double) {
            finishChunk(nextBase: position)
            chunkID = pool.take()
            chunk = pool[chunkID]
            chunk.marks.initialize(repeating: 0, count: Chunk.capacity / 8)
            if marksNextChunk {
                Chunk.setMark(0, in: chunk.marks)
                marksNextChunk = false
            }
            base = position
            sectionOffset = sectionOrigin - base
        }

        /// Hands the chunk being filled to the finisher, and stores it with its extent (the finisher's, when its
        /// index found it) and its advance to `nextBase`.
        @inlinable mutating func finishChunk(nextBase: Double) {
            (chunk.minStart, chunk.maxEnd) =
                finisher.finished(chunkID, ElementChunk(chunk))
                ?? chunk.columns(along: Placement.axis).scrollSpan(0..<chunk.count)
            chunk.advance = nextBase - base
            pool[chunkID] = chunk
            pool.order.append((chunkID, ChunkSummary(chunk)))
        }

        /// Ends the write where the content ends, `length` from the start: the pool's `order` then lists the chunks
        /// written, in order, with their summaries (one empty chunk when nothing was).
        @inlinable mutating func finish(length: Double) {
            finishChunk(nextBase: length)
        }
    }
}

/// Takes each chunk a write fills, as soon as it is full: the engine builds the chunk's index then, while the chunk
/// is in cache, and returns the chunk's extent along the scroll axis when the build found it.
@usableFromInline protocol ChunkFinisher {
    mutating func finished(_ id: Int32, _ chunk: ElementChunk) -> (min: Double, max: Double)?
}

/// How a write places positions: the axis they are taken along, and whether a position is put on the scroll grid
/// or taken as written (a layout that keeps its positions on the grid). A type each, so a write is compiled for its
/// case.
@usableFromInline protocol ScrollPlacement {
    static var axis: ScrollAxis { get }
    static func take(_ position: Double) -> Double
}

/// Along y, as written: the layout's positions lie on the scroll grid already.
@usableFromInline enum VerticalAsWritten: ScrollPlacement {
    @inlinable static var axis: ScrollAxis { .vertical }
    @inlinable @inline(__always) static func take(_ position: Double) -> Double { position }
}

/// Along y, put on the scroll grid.
@usableFromInline enum VerticalOnGrid: ScrollPlacement {
    @inlinable static var axis: ScrollAxis { .vertical }
    @inlinable @inline(__always) static func take(_ position: Double) -> Double { ScrollGrid.snapped(position) }
}

/// Along x, as written.
@usableFromInline enum HorizontalAsWritten: ScrollPlacement {
    @inlinable static var axis: ScrollAxis { .horizontal }
    @inlinable @inline(__always) static func take(_ position: Double) -> Double { position }
}

/// Along x, put on the scroll grid.
@usableFromInline enum HorizontalOnGrid: ScrollPlacement {
    @inlinable static var axis: ScrollAxis { .horizontal }
    @inlinable @inline(__always) static func take(_ position: Double) -> Double { ScrollGrid.snapped(position) }
}
