// Updates: a run of elements and section records replaced by what a layout writes, and everything after it moved.
// A change costs the chunks it touches, O(`Chunk.capacity`) each, plus O(log n) up the tree: the chunks after it
// move with their bases, which are sums the tree keeps.
extension LayoutStore {
    /// Receives what a layout writes for an update, in content coordinates, into the pool's `incoming` buffer: a
    /// section begun leaves a record; elements written without one continue a section whose origin is given.
    public struct IncomingWriter: LayoutWriter, ~Copyable {
        /// The store's pool, which the store keeps alive and which must stay its own while the writer writes: held
        /// unowned, so the writer's reference neither counts against that nor costs a retain.
        @usableFromInline unowned(unsafe) let pool: ChunkPool
        @usableFromInline let axis: ScrollAxis
        @usableFromInline var sectionOrigin: Double
        @usableFromInline var marksNext = false

        /// A writer that starts the pool's `incoming` buffer empty, continuing a section at `sectionOrigin`.
        @usableFromInline init(pool: ChunkPool, axis: ScrollAxis, sectionOrigin: Double) {
            self.pool = pool
            self.axis = axis
            self.sectionOrigin = sectionOrigin
            pool.incoming.removeAll()
        }

        /// Begins a section at `origin`: the section's record goes to the buffer, and the elements after it are placed
        /// from its origin along the scroll axis.
        ///
        /// - Parameter origin: The section's origin, in content coordinates; only its coordinate along the scroll axis
        ///   is read.
        /// - Complexity: Amortized O(1).
        public mutating func beginSection(origin: Point) {
            sectionOrigin = axis == .vertical ? origin.y : origin.x
            pool.incoming.appendRecord(start: pool.incoming.count, origin: sectionOrigin)
        }

        /// Ends the section begun last. The writer keeps nothing to close, so this does nothing.
        ///
        /// - Complexity: O(1).
        public mutating func endSection() {}

        /// Marks the next element appended as a point the layout's writing can resume from.
        ///
        /// - Complexity: O(1).
        public mutating func markResumePoint() {
            marksNext = true
        }

        /// Appends an element of `kind` whose frame is relative to the current section's origin.
        ///
        /// - Parameters:
        ///   - kind: The element's kind.
        ///   - frame: The element's frame, relative to the section's origin along the scroll axis.
        /// - Complexity: Amortized O(1).
        @inlinable public mutating func append(_ kind: ElementKind, frame: Rect) {
            pool.incoming.append(kind, frame: frame.placed(at: sectionOrigin, along: axis), marked: marksNext)
            marksNext = false
        }

        /// Appends `count` cells, the frame of the `i`th from `frame(i)`, called once each in order.
        ///
        /// - Parameters:
        ///   - count: The number of cells to append.
        ///   - frame: A closure that returns the frame of the cell it is given the number of, from 0, relative to the
        ///     section's origin.
        /// - Complexity: Amortized O(`count`), plus the calls to `frame`.
        @inlinable public mutating func appendCells(_ count: Int, frame: (Int) -> Rect) {
            appendCells(count) { (frame($0), false) }
        }

        /// Appends `count` cells, the frame of the `i`th from `frame(i)`, called once each in order, and marks those it
        /// says are points the layout's writing can resume from.
        ///
        /// Makes room for the run once and writes the buffer's columns directly: the pool's buffer is reached once a
        /// run, not once a cell (each reach of a class's stored property is an exclusivity check).
        ///
        /// - Parameters:
        ///   - count: The number of cells to append.
        ///   - frame: A closure that returns the frame of the cell it is given the number of, from 0, relative to the
        ///     section's origin, and whether to mark the cell as a resume point.
        /// - Complexity: Amortized O(`count`), plus the calls to `frame`.
        @inlinable public mutating func appendCells(_ count: Int, marking frame: (Int) -> (frame: Rect, marked: Bool)) {
            guard count > 0 else { return }
            let (origin, axis, markFirst) = (sectionOrigin, axis, marksNext)
            marksNext = false
            pool.incoming.appendCells(count) { index in
                let (cell, marked) = frame(index)
                return (cell.placed(at: origin, along: axis), marked || (index == 0 && markFirst))
            }
        }
    }

    /// A writer of elements for an update, continuing a section at `sectionOrigin`.
    @inlinable mutating func incomingWriter(sectionOrigin: Double) -> IncomingWriter {
        copyPoolIfShared()
        return IncomingWriter(pool: pool, axis: axis, sectionOrigin: sectionOrigin)
    }

