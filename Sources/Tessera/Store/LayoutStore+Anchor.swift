// What an anchor reads of the store (`CollectionLayout+Anchoring.swift`): an element's identity and frame, and a
// cell's frame by identity, each with one descent where the section's record lies in the element's chunk, as it does
// but for a section that began in an earlier chunk.
extension LayoutStore {
    /// The identity and the handed-out frame of the element numbered `index`.
    ///
    /// - Complexity: O(log *n*): one descent, and one more for a cell whose section began in an earlier chunk.
    @inlinable func identityAndFrame(at index: Int) -> (id: ElementID, frame: Rect) {
        let (chunk, offset, place) = locate(index)
        let frame = Self.frame(of: chunk, at: offset, base: place.base, axis: axis)
        let records = chunk.recordCount(startingAtOrBefore: offset)
        let section = place.recordsBefore &+ records &- 1
        let kind = chunk.kinds[offset]
        guard kind == .cell else { return (ElementID(kind: kind, section: section, item: 0), frame) }
        guard records > 0 else { return (.cell(section: section, item: index &- firstCell(ofSection: section)), frame) }
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
        return first < chunk.count ? place.elementsBefore &+ first : span(ofSection: section).firstCell
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
        // Cells that begin past the chunk (after views that fill it) are found by the section's span.
        guard first < chunk.count else { return frame(at: span(ofSection: section).firstCell &+ item) }
        let offset = first &+ item
        if offset < chunk.count { return Self.frame(of: chunk, at: offset, base: place.base, axis: axis) }
        return frame(at: place.elementsBefore &+ offset)
    }
}
