/// A caller-owned buffer for the answer of a rect query: the indices, in the store, of the elements displayed in
/// the rect, in layout order, and for layouts with scroll effects each one's effect at the query's content offset.
/// Reuse one buffer across queries and steady-state queries allocate nothing.
///
/// The indices live in `slots`, whose first `count` entries are the answer; the rest are room kept from earlier
/// queries. A query starts with `removeAll()`, where the buffer makes its slots its own if a copy shares them, so
/// what the query's search writes after that goes through a pointer with no check. An index that finds too little
/// room does not grow the buffer: it records the room it wanted (`shortfall`, a lower bound), its answer is
/// discarded, and the caller grows the buffer and asks it again (`madeRoom(from:)`). An index's search then holds
/// the chunk's columns and index without a call the optimizer cannot see through, which would make it retain and
/// release them around the call (four atomic pairs a chunk, half of a short query's time). The edits that
/// public calls can reach (`edit`, `insert`, from a layout's `applyEffects`) check, once a call, that the slots are
/// the buffer's own.
public struct VisibleElements: @unchecked Sendable {
    @usableFromInline var slots: Slots?
    @usableFromInline var _count = 0
    /// Parallel to `indices` for layouts with scroll effects; empty otherwise. A layout's `applyEffects` fills it.
    public var effects: [ScrollEffect] = []
    /// Where the last search through an index ended, so the next one can start there: scrolling is coherent, and a
    /// search that starts near its answer touches a few cache lines instead of a path through the whole index.
    /// Any value is safe: it only chooses where a search starts.
    @usableFromInline var searchHint = 0
    /// The chunk the last query found alone, with how far the rest of the layout reaches towards it: the next query
    /// that stays within that reach searches it without a search for chunks.
    @usableFromInline var finger = ChunkFinger()
    /// Where the last layout's reader of an answer stopped (`LayoutStore.reader(resuming:)`), for the next one to
    /// start from. Any value is safe: a reader uses it only while the store is unchanged.
    public var readerPosition = ElementReader.Position()
    /// The chunks a query searches, kept between queries for their room.
    @usableFromInline var candidates: [LayoutStore.ChunkCandidate] = []
    /// The room the writes since the last `madeRoom(from:)` wanted and did not find; 0 when they all fitted.
    @usableFromInline var shortfall = 0

    /// Creates an empty buffer, with no room yet: the first queries grow it to the answers they find.
    ///
    /// - Complexity: O(1).
    public init() {}

    /// The answer's element indices, in layout order.
    @inlinable public var indices: ElementIndices { ElementIndices(slots: slots, count: _count) }

    /// The number of elements in the answer.
    @inlinable public var count: Int { _count }

    /// The effect on the element at `position` of the answer.
    ///
    /// - Parameter position: A position in the answer, from 0 to `count - 1`.
    /// - Returns: The element's effect, or `ScrollEffect.none` when the layout has no scroll effects.
    /// - Complexity: O(1).
    @inlinable public func effect(at position: Int) -> ScrollEffect {
        effects.isEmpty ? .none : effects[position]
    }

    /// Empties the answer and makes its slots this buffer's own, for the query about to write them. Every query
    /// starts here; `SpatialIndex.query` and the other writers below rely on it.
    ///
    /// - Complexity: O(1) when the buffer's slots and effects are its own; otherwise, one allocation of as much room as
    ///   the shared ones have.
    @inlinable public mutating func removeAll() {
        _count = 0
        shortfall = 0
        if !isKnownUniquelyReferenced(&slots) { makeSlotsOwn() }
        if !effects.isEmpty { effects.removeAll(keepingCapacity: true) }
    }

    @inlinable mutating func append(_ index: Int) {
        append(upTo: 1) { slot in
            slot.initialize(to: index)
            return 1
        }
    }

    /// Appends up to `limit` indices: `body` writes them from the pointer it is given and returns how many. With
    /// less room than `limit` left, records the shortfall instead and appends nothing.
    @inlinable mutating func append(upTo limit: Int, _ body: (UnsafeMutablePointer<Int>) -> Int) {
        guard limit > 0 else { return }
        let start = _count
        guard (slots?.room ?? 0) - start >= limit else {
            shortfall = Swift.max(shortfall, start + limit)
            return
        }
        _count = start + slots.unsafelyUnwrapped.withUnsafeMutablePointerToElements { body($0 + start) }
    }

