// What an anchor reads of the store (`CollectionLayout+Anchoring.swift`): an element's identity and frame, from its
// place when a search has found it, and a cell's frame by identity, each with one descent where the section's record
// lies in the element's chunk, as it does but for a section that began in an earlier chunk.
extension LayoutStore {
    /// An element and where it lies: its chunk's place in the tree and its offset in the chunk.
    @usableFromInline struct ElementPlace: Sendable {
        @usableFromInline var chunk: ChunkTree.Place
        @usableFromInline var offset: Int

        @inlinable init(chunk: ChunkTree.Place, offset: Int) {
            self.chunk = chunk
            self.offset = offset
        }

        /// The element's layout-order number.
        @inlinable var index: Int { chunk.elementsBefore &+ offset }
    }

    /// The place of the element numbered `index`.
    ///
    /// - Complexity: O(log *n*).
    @inlinable func place(ofElement index: Int) -> ElementPlace {
        let (_, offset, place) = locate(index)
        return ElementPlace(chunk: place, offset: offset)
    }

    /// The handed-out frame of the element at `element`.
    ///
    /// - Complexity: O(1).
    @inlinable func frame(at element: ElementPlace) -> Rect {
        Self.frame(of: pool[element.chunk.chunk], at: element.offset, base: element.chunk.base, axis: axis)
    }

    /// The section and the handed-out frame of the element at `element`.
    ///
    /// - Complexity: O(log *r*) for the chunk's *r* section records.
    @inlinable func sectionAndFrame(at element: ElementPlace) -> (section: Int, frame: Rect) {
        let chunk = pool[element.chunk.chunk]
        let frame = Self.frame(of: chunk, at: element.offset, base: element.chunk.base, axis: axis)
        return (element.chunk.recordsBefore &+ chunk.recordCount(startingAtOrBefore: element.offset) &- 1, frame)
    }

    /// The identity and the handed-out frame of the element numbered `index`.
    ///
    /// - Complexity: O(log *n*): one descent, and one more for a cell whose section began in an earlier chunk.
    @inlinable func identityAndFrame(at index: Int) -> (id: ElementID, frame: Rect) {
        identityAndFrame(at: place(ofElement: index))
    }

    /// The identity and the handed-out frame of the element at `element`.
    ///
    /// - Complexity: O(log *r*) for the chunk's *r* section records, and one descent for a cell whose section began
    ///   in an earlier chunk.
    @inlinable func identityAndFrame(at element: ElementPlace) -> (id: ElementID, frame: Rect) {
        let (chunk, offset, place) = (pool[element.chunk.chunk], element.offset, element.chunk)
        let frame = Self.frame(of: chunk, at: offset, base: place.base, axis: axis)
        let records = chunk.recordCount(startingAtOrBefore: offset)
        let section = place.recordsBefore &+ records &- 1
        let kind = chunk.kinds[offset]
        guard kind == .cell else { return (ElementID(kind: kind, section: section, item: 0), frame) }
        guard records > 0 else {
            return (.cell(section: section, item: element.index &- firstCell(ofSection: section)), frame)
        }
        // The section's views come before its cells: its first cell is the first cell from its start.
        var first = Int(chunk.recordStarts[records &- 1])
        while first < offset, chunk.kinds[first] != .cell { first &+= 1 }
        return (.cell(section: section, item: offset &- first), frame)
    }

    /// The number of `section`'s first cell: its record's start, past the views before its cells, read in the
    /// record's chunk (and through the section's span when they fill it).
    ///
    /// - Complexity: O(log *n*).
    @inlinable func firstCell(ofSection section: Int) -> Int {
        let place = pool.tree.place(of: section, by: .records)
        let chunk = pool[place.chunk]
        let record = section &- place.recordsBefore
        let end = record &+ 1 < chunk.recordCount ? Int(chunk.recordStarts[record &+ 1]) : chunk.count
        var first = Int(chunk.recordStarts[record])
        while first < end, chunk.kinds[first] != .cell { first &+= 1 }
        guard first < chunk.count else { return firstCell(atOrAfter: place.elementsBefore &+ first).index }
        return place.elementsBefore &+ first
    }

    /// The place of the first cell numbered `index` or after, for an `index` from which the store holds a cell: its
    /// chunk found once and read from `index` on, and the chunks after it read while views fill them. What a section
    /// whose record ends its chunk (or lies alone in an empty one, as a rewrite from the section's first cell leaves
    /// it) reads of the chunks after the record.
    ///
    /// - Complexity: O(log *n*) for each chunk read: one, unless supplementary views fill it.
    @inlinable func firstCell(atOrAfter index: Int) -> ElementPlace {
        var index = index
        while true {
            let (chunk, offset, place) = locate(index)
            var at = offset
            while at < chunk.count, chunk.kinds[at] != .cell { at &+= 1 }
            if at < chunk.count { return ElementPlace(chunk: place, offset: at) }
            index = place.elementsBefore &+ chunk.count
        }
    }

    /// The handed-out frame of cell `item` of `section`, which the store holds.
    ///
    /// - Complexity: O(log *n*): one descent to the section's record, and one more for a cell in another chunk.
    @inlinable func frame(ofCell item: Int, inSection section: Int) -> Rect {
        let place = pool.tree.place(of: section, by: .records)
        let chunk = pool[place.chunk]
        let record = section &- place.recordsBefore
        let end = record &+ 1 < chunk.recordCount ? Int(chunk.recordStarts[record &+ 1]) : chunk.count
        var first = Int(chunk.recordStarts[record])
        while first < end, chunk.kinds[first] != .cell { first &+= 1 }
        // Cells that begin past the chunk (after views that fill it, or a record alone in its chunk) are found from
        // the next element on.
        guard first < chunk.count else {
            let cell = firstCell(atOrAfter: place.elementsBefore &+ first)
            let offset = cell.offset &+ item
            if offset < pool[cell.chunk.chunk].count {
                return frame(at: ElementPlace(chunk: cell.chunk, offset: offset))
            }
            return frame(at: cell.index &+ item)
        }
        let offset = first &+ item
        if offset < chunk.count { return Self.frame(of: chunk, at: offset, base: place.base, axis: axis) }
        return frame(at: place.elementsBefore &+ offset)
    }
}
