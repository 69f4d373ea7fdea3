extension LayoutStore {
    /// Replaces the store's contents with what `body` writes through a `Writer`, section by section in layout order
    /// (`LayoutAlgorithm.writeSections(into:viewport:)`), reusing the chunks the store has: a prepare after a bounds
    /// change writes into warm pages and allocates nothing. `body` returns the content's length. Each chunk is
    /// handed to `finisher` as soon as it is full, while it is in cache.
    ///
    /// - Complexity: O(*n*) for the *n* elements written, plus O(*n* / `Chunk.capacity`) to build the pool.tree.
    @inlinable mutating func rewriteAll<Taking: PositionTaking, Finisher: ChunkFinisher>(
        axis: ScrollAxis, taking: Taking.Type, finisher: inout Finisher,
        _ body: (inout Writer<Taking, Finisher>) -> Double
    ) {
        copyPoolIfShared()
        self.axis = axis
        generation &+= 1
        // Every chunk is free to be written again, the first ones first.
        pool.free.removeAll(keepingCapacity: true)
        pool.free.append(contentsOf: (0..<Int32(pool.count)).reversed())
        pool.order.removeAll(keepingCapacity: true)
        pool.touched.removeAll(keepingCapacity: true)
        // The finisher is moved into the writer for the write, so that what it holds stays uniquely its own.
        var writer = Writer<Taking, Finisher>(pool: pool, axis: axis, finisher: finisher)
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
    /// Non-copyable, so it cannot outlive the write it was handed for.
    @usableFromInline struct Writer<Taking: PositionTaking, Finisher: ChunkFinisher>: LayoutWriter, ~Copyable {
        /// The store's pool, which the store keeps alive and which must stay its own while the writer writes: held
        /// unowned, so the writer's reference neither counts against that nor costs a retain.
        @usableFromInline unowned(unsafe) let pool: ChunkPool
        @usableFromInline let axis: ScrollAxis
        /// The chunk being filled, its id, and its base.
        @usableFromInline var chunk: Chunk
        @usableFromInline var chunkID: Int32
        @usableFromInline var base = 0.0
        /// The current section's origin, and its distance from the chunk's base (exact: both lie on the grid).
        @usableFromInline var sectionOrigin = 0.0
        @usableFromInline var sectionOffset = 0.0
        /// Whether the next element is a point the layout's writing can resume from.
        @usableFromInline var marksNext = false

        /// What each chunk is handed to once full.
        @usableFromInline var finisher: Finisher

        /// A writer into `pool`'s free chunks, the first of which it takes, at base 0. Positions are taken by
        /// `Taking`: as written when the layout keeps them on the scroll grid, put on it otherwise.
        @usableFromInline init(pool: ChunkPool, axis: ScrollAxis, finisher: Finisher) {
            self.pool = pool
            self.axis = axis
            self.finisher = finisher
            chunkID = pool.take()
            chunk = pool[chunkID]
            chunk.marks.initialize(repeating: 0, count: Chunk.capacity / 8)
        }

        /// Begins a section at `origin`, on the scroll grid: its record goes to the chunk being filled, or to a new
        /// one when that one is full.
        @usableFromInline mutating func beginSection(origin: Point) {
            sectionOrigin = axis == .vertical ? origin.y : origin.x
            if chunk.count == Chunk.capacity { startChunk(at: sectionOrigin) }
            sectionOffset = sectionOrigin - base
            chunk.appendRecord(start: chunk.count, origin: sectionOffset)
        }

        @usableFromInline mutating func endSection() {}

        @usableFromInline mutating func markResumePoint() {
            marksNext = true
        }

        @inlinable @inline(__always) mutating func append(_ kind: ElementKind, frame: Rect) {
            if chunk.count == Chunk.capacity { startChunk() }
            let offset = chunk.count
            write(frame, at: offset)
            chunk.kinds[offset] = kind
            if marksNext { markElement(offset) }
            chunk.count = offset &+ 1
        }

        @inlinable @inline(__always) mutating func appendCells(_ count: Int, frame: (Int) -> Rect) {
            appendCells(count) { (frame($0), false) }
        }

        /// Writes the cells in runs that fill the chunk being filled, its columns in registers for the run.
        @inlinable @inline(__always) mutating func appendCells(
            _ count: Int, marking frame: (Int) -> (frame: Rect, marked: Bool)
        ) {
            var done = 0
            while done < count {
                if chunk.count == Chunk.capacity { startChunk() }
                let start = chunk.count
                let run = Swift.min(count &- done, Chunk.capacity &- start)
                // A short run's kinds are set in a loop: a call to `memset` costs more than a few stores.
                if run < 32 {
                    for index in 0..<run { chunk.kinds[start &+ index] = .cell }
                } else {
                    (chunk.kinds + start).initialize(repeating: .cell, count: run)
                }
                if marksNext { markElement(start) }
                let marks = chunk.marks
                let (x, y, width, height) = (
                    chunk.x + start, chunk.y + start, chunk.width + start, chunk.height + start
                )
                let sectionOffset = sectionOffset
                // The axis is fixed for the write: a loop for each, written out so that the layout's closure is
                // inlined into each.
                switch axis {
                case .vertical:
                    for index in 0..<run {
                        let (cell, marked) = frame(done &+ index)
                        x[index] = cell.origin.x
                        y[index] = sectionOffset + Taking.take(cell.origin.y)
                        width[index] = cell.size.width
                        height[index] = cell.size.height
                        if marked { Chunk.setMark(start &+ index, in: marks) }
                    }
                case .horizontal:
                    for index in 0..<run {
                        let (cell, marked) = frame(done &+ index)
                        x[index] = sectionOffset + Taking.take(cell.origin.x)
                        y[index] = cell.origin.y
                        width[index] = cell.size.width
                        height[index] = cell.size.height
                        if marked { Chunk.setMark(start &+ index, in: marks) }
                    }
                }
                chunk.count = start &+ run
                done &+= run
            }
        }

        /// Marks element `offset` as a resume point: a chunk's marks start cleared (`startChunk`), so only marked
        /// elements write theirs.
        @usableFromInline mutating func markElement(_ offset: Int) {
            chunk.setMark(offset, true)
            marksNext = false
        }

        /// Writes `frame`, relative to the section, at `offset` of the chunk: its position along the scroll axis
        /// moved to the chunk's base.
        @inlinable @inline(__always) func write(_ frame: Rect, at offset: Int) {
            switch axis {
            case .vertical: VerticalRun<Taking>.write(frame, sectionOffset, offset, chunk.x, chunk.y)
            case .horizontal: HorizontalRun<Taking>.write(frame, sectionOffset, offset, chunk.x, chunk.y)
            }
            chunk.width[offset] = frame.size.width
            chunk.height[offset] = frame.size.height
        }

        /// Ends the full chunk being filled and takes a new one whose base is where the last element written starts,
        /// so that positions in the chunk stay near 0. (Any position on the grid would do: a chunk's base is only
        /// what its positions are kept relative to.)
        @inline(never) @usableFromInline mutating func startChunk() {
            let scroll = axis == .vertical ? chunk.y : chunk.x
            startChunk(at: base + scroll[chunk.count - 1])
        }

        /// Ends the chunk being filled and takes a new one whose base is `position`.
        @usableFromInline mutating func startChunk(at position: Double) {
            finishChunk(nextBase: position)
            chunkID = pool.take()
            chunk = pool[chunkID]
            chunk.marks.initialize(repeating: 0, count: Chunk.capacity / 8)
            base = position
            sectionOffset = sectionOrigin - base
        }

        /// Hands the chunk being filled to the finisher, and stores it with its extent (the finisher's, when its
        /// index found it) and its advance to `nextBase`.
        @usableFromInline mutating func finishChunk(nextBase: Double) {
            (chunk.minStart, chunk.maxEnd) =
                finisher.finished(chunkID, ElementChunk(chunk))
                ?? chunk.columns(along: axis).scrollSpan(0..<chunk.count)
            chunk.advance = nextBase - base
            pool[chunkID] = chunk
            pool.order.append((chunkID, ChunkSummary(chunk)))
        }

        /// Ends the write where the content ends, `length` from the start: the pool's `order` then lists the chunks
        /// written, in order, with their summaries (one empty chunk when nothing was).
        @usableFromInline mutating func finish(length: Double) {
            finishChunk(nextBase: length)
        }
    }
}

/// Takes each chunk a write fills, as soon as it is full: the engine builds the chunk's index then, while the chunk
/// is in cache, and returns the chunk's extent along the scroll axis when the build found it.
@usableFromInline protocol ChunkFinisher {
    mutating func finished(_ id: Int32, _ chunk: ElementChunk) -> (min: Double, max: Double)?
}

/// How a run of cells writes its origins: which column is the scroll axis's, and whether a position is put on the
/// scroll grid or taken as written. A type each, so a run's loop is compiled for its case.
@usableFromInline protocol RunWriting {
    static func write(
        _ frame: Rect, _ sectionOffset: Double, _ index: Int, _ x: UnsafeMutablePointer<Double>,
        _ y: UnsafeMutablePointer<Double>)
}

/// How a position along the scroll axis is taken from a layout.
@usableFromInline protocol PositionTaking {
    static func take(_ position: Double) -> Double
}

/// As written: the layout's positions lie on the scroll grid already.
@usableFromInline enum AsWritten: PositionTaking {
    @inlinable @inline(__always) static func take(_ position: Double) -> Double { position }
}

/// Put on the scroll grid.
@usableFromInline enum OnGrid: PositionTaking {
    @inlinable @inline(__always) static func take(_ position: Double) -> Double { ScrollGrid.snapped(position) }
}

@usableFromInline enum VerticalRun<Taking: PositionTaking>: RunWriting {
    @inlinable @inline(__always) static func write(
        _ frame: Rect, _ sectionOffset: Double, _ index: Int, _ x: UnsafeMutablePointer<Double>,
        _ y: UnsafeMutablePointer<Double>
    ) {
        x[index] = frame.origin.x
        y[index] = sectionOffset + Taking.take(frame.origin.y)
    }
}

@usableFromInline enum HorizontalRun<Taking: PositionTaking>: RunWriting {
    @inlinable @inline(__always) static func write(
        _ frame: Rect, _ sectionOffset: Double, _ index: Int, _ x: UnsafeMutablePointer<Double>,
        _ y: UnsafeMutablePointer<Double>
    ) {
        x[index] = sectionOffset + Taking.take(frame.origin.x)
        y[index] = frame.origin.y
    }
}
