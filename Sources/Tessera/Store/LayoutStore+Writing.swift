extension LayoutStore {
    /// Replaces the store's contents with what `body` writes through a `Writer`, section by section in layout order
    /// (`LayoutAlgorithm.writeSections(into:viewport:)`), reusing the chunks the store has: a prepare after a bounds
    /// change writes into warm pages and allocates nothing. `body` returns the content's length. Each chunk is
    /// handed to `finisher` as soon as it is full, while it is in cache. `elementCount` is what `body` writes, for
    /// which the pool reserves chunks in one slab before the write.
    ///
    /// - Complexity: O(*n*) for the *n* elements written, plus O(*n* / `Chunk.capacity`) to build the tree.
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
        withUnsafeMutablePointer(to: &finisher) { finisher in
            var writer = Writer<Placement, Finisher>(pool: pool, base: 0, sectionOrigin: 0, finisher: finisher)
            writer.finish(length: body(&writer))
        }
        pool.tree.build(over: &pool.order)
    }

    /// A pool of this store's own before a write, when a copy of the store shares it.
    @inlinable mutating func copyPoolIfShared() {
        if !isKnownUniquelyReferenced(&pool) { pool = pool.copy() }
    }

    /// Writes elements into free chunks of the pool, in layout order: a section's elements go on in the chunk being
    /// filled, and a full chunk is followed by a new one, so chunks fill whatever the sections are. Each section
    /// begun leaves a record in the chunk its first element goes to. A prepare writes every chunk of the store this
    /// way; an update writes what it changes into fresh chunks, which `splice` puts in the tree in place of what
    /// they replace.
    ///
    /// Positions are kept relative to each chunk's base, an absolute position on the scroll grid: the first chunk's is
    /// the `base` the writer was made with, each later one's where the last element before it starts. The chunks
    /// finished so far are listed in the pool's `order`; the one being filled is `chunk`.
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
        /// The chunk being filled, its id, and its base. Before the first element, `chunkID` is −1 and `chunk` a
        /// stand-in that counts as full, so that the first element takes a chunk as every later full chunk does.
        @usableFromInline var chunk = Chunk.standIn
        @usableFromInline var chunkID: Int32 = -1
        @usableFromInline var base: Double
        /// The base the writer was made with: the first chunk's.
        @usableFromInline let firstBase: Double
        /// The current section's origin, and its distance from the chunk's base (exact: both lie on the grid).
        @usableFromInline var sectionOrigin: Double
        @usableFromInline var sectionOffset: Double
        /// Whether the first element of the next chunk is a point the layout's writing can resume from: a mark asked
        /// for when the chunk being filled is full.
        @usableFromInline var marksNextChunk = false

        /// What each chunk is handed to once full: the caller's, which the writer never outlives (held by address,
        /// so that what it holds, every chunk's index, stays uniquely its own and is never copied on a write).
        @usableFromInline let finisher: UnsafeMutablePointer<Finisher>

        /// A writer into `pool`'s free chunks, the first at `base`, continuing a section whose origin is
        /// `sectionOrigin` (both absolute, on the scroll grid).
        @inlinable init(
            pool: ChunkPool, base: Double, sectionOrigin: Double, finisher: UnsafeMutablePointer<Finisher>
        ) {
            self.pool = pool
            self.base = base
            firstBase = base
            self.sectionOrigin = sectionOrigin
            sectionOffset = sectionOrigin - base
            self.finisher = finisher
        }

        /// Whether the writer has taken a chunk: whether anything was written.
        @inlinable var hasChunk: Bool { chunkID >= 0 }

        /// Begins a section at `origin`, on the scroll grid: its record goes to the chunk being filled, or to a new
        /// one when that one is full.
        @inlinable mutating func beginSection(origin: Point) {
            sectionOrigin = Placement.axis == .vertical ? origin.y : origin.x
            if chunk.count == Chunk.capacity { startChunk(at: hasChunk ? sectionOrigin : base) }
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

        /// Appends the elements `elements` of `source`, whose base is `sourceBase`, and its records `records`, where
        /// they are in content coordinates (`sourceBase` plus their positions): what an update keeps of a chunk it
        /// rewrites. The elements go in runs that fill the chunk being filled, copied column by column, and each
        /// run's records beside it: at one item a section a run between two records is one element, and six copies
        /// an element cost 300 instructions. A record goes in before the element it starts at, as a section begun
        /// there would, so one at the first element of a new chunk takes the new chunk's base as its origin.
        ///
        /// - Complexity: O(*m*) for the *m* elements and records copied.
        @inlinable mutating func appendCopy(
            of source: Chunk, _ elements: Range<Int>, records: Range<Int>, sourceBase: Double
        ) {
            var next = elements.lowerBound
            var record = records.lowerBound
            while true {
                // Records at `next`: before its element, in a new chunk at their origin when this one is full.
                while record < records.upperBound, Int(source.recordStarts[record]) <= next {
                    let origin = sourceBase + source.recordOrigins[record]
                    if chunk.count == Chunk.capacity { startChunk(at: hasChunk ? origin : base) }
                    chunk.appendRecord(start: chunk.count, origin: origin - base)
                    record &+= 1
                }
                guard next < elements.upperBound else { break }
                if chunk.count == Chunk.capacity { startChunk() }
                let start = chunk.count
                let run = Swift.min(elements.upperBound &- next, Chunk.capacity &- start)
                for index in 0..<4 {
                    (chunk.column(index) + start).update(from: source.column(index) + next, count: run)
                }
                (chunk.kinds + start).update(from: source.kinds + next, count: run)
                (chunk.marks + start).update(from: source.marks + next, count: run)
                let scroll = (Placement.axis == .vertical ? chunk.y : chunk.x) + start
                let move = sourceBase - base
                for index in 0..<run { scroll[index] += move }
                // Records inside the run, after its first element: their elements are in this chunk now.
                let (shift, end) = (start &- next, next &+ run)
                while record < records.upperBound, Int(source.recordStarts[record]) < end {
                    let origin = sourceBase + source.recordOrigins[record]
                    chunk.appendRecord(start: Int(source.recordStarts[record]) &+ shift, origin: origin - base)
                    record &+= 1
                }
                chunk.count = start &+ run
                next = end
            }
            sectionOffset = sectionOrigin - base
        }

        /// Ends the full chunk being filled and takes a new one whose base is where the last element written starts,
        /// so that positions in the chunk stay near 0. (Any position on the grid would do: a chunk's base is only
        /// what its positions are kept relative to.) The first chunk a writer takes is at its own base.
        @inlinable @inline(never) mutating func startChunk() {
            guard hasChunk else { return startChunk(at: base) }
            let scroll = Placement.axis == .vertical ? chunk.y : chunk.x
            startChunk(at: base + scroll[chunk.count - 1])
        }

        /// Ends the chunk being filled and takes a new one whose base is `position`.
        @inlinable @inline(never) mutating func startChunk(at position: Double) {
            if hasChunk { finishChunk(nextBase: position) }
            chunkID = pool.take()
            chunk = pool[chunkID]
            chunk.marks.initialize(repeating: 0, count: Chunk.capacity)
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
                finisher.pointee.finished(chunkID, ElementChunk(chunk))
                ?? chunk.columns(along: Placement.axis).scrollSpan(0..<chunk.count)
            chunk.advance = nextBase - base
            pool[chunkID] = chunk
            pool.order.append((chunkID, ChunkSummary(chunk)))
        }

        /// Ends the write where the content ends, `length` from the start: the pool's `order` then lists the chunks
        /// written, in order, with their summaries (one empty chunk when nothing was).
        @inlinable mutating func finish(length: Double) {
            if !hasChunk { startChunk(at: base) }
            finishChunk(nextBase: length)
        }
    }
}

/// Takes each chunk a write fills, as soon as it is full: the engine builds the chunk's index then, while the chunk
/// is in cache, and returns the chunk's extent along the scroll axis when the build found it.
@usableFromInline protocol ChunkFinisher {
    mutating func finished(_ id: Int32, _ chunk: ElementChunk) -> (min: Double, max: Double)?
    /// Takes a chunk an update changed in place, whose first `kept` elements are as they were.
    mutating func changed(_ id: Int32, _ chunk: ElementChunk, keeping kept: Int) -> (min: Double, max: Double)?
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