    /// Appends what `body` writes from the pointer it is given into the room left, which it is told, for a search
    /// that cannot bound its answer before it runs: `body` returns how many it wrote, or, when the room was too
    /// little, more than the room (at least what it needs), which is recorded as the shortfall and appends nothing.
    /// With no room left at all, `body` is not run and a shortfall of one slot is recorded.
    @inlinable mutating func append(withinRoom body: (UnsafeMutablePointer<Int>, _ room: Int) -> Int) {
        let start = _count
        let room = (slots?.room ?? 0) - start
        guard room > 0 else {
            shortfall = Swift.max(shortfall, start + 1)
            return
        }
        // The address is taken out of the closure: the slots stay alive, held by this buffer, which `body` cannot
        // reach. Run inside the closure, a long `body` had the slots retained and released around it every query.
        let slotsBase = slots.unsafelyUnwrapped.withUnsafeMutablePointerToElements { $0 }
        let written = body(slotsBase + start, room)
        guard written <= room else {
            shortfall = Swift.max(shortfall, start + written)
            return
        }
        _count = start + written
    }

    /// After an index's query: `false` when it had the room it needed. Otherwise drops what it appended after
    /// `start`, grows the buffer to at least the room it wanted, and returns `true` for the caller to ask again.
    @inlinable mutating func madeRoom(from start: Int) -> Bool {
        guard shortfall > 0 else { return false }
        _count = start
        reserve(shortfall)
        shortfall = 0
        return true
    }

    /// Runs `body` over the answer's indices, to edit them in place: `body` moves the ones to keep to the front, in
    /// layout order, and returns how many they are (at most the answer's count). For a layout's `applyEffects` that
    /// drops the elements its effects move out of the rect.
    ///
    /// - Parameter body: A closure that takes the answer's indices, moves the ones to keep to the front in layout
    ///   order, and returns how many it keeps. The buffer pointer must not escape it.
    /// - Complexity: O(1), plus `body`; O(*k*) first for an answer of *k* elements when a copy shares the buffer's
    ///   slots.
    @inlinable public mutating func edit(_ body: (UnsafeMutableBufferPointer<Int>) -> Int) {
        if !isKnownUniquelyReferenced(&slots) { makeSlotsOwn() }
        let count = _count
        uncheckedEdit(body)
        precondition((0...count).contains(_count), "an edit keeps at most the elements it was given")
    }

    /// `edit`, without the check: for a query's own search, after its `removeAll()`.
    @inlinable mutating func uncheckedEdit(_ body: (UnsafeMutableBufferPointer<Int>) -> Int) {
        let count = _count
        guard count > 0 else { return }
        _count = slots.unsafelyUnwrapped.withUnsafeMutablePointerToElements {
            body(UnsafeMutableBufferPointer(start: $0, count: count))
        }
    }

    /// Where `index` stands, or would stand, in the answer, which is in ascending order; and whether it is there.
    ///
    /// - Parameter index: The layout-order number of an element of the store.
    /// - Returns: The position of `index` in the answer, or the position where inserting it keeps the answer in order,
    ///   and whether the answer holds it.
    /// - Complexity: O(log *k*) for an answer of *k* elements.
    @inlinable public func position(of index: Int) -> (position: Int, found: Bool) {
        let count = _count
        guard count > 0 else { return (0, false) }
        return slots.unsafelyUnwrapped.withUnsafeMutablePointerToElements { base in
            let position = (0..<count).partitionPoint(near: count / 2) { base[$0] >= index }
            return (position, position < count && base[position] == index)
        }
    }

    /// Inserts `index` at `position` of the answer (from `position(of:)`, so the answer stays in layout order): for
    /// a layout's `applyEffects` that adds the elements its effects move into the rect. Insert the element's effect
    /// at the same position of `effects`.
    ///
    /// - Parameters:
    ///   - index: The layout-order number of the element to insert.
    ///   - position: The position to insert it at, from 0 to `count`.
    /// - Complexity: O(*k*) for an answer of *k* elements; amortized over the growth of the buffer's room.
    @inlinable public mutating func insert(_ index: Int, at position: Int) {
        precondition(position >= 0 && position <= _count, "insertion position out of range")
        if !isKnownUniquelyReferenced(&slots) { makeSlotsOwn() }
        let count = _count
        if (slots?.room ?? 0) == count { reserve(count + 1) }
        _count = count + 1
        slots.unsafelyUnwrapped.withUnsafeMutablePointerToElements { base in
            (base + position + 1).moveInitialize(from: base + position, count: count - position)
            base[position] = index
        }
    }

