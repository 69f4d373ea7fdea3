/// Every element of a layout in layout order, in chunks of up to `Chunk.capacity` consecutive elements whatever
/// sections they belong to, and every section as a record in the chunk where its elements start.
///
/// A chunk keeps its elements' frames as a struct of arrays, their positions along the scroll axis relative to the
/// chunk's base; the chunks are the leaves of a summed tree (`ChunkTree`) that gives each chunk's base and finds
/// an element, a section or a position in O(log *n*). Positions along the scroll axis lie on the scroll grid
/// (`ScrollGrid`), so the sums that make a frame handed out (a chunk's base, then the element's position in the
/// chunk) are exact whatever the chunks are: the frames are those the layout wrote, each placed at its section's
/// origin (`Rect.placed(at:along:)`), and the origins are the sections' lengths summed in order.
///
/// Memory follows the elements: a section costs a record of 10 bytes, not a store of its own.
///
/// The store has value semantics: copies share the chunks until one of them is written.
public struct LayoutStore: Sendable {
    /// The chunks and the tree over them, in one object: a copy of the store costs one reference, and a write
    /// makes it the store's own first (`copyPoolIfShared`).
    @usableFromInline var pool = ChunkPool()
    @usableFromInline var axis = ScrollAxis.vertical
    /// Counts the store's changes, so that a query's remembered chunk (`VisibleElements`) is known to be stale.
    @usableFromInline var generation = 0

    /// Creates an empty store: no elements and no sections.
    ///
    /// - Complexity: O(1).
    public init() {}

    /// The number of elements.
    @inlinable public var count: Int { pool.tree.total.elements }

    /// The number of sections.
    @inlinable public var sectionCount: Int { pool.tree.total.records }

    /// The length of every section together along the scroll axis: where a section after the last would start.
    @inlinable public var length: Double { pool.tree.height == 0 ? 0 : pool.tree.total.advance }

    /// The elements the store's chunks hold before one is added.
    public var capacity: Int { pool.count * Chunk.capacity }

    /// The bytes the chunks and the tree hold, at their capacity.
    public var byteCount: Int { pool.byteCount }

    // MARK: Sections

    /// Where `section` starts along the scroll axis.
    ///
    /// - Parameter section: The number of a section of the store.
    /// - Returns: The section's origin along the scroll axis, in content coordinates.
    /// - Complexity: O(log *n*).
    @inlinable public func origin(ofSection section: Int) -> Double {
        record(section).origin
    }

    /// The origin and the first element of `section`.
    @inlinable func record(_ section: Int) -> (origin: Double, start: Int) {
        precondition(section >= 0 && section < sectionCount, "section out of range")
        let place = pool.tree.place(of: section, by: .records)
        let chunk = pool[place.chunk]
        let record = section &- place.recordsBefore
        return (place.base + chunk.recordOrigins[record], place.elementsBefore &+ Int(chunk.recordStarts[record]))
    }

    /// The layout-order number of `section`'s first element (of the element after it, when it has none).
    ///
    /// - Parameter section: The number of a section of the store.
    /// - Returns: The layout-order number of the section's first element, or of the element after the section when it
    ///   has none.
    /// - Complexity: O(log *n*).
    @inlinable public func firstElement(ofSection section: Int) -> Int {
        record(section).start
    }

    /// The layout-order numbers of `section`'s elements.
    ///
    /// - Parameter section: The number of a section of the store.
    /// - Returns: The layout-order numbers of the section's elements, supplementary views and cells; empty for a
    ///   section without elements.
    /// - Complexity: O(log *n*): one descent to its record, and one more when the next record is in another chunk.
    @inlinable public func elementRange(ofSection section: Int) -> Range<Int> {
        precondition(section >= 0 && section < sectionCount, "section out of range")
        let place = pool.tree.place(of: section, by: .records)
        let chunk = pool[place.chunk]
        let record = section &- place.recordsBefore
        let start = place.elementsBefore &+ Int(chunk.recordStarts[record])
        if record &+ 1 < chunk.recordCount {
            return start..<(place.elementsBefore &+ Int(chunk.recordStarts[record &+ 1]))
        }
        return start..<(section &+ 1 < sectionCount ? self.record(section &+ 1).start : count)
    }

