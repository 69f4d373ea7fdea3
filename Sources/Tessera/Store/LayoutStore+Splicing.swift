// Updates: what a layout writes for a change goes into fresh chunks through a `Writer`, as a prepare writes, and
// `splice` puts them in the tree in place of the run of elements and section records they replace. What the chunks
// at either end hold outside the run is kept, in place or copied in beside what was written, and everything after
// the run moves by one shift up the tree. An update costs the elements it writes and a chunk at either end, plus
// O(log n), never what follows it; a long write (a section inserted, a tail written to the section's end) fills
// chunks at a prepare's cost an element.
extension LayoutStore {
    /// A writer of an update's elements into fresh chunks, continuing a section whose origin is `sectionOrigin`.
    ///
    /// - Complexity: O(1).
    @inlinable mutating func updateWriter<Placement: ScrollPlacement, Finisher: ChunkFinisher>(
        _ placement: Placement.Type, sectionOrigin: Double, finisher: UnsafeMutablePointer<Finisher>
    ) -> Writer<Placement, Finisher> {
        copyPoolIfShared()
        pool.order.removeAll(keepingCapacity: true)
        return Writer(pool: pool, base: sectionOrigin, sectionOrigin: sectionOrigin, finisher: finisher)
    }

    /// Gives the chunks `writer` took back to the pool, for a write that does not go in.
    ///
    /// - Complexity: O(*c*) for the *c* chunks it took.
    @inlinable mutating func discard<Placement, Finisher>(_ writer: consuming Writer<Placement, Finisher>) {
        for (id, _) in pool.order { pool.release(id) }
        if writer.hasChunk { pool.release(writer.chunkID) }
        pool.order.removeAll(keepingCapacity: true)
    }

    /// Puts what `writer` wrote in place of the elements numbered `elements` and the section records numbered
    /// `records`, and moves every element and record after them by `shift` along the scroll axis; the writer's
    /// finisher has built the index of every chunk it finished. The records replaced are those of
    /// the sections whose elements all lie in `elements` (none for a change within a section); the records before
    /// them start at or before `elements`, and those after at or after its end. The chunks kept and changed in place
    /// have their indexes built again by the writer's finisher.
    ///
    /// A change within one chunk whose result fits it is made in place. Otherwise what the chunk at the run's start
    /// holds before it stays there, or goes in front of what was written when that fits one chunk; what the chunk
    /// at the run's end holds after it stays there, or is copied in after what was written when it is short (or
    /// when both ends are one chunk); and a short last chunk takes in the chunk after it. Every chunk between the
    /// ends goes back to the pool.
    ///
    /// - Complexity: O(*w* + `Chunk.capacity` + log *n*) for the *w* elements written, with O(*c* log *n*) more to put
    ///   *c* new chunks in the tree (O(*k*) for the store's *k* chunks, when *c* is a large part of them).
    @inlinable mutating func splice<Placement, Finisher>(
        _ writer: consuming Writer<Placement, Finisher>, replacing elements: Range<Int>, records: Range<Int>,
        shift: Double
    ) {
        generation &+= 1
        var ends = SpliceEnds(self, elements: elements, records: records, shift: shift)
        // A change within one chunk that fits it: the chunk's suffix moves, what was written is copied in.
        if ends.first.id == ends.last.id, pool.order.isEmpty,
            ends.prefixCount + (writer.hasChunk ? writer.chunk.count : 0) + ends.suffixCount <= Chunk.capacity
        {
            writeInPlace(writer.hasChunk ? writer.chunk : nil, at: writer.base, ends: ends, finisher: writer.finisher)
            return discard(writer)
        }
        // A change across two neighbouring chunks whose result fits them: each keeps its place, and takes its share.
        if ends.last.position == ends.first.position + 1, pool.order.isEmpty,
            let share = ends.share(of: writer.hasChunk ? writer.chunk.count : 0)
        {
            writeAcross(
                writer.hasChunk ? writer.chunk : nil, at: writer.base, first: share, ends: ends,
                finisher: writer.finisher)
            return discard(writer)
        }
        // The prefix, when it is short: in front of what was written when they fit one chunk, or written alone when
        // nothing was, before the suffix comes in. A short prefix left behind would be a chunk of a header, or of a
        // section's record alone, away from the cells written after it; a suffix that overflows goes on into a chunk
        // of its own.
        if ends.hasPrefix, pool.order.isEmpty, ends.prefixCount < Chunk.capacity / 4 {
            if !writer.hasChunk {
                writer.appendCopy(
                    of: ends.first.chunk, 0..<ends.prefixCount, records: ends.prefixRecords,
                    sourceBase: ends.first.base)
                ends.keepsFirst = false
            } else {
                writer.takePrefixInFront(&ends)
            }
        }
        // The suffix: copied in after what was written when both ends are one chunk, or when it is short.
        if ends.hasSuffix, ends.first.id == ends.last.id || ends.suffixCount < Chunk.capacity / 4 {
            writer.appendCopy(
                of: ends.last.chunk, ends.suffixElements, records: ends.suffixRecords,
                sourceBase: ends.last.base + shift)
            ends.keepsLast = false
        }
        // A longer prefix goes in front only when it fits one chunk with all that follows it; otherwise it stays where
        // it is, its index kept.
        if ends.keepsFirst, pool.order.isEmpty { writer.takePrefixInFront(&ends) }
        // A short last chunk takes in what follows it: the kept end, or the chunk after the run.
        if writer.hasChunk, writer.chunk.count < Chunk.capacity / 4 {
            if ends.keepsLast, writer.chunk.count + ends.suffixCount <= Chunk.capacity {
                writer.appendCopy(
                    of: ends.last.chunk, ends.suffixElements, records: ends.suffixRecords,
                    sourceBase: ends.last.base + shift)
                ends.keepsLast = false
            } else if !ends.keepsLast, let next = ends.takeNext(self),
                writer.chunk.count + next.chunk.count <= Chunk.capacity
            {
                writer.appendCopy(
                    of: next.chunk, 0..<next.chunk.count, records: 0..<next.chunk.recordCount,
                    sourceBase: next.base + shift)
            } else {
                ends.giveNextBack()
            }
        }
        if writer.hasChunk {
            writer.finishChunk(nextBase: ends.keepsLast ? ends.last.base + shift : ends.endBase)
        }
        putInTree(ends, firstWrittenBase: writer.firstBase, finisher: writer.finisher)
    }
}

