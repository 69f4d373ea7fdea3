/// Item sizes listed one by one, kept so that an item inserted or removed anywhere moves a block of sizes, not
/// the whole list: a section of a million items takes an insert as cheaply as one of a thousand.
///
/// A short list is one array in order. A list longer than `flatLimit` keeps its sizes in blocks of up to
/// `blockCapacity`, each in a slot of one array (so a write reads a block through one pointer), in the order a
/// table of slots gives, with each block's running end beside it to find an item by number.
public struct SizeList: RandomAccessCollection, MutableCollection, Hashable, Sendable, ExpressibleByArrayLiteral {
    @usableFromInline static var blockCapacity: Int { 1024 }
    /// The longest list kept as one array: an insert into it moves at most 64 kB.
    @usableFromInline static var flatLimit: Int { 4096 }

    /// A short list's sizes in order; a long list's blocks, block in slot `s` at `s * blockCapacity`.
    @usableFromInline var storage: [Size]
    /// A long list's blocks in order, by slot; empty for a short list.
    @usableFromInline var slots: [Int32] = []
    /// Per block in order, the items in it and in the blocks before it.
    @usableFromInline var ends: [Int] = []
    /// Slots no block uses.
    @usableFromInline var freeSlots: [Int32] = []

    public init(_ sizes: some Sequence<Size>) {
        storage = Array(sizes)
        if storage.count > Self.flatLimit { makeBlocks() }
    }

    public init(arrayLiteral sizes: Size...) {
        self.init(sizes)
    }

    @inlinable var isBlocked: Bool { !ends.isEmpty }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { isBlocked ? ends[ends.count &- 1] : storage.count }

    /// - Complexity: O(1) for a short list, O(log *b*) for the *b* blocks of a long one.
    @inlinable public subscript(item: Int) -> Size {
        get {
            guard isBlocked else { return storage[item] }
            precondition(item >= 0 && item < endIndex, "item out of range")
            let (block, offset) = locate(item)
            return storage[Int(slots[block]) &* Self.blockCapacity &+ offset]
        }
        set {
            guard isBlocked else { return storage[item] = newValue }
            precondition(item >= 0 && item < endIndex, "item out of range")
            let (block, offset) = locate(item)
            storage[Int(slots[block]) &* Self.blockCapacity &+ offset] = newValue
        }
    }

    /// The block holding `item` (the last block for the item after the last) and the item's offset in it.
    @inlinable func locate(_ item: Int) -> (block: Int, offset: Int) {
        let block = Swift.min(ends.partitionPoint { $0 > item }, ends.count &- 1)
        return (block, item &- start(ofBlock: block))
    }

    @inlinable func start(ofBlock block: Int) -> Int { block == 0 ? 0 : ends[block &- 1] }

    /// Whether a long list's blocks are full, but for the last, and in slot order: its sizes lie in order.
    @usableFromInline var isInOrder: Bool {
        slots.indices.allSatisfy { block in
            slots[block] == Int32(block) && (block == ends.count - 1 || ends[block] == (block + 1) * Self.blockCapacity)
        }
    }

    public static func == (lhs: SizeList, rhs: SizeList) -> Bool {
        lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for size in self { hasher.combine(size) }
    }

    /// Reads the sizes in order, a block at a time, rather than finding each by number.
    public struct Iterator: IteratorProtocol {
        @usableFromInline let list: SizeList
        @usableFromInline var item = 0
        @usableFromInline var block = 0
        @usableFromInline var position = 0
        @usableFromInline var blockEnd = 0

        @inlinable init(_ list: SizeList) {
            self.list = list
            if list.isBlocked { (position, blockEnd) = (Int(list.slots[0]) * SizeList.blockCapacity, list.ends[0]) }
        }

        @inlinable public mutating func next() -> Size? {
            guard list.isBlocked else {
                guard item < list.storage.count else { return nil }
                defer { item &+= 1 }
                return list.storage[item]
            }
            if item == blockEnd {
                block &+= 1
                guard block < list.ends.count else { return nil }
                (position, blockEnd) = (Int(list.slots[block]) &* SizeList.blockCapacity, list.ends[block])
            }
            defer { (item, position) = (item &+ 1, position &+ 1) }
            return list.storage[position]
        }
    }

    @inlinable public func makeIterator() -> Iterator { Iterator(self) }

    // MARK: Editing

    /// Inserts `size` before item `item` (`count` appends).
    ///
    /// - Complexity: O(`flatLimit`) for a short list; O(`blockCapacity` + *b*) for the *b* blocks of a long one.
    public mutating func insert(_ size: Size, at item: Int) {
        precondition(item >= 0 && item <= count, "item out of range")
        guard isBlocked else {
            storage.insert(size, at: item)
            if storage.count > Self.flatLimit { makeBlocks() }
            return
        }
        var (block, offset) = locate(item)
        if ends[block] - start(ofBlock: block) == Self.blockCapacity {
            split(block)
            if offset >= Self.blockCapacity / 2 { (block, offset) = (block + 1, offset - Self.blockCapacity / 2) }
        }
        let first = Int(slots[block]) * Self.blockCapacity
        let length = ends[block] - start(ofBlock: block)
        storage.withUnsafeMutableBufferPointer { sizes in
            let at = sizes.baseAddress! + first + offset
            (at + 1).update(from: at, count: length - offset)
            at.pointee = size
        }
        for later in block..<ends.count { ends[later] += 1 }
    }