    /// The layout-order numbers of `section`'s cells, which are contiguous: its elements after the supplementary
    /// views before them and before those after them.
    ///
    /// - Parameter section: The number of a section of the store.
    /// - Returns: The layout-order numbers of the section's cells; empty for a section without items.
    /// - Complexity: O((1 + *v*) log *n*) for the section's *v* supplementary views: the views after the cells, and
    ///   those before them that lie in another chunk than the section's record, are each read with a descent.
    @inlinable public func cellRange(ofSection section: Int) -> Range<Int> {
        let span = span(ofSection: section)
        return span.firstCell..<cellEnd(of: span)
    }

    /// Where `section` lies: its origin and length, its elements and its first cell (its elements' end when it has
    /// none), found with one descent to its record and read from its chunk, with one more descent when the next
    /// record, or the first cell, lies in another chunk. The chunk of the record comes with it, for what is read
    /// next.
    @usableFromInline struct SectionSpan {
        @usableFromInline var origin: Double
        @usableFromInline var length: Double
        @usableFromInline var elements: Range<Int>
        @usableFromInline var firstCell: Int
        /// The chunk that holds the section's record, and where it lies.
        @usableFromInline var chunk: Chunk
        @usableFromInline var place: ChunkTree.Place

        @inlinable init(
            origin: Double, length: Double, elements: Range<Int>, firstCell: Int, chunk: Chunk, place: ChunkTree.Place
        ) {
            (self.origin, self.length, self.elements, self.firstCell) = (origin, length, elements, firstCell)
            (self.chunk, self.place) = (chunk, place)
        }
    }

    /// The end of the cells of the section at `span`: its elements' end, before the views after the cells, read
    /// from the record's chunk while they lie in it.
    ///
    /// - Complexity: O(*v*) for the *v* views after the cells, with a descent for each outside the record's chunk.
    @inlinable func cellEnd(of span: SectionSpan) -> Int {
        var cellEnd = span.elements.upperBound
        let chunkElements = span.place.elementsBefore..<(span.place.elementsBefore &+ span.chunk.count)
        while cellEnd > span.firstCell {
            let index = cellEnd &- 1
            let kind =
                chunkElements.contains(index)
                ? span.chunk.kinds[index &- chunkElements.lowerBound] : self.kind(at: index)
            if kind == .cell { break }
            cellEnd = index
        }
        return cellEnd
    }

    /// - Complexity: O(log *n* + *v*) for the *v* supplementary views before the section's cells.
    @inlinable func span(ofSection section: Int) -> SectionSpan {
        precondition(section >= 0 && section < sectionCount, "section out of range")
        let place = pool.tree.place(of: section, by: .records)
        let chunk = pool[place.chunk]
        let record = section &- place.recordsBefore
        let first = place.elementsBefore
        let start = first &+ Int(chunk.recordStarts[record])
        let origin = place.base + chunk.recordOrigins[record]
        let (end, endOrigin): (Int, Double)
        if record &+ 1 < chunk.recordCount {
            (end, endOrigin) = (
                first &+ Int(chunk.recordStarts[record &+ 1]), place.base + chunk.recordOrigins[record &+ 1]
            )
        } else if section &+ 1 < sectionCount {
            let next = self.record(section &+ 1)
            (end, endOrigin) = (next.start, next.origin)
        } else {
            (end, endOrigin) = (count, length)
        }
        // The views before the cells, read from the chunk while they lie in it.
        var firstCell = start
        while firstCell < end {
            let offset = firstCell &- first
            let kind = offset < chunk.count ? chunk.kinds[offset] : self.kind(at: firstCell)
            if kind == .cell { break }
            firstCell &+= 1
        }
        return SectionSpan(
            origin: origin, length: endOrigin - origin, elements: start..<end, firstCell: firstCell, chunk: chunk,
            place: place)
    }

