/// Values in order, kept so that one inserted or removed anywhere moves a block of values, not the whole array: a
/// list of a million takes an insert as cheaply as one of a thousand. The layouts keep their sections in one
/// (`SectionList`) and each section's item sizes in another (`SizeList`).
///
/// A short array is one Swift array in order. One longer than `flatLimit` keeps its values in blocks of up to
/// `blockCapacity`, each in a slot of one array (so a reader reads a block through one pointer), in the order a
/// table of slots gives, with each block's running end beside it to find a value by number. Places no value holds
/// keep `Element.vacant`, which holds on to nothing.
///
/// A long array of one value repeated (`init(repeating:count:)`, a uniform section's sizes turned into a list) keeps
/// one block of it, the fill slot, which every block shares until its first edit copies it to a slot of its own:
/// a section of a million items edited once writes one block, not a million sizes.
public struct BlockedArray<Element: BlockedArrayElement>: RandomAccessCollection, MutableCollection,
    ExpressibleByArrayLiteral
{
    @usableFromInline static var blockCapacity: Int { 1024 }
    /// The longest array kept as one Swift array: an insert into it moves at most 4,096 values.
    @usableFromInline static var flatLimit: Int { 4096 }

    /// A short array's values in order; a long one's blocks, block in slot `s` at `s * blockCapacity`.
    @usableFromInline var storage: [Element]
    /// A long array's table of blocks; `nil` for a short one. One reference beside the values, so that copying a
    /// short array (a section's sizes) retains one object.
    @usableFromInline var table: BlockTable?

    /// A long array's blocks: which slot holds each, where each ends, and the slots no block uses. An array edits
    /// its table only when no other shares it (`uniqueTable()`), as a Swift array copies on write, so arrays
    /// share tables across threads as safely as Swift arrays do.
    @usableFromInline final class BlockTable: @unchecked Sendable {
        // Edited only through `uniqueTable()`, never while read: the dynamic exclusivity checks a class's
        // properties get would cost more than a lookup.
        /// The blocks in order, by slot.
        @exclusivity(unchecked) @usableFromInline var slots: [Int32]
        /// Per block in order, the items in it and in the blocks before it.
        @exclusivity(unchecked) @usableFromInline var ends: [Int]
        /// Slots no block uses.
        @exclusivity(unchecked) @usableFromInline var freeSlots: [Int32]
        /// The slot of the repeated value that blocks share until they are edited, or -1: never written.
        @usableFromInline let fillSlot: Int32

        @inlinable init(slots: [Int32], ends: [Int], freeSlots: [Int32], fillSlot: Int32 = -1) {
            (self.slots, self.ends, self.freeSlots, self.fillSlot) = (slots, ends, freeSlots, fillSlot)
        }
    }

    /// A long array's blocks in order, by slot; empty for a short one.
    var slots: [Int32] { table?.slots ?? [] }
    /// Per block in order, the items in it and in the blocks before it; empty for a short one.
    var ends: [Int] { table?.ends ?? [] }
    /// Slots no block uses; empty for a short one.
    var freeSlots: [Int32] { table?.freeSlots ?? [] }
    /// The slot blocks share until they are edited; -1 for none.
    var fillSlot: Int32 { table?.fillSlot ?? -1 }

    /// The table, copied first if another array shares it, for an edit.
    private mutating func uniqueTable() -> BlockTable {
        if !isKnownUniquelyReferenced(&table!) {
            table = BlockTable(
                slots: table!.slots, ends: table!.ends, freeSlots: table!.freeSlots, fillSlot: table!.fillSlot)
        }
        return table!
    }

    /// Creates an array of the values of a sequence, in order.
    ///
    /// - Parameter values: The values, in order.
    /// - Complexity: O(*n*) for the *n* values.
    public init(_ values: some Sequence<Element>) {
        storage = Array(values)
        if storage.count > Self.flatLimit { makeBlocks() }
    }

    /// Creates an array of `count` copies of `value`. A long one keeps one block of them, shared by every block
    /// until an edit gives that block a slot of its own.
    ///
    /// - Parameters:
    ///   - value: The value to repeat.
    ///   - count: The number of values, 0 or more.
    /// - Complexity: O(*n*) for a short array of *n* values; O(*n* / `blockCapacity`) for a long one.
    public init(repeating value: Element, count: Int) {
        guard count > Self.flatLimit else {
            storage = Array(repeating: value, count: count)
            return
        }
        let blockCount = (count + Self.blockCapacity - 1) / Self.blockCapacity
        // Room for every block reserved at once, so that giving blocks slots of their own never moves the ones
        // given before (a frame of self-sizing would copy them all); the allocator maps pages only when written.
        storage = []
        storage.reserveCapacity((blockCount + 1) * Self.blockCapacity)
        storage.append(contentsOf: repeatElement(value, count: Self.blockCapacity))
        table = BlockTable(
            slots: Array(repeating: 0, count: blockCount),
            ends: (0..<blockCount).map { Swift.min(($0 + 1) * Self.blockCapacity, count) },
            freeSlots: [], fillSlot: 0)
    }

    /// Creates an empty array.
    ///
    /// - Complexity: O(1).
    public init() {
        storage = []
    }

    /// Creates an array of the values of a literal, in order.
    ///
    /// - Parameter values: The values, in order.
    /// - Complexity: O(*n*) for the *n* values.
    public init(arrayLiteral values: Element...) {
        self.init(values)
    }

    @inlinable var isBlocked: Bool { table != nil }

    /// The number of values.
    @inlinable public var count: Int { endIndex }

    /// The position of the first value: always 0.
    @inlinable public var startIndex: Int { 0 }
    /// The position after the last value: the number of values.
    @inlinable public var endIndex: Int {
        guard let table else { return storage.count }
        return table.ends[table.ends.count &- 1]
    }

    /// Accesses the value at `item`.
    ///
    /// - Parameter item: The number of a value, from 0 to `count - 1`.
    /// - Complexity: O(1) for a short array, O(log *b*) for the *b* blocks of a long one.
    @inlinable public subscript(item: Int) -> Element {
        get { storage[position(of: item)] }
        set { storage[writablePosition(of: item)] = newValue }
        // In place, so that an edit of a value's own storage (a section's sizes) finds it uniquely referenced. Hot
        // paths use `update(_:_:)`: this coroutine's frame is allocated on the heap where it is not inlined.
        _modify { yield &storage[writablePosition(of: item)] }
    }

    /// Runs `body` on item `item` in place, as the subscript's `_modify` does, but with no coroutine, so no frame
    /// to allocate: a steady-state edit of a section's sizes allocates nothing.
    ///
    /// - Parameters:
    ///   - item: The number of a value, from 0 to `count - 1`.
    ///   - body: A closure that edits the value in place and returns a result.
    /// - Returns: What `body` returns.
    /// - Complexity: O(1) for a short array, O(log *b*) for the *b* blocks of a long one, plus `body`.
    @inlinable @discardableResult
    public mutating func update<Result>(_ item: Int, _ body: (inout Element) throws -> Result) rethrows -> Result {
        let position = writablePosition(of: item)
        return try storage.withUnsafeMutableBufferPointer { values in try body(&values[position]) }
    }

    /// Where item `item` is in `storage`.
    @inlinable func position(of item: Int) -> Int {
        precondition(item >= 0 && item < endIndex, "item out of range")
        guard let table else { return item }
        let (block, offset) = table.locate(item)
        return Int(table.slots[block]) &* Self.blockCapacity &+ offset
    }

    /// Where item `item` is in `storage`, its block first given a slot of its own if it shares the fill slot.
    @inlinable mutating func writablePosition(of item: Int) -> Int {
        if let fill = table?.fillSlot, fill >= 0 { return ownedPosition(of: item) }
        return position(of: item)
    }

    /// `writablePosition(of:)` in an array with a fill slot, out of line: most arrays have none.
    @usableFromInline mutating func ownedPosition(of item: Int) -> Int {
        precondition(item >= 0 && item < endIndex, "item out of range")
        // No local reference to the table: it would keep `uniqueTable()` from finding the table unique.
        let (block, offset) = table!.locate(item)
        let slot = table!.slots[block] == table!.fillSlot ? ownSlot(for: block) : table!.slots[block]
        return Int(slot) &* Self.blockCapacity &+ offset
    }

    /// Copies block `block`, which shares the fill slot, to a slot of its own, and returns that slot.
    private mutating func ownSlot(for block: Int) -> Int32 { ownSlot(for: block, of: uniqueTable()) }

    /// `ownSlot(for:)` given the array's table, unique (`uniqueTable()`).
    private mutating func ownSlot(for block: Int, of table: BlockTable) -> Int32 {
        let slot = vacantSlot()
        let (from, to) = (Int(table.fillSlot) * Self.blockCapacity, Int(slot) * Self.blockCapacity)
        let length = table.ends[block] - table.start(ofBlock: block)
        storage.withUnsafeMutableBufferPointer { values in
            (values.baseAddress! + to).update(from: values.baseAddress! + from, count: length)
        }
        table.slots[block] = slot
        return slot
    }

    /// A slot no block uses, its places all vacant: a free one, or one added to `storage`.
    private mutating func vacantSlot() -> Int32 {
        if let free = table!.freeSlots.popLast() { return free }
        // Grown by an eighth, not doubled as an append would: blocks split are half empty already.
        if storage.count + Self.blockCapacity > storage.capacity {
            let blocks = storage.count / Self.blockCapacity
            storage.reserveCapacity((blocks + Swift.max(1, blocks / 8)) * Self.blockCapacity)
        }
        storage.append(contentsOf: repeatElement(Element.vacant, count: Self.blockCapacity))
        return Int32(storage.count / Self.blockCapacity - 1)
    }

    /// Where block `block` starts among the items (tests read it).
    func start(ofBlock block: Int) -> Int { table?.start(ofBlock: block) ?? 0 }

    /// Whether a long array's blocks are full, but for the last, and in slot order: its values lie in order.
    @usableFromInline var isInOrder: Bool {
        guard let table else { return true }
        return table.slots.indices.allSatisfy { block in
            table.slots[block] == Int32(block)
                && (block == table.ends.count - 1 || table.ends[block] == (block + 1) * Self.blockCapacity)
        }
    }

    /// Reads the values in order, a block at a time, rather than finding each by number.
    public struct Iterator: IteratorProtocol {
        @usableFromInline let list: BlockedArray
        @usableFromInline var item = 0
        @usableFromInline var block = 0
        @usableFromInline var position = 0
        @usableFromInline var blockEnd = 0

        @inlinable init(_ list: BlockedArray) {
            self.list = list
            if let table = list.table {
                (position, blockEnd) = (Int(table.slots[0]) * BlockedArray.blockCapacity, table.ends[0])
            }
        }

        /// The next value in order, or `nil` after the last.
        ///
        /// - Returns: The next value, or `nil` when every value has been read.
        /// - Complexity: O(1).
        @inlinable public mutating func next() -> Element? {
            guard let table = list.table else {
                guard item < list.storage.count else { return nil }
                defer { item &+= 1 }
                return list.storage[item]
            }
            if item == blockEnd {
                block &+= 1
                guard block < table.ends.count else { return nil }
                (position, blockEnd) = (Int(table.slots[block]) &* BlockedArray.blockCapacity, table.ends[block])
            }
            defer { (item, position) = (item &+ 1, position &+ 1) }
            return list.storage[position]
        }
    }

    /// An iterator over the values in order, a block at a time.
    ///
    /// - Returns: An iterator at the first value.
    /// - Complexity: O(1).
    @inlinable public func makeIterator() -> Iterator { Iterator(self) }

    // MARK: Editing

    /// Inserts `value` before item `item` (`count` appends).
    ///
    /// - Parameters:
    ///   - value: The value to insert.
    ///   - item: The number the value takes, from 0 to `count`.
    /// - Complexity: O(`flatLimit`) for a short array; amortized O(`blockCapacity` + *b*) for the *b* blocks of a long
    ///   one.
    public mutating func insert(_ value: Element, at item: Int) {
        precondition(item >= 0 && item <= count, "item out of range")
        guard isBlocked else {
            storage.insert(value, at: item)
            if storage.count > Self.flatLimit { makeBlocks() }
            return
        }
        let table = uniqueTable()
        var (block, offset) = table.locate(item)
        if table.slots[block] == table.fillSlot { _ = ownSlot(for: block, of: table) }
        if table.ends[block] - table.start(ofBlock: block) == Self.blockCapacity {
            split(block, of: table)
            if offset >= Self.blockCapacity / 2 { (block, offset) = (block + 1, offset - Self.blockCapacity / 2) }
        }
        let first = Int(table.slots[block]) * Self.blockCapacity
        let length = table.ends[block] - table.start(ofBlock: block)
        storage.withUnsafeMutableBufferPointer { sizes in
            let at = sizes.baseAddress! + first + offset
            (at + 1).update(from: at, count: length - offset)
            at.pointee = value
        }
        for later in block..<table.ends.count { table.ends[later] += 1 }
    }

    /// Removes item `item` and returns it.
    ///
    /// - Parameter item: The number of a value, from 0 to `count - 1`.
    /// - Returns: The removed value.
    /// - Complexity: O(`flatLimit`) for a short array; O(`blockCapacity` + *b*) for the *b* blocks of a long one.
    @discardableResult public mutating func remove(at item: Int) -> Element {
        precondition(item >= 0 && item < count, "item out of range")
        guard isBlocked else { return storage.remove(at: item) }
        let table = uniqueTable()
        let (block, offset) = table.locate(item)
        if table.slots[block] == table.fillSlot { _ = ownSlot(for: block, of: table) }
        let first = Int(table.slots[block]) * Self.blockCapacity
        let length = table.ends[block] - table.start(ofBlock: block)
        let removed = storage.withUnsafeMutableBufferPointer { sizes in
            let at = sizes.baseAddress! + first + offset
            let removed = at.pointee
            at.update(from: at + 1, count: length - offset - 1)
            at[length - offset - 1] = .vacant
            return removed
        }
        for later in block..<table.ends.count { table.ends[later] -= 1 }
        if length == 1 {
            table.freeSlots.append(table.slots.remove(at: block))
            table.ends.remove(at: block)
            if table.ends.isEmpty { self = BlockedArray() }
        }
        return removed
    }

    /// Moves the second half of full block `block` to a slot of its own, the block after it.
    private mutating func split(_ block: Int, of table: BlockTable) {
        let half = Self.blockCapacity / 2
        let slot = vacantSlot()
        let (from, to) = (Int(table.slots[block]) * Self.blockCapacity + half, Int(slot) * Self.blockCapacity)
        storage.withUnsafeMutableBufferPointer { values in
            (values.baseAddress! + to).update(from: values.baseAddress! + from, count: half)
            (values.baseAddress! + from).update(repeating: .vacant, count: half)
        }
        table.slots.insert(slot, at: block + 1)
        table.ends.insert(table.ends[block], at: block + 1)
        table.ends[block] -= half
    }

    /// Cuts the array, in order in `storage`, into full blocks (the last takes what is left).
    private mutating func makeBlocks() {
        let count = storage.count
        let blockCount = (count + Self.blockCapacity - 1) / Self.blockCapacity
        table = BlockTable(
            slots: (0..<blockCount).map { Int32($0) },
            ends: (0..<blockCount).map { Swift.min(($0 + 1) * Self.blockCapacity, count) },
            freeSlots: []
        )
        // One allocation of whole blocks (an append would double the capacity).
        var blocks: [Element] = []
        blocks.reserveCapacity(blockCount * Self.blockCapacity)
        blocks.append(contentsOf: storage)
        blocks.append(contentsOf: repeatElement(Element.vacant, count: blockCount * Self.blockCapacity - count))
        storage = blocks
    }

    // MARK: Reading

    /// A short array's values as one buffer; `nil` for a long one, which has no single buffer in order.
    ///
    /// - Parameter body: A closure that reads the values in order. The buffer must not escape it.
    /// - Returns: What `body` returns for a short array; `nil` for a long one, without calling `body`.
    /// - Complexity: O(1), plus `body`.
    @inlinable public func withContiguousStorageIfAvailable<Result>(
        _ body: (UnsafeBufferPointer<Element>) throws -> Result
    ) rethrows -> Result? {
        guard !isBlocked else { return nil }
        return try storage.withUnsafeBufferPointer(body)
    }

    /// Runs `body` on each block's values in order (one buffer for a short array), for readers that go through every
    /// value: no search for each.
    ///
    /// - Parameter body: A closure that reads a run of consecutive values. The buffer must not escape it.
    /// - Complexity: O(*b*) for the *b* blocks, plus `body`.
    @inlinable public func forEachBlock(_ body: (UnsafeBufferPointer<Element>) throws -> Void) rethrows {
        try storage.withUnsafeBufferPointer { values in
            guard let table else { return try body(values) }
            for block in table.ends.indices {
                let start = Int(table.slots[block]) &* Self.blockCapacity
                try body(
                    UnsafeBufferPointer(
                        rebasing: values[start..<(start &+ table.ends[block] &- table.start(ofBlock: block))]))
            }
        }
    }
}