extension LayoutStore.Writer {
    /// Puts the prefix of the chunk at the run's start in front of what was written, when the two fit one chunk.
    ///
    /// - Complexity: O(`Chunk.capacity`).
    @inlinable mutating func takePrefixInFront(_ ends: inout SpliceEnds) {
        guard hasChunk, ends.prefixCount + chunk.count <= Chunk.capacity else { return }
        chunk.prepend(ends.first.chunk, ends: ends, base: base, axis: Placement.axis)
        ends.keepsFirst = false
    }
}

/// Where a splice meets the store: the chunks at the run's two ends, what each keeps outside the run (elements and
/// records), and where what follows the run lands.
@usableFromInline struct SpliceEnds {
    /// A chunk at an end: its id, its place in layout order, its base and its contents.
    @usableFromInline struct End {
        @usableFromInline var id: Int32
        @usableFromInline var position: Int
        @usableFromInline var base: Double
        @usableFromInline var chunk: Chunk
        @usableFromInline var recordsBefore: Int

        @inlinable init(_ store: LayoutStore, place: ChunkTree.Place) {
            (id, position, base, chunk, recordsBefore) = (
                place.chunk, place.chunksBefore, place.base, store.pool[place.chunk], place.recordsBefore
            )
        }

        @inlinable init(_ store: LayoutStore, position: Int) {
            self.init(store, place: store.pool.tree.place(of: position, by: .chunks))
        }
    }

    @usableFromInline var first: End
    @usableFromInline var last: End
    /// The elements the first chunk holds before the run, and the offset in the last chunk where the run ends.
    @usableFromInline var prefixCount: Int
    @usableFromInline var suffixStart: Int
    /// The first chunk's records before the run, and the last chunk's after it, numbered in their chunks.
    @usableFromInline var prefixRecords: Range<Int>
    @usableFromInline var suffixRecords: Range<Int>
    /// Whether the first and the last chunk stay in the tree with what they keep (until what they keep is copied
    /// into the new chunks).
    @usableFromInline var keepsFirst: Bool
    @usableFromInline var keepsLast: Bool
    /// The chunk after the last, taken into the splice to fill a short new chunk.
    @usableFromInline var next: End?
    @usableFromInline let shift: Double