    /// Each section's element range and cell range, numbered in layout order.
    ///
    /// - Complexity: O(*s* log *n*) for *s* sections.
    public var sections: [SectionRange] {
        (0..<sectionCount).map { SectionRange(elements: elementRange(ofSection: $0), cells: cellRange(ofSection: $0)) }
    }

    /// The section the element numbered `index` belongs to.
    ///
    /// - Parameter index: The layout-order number of an element of the store.
    /// - Returns: The number of the section that holds the element.
    /// - Complexity: O(log *n*).
    @inlinable public func section(ofElement index: Int) -> Int {
        precondition(index >= 0 && index < count, "element index out of range")
        let place = pool.tree.place(of: index, by: .elements)
        let chunk = pool[place.chunk]
        return place.recordsBefore &+ chunk.recordCount(startingAtOrBefore: index &- place.elementsBefore) &- 1
    }

    /// The last section that starts at or before `position` along the scroll axis; `nil` when none does.
    ///
    /// - Parameter position: A position along the scroll axis, in content coordinates.
    /// - Returns: The number of the last section whose origin is at or before `position`, or `nil` when there is no
    ///   section or every section starts after it.
    /// - Complexity: O(log *n* + *r*) for the *r* sections that start in the chunk the descent finds.
    @inlinable public func section(startingAtOrBefore position: Double) -> Int? {
        guard sectionCount > 0 else { return nil }
        let place = pool.tree.place(ofRecordAtOrBefore: position)
        let chunk = pool[place.chunk]
        var records = 0
        while records < chunk.recordCount, place.base + chunk.recordOrigins[records] <= position { records += 1 }
        let section = place.recordsBefore + records - 1
        return section >= 0 ? section : nil
    }

    // MARK: Elements

    /// The chunk holding the element numbered `index` and the element's offset in it.
    @inlinable func locate(_ index: Int) -> (chunk: Chunk, offset: Int, place: ChunkTree.Place) {
        precondition(index >= 0 && index < count, "element index out of range")
        let place = pool.tree.place(of: index, by: .elements)
        return (pool[place.chunk], index &- place.elementsBefore, place)
    }

    /// The frame handed out for the element numbered `index`: its chunk's base plus its position there, exact.
    ///
    /// - Parameter index: The layout-order number of an element of the store.
    /// - Returns: The element's frame in content coordinates.
    /// - Complexity: O(log *n*).
    @inlinable public func frame(at index: Int) -> Rect {
        let (chunk, offset, place) = locate(index)
        return Self.frame(of: chunk, at: offset, base: place.base, axis: axis)
    }

    /// The frame of element `offset` of `chunk`, whose base is `base`.
    @inlinable @inline(__always) static func frame(of chunk: Chunk, at offset: Int, base: Double, axis: ScrollAxis)
        -> Rect
    {
        switch axis {
        case .vertical:
            Rect(
                x: chunk.x[offset], y: base + chunk.y[offset], width: chunk.width[offset], height: chunk.height[offset])
        case .horizontal:
            Rect(
                x: base + chunk.x[offset], y: chunk.y[offset], width: chunk.width[offset], height: chunk.height[offset])
        }
    }

    /// The kind of the element numbered `index`.
    ///
    /// - Parameter index: The layout-order number of an element of the store.
    /// - Returns: The element's kind.
    /// - Complexity: O(log *n*).
    @inlinable public func kind(at index: Int) -> ElementKind {
        let (chunk, offset, _) = locate(index)
        return chunk.kinds[offset]
    }

