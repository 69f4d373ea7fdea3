/// Reads sections' records by number, remembering the chunk of the record read last and the last few records:
/// sections read in order cost O(1) each while their records share a chunk (short sections), a section read again
/// costs O(1), and any other O(log *n*).
public struct SectionReader {
    @usableFromInline let store: LayoutStore
    /// The chunk read last, its place, and the numbers of the records it holds.
    @usableFromInline var chunk: Chunk?
    @usableFromInline var place = ChunkTree.Place(
        chunk: 0, base: 0, elementsBefore: 0, recordsBefore: 0, chunksBefore: 0)
    @usableFromInline var records = 0..<0
    /// The last records read, by section, replaced in turn: a query's effects read a few sections, each more than
    /// once, from chunks of their own when sections are long.
    @usableFromInline var recent: (Recent, Recent, Recent, Recent) = (.none, .none, .none, .none)
    @usableFromInline var nextRecent = 0

    @usableFromInline struct Recent: Sendable {
        @usableFromInline var section: Int
        @usableFromInline var origin: Double
        @usableFromInline var start: Int

        @inlinable init(section: Int, origin: Double, start: Int) {
            self.section = section
            self.origin = origin
            self.start = start
        }

        @usableFromInline static let none = Recent(section: -1, origin: 0, start: 0)
    }

    @inlinable init(_ store: LayoutStore) {
        self.store = store
    }

    /// Where `section` starts along the scroll axis, and the layout-order number of its first element (of the
    /// element after it, when it has none).
    ///
    /// - Parameter section: The number of a section of the store.
    /// - Returns: The section's origin along the scroll axis, in content coordinates, and the layout-order number of
    ///   its first element.
    /// - Complexity: O(1) in the chunk read last or for a section read lately, O(log *n*) otherwise.
    @inlinable public mutating func record(_ section: Int) -> (origin: Double, start: Int) {
        if !records.contains(section) {
            if recent.0.section == section { return (recent.0.origin, recent.0.start) }
            if recent.1.section == section { return (recent.1.origin, recent.1.start) }
            if recent.2.section == section { return (recent.2.origin, recent.2.start) }
            if recent.3.section == section { return (recent.3.origin, recent.3.start) }
            enterChunk(ofSection: section)
        }
        let chunk = chunk.unsafelyUnwrapped
        let record = section &- records.lowerBound
        let found = (
            origin: place.base + chunk.recordOrigins[record],
            start: place.elementsBefore &+ Int(chunk.recordStarts[record])
        )
        let entry = Recent(section: section, origin: found.origin, start: found.start)
        switch nextRecent & 3 {
        case 0: recent.0 = entry
        case 1: recent.1 = entry
        case 2: recent.2 = entry
        default: recent.3 = entry
        }
        nextRecent &+= 1
        return found
    }

    /// The layout-order numbers of `section`'s elements.
    ///
    /// - Parameter section: The number of a section of the store.
    /// - Returns: The layout-order numbers of the section's elements; empty for a section without elements.
    /// - Complexity: O(1) when the records of `section` and of the section after it are in the chunk read last or were
    ///   read lately, O(log *n*) otherwise.
    @inlinable public mutating func elementRange(ofSection section: Int) -> Range<Int> {
        let start = record(section).start
        let end = section &+ 1 < store.sectionCount ? record(section &+ 1).start : store.count
        return start..<end
    }

    /// The frame handed out for the element numbered `index`, read from the chunk read last when it holds it.
    ///
    /// - Parameter index: The layout-order number of an element of the store.
    /// - Returns: The element's frame in content coordinates.
    /// - Complexity: O(1) in the chunk read last, O(log *n*) otherwise.
    @inlinable public func frame(at index: Int) -> Rect {
        let offset = index &- place.elementsBefore
        guard let chunk, offset >= 0, offset < chunk.count else { return store.frame(at: index) }
        return LayoutStore.frame(of: chunk, at: offset, base: place.base, axis: store.axis)
    }

    @usableFromInline mutating func enterChunk(ofSection section: Int) {
        precondition(section >= 0 && section < store.sectionCount, "section out of range")
        place = store.pool.tree.place(of: section, by: .records)
        let chunk = store.pool[place.chunk]
        self.chunk = chunk
        records = place.recordsBefore..<(place.recordsBefore &+ chunk.recordCount)
    }
}

extension LayoutStore {
    /// A reader of this store's sections by number, fastest in ascending order.
    ///
    /// - Complexity: O(1).
    @inlinable public var sectionReader: SectionReader { SectionReader(self) }
}