    @inlinable var suffixCount: Int { last.chunk.count - suffixStart }
    @inlinable var suffixElements: Range<Int> { suffixStart..<last.chunk.count }
    @inlinable var hasPrefix: Bool { prefixCount > 0 || !prefixRecords.isEmpty }
    @inlinable var hasSuffix: Bool { suffixCount > 0 || !suffixRecords.isEmpty }
    /// Where what follows the splice starts once moved: the end of the last chunk it replaces, moved by the shift.
    @inlinable var endBase: Double {
        let end = next ?? last
        return end.base + end.chunk.advance + shift
    }

    /// The ends of the run `elements`, whose records are `records`, in `store`.
    @inlinable init(_ store: LayoutStore, elements: Range<Int>, records: Range<Int>, shift: Double) {
        let tree = store.pool.tree
        // The chunks of the run's first element and of the element after it (one descent when both lie in one
        // chunk). A section without elements has its record at its place, which may be the end of the chunk before
        // (where the section before ended), so the first record replaced and the first record after the run may lie a
        // chunk before those elements; their descents are made only then.
        var firstPlace = tree.place(of: elements.lowerBound, by: .elements)
        let firstCount = store.pool[firstPlace.chunk].count
        var lastPlace =
            elements.upperBound < firstPlace.elementsBefore + firstCount
            ? firstPlace : tree.place(of: elements.upperBound, by: .elements)
        if records.upperBound < store.sectionCount, lastPlace.recordsBefore > records.upperBound {
            lastPlace = tree.place(of: records.upperBound, by: .records)
        }
        if !records.isEmpty {
            if firstPlace.recordsBefore > records.lowerBound {
                firstPlace = tree.place(of: records.lowerBound, by: .records)
            }
            if lastPlace.recordsBefore + store.pool[lastPlace.chunk].recordCount < records.upperBound {
                lastPlace = tree.place(of: records.upperBound - 1, by: .records)
            }
        }
        if lastPlace.chunksBefore < firstPlace.chunksBefore { lastPlace = firstPlace }
        first = End(store, place: firstPlace)
        last = firstPlace.chunksBefore == lastPlace.chunksBefore ? first : End(store, place: lastPlace)
        prefixCount = elements.lowerBound - firstPlace.elementsBefore
        suffixStart = elements.upperBound - lastPlace.elementsBefore
        prefixRecords = 0..<Swift.min(Swift.max(records.lowerBound - first.recordsBefore, 0), first.chunk.recordCount)
        suffixRecords =
            Swift.min(
                Swift.max(records.upperBound - last.recordsBefore, 0), last.chunk.recordCount)..<last.chunk
            .recordCount
        keepsFirst = prefixCount > 0 || !prefixRecords.isEmpty
        keepsLast = first.id != last.id && (suffixStart < last.chunk.count || !suffixRecords.isEmpty)
        self.shift = shift
    }

    /// How many of `written` elements the first chunk takes when the two chunks of a run across two neighbours take
    /// them in place (`LayoutStore.writeAcross`): as many as the run held in the first chunk, so that a resize
    /// changes each chunk where it was, or more or fewer when the second has no room or the first too little; `nil`
    /// when they do not fit the two chunks, or would leave one of them short (under a quarter full), which the
    /// splice's other path joins to a neighbour.
    ///
    /// - Complexity: O(1).
    @inlinable func share(of written: Int) -> Int? {
        let (capacity, short) = (Chunk.capacity, Chunk.capacity / 4)
        let share = Swift.min(
            capacity - prefixCount,
            Swift.max(written - (capacity - suffixCount), Swift.min(written, first.chunk.count - prefixCount)))
        let second = written - share + suffixCount
        return second <= capacity && prefixCount + share >= short && second >= short ? share : nil
    }

    /// The chunk after the last one, taken into the splice; `nil` at the end of the store.
    @inlinable mutating func takeNext(_ store: LayoutStore) -> End? {
        guard last.position + 1 < store.pool.tree.total.chunks else { return nil }
        next = End(store, position: last.position + 1)
        return next
    }

