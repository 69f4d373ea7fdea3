/// A caller-owned buffer for the answer of a rect query: the indices, in the store, of the elements displayed in
/// the rect, in layout order, and for layouts with scroll effects each one's effect at the query's content offset.
/// Reuse one buffer across queries and steady-state queries allocate nothing.
public struct VisibleElements: Sendable {
    @usableFromInline var buffer: [Int] = []
    /// Parallel to `indices` for layouts with scroll effects; empty otherwise.
    @usableFromInline var effects: [ScrollEffect] = []
    /// Where the last search through an index ended, so the next one can start there: scrolling is coherent, and a
    /// search that starts near its answer touches a few cache lines instead of a path through the whole index.
    /// Any value is safe: it only chooses where a search starts.
    @usableFromInline var searchHint = 0
    /// The first section the last query searched, for the same reason.
    @usableFromInline var sectionHint = 0

    public init() {}

    @inlinable public var indices: [Int] { buffer }

    @inlinable public var count: Int { buffer.count }

    /// The effect on the element at `position` of the answer.
    @inlinable public func effect(at position: Int) -> ScrollEffect {
        effects.isEmpty ? .none : effects[position]
    }

    @inlinable mutating func append(_ index: Int) {
        buffer.append(index)
    }

    /// Puts the indices appended since `start` back in layout order. Strategies that search a sorted copy find
    /// elements nearly in layout order already, which an insertion sort orders in about linear time, with no
    /// allocation.
    @inlinable mutating func restoreLayoutOrder(from start: Int) {
        buffer.withUnsafeMutableBufferPointer { indices in
            guard start + 1 < indices.count else { return }
            for position in (start + 1)..<indices.count {
                let index = indices[position]
                var slot = position
                while slot > start, indices[slot - 1] > index {
                    indices[slot] = indices[slot - 1]
                    slot -= 1
                }
                indices[slot] = index
            }
        }
    }

    @inlinable mutating func removeAll() {
        buffer.removeAll(keepingCapacity: true)
        effects.removeAll(keepingCapacity: true)
    }
}
