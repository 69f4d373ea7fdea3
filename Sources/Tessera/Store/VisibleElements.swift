/// A caller-owned buffer for the answer of a rect query: the indices, in the store, of the elements displayed in
/// the rect, in layout order, and for layouts with scroll effects each one's effect at the query's content offset.
/// Reuse one buffer across queries and steady-state queries allocate nothing.
///
/// The indices live in `slots`, whose first `count` entries are the answer; the rest are room kept from earlier
/// queries. An index makes room once for every candidate it will test and writes its hits through a pointer, so
/// the hot loop neither checks uniqueness nor grows an array per element.
public struct VisibleElements: Sendable {
    @usableFromInline var slots: [Int] = []
    @usableFromInline var _count = 0
    /// Parallel to `indices` for layouts with scroll effects; empty otherwise.
    @usableFromInline var effects: [ScrollEffect] = []
    /// Where the last search through an index ended, so the next one can start there: scrolling is coherent, and a
    /// search that starts near its answer touches a few cache lines instead of a path through the whole index.
    /// Any value is safe: it only chooses where a search starts.
    @usableFromInline var searchHint = 0
    /// The first section the last query searched, for the same reason.
    @usableFromInline var sectionHint = 0

    public init() {}

    /// The answer's element indices, in layout order.
    @inlinable public var indices: ArraySlice<Int> { slots[..<_count] }

    @inlinable public var count: Int { _count }

    /// The effect on the element at `position` of the answer.
    @inlinable public func effect(at position: Int) -> ScrollEffect {
        effects.isEmpty ? .none : effects[position]
    }

    @inlinable mutating func append(_ index: Int) {
        if _count == slots.count { slots.append(index) } else { slots[_count] = index }
        _count += 1
    }

    /// Appends up to `limit` indices: `body` writes them from the pointer it is given and returns how many.
    @inlinable mutating func append(upTo limit: Int, _ body: (UnsafeMutablePointer<Int>) -> Int) {
        guard limit > 0 else { return }
        if slots.count < _count + limit { slots.append(contentsOf: repeatElement(0, count: _count + limit - slots.count)) }
        let start = _count
        _count += slots.withUnsafeMutableBufferPointer { body($0.baseAddress! + start) }
    }

    /// Runs `body` over the answer's indices, to edit them in place; `body` returns how many of them to keep.
    @inlinable mutating func edit(_ body: (UnsafeMutableBufferPointer<Int>) -> Int) {
        let count = _count
        guard count > 0 else { return }
        _count = slots.withUnsafeMutableBufferPointer { body(UnsafeMutableBufferPointer(rebasing: $0[..<count])) }
    }

    /// Inserts `index` at `position` of the answer.
    @inlinable mutating func insert(_ index: Int, at position: Int) {
        if _count < slots.count { slots.removeLast(slots.count - _count) }
        slots.insert(index, at: position)
        _count += 1
    }

    /// Puts the indices appended since `start` back in layout order. Strategies that search a sorted copy find
    /// elements nearly in layout order already, which an insertion sort orders in about linear time, with no
    /// allocation.
    @inlinable mutating func restoreLayoutOrder(from start: Int) {
        edit { indices in
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

    @inlinable mutating func removeAll() {
        _count = 0
        if !effects.isEmpty { effects.removeAll(keepingCapacity: true) }
    }
}