    /// Puts the indices appended since `start` back in layout order. Strategies that search a sorted copy find
    /// elements nearly in layout order already, which an insertion sort orders in about linear time, with no
    /// allocation. Out of line, and known to release nothing, so that the caller need not retain what it holds
    /// around the call. (A bitmap of the answer's span, read back in order, was slower on flow and waterfall.)
    @inlinable @inline(never) @_effects(releasenone) mutating func restoreLayoutOrder(from start: Int) {
        uncheckedEdit { indices in
            guard start + 1 < indices.count else { return indices.count }
            for position in (start + 1)..<indices.count {
                let index = indices[position]
                var slot = position
                while slot > start, indices[slot - 1] > index {
                    indices[slot] = indices[slot - 1]
                    slot -= 1
                }
                indices[slot] = index
            }
            return indices.count
        }
    }

    /// Slots of this buffer's own, with the answer, in place of slots a copy shares.
    @inline(never) @usableFromInline mutating func makeSlotsOwn() {
        guard let slots else { return }
        moveAnswer(toSlotsOfRoom: slots.room)
    }

    /// Room for `needed` slots, at least twice the room there was, keeping the answer: out of line, since it
    /// runs only while a buffer grows to the largest answer it is asked for.
    @inline(never) @usableFromInline mutating func reserve(_ needed: Int) {
        moveAnswer(toSlotsOfRoom: Swift.max(needed, 2 * (slots?.room ?? 0)))
    }

    /// Moves the answer into new slots of at least `room`.
    @usableFromInline mutating func moveAnswer(toSlotsOfRoom room: Int) {
        let moved = Slots.make(room: room)
        if let slots {
            moved.withUnsafeMutablePointerToElements { target in
                slots.withUnsafeMutablePointerToElements { target.initialize(from: $0, count: _count) }
            }
        }
        slots = moved
    }
}

extension VisibleElements {
    /// The slots, tail-allocated after their number in one allocation. Slots hold `Int`s, which need no
    /// initialising or deinitialising, so any of them may be read or written once allocated. Written only by the
    /// buffer that holds the one reference to them (`removeAll()` sees to it), which is what makes the
    /// `@unchecked Sendable` of the buffer and of `ElementIndices` sound: a shared `Slots` is only read.
    @usableFromInline final class Slots: ManagedBuffer<Int, Int> {
        @inlinable var room: Int { withUnsafeMutablePointerToHeader { $0.pointee } }

        /// At least `room` slots: as many as the allocation holds.
        @inlinable static func make(room: Int) -> Slots {
            unsafeDowncast(create(minimumCapacity: room) { $0.capacity }, to: Slots.self)
        }
    }

    /// The answer's element indices, in layout order: a view that keeps the slots it reads alive, so it stays the
    /// answer it was when taken while the buffer goes on to other queries.
    public struct ElementIndices: RandomAccessCollection, Equatable, @unchecked Sendable {
        @usableFromInline let slots: Slots?
        /// The number of indices in the answer.
        public let count: Int

        @inlinable init(slots: Slots?, count: Int) {
            self.slots = slots
            self.count = count
        }

        /// The position of the first index: always 0.
        @inlinable public var startIndex: Int { 0 }
        /// The position after the last index: the answer's count.
        @inlinable public var endIndex: Int { count }

        /// Accesses the element index at `position` of the answer.
        ///
        /// - Parameter position: A position in the answer, from 0 to `count - 1`.
        /// - Complexity: O(1).
        @inlinable public subscript(position: Int) -> Int {
            precondition(position >= 0 && position < count, "position out of range")
            return slots.unsafelyUnwrapped.withUnsafeMutablePointerToElements { $0[position] }
        }

        /// Calls `body` with the indices as one buffer, which they always are.
        ///
        /// - Parameter body: A closure that reads the indices. The buffer must not escape it.
        /// - Returns: What `body` returns.
        /// - Complexity: O(1), plus `body`.
        @inlinable public func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<Int>) throws -> R)
            rethrows -> R?
        {
            guard let slots else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
            return try slots.withUnsafeMutablePointerToElements {
                try body(UnsafeBufferPointer(start: $0, count: count))
            }
        }

        /// Whether two answers hold the same element indices in the same order.
        ///
        /// - Parameters:
        ///   - lhs: An answer's indices.
        ///   - rhs: Another answer's indices.
        /// - Returns: `true` when both hold the same indices in the same order; otherwise, `false`.
        /// - Complexity: O(*k*) for answers of *k* elements.
        @inlinable public static func == (lhs: Self, rhs: Self) -> Bool { lhs.elementsEqual(rhs) }
    }
}