    /// Leaves the chunk after the last out of the splice again.
    @inlinable mutating func giveNextBack() {
        next = nil
    }
}

extension Chunk {
    /// Puts the first chunk's prefix of `ends` in front of this chunk's elements and records, moved from that chunk's
    /// base to `base`, this chunk's.
    @usableFromInline mutating func prepend(_ first: Chunk, ends: SpliceEnds, base: Double, axis: ScrollAxis) {
        let taken = ends.prefixCount
        moveElements(from: 0, to: taken, count: count)
        copyElements(of: first, 0..<taken, to: 0, moving: ends.first.base - base, along: axis)
        count += taken
        prependRecords(of: first, ends.prefixRecords, moving: ends.first.base - base, startsOn: taken)
    }
}

extension LayoutStore {
    /// Makes a change within one chunk in place: the chunk's elements after the run move to follow what was written
    /// (`written`, whose base is `writtenBase`), which is copied in, and everything after moves by the shift.
    @inlinable mutating func writeInPlace<Finisher: ChunkFinisher>(
        _ written: Chunk?, at writtenBase: Double, ends: SpliceEnds, finisher: UnsafeMutablePointer<Finisher>
    ) {
        var chunk = ends.first.chunk
        let (start, suffix) = (ends.prefixCount, ends.suffixCount)
        let count = written?.count ?? 0
        chunk.moveElements(from: ends.suffixStart, to: start + count, count: suffix)
        if ends.shift != 0 {
            let scroll = chunk.columns(along: axis).scrollOrigin + start + count
            for index in 0..<suffix { scroll[index] += ends.shift }
        }
        if let written {
            chunk.copyElements(of: written, 0..<count, to: start, moving: writtenBase - ends.first.base, along: axis)
        }
        chunk.count = start + count + suffix
        // Records: the prefix's, then what was written began, then the suffix's moved.
        let first = ends.prefixRecords.count
        chunk.replaceRecords(
            from: first, inserting: written?.recordCount ?? 0, keeping: ends.suffixRecords, moving: ends.shift,
            startsOn: start + count - ends.suffixStart)
        if let written {
            for record in 0..<written.recordCount {
                chunk.setRecord(
                    first + record, start: start + Int(written.recordStarts[record]),
                    origin: writtenBase + written.recordOrigins[record] - ends.first.base)
            }
        }
        chunk.advance += ends.shift
        rebuild(&chunk, ends.first.id, finisher, keeping: start)
        pool[ends.first.id] = chunk
        withUnsafeTemporaryAllocation(of: (node: Int32, slot: Int).self, capacity: ChunkTree.maximumHeight) { path in
            _ = pool.tree.place(of: ends.first.position, by: .chunks, path: path.baseAddress!)
            pool.tree.update(ChunkSummary(chunk), at: path.baseAddress!)
        }
    }

