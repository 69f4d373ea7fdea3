// In-place edits of a section's item sizes. A uniform section stays uniform while the sizes it is given match its
// own; the first different size turns it into a list, and a list edited down to one size or none is uniform again. A list is edited in place (`self` is emptied first, so the
// list is uniquely referenced and keeps its buffers): a steady-state edit allocates nothing.
extension ItemSizes {
    /// The size of item `item`.
    ///
    /// - Parameter item: The number of an item, from 0 to `count - 1`.
    /// - Complexity: O(1) for a uniform section or a short list; O(log *b*) for a long list of *b* blocks.
    @inlinable public subscript(item: Int) -> Size {
        switch self {
        case .uniform(let size, _): size
        case .list(let sizes): sizes[item]
        }
    }

    /// Sets item `item`'s size. A uniform section given its own size stays uniform; given another, it turns into a
    /// list.
    ///
    /// - Parameters:
    ///   - size: The item's new size.
    ///   - item: The number of an item, from 0 to `count - 1`.
    /// - Complexity: O(1) for a uniform section given its own size; for a uniform section turned into a list, what
    ///   `BlockedArray.init(repeating:count:)` costs (one block, not every size, for a long one); O(1) for a short
    ///   list and O(log *b*) for a long list of *b* blocks.
    public mutating func set(_ size: Size, at item: Int) {
        if case .uniform(let uniform, let count) = self, uniform == size || count == 1 {
            self = .uniform(size, count: count)
            return
        }
        editList { $0[item] = size }
    }

    /// Inserts an item of `size` before item `item` (`count` appends). A uniform section given its own size, or an
    /// empty one, stays uniform; given another, it turns into a list.
    ///
    /// - Parameters:
    ///   - size: The new item's size.
    ///   - item: The number the new item takes, from 0 to `count`.
    /// - Complexity: O(1) for a section that stays uniform; for a uniform section of *m* items turned into a list,
    ///   what `BlockedArray.init(repeating:count:)` costs; for a list, what `BlockedArray.insert(_:at:)` costs.
    public mutating func insert(_ size: Size, at item: Int) {
        if case .uniform(let uniform, let count) = self, uniform == size || count == 0 {
            self = .uniform(size, count: count + 1)
            return
        }
        editList { $0.insert(size, at: item) }
    }

    /// Removes item `item` and returns its size. A uniform section stays uniform.
    ///
    /// - Parameter item: The number of an item, from 0 to `count - 1`.
    /// - Returns: The removed item's size.
    /// - Complexity: O(1) for a uniform section; for a list, what `BlockedArray.remove(at:)` costs.
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
        case .uniform(let size, let count): sizes = SizeList(repeating: size, count: count)
        case .list(let list): sizes = list
        }
        self = .uniform(.zero, count: 0)
        body(&sizes)
        // One size or none is kept as uniform, as `list(_:)` keeps it.
        self = sizes.count <= 1 ? .uniform(sizes.first ?? .zero, count: sizes.count) : .list(sizes)
    }
}