    /// Empties the pool's `incoming` buffer, for a change that writes nothing in place of what it removes.
    @inlinable mutating func clearIncoming() {
        copyPoolIfShared()
        pool.incoming.removeAll()
    }

    /// Replaces the elements numbered `elements` and the section records numbered `records` with the pool's
    /// `incoming` buffer, and moves every element and record after them by `shift` along the scroll axis. The
    /// records replaced are those of the sections whose elements all lie in `elements` (none for a change within a
    /// section); the records before them start at or before `elements`, and those after at or after its end. The
    /// chunks written are left in the pool's `touched` list, for their indexes to be built again.
    ///
    /// A change that fits the chunk it falls in is made in place; any other rewrites the chunks it touches,
    /// split or joined so that none overflows and none is left nearly empty.
    ///
    /// - Complexity: O(*c* × (`Chunk.capacity` + log *n*)) for the *c* chunks touched.
    @usableFromInline mutating func replace(elements: Range<Int>, records: Range<Int>, shift: Double) {
        copyPoolIfShared()
        generation &+= 1
        pool.touched.removeAll(keepingCapacity: true)
        if replaceInPlace(elements: elements, records: records, shift: shift) { return }
        let chunkCount = pool.tree.total.chunks
        func position(ofElement index: Int) -> Int {
            index >= count ? chunkCount - 1 : pool.tree.place(of: index, by: .elements).chunksBefore
        }
        func position(ofRecord index: Int) -> Int {
            index >= sectionCount ? chunkCount - 1 : pool.tree.place(of: index, by: .records).chunksBefore
        }
        var first = position(ofElement: elements.lowerBound)
        var last = position(ofElement: Swift.max(elements.lowerBound, elements.upperBound - 1))
        // Records bound the chunks only when some are replaced or written: an empty run of them written nowhere
        // names no chunk (at the end it would name the last, however far from the change).
        if !records.isEmpty || pool.incoming.recordCount > 0 {
            first = Swift.min(first, position(ofRecord: records.lowerBound))
            last = Swift.max(last, position(ofRecord: Swift.max(records.lowerBound, records.upperBound - 1)))
        }
        // A neighbour joins the rewrite when what is written would leave a chunk nearly empty.
        let written = pool.incoming.count - elements.count
        let held = (first...last).reduce(0) { $0 + chunk(atPosition: $1).chunk.count }
        if held + written < Chunk.capacity / 4 {
            if last + 1 < chunkCount { last += 1 } else if first > 0 { first -= 1 }
        }
        rewriteChunks(first...last, elements: elements, records: records, shift: shift)
    }

    /// The chunk at `position` in layout order and its place.
    @inlinable func chunk(atPosition position: Int) -> (chunk: Chunk, place: ChunkTree.Place) {
        let place = pool.tree.place(of: position, by: .chunks)
        return (pool[place.chunk], place)
    }

    /// The change made within one chunk, when it falls in one and what it leaves fits: `false` otherwise, with
    /// nothing changed.
    @usableFromInline mutating func replaceInPlace(elements: Range<Int>, records: Range<Int>, shift: Double) -> Bool {
        guard pool.tree.height > 0 else { return false }
        return withUnsafeTemporaryAllocation(of: (node: Int32, slot: Int).self, capacity: ChunkTree.maximumHeight) {
            path in
            replaceInPlace(elements: elements, records: records, shift: shift, path: path.baseAddress!)
        }
    }