    /// Makes a change across two neighbouring chunks in place: the first takes the first `first` elements written
    /// after what it keeps, the second the rest before what it keeps, moved to follow them. Each chunk keeps its base:
    /// what the second chunk takes is placed relative to its own base, which the first chunk's advance still reaches.
    /// A resize, which writes as many elements as it replaces, moves none of the second chunk's.
    ///
    /// - Complexity: O(*w* + *s* + log *n*) for the *w* elements written and the *s* the second chunk keeps.
    @inlinable mutating func writeAcross<Finisher: ChunkFinisher>(
        _ written: Chunk?, at writtenBase: Double, first share: Int, ends: SpliceEnds,
        finisher: UnsafeMutablePointer<Finisher>
    ) {
        let count = written?.count ?? 0
        var chunk = ends.first.chunk
        chunk.count = ends.prefixCount + share
        chunk.keepRecords(ends.prefixRecords.count)
        var last = ends.last.chunk
        let (start, suffix) = (count - share, ends.suffixCount)
        last.moveElements(from: ends.suffixStart, to: start, count: suffix)
        if ends.shift != 0 {
            let scroll = last.columns(along: axis).scrollOrigin + start
            for index in 0..<suffix { scroll[index] += ends.shift }
        }
        // The second chunk's records: what was written began there, then its own after the run, moved.
        var firstTakes = 0
        if let written {
            chunk.copyElements(
                of: written, 0..<share, to: ends.prefixCount, moving: writtenBase - ends.first.base, along: axis)
            last.copyElements(of: written, share..<count, to: 0, moving: writtenBase - ends.last.base, along: axis)
            while firstTakes < written.recordCount, Int(written.recordStarts[firstTakes]) < share {
                chunk.appendRecord(
                    start: ends.prefixCount + Int(written.recordStarts[firstTakes]),
                    origin: writtenBase + written.recordOrigins[firstTakes] - ends.first.base)
                firstTakes += 1
            }
        }
        let lastTakes = (written?.recordCount ?? 0) - firstTakes
        last.replaceRecords(
            from: 0, inserting: lastTakes, keeping: ends.suffixRecords, moving: ends.shift,
            startsOn: start - ends.suffixStart)
        if let written {
            for record in 0..<lastTakes {
                last.setRecord(
                    record, start: Int(written.recordStarts[firstTakes + record]) - share,
                    origin: writtenBase + written.recordOrigins[firstTakes + record] - ends.last.base)
            }
        }
        last.count = start + suffix
        last.advance += ends.shift
        rebuild(&chunk, ends.first.id, finisher, keeping: ends.prefixCount)
        rebuild(&last, ends.last.id, finisher)
        pool[ends.first.id] = chunk
        pool[ends.last.id] = last
        withUnsafeTemporaryAllocation(of: (node: Int32, slot: Int).self, capacity: ChunkTree.maximumHeight) { path in
            _ = pool.tree.place(of: ends.first.position, by: .chunks, path: path.baseAddress!)
            pool.tree.update(ChunkSummary(chunk), at: path.baseAddress!)
            _ = pool.tree.place(of: ends.last.position, by: .chunks, path: path.baseAddress!)
            pool.tree.update(ChunkSummary(last), at: path.baseAddress!)
        }
    }

    /// Puts the chunks of a splice in the tree in place of those from its first to its last (or the chunk after it,
    /// taken in): the first chunk cut to its prefix if it keeps one, the new chunks (the pool's `order`, the first at
    /// `firstWrittenBase`), and the last chunk cut to its suffix if it keeps one. The chunks left out go back to the
    /// pool.
    @inlinable mutating func putInTree<Finisher: ChunkFinisher>(
        _ ends: SpliceEnds, firstWrittenBase: Double, finisher: UnsafeMutablePointer<Finisher>
    ) {
        let written = pool.order
        let keptLastBase = ends.last.base + ends.shift
        let firstAfter = !written.isEmpty ? firstWrittenBase : ends.keepsLast ? keptLastBase : ends.endBase
        var list = pool.spliceList
        pool.spliceList = []
        list.removeAll(keepingCapacity: true)
        if ends.keepsFirst {
            var chunk = ends.first.chunk
            chunk.count = ends.prefixCount
            chunk.keepRecords(ends.prefixRecords.count)
            chunk.advance = firstAfter - ends.first.base
            rebuild(&chunk, ends.first.id, finisher, keeping: ends.prefixCount)
            pool[ends.first.id] = chunk
            list.append((ends.first.id, ChunkSummary(chunk)))
        }
        list.append(contentsOf: written)
        if ends.keepsLast {
            var chunk = ends.last.chunk
            let start = ends.suffixStart
            chunk.moveElements(from: start, to: 0, count: chunk.count - start)
            chunk.count -= start
            chunk.dropRecords(ends.suffixRecords.lowerBound, movingStartsBack: start)
            rebuild(&chunk, ends.last.id, finisher)
            pool[ends.last.id] = chunk
            list.append((ends.last.id, ChunkSummary(chunk)))
        }
        let replaced = ends.first.position...(ends.next ?? ends.last).position
        // A store keeps one chunk at least: with nothing else left, the first chunk stays, empty.
        var keptFirst: Int32 = ends.keepsFirst ? ends.first.id : -1
        if list.isEmpty, replaced.count == pool.tree.total.chunks {
            var chunk = ends.first.chunk
            chunk.count = 0
            chunk.recordCount = 0
            chunk.advance = ends.endBase - ends.first.base
            rebuild(&chunk, ends.first.id, finisher)
            pool[ends.first.id] = chunk
            list.append((ends.first.id, ChunkSummary(chunk)))
            keptFirst = ends.first.id
        }
        let keptLast: Int32 = ends.keepsLast ? ends.last.id : -1
        // Without the first chunk, what comes first starts where it starts: the chunk before the splice reaches it,
        // and at the store's start, where a base is 0, its positions move to be relative to 0.
        if keptFirst < 0, let leading = list.first {
            let leadingBase =
                !written.isEmpty ? firstWrittenBase : ends.keepsLast ? keptLastBase : ends.endBase
            if ends.first.position > 0 {
                withUnsafeTemporaryAllocation(of: (node: Int32, slot: Int).self, capacity: ChunkTree.maximumHeight) {
                    path in
                    let place = pool.tree.place(of: ends.first.position - 1, by: .chunks, path: path.baseAddress!)
                    pool[place.chunk].advance += leadingBase - ends.first.base
                    pool.tree.update(ChunkSummary(pool[place.chunk]), at: path.baseAddress!)
                }
            } else if leadingBase != 0 {
                var chunk = pool[leading.id]
                chunk.rebase(by: leadingBase, along: axis)
                rebuild(&chunk, leading.id, finisher)
                pool[leading.id] = chunk
                list[0].summary = ChunkSummary(chunk)
            }
        }
        let chunks = pool
        let freed = pool.free.count
        replaceChunks(replaced, with: list) { old in
            if old != keptFirst, old != keptLast { chunks.release(old) }
        }
        // Taken from the end of the free list, the chunks left out are taken again in layout order: a long write
        // that reuses them fills them in order, as a prepare does. (Reversed through the buffer: an array's slice
        // reversed in place is a copy, an allocation.)
        pool.free.withUnsafeMutableBufferPointer { $0[freed...].reverse() }
        pool.spliceList = list
    }