    /// Removes item `item` and returns its size.
    ///
    /// - Complexity: O(`flatLimit`) for a short list; O(`blockCapacity` + *b*) for the *b* blocks of a long one.
    @discardableResult public mutating func remove(at item: Int) -> Size {
        precondition(item >= 0 && item < count, "item out of range")
        guard isBlocked else { return storage.remove(at: item) }
        let (block, offset) = locate(item)
        let first = Int(slots[block]) * Self.blockCapacity
        let length = ends[block] - start(ofBlock: block)
        let removed = storage.withUnsafeMutableBufferPointer { sizes in
            let at = sizes.baseAddress! + first + offset
            let removed = at.pointee
            at.update(from: at + 1, count: length - offset - 1)
            return removed
        }
        for later in block..<ends.count { ends[later] -= 1 }
        if length == 1 {
            freeSlots.append(slots.remove(at: block))
            ends.remove(at: block)
            if ends.isEmpty { self = [] }
        }
        return removed
    }

    /// Moves the second half of full block `block` to a slot of its own, the block after it.
    private mutating func split(_ block: Int) {
        let half = Self.blockCapacity / 2
        let slot = freeSlots.popLast() ?? {
            storage.append(contentsOf: repeatElement(Size.zero, count: Self.blockCapacity))
            return Int32(storage.count / Self.blockCapacity - 1)
        }()
        let (from, to) = (Int(slots[block]) * Self.blockCapacity + half, Int(slot) * Self.blockCapacity)
        storage.withUnsafeMutableBufferPointer { sizes in
            (sizes.baseAddress! + to).update(from: sizes.baseAddress! + from, count: half)
        }
        slots.insert(slot, at: block + 1)
        ends.insert(ends[block], at: block + 1)
        ends[block] -= half
    }

    /// Cuts the list, in order in `storage`, into full blocks (the last takes what is left).
    private mutating func makeBlocks() {
        let count = storage.count
        let blockCount = (count + Self.blockCapacity - 1) / Self.blockCapacity
        slots = (0..<blockCount).map { Int32($0) }
        ends = (0..<blockCount).map { Swift.min(($0 + 1) * Self.blockCapacity, count) }
        storage.append(contentsOf: repeatElement(Size.zero, count: blockCount * Self.blockCapacity - count))
    }

    // MARK: Reading

    /// A short list's sizes as one buffer; `nil` for a long one, which has no single buffer in order.
    @inlinable public func withContiguousStorageIfAvailable<Result>(
        _ body: (UnsafeBufferPointer<Size>) throws -> Result
    ) rethrows -> Result? {
        guard !isBlocked else { return nil }
        return try storage.withUnsafeBufferPointer(body)
    }

    /// Runs `flat` with the sizes as one buffer when they lie in order in `storage` (a short list, or a long one
    /// whose blocks are full and in their slots' order, as given), or `blocked` with a long one's blocks, as a
    /// write reads them.
    ///
    /// - Complexity: O(*b*) for the *b* blocks of a long list, plus the reads.
    @inlinable func read<Result>(flat: (ListedSizes) -> Result, blocked: (BlockedSizes) -> Result) -> Result {
        guard isBlocked, !isInOrder else {
            return storage.withUnsafeBufferPointer { flat(ListedSizes(sizes: UnsafeBufferPointer(rebasing: $0[..<count]))) }
        }
        return storage.withUnsafeBufferPointer { sizes in
            slots.withUnsafeBufferPointer { slots in
                ends.withUnsafeBufferPointer { ends in
                    withUnsafeTemporaryAllocation(of: BlockedSizes.Cursor.self, capacity: 1) { cursor in
                        let sizes = BlockedSizes(sizes: sizes.baseAddress!, slots: slots, ends: ends, cursor: cursor.baseAddress!)
                        return blocked(sizes)
                    }
                }
            }
        }
    }
}

/// A long list's sizes as a write reads them: mostly in order, so the block last read is remembered and the next
/// read is looked for there first.
@usableFromInline struct BlockedSizes: ItemSizeSource {
    @usableFromInline struct Cursor {
        @usableFromInline var start: Int
        @usableFromInline var end: Int
        @usableFromInline var block: Int
        @usableFromInline var sizes: UnsafePointer<Size>

        /// No block yet: every read seeks.
        @inlinable init(start: Int = 0, end: Int = 0, block: Int = -1, sizes: UnsafePointer<Size>) {
            (self.start, self.end, self.block, self.sizes) = (start, end, block, sizes)
        }
    }

    @usableFromInline let sizes: UnsafePointer<Size>
    @usableFromInline let slots: UnsafeBufferPointer<Int32>
    @usableFromInline let ends: UnsafeBufferPointer<Int>
    @usableFromInline let cursor: UnsafeMutablePointer<Cursor>

    @inlinable init(sizes: UnsafePointer<Size>, slots: UnsafeBufferPointer<Int32>, ends: UnsafeBufferPointer<Int>, cursor: UnsafeMutablePointer<Cursor>) {
        self.sizes = sizes
        self.slots = slots
        self.ends = ends
        self.cursor = cursor
        cursor.initialize(to: Cursor(sizes: sizes))
    }

    @inlinable var count: Int { ends[ends.count &- 1] }

    @inlinable subscript(item: Int) -> Size {
        let cursor = cursor.pointee
        if item >= cursor.start, item < cursor.end { return cursor.sizes[item &- cursor.start] }
        return seek(item)
    }

    /// Moves the cursor to the block holding `item`: the next block when reading goes on in order.
    @usableFromInline func seek(_ item: Int) -> Size {
        let next = cursor.pointee.block &+ 1
        let block = next < ends.count && item >= cursor.pointee.end && item < ends[next]
            ? next : (0..<ends.count).partitionPoint(near: next) { ends[$0] > item }
        let start = block == 0 ? 0 : ends[block &- 1]
        cursor.pointee = Cursor(start: start, end: ends[block], block: block, sizes: sizes + Int(slots[block]) &* SizeList.blockCapacity)
        return cursor.pointee.sizes[item &- start]
    }
}