    @usableFromInline mutating func replaceInPlace(
        elements: Range<Int>, records: Range<Int>, shift: Double, path: UnsafeMutablePointer<(node: Int32, slot: Int)>
    ) -> Bool {
        let place = pool.tree.place(
            of: Swift.min(elements.lowerBound, Swift.max(count - 1, 0)), by: .elements, path: path)
        var chunk = pool[place.chunk]
        let incoming = pool.incoming
        let start = elements.lowerBound - place.elementsBefore
        let end = elements.upperBound - place.elementsBefore
        let recordStart = records.lowerBound - place.recordsBefore
        let recordEnd = records.upperBound - place.recordsBefore
        let newCount = chunk.count - (end - start) + incoming.count
        let newRecords = chunk.recordCount - (recordEnd - recordStart) + incoming.recordCount
        // The change must lie in this chunk, leave it neither overfull nor nearly empty, and keep its records in it.
        guard start >= 0, end <= chunk.count, recordStart >= 0, recordEnd <= chunk.recordCount,
            recordStart == 0 || Int(chunk.recordStarts[recordStart - 1]) <= start,
            newCount <= Chunk.capacity, newCount >= Chunk.capacity / 4 || pool.tree.total.chunks == 1
        else { return false }
        let base = place.base
        let moved = incoming.count - (end - start)
        // The elements after the change move to their new offsets and by `shift`, then the new ones go in.
        if moved != 0 {
            let suffix = chunk.count - end
            (chunk.x + start + incoming.count).moveInitialize(from: chunk.x + end, count: suffix)
            (chunk.y + start + incoming.count).moveInitialize(from: chunk.y + end, count: suffix)
            (chunk.width + start + incoming.count).moveInitialize(from: chunk.width + end, count: suffix)
            (chunk.height + start + incoming.count).moveInitialize(from: chunk.height + end, count: suffix)
            (chunk.kinds + start + incoming.count).moveInitialize(from: chunk.kinds + end, count: chunk.count - end)
            if moved > 0 {
                for offset in stride(from: chunk.count - 1, through: end, by: -1) {
                    chunk.setMark(offset + moved, chunk.isMarked(offset))
                }
            } else {
                for offset in end..<chunk.count { chunk.setMark(offset + moved, chunk.isMarked(offset)) }
            }
        }
        let scroll = axis == .vertical ? chunk.y : chunk.x
        if shift != 0 {
            for offset in (start + incoming.count)..<newCount { scroll[offset] += shift }
        }
        incoming.write(0..<incoming.count, into: chunk, at: start, base: base, axis: axis)
        chunk.count = newCount
        // Records: those replaced give way to the new ones; those after move with their elements.
        if newRecords > chunk.recordCapacity || chunk.records == nil {
            chunk.growRecords(to: Swift.max(newRecords, 2 * chunk.recordCapacity, 4))
        }
        let movedRecords = incoming.recordCount - (recordEnd - recordStart)
        let (origins, starts) = (chunk.recordOrigins, chunk.recordStarts)
        if movedRecords != 0 {
            (origins + recordStart + incoming.recordCount).moveInitialize(
                from: origins + recordEnd, count: chunk.recordCount - recordEnd)
            (starts + recordStart + incoming.recordCount).moveInitialize(
                from: starts + recordEnd, count: chunk.recordCount - recordEnd)
        }
        for record in (recordStart + incoming.recordCount)..<newRecords {
            origins[record] += shift
            starts[record] = UInt16(truncatingIfNeeded: Int(starts[record]) + moved)
        }
        for index in 0..<incoming.recordCount {
            origins[recordStart + index] = incoming.recordOrigins[index] - base
            starts[recordStart + index] = UInt16(truncatingIfNeeded: start + incoming.recordStarts[index])
        }
        chunk.recordCount = newRecords
        chunk.advance += shift
        (chunk.minStart, chunk.maxEnd) = chunk.columns(along: axis).scrollSpan(0..<chunk.count)
        pool[place.chunk] = chunk
        pool.tree.update(ChunkSummary(chunk), at: path)
        pool.touched.append(place.chunk)
        return true
    }

    /// Rewrites the chunks at `positions` with their contents edited: the elements and records given replaced by
    /// the pool's `incoming` buffer and those after them moved by `shift`, cut into as few chunks as hold them.
    @usableFromInline mutating func rewriteChunks(
        _ positions: ClosedRange<Int>, elements: Range<Int>, records: Range<Int>, shift: Double
    ) {
        let firstPlace = chunk(atPosition: positions.lowerBound).place
        let (lastChunk, lastPlace) = chunk(atPosition: positions.upperBound)
        // Where the chunk after the rewrite starts, once moved: the rewritten chunks end there.
        let end = lastPlace.base + lastChunk.advance + shift
        let incoming = pool.incoming
        pool.gathered.removeAll()
        // The chunks' ids, in order, and their contents in content coordinates, edited on the way: the elements
        // and records before the change as they are, the incoming ones, and those after the change moved.
        for position in positions {
            let (chunk, place) = chunk(atPosition: position)
            pool.touched.append(place.chunk)
            // The change's offsets in this chunk: the elements before it stay, those after it move.
            let start = elements.lowerBound - place.elementsBefore
            let end = Swift.min(Swift.max(elements.upperBound - place.elementsBefore, 0), chunk.count)
            pool.gathered.append(
                chunk, at: 0..<Swift.min(Swift.max(start, 0), chunk.count), base: place.base, shift: 0, axis: axis)
            if start >= 0, start < chunk.count { pool.gathered.append(incoming) }
            pool.gathered.append(chunk, at: end..<chunk.count, base: place.base, shift: shift, axis: axis)
            for index in 0..<chunk.recordCount {
                let record = place.recordsBefore + index
                if record == records.lowerBound {
                    pool.gathered.appendRecords(of: incoming, from: elements.lowerBound - firstPlace.elementsBefore)
                }
                guard record < records.lowerBound || record >= records.upperBound else { continue }
                let after = record >= records.upperBound
                let start = place.elementsBefore + Int(chunk.recordStarts[index]) - firstPlace.elementsBefore
                pool.gathered.appendRecord(
                    start: after ? start - elements.count + incoming.count : start,
                    origin: place.base + chunk.recordOrigins[index] + (after ? shift : 0)
                )
            }
        }
        // A change at the end of what the chunks hold.
        if elements.lowerBound == lastPlace.elementsBefore + lastChunk.count { pool.gathered.append(incoming) }
        if records.lowerBound == lastPlace.recordsBefore + lastChunk.recordCount {
            pool.gathered.appendRecords(of: incoming, from: elements.lowerBound - firstPlace.elementsBefore)
        }
        writeChunks(at: positions, firstBase: firstPlace.base, end: end)
    }

