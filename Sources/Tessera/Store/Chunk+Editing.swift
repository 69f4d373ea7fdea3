// What an update does to the chunks at either end of what it replaces: elements moved within a chunk, or copied in
// from another, with their kinds and marks; records cut off, dropped or taken in.
extension Chunk {
    /// Moves `count` elements from offset `source` to offset `target` (the ranges may overlap), with their kinds and
    /// marks.
    ///
    /// - Complexity: O(`count`).
    @usableFromInline mutating func moveElements(from source: Int, to target: Int, count: Int) {
        guard count > 0, source != target else { return }
        for index in 0..<4 { (column(index) + target).update(from: column(index) + source, count: count) }
        (kinds + target).update(from: kinds + source, count: count)
        (marks + target).update(from: marks + source, count: count)
    }

    /// Copies the elements `range` of `other` to offset `offset`, with their kinds and marks, their positions along
    /// `axis` moved by `delta` (from `other`'s base to this chunk's, both on the grid, so exactly).
    ///
    /// - Complexity: O(`range.count`).
    @usableFromInline mutating func copyElements(
        of other: Chunk, _ range: Range<Int>, to offset: Int, moving delta: Double, along axis: ScrollAxis
    ) {
        let count = range.count
        guard count > 0 else { return }
        for index in 0..<4 {
            (column(index) + offset).update(from: other.column(index) + range.lowerBound, count: count)
        }
        (kinds + offset).update(from: other.kinds + range.lowerBound, count: count)
        if delta != 0 {
            let scroll = (axis == .vertical ? y : x) + offset
            for index in 0..<count { scroll[index] += delta }
        }
        (marks + offset).update(from: other.marks + range.lowerBound, count: count)
    }

    /// Keeps the first `count` records and drops the rest.
    @usableFromInline mutating func keepRecords(_ count: Int) {
        recordCount = count
    }

    /// Keeps the records before `first`, leaves room for `inserted` records after them (which the caller writes with
    /// `setRecord`), and moves the records `kept` (this chunk's own, at or after `first`) to follow, their origins
    /// moved by `shift` and their starts on by `elements`: the records of a chunk changed in place. In place, with no
    /// buffer: a temporary one of more than 64 records would be on the heap, an allocation an update at ten items a
    /// section.
    ///
    /// - Complexity: O(`inserted` + `kept.count`), and O(`recordCount`) when the records' room grows.
    @usableFromInline mutating func replaceRecords(
        from first: Int, inserting inserted: Int, keeping kept: Range<Int>, moving shift: Double, startsOn elements: Int
    ) {
        let total = first + inserted + kept.count
        if total > recordCapacity || records == nil { growRecords(to: Swift.max(total, 2 * recordCapacity, 4)) }
        let target = first + inserted
        if !kept.isEmpty, kept.lowerBound != target {
            (recordOrigins + target).update(from: recordOrigins + kept.lowerBound, count: kept.count)
            (recordStarts + target).update(from: recordStarts + kept.lowerBound, count: kept.count)
        }
        for record in target..<total {
            recordOrigins[record] += shift
            recordStarts[record] = UInt16(truncatingIfNeeded: Int(recordStarts[record]) + elements)
        }
        recordCount = total
    }

    /// Sets record `record` (one `replaceRecords` left room for) to a section starting at element `start`, at
    /// `origin`.
    @inlinable mutating func setRecord(_ record: Int, start: Int, origin: Double) {
        recordOrigins[record] = origin
        recordStarts[record] = UInt16(truncatingIfNeeded: start)
    }

    /// Drops the first `dropped` records and moves the starts of the rest back by `elements`: what is left of a chunk
    /// whose first elements went elsewhere.
    @usableFromInline mutating func dropRecords(_ dropped: Int, movingStartsBack elements: Int) {
        let kept = recordCount - dropped
        if dropped > 0, kept > 0 {
            recordOrigins.update(from: recordOrigins + dropped, count: kept)
            recordStarts.update(from: recordStarts + dropped, count: kept)
        }
        for record in 0..<kept {
            recordStarts[record] = UInt16(truncatingIfNeeded: Int(recordStarts[record]) - elements)
        }
        recordCount = kept
    }

    /// Puts `other`'s records `records` before this chunk's own, their origins moved by `delta` (from `other`'s base to
    /// this chunk's), and this chunk's own starts on by `elements`: what a chunk takes in front of it.
    @usableFromInline mutating func prependRecords(
        of other: Chunk, _ records: Range<Int>, moving delta: Double, startsOn elements: Int
    ) {
        let taken = records.count
        let own = recordCount
        if own + taken > recordCapacity || self.records == nil {
            growRecords(to: Swift.max(own + taken, 2 * recordCapacity, 4))
        }
        if own > 0 {
            (recordOrigins + taken).update(from: recordOrigins, count: own)
            (recordStarts + taken).update(from: recordStarts, count: own)
        }
        for record in 0..<own {
            recordStarts[taken + record] = UInt16(truncatingIfNeeded: Int(recordStarts[taken + record]) + elements)
        }
        for (index, record) in records.enumerated() {
            recordOrigins[index] = other.recordOrigins[record] + delta
            recordStarts[index] = other.recordStarts[record]
        }
        recordCount = own + taken
    }

    /// Moves every position along `axis`, and every record's origin, by `delta`: the same elements kept relative to a
    /// base `delta` earlier. The chunk's advance grows by as much, so what follows stays where it is.
    @usableFromInline mutating func rebase(by delta: Double, along axis: ScrollAxis) {
        let scroll = axis == .vertical ? y : x
        for index in 0..<count { scroll[index] += delta }
        for record in 0..<recordCount { recordOrigins[record] += delta }
        minStart += delta
        maxEnd += delta
        advance += delta
    }
}