extension BlockedArray: Equatable where Element: Equatable {
    /// Whether two arrays hold equal values in the same order, however they are cut into blocks.
    ///
    /// - Parameters:
    ///   - lhs: An array.
    ///   - rhs: Another array.
    /// - Returns: `true` when both hold equal values in the same order; otherwise, `false`.
    /// - Complexity: O(*n*) for arrays of *n* values; O(1) for arrays of different counts.
    public static func == (lhs: BlockedArray, rhs: BlockedArray) -> Bool {
        lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }
}

extension BlockedArray: Hashable where Element: Hashable {
    /// Hashes the count and every value, in order, into `hasher`.
    ///
    /// - Parameter hasher: The hasher to feed.
    /// - Complexity: O(*n*) for the *n* values.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for value in self { hasher.combine(value) }
    }
}

extension BlockedArray: Sendable where Element: Sendable {}

/// A value a `BlockedArray` keeps in the places no element holds: one that holds on to nothing, so that a value
/// removed is not kept alive by its stale copy.
public protocol BlockedArrayElement {
    /// A value that holds on to nothing, kept where no element is.
    static var vacant: Self { get }
}

extension BlockedArray.BlockTable {
    /// The block holding `item` (the last block for the item after the last) and the item's offset in it: looked
    /// for from the block it would be in were every block full, which it is until inserts split blocks.
    @inlinable func locate(_ item: Int) -> (block: Int, offset: Int) {
        let full = item / BlockedArray.blockCapacity
        let block = Swift.min(ends.partitionPoint(near: full) { $0 > item }, ends.count &- 1)
        return (block, item &- start(ofBlock: block))
    }

    @inlinable func start(ofBlock block: Int) -> Int { block == 0 ? 0 : ends[block &- 1] }
}
