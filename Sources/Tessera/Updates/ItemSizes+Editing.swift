// In-place edits of a section's item sizes. A uniform section stays uniform while the sizes it is given match its
// own; the first different size turns it into a list. A list is edited in place (`self` is emptied first, so the
// list is uniquely referenced and keeps its buffers): a steady-state edit allocates nothing.
extension ItemSizes {
    /// The size of item `item`.
    @inlinable public subscript(item: Int) -> Size {
        switch self {
        case .uniform(let size, _): size
        case .list(let sizes): sizes[item]
        }
    }

    /// Sets item `item`'s size.
    public mutating func set(_ size: Size, at item: Int) {
        if case .uniform(size, _) = self { return }
        editList { $0[item] = size }
    }

    /// Inserts an item of `size` before item `item` (`count` appends).
    public mutating func insert(_ size: Size, at item: Int) {
        if case .uniform(let uniform, let count) = self, uniform == size || count == 0 {
            self = .uniform(size, count: count + 1)
            return
        }
        editList { $0.insert(size, at: item) }
    }

    /// Removes item `item` and returns its size.
    @discardableResult public mutating func remove(at item: Int) -> Size {
        if case .uniform(let size, let count) = self {
            self = .uniform(size, count: count - 1)
            return size
        }
        var removed = Size.zero
        editList { removed = $0.remove(at: item) }
        return removed
    }

    /// Runs `body` on the sizes as a list, turning a uniform section into one first.
    private mutating func editList(_ body: (inout SizeList) -> Void) {
        var sizes: SizeList
        switch self {
        case .uniform(let size, let count): sizes = SizeList(repeatElement(size, count: count))
        case .list(let list): sizes = list
        }
        self = .uniform(.zero, count: 0)
        body(&sizes)
        self = .list(sizes)
    }
}