    /// Cuts the pool's `gathered` buffer into chunks of nearly equal counts that take the place of the chunks at
    /// `positions` (their ids, listed in the pool's `touched`, reused first), the first at `firstBase`, so the
    /// chunk before keeps its advance, and the last ending at `end`; leaves the ids written in `touched`.
    private mutating func writeChunks(at positions: ClosedRange<Int>, firstBase: Double, end: Double) {
        let gathered = pool.gathered
        let total = gathered.count
        let chunkCount = Swift.max(1, (total + Chunk.capacity - 1) / Chunk.capacity)
        while pool.touched.count < chunkCount { pool.touched.append(pool.take()) }
        var record = 0
        var base = firstBase
        for index in 0..<chunkCount {
            let id = pool.touched[index]
            var chunk = pool[id]
            let first = total * index / chunkCount
            let last = total * (index + 1) / chunkCount
            if index > 0 { base = axis == .vertical ? gathered.y[first] : gathered.x[first] }
            let nextBase =
                index + 1 < chunkCount
                ? (axis == .vertical ? gathered.y[last] : gathered.x[last]) : end
            gathered.write(first..<last, into: chunk, at: 0, base: base, axis: axis)
            chunk.count = last - first
            chunk.recordCount = 0
            while record < gathered.recordCount, gathered.recordStarts[record] < last || index == chunkCount - 1 {
                chunk.appendRecord(
                    start: gathered.recordStarts[record] - first, origin: gathered.recordOrigins[record] - base)
                record += 1
            }
            chunk.advance = nextBase - base
            (chunk.minStart, chunk.maxEnd) = chunk.columns(along: axis).scrollSpan(0..<chunk.count)
            pool[id] = chunk
        }
        withUnsafeTemporaryAllocation(of: (node: Int32, slot: Int).self, capacity: ChunkTree.maximumHeight) { path in
            replaceInTree(positions, chunkCount: chunkCount, path: path.baseAddress!)
        }
    }

    /// Puts the chunks the pool's `touched` lists, `chunkCount` of them, in the tree in place of those at
    /// `positions`: those that take old places are updated, the others inserted, and old ones left over removed.
    private mutating func replaceInTree(
        _ positions: ClosedRange<Int>, chunkCount: Int, path: UnsafeMutablePointer<(node: Int32, slot: Int)>
    ) {
        let oldCount = positions.count
        for index in 0..<chunkCount {
            let id = pool.touched[index]
            let summary = ChunkSummary(pool[id])
            if index < oldCount {
                _ = pool.tree.place(of: positions.lowerBound + index, by: .chunks, path: path)
                pool.tree.update(summary, at: path)
            } else {
                _ = pool.tree.place(of: positions.lowerBound + index - 1, by: .chunks, path: path)
                pool.tree.insert(id, summary, at: path, before: false)
            }
        }
        for index in chunkCount..<Swift.max(chunkCount, oldCount) {
            _ = pool.tree.place(of: positions.lowerBound + chunkCount, by: .chunks, path: path)
            pool.tree.remove(at: path)
            pool.release(pool.touched[index])
        }
        pool.touched.removeLast(pool.touched.count - chunkCount)
    }
}
