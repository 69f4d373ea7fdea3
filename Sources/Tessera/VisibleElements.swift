/// A caller-owned buffer for the answer of a rect query: the indices, in the store, of the elements whose frames
/// intersect the rect, in layout order. Reuse one buffer across queries and steady-state queries allocate nothing.
public struct VisibleElements: Sendable {
    @usableFromInline var buffer: [Int] = []

    public init() {}

    @inlinable public var indices: [Int] { buffer }

    @inlinable public var count: Int { buffer.count }

    @inlinable mutating func append(_ index: Int) {
        buffer.append(index)
    }

    @inlinable mutating func removeAll() {
        buffer.removeAll(keepingCapacity: true)
    }
}