    /// The identity of the element numbered `index`.
    ///
    /// - Parameter index: The layout-order number of an element of the store.
    /// - Returns: The element's kind, section and item (0 for a supplementary view).
    /// - Complexity: O(log *n*) for a supplementary view; O((1 + *v*) log *n*) for a cell of a section with *v*
    ///   supplementary views, whose cells are found after the views before them.
    public func elementID(at index: Int) -> ElementID {
        element(index, inSection: section(ofElement: index)).id
    }

    /// The identity and the handed-out frame of the element numbered `index`, which `section` holds.
    ///
    /// - Parameters:
    ///   - index: The layout-order number of an element of the store.
    ///   - section: The number of the section that holds the element (`section(ofElement:)`).
    /// - Returns: The element's identity and its frame in content coordinates.
    /// - Complexity: O(log *n*) for a supplementary view; O((1 + *v*) log *n*) for a cell of a section with *v*
    ///   supplementary views, whose cells are found after the views before them.
    @inlinable public func element(_ index: Int, inSection section: Int) -> (id: ElementID, frame: Rect) {
        let (chunk, offset, place) = locate(index)
        let frame = Self.frame(of: chunk, at: offset, base: place.base, axis: axis)
        let kind = chunk.kinds[offset]
        guard kind == .cell else { return (ElementID(kind: kind, section: section, item: 0), frame) }
        return (.cell(section: section, item: index - span(ofSection: section).firstCell), frame)
    }

    /// The frame handed out for the element at `position` within `section`.
    ///
    /// - Parameters:
    ///   - section: The number of a section of the store.
    ///   - position: The element's position among the section's elements, from 0.
    /// - Returns: The element's frame in content coordinates.
    /// - Complexity: O(log *n*).
    @inlinable public func frame(inSection section: Int, at position: Int) -> Rect {
        frame(at: record(section).start + position)
    }

    /// The layout-order number of the element with this identity, if the store holds one.
    ///
    /// - Parameter id: The identity of a cell or a supplementary view.
    /// - Returns: The element's layout-order number, or `nil` when the store holds no element with that identity.
    /// - Complexity: O((1 + *v*) log *n*) for the *v* supplementary views of the section `id` names.
    public func index(of id: ElementID) -> Int? {
        guard id.section >= 0, id.section < sectionCount else { return nil }
        let cells = cellRange(ofSection: id.section)
        if id.kind == .cell {
            guard id.item >= 0, id.item < cells.count else { return nil }
            return cells.lowerBound + id.item
        }
        guard id.item == 0 else { return nil }
        // Supplementary views are the few elements of the section before and after its cells.
        let elements = elementRange(ofSection: id.section)
        for candidate in elements.lowerBound..<cells.lowerBound where kind(at: candidate) == id.kind {
            return candidate
        }
        for candidate in cells.upperBound..<elements.upperBound where kind(at: candidate) == id.kind {
            return candidate
        }
        return nil
    }
}

extension LayoutStore {
    /// The ids of the chunks in layout order.
    ///
    /// - Complexity: O(*k* log *k*) for *k* chunks.
    @usableFromInline var chunkIDs: [Int32] {
        guard pool.tree.height > 0 else { return [] }
        return (0..<pool.tree.total.chunks).map { pool.tree.place(of: $0, by: .chunks).chunk }
    }
}

extension LayoutStore {
    /// Runs `body` with the store's chunks in layout order, as indexes see them (positions along the scroll axis
    /// relative to each chunk's base; the first chunk's base is 0): for searching an index directly. The chunks are
    /// valid only while `body` runs.
    ///
    /// - Parameter body: A closure that takes the store's chunks in layout order. The chunks must not escape it.
    /// - Returns: What `body` returns.
    /// - Complexity: O(*k* log *k*) for *k* chunks, plus `body`.
    public func withChunks<Result>(_ body: ([ElementChunk]) throws -> Result) rethrows -> Result {
        try withExtendedLifetime(pool) { try body(chunkIDs.map { ElementChunk(pool[$0]) }) }
    }
}