    /// Builds the index of chunk `id` again, changed in place after its first `kept` elements, and takes its extent
    /// from the build (or measures it).
    @inlinable func rebuild<Finisher: ChunkFinisher>(
        _ chunk: inout Chunk, _ id: Int32, _ finisher: UnsafeMutablePointer<Finisher>, keeping kept: Int = 0
    ) {
        (chunk.minStart, chunk.maxEnd) =
            finisher.pointee.changed(id, ElementChunk(chunk), keeping: kept)
            ?? chunk.columns(along: axis).scrollSpan(0..<chunk.count)
    }

    /// Puts the chunks `list` in the tree in place of those at `positions`, handing each one replaced to `replaced`:
    /// slot by slot for a few, and for many (a part of the store) by building the tree again over every chunk.
    ///
    /// - Complexity: O((*c* + *m*) log *n*) for *c* chunks in place of *m*, or O(*k*) for the store's *k* chunks.
    @usableFromInline mutating func replaceChunks(
        _ positions: ClosedRange<Int>, with list: [(id: Int32, summary: ChunkSummary)], _ replaced: (Int32) -> Void
    ) {
        let total = pool.tree.total.chunks
        if positions.count + list.count > Swift.max(16, total / 8) {
            var all = pool.chunkOrder
            pool.chunkOrder = []
            all.removeAll(keepingCapacity: true)
            pool.tree.appendChunks(to: &all)
            for (id, _) in all[positions] { replaced(id) }
            all.replaceSubrange(positions, with: list)
            pool.tree.build(over: &all)
            pool.chunkOrder = all
            return
        }
        withUnsafeTemporaryAllocation(of: (node: Int32, slot: Int).self, capacity: ChunkTree.maximumHeight) { buffer in
            let path = buffer.baseAddress!
            let common = Swift.min(positions.count, list.count)
            for index in 0..<common {
                let place = pool.tree.place(of: positions.lowerBound + index, by: .chunks, path: path)
                if place.chunk != list[index].id { replaced(place.chunk) }
                pool.tree.replace(with: list[index].id, list[index].summary, at: path)
            }
            for index in common..<list.count {
                _ = pool.tree.place(of: positions.lowerBound + index - 1, by: .chunks, path: path)
                pool.tree.insert(list[index].id, list[index].summary, at: path, before: false)
            }
            for _ in common..<positions.count {
                let place = pool.tree.place(of: positions.lowerBound + common, by: .chunks, path: path)
                replaced(place.chunk)
                pool.tree.remove(at: path)
            }
        }
    }
}
