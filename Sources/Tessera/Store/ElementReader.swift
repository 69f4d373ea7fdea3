/// Reads elements' identities and frames by number, remembering the chunk and the section it read last: reading a
/// query's answer, which comes in layout order, costs O(1) an element within a chunk and a section, and O(log *n*)
/// each time it enters another.
public struct ElementReader {
    @usableFromInline let store: LayoutStore
    /// The chunk read last.
    @usableFromInline var chunk: Chunk?
    /// Where the reader is: the chunk read last (its id, the numbers of its elements, its base and the records before
    /// it) and the section read last (its number, the numbers of its elements and its first cell), under the store's
    /// identity and generation, for a later reader of the same store to start from (`position`).
    @usableFromInline var at: Position

    @inlinable init(_ store: LayoutStore) {
        self.store = store
        at = Position(store: store.pool.identity, generation: store.generation)
    }

    /// A reader that starts where `position` says a reader of the same store stopped, when the store has not changed
    /// since; otherwise, a reader with nothing read.
    @inlinable init(_ store: LayoutStore, resuming position: Position) {
        self.init(store)
        guard position.store == at.store, position.generation == at.generation,
            position.chunkID >= 0
        else { return }
        chunk = store.pool[position.chunkID]
        at = position
    }

    /// A reader whose chunk read last is `chunk`, at `place`.
    @inlinable init(_ store: LayoutStore, chunk: Chunk, place: ChunkTree.Place) {
        self.init(store)
        self.chunk = chunk
        at.enter(chunk, at: place)
    }

    /// The identity and the handed-out frame of the element numbered `index`.
    ///
    /// - Parameter index: The layout-order number of an element of the store.
    /// - Returns: The element's identity and its frame in content coordinates.
    /// - Complexity: O(1) in the chunk and the section read last; O(log *n*) to enter another chunk, and O((1 + *v*)
    ///   log *n*) to enter another section, of *v* supplementary views.
    @inlinable public mutating func element(_ index: Int) -> (id: ElementID, frame: Rect) {
        if !at.chunkElements.contains(index) { enterChunk(of: index) }
        let chunk = chunk.unsafelyUnwrapped
        let offset = index &- at.chunkElements.lowerBound
        let frame = LayoutStore.frame(of: chunk, at: offset, base: at.base, axis: store.axis)
        if !at.sectionElements.contains(index) {
            enterSection(at.recordsBefore &+ chunk.recordCount(startingAtOrBefore: offset) &- 1)
        }
        let kind = chunk.kinds[offset]
        guard kind == .cell else { return (ElementID(kind: kind, section: at.section, item: 0), frame) }
        return (.cell(section: at.section, item: index &- at.firstCell), frame)
    }

    /// The frame handed out for the element numbered `index`, its identity not looked for.
    ///
    /// - Parameter index: The layout-order number of an element of the store.
    /// - Returns: The element's frame in content coordinates.
    /// - Complexity: O(1) in the chunk read last, O(log *n*) otherwise.
    @inlinable public mutating func frame(at index: Int) -> Rect {
        if !at.chunkElements.contains(index) { enterChunk(of: index) }
        return LayoutStore.frame(
            of: chunk.unsafelyUnwrapped, at: index &- at.chunkElements.lowerBound, base: at.base, axis: store.axis)
    }

    /// Whether the layout marked the element numbered `index` as a point its writing can resume from.
    ///
    /// - Parameter index: The layout-order number of an element of the store.
    /// - Returns: `true` when the layout marked the element as a resume point; otherwise, `false`.
    /// - Complexity: O(1) in the chunk read last, O(log *n*) otherwise.
    @inlinable public mutating func isMarked(_ index: Int) -> Bool {
        if !at.chunkElements.contains(index) { enterChunk(of: index) }
        return chunk.unsafelyUnwrapped.isMarked(index &- at.chunkElements.lowerBound)
    }

    /// The section of the element numbered `index`.
    ///
    /// - Parameter index: The layout-order number of an element of the store.
    /// - Returns: The number of the section that holds the element.
    /// - Complexity: O(1) in the chunk and the section read last; O(log *n*) to enter another chunk, and O((1 + *v*)
    ///   log *n*) to enter another section, of *v* supplementary views.
    @inlinable public mutating func section(ofElement index: Int) -> Int {
        if !at.chunkElements.contains(index) { enterChunk(of: index) }
        if !at.sectionElements.contains(index) {
            let offset = index &- at.chunkElements.lowerBound
            enterSection(at.recordsBefore &+ chunk.unsafelyUnwrapped.recordCount(startingAtOrBefore: offset) &- 1)
        }
        return at.section
    }

    @usableFromInline mutating func enterChunk(of index: Int) {
        let (chunk, _, place) = store.locate(index)
        self.chunk = chunk
        at.enter(chunk, at: place)
    }

    @usableFromInline mutating func enterSection(_ section: Int) {
        let span = store.span(ofSection: section)
        (at.section, at.sectionElements, at.firstCell) = (section, span.elements, span.firstCell)
    }
}

extension ElementReader {
    /// Where a reader stopped (its chunk and its section), for a reader of the same store to start from: a query's
    /// answer keeps it (`VisibleElements`), so that the next query's effects, most often in the same chunk and
    /// section, read their elements with no descent of the store. It names the store and the store's generation, and
    /// is used only while the store is unchanged.
    public struct Position: Sendable {
        @usableFromInline var store: UInt64 = 0
        @usableFromInline var generation = -1
        @usableFromInline var chunkID: Int32 = -1
        @usableFromInline var chunkElements = 0..<0
        @usableFromInline var base = 0.0
        @usableFromInline var recordsBefore = 0
        @usableFromInline var section = -1
        @usableFromInline var sectionElements = 0..<0
        @usableFromInline var firstCell = 0

        /// A position that no store matches: a reader started from it has read nothing.
        ///
        /// - Complexity: O(1).
        @inlinable public init() {}

        /// A position in `store` (an identity) at `generation`, with nothing read.
        @inlinable init(store: UInt64, generation: Int) {
            (self.store, self.generation) = (store, generation)
        }

        /// Enters `chunk`, at `place`.
        @inlinable mutating func enter(_ chunk: Chunk, at place: ChunkTree.Place) {
            chunkID = place.chunk
            chunkElements = place.elementsBefore..<(place.elementsBefore &+ chunk.count)
            (base, recordsBefore) = (place.base, place.recordsBefore)
        }
    }
}

extension ElementReader {
    /// Where this reader stopped.
    ///
    /// - Complexity: O(1).
    @inlinable public var position: Position { at }
}

extension LayoutStore {
    /// A reader of this store's elements by number, fastest in ascending order.
    ///
    /// - Complexity: O(1).
    @inlinable public var reader: ElementReader { ElementReader(self) }

    /// A reader of this store's elements that starts where the last reader of `visible`'s answer stopped, when the
    /// store has not changed since: what a layout's `applyEffects` reads its answer with. Keep its `position` in
    /// `visible` (`VisibleElements.readerPosition`) when done.
    ///
    /// - Parameter visible: A query's answer over this store.
    /// - Complexity: O(1).
    @inlinable public func reader(resuming visible: VisibleElements) -> ElementReader {
        ElementReader(self, resuming: visible.readerPosition)
    }
}
