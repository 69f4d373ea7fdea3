/// Values in order, kept so that one inserted or removed anywhere moves a block of values, not the whole array: a
/// list of a million takes an insert as cheaply as one of a thousand. The layouts keep their sections in one
/// (`SectionList`) and each section's item sizes in another (`SizeList`).
///
/// A short array is one Swift array in order. One longer than `flatLimit` keeps its values in blocks of up to
/// `blockCapacity`, each a buffer of its own (`Block`), listed in order with each block's running end beside it to
/// find a value by number. Blocks are shared as Swift arrays share their buffers: a copy of the array shares every
/// block, and an edit copies the one block it writes, so no edit copies every value.
///
/// A long array given at once lies in one allocation its blocks share (`Slab`), in order, so that a reader reads it
/// as one buffer until an insert splits a block or a removal shortens one (`inOrderValues`). A long array of one
/// value repeated (`init(repeating:count:)`, a uniform section's sizes turned into a list) keeps one block of it,
/// which every full block shares until its first edit copies it: a section of a million items edited once writes
/// one block, not a million sizes.
public struct BlockedArray<Element>: RandomAccessCollection, MutableCollection, ExpressibleByArrayLiteral {
    @usableFromInline static var blockCapacity: Int { 1024 }
    /// The longest array kept as one Swift array: an insert into it moves at most 4,096 values.
    @usableFromInline static var flatLimit: Int { 4096 }

    /// A short array's values in order; empty for a long one.
    @usableFromInline var storage: [Element]
    /// A long array's blocks; `nil` for a short one. One reference beside the values, so that copying a short array
    /// (a section's sizes) retains one object.
    @usableFromInline var table: BlockTable?

    /// A block's values: `count` of them from `values`, room for `blockCapacity`. Its own allocation, or a part of
    /// a slab it shares with the blocks made beside it.
    @usableFromInline final class Block: @unchecked Sendable {
        // Edited only when the array editing it holds the only reference (`uniqueBlock`), never while read.
        @usableFromInline let values: UnsafeMutablePointer<Element>
        @exclusivity(unchecked) @usableFromInline var count: Int
        /// The allocation the values lie in when blocks share one; `nil` when the block owns its values' room.
        @usableFromInline let slab: Slab?

        @inlinable init(values: UnsafeMutablePointer<Element>, count: Int, slab: Slab?) {
            (self.values, self.count, self.slab) = (values, count, slab)
        }

        /// A block of its own room, its values moved from `source` (or copied, `copying`).
        @inlinable convenience init(from source: UnsafeMutablePointer<Element>, count: Int, copying: Bool) {
            let values = UnsafeMutablePointer<Element>.allocate(capacity: BlockedArray.blockCapacity)
            if copying {
                values.initialize(from: source, count: count)
            } else {
                values.moveInitialize(from: source, count: count)
            }
            self.init(values: values, count: count, slab: nil)
        }

        deinit {
            values.deinitialize(count: count)
            if slab == nil { values.deallocate() }
        }
    }

    /// One allocation for the blocks of a long array given at once, freed when the last of them is.
    @usableFromInline final class Slab: @unchecked Sendable {
        @usableFromInline let values: UnsafeMutablePointer<Element>

        @inlinable init(capacity: Int) { values = .allocate(capacity: capacity) }

        deinit { values.deallocate() }
    }

    /// A long array's blocks in order and where each ends. An array edits its table only when no other shares it
    /// (`uniqueTable()`), as a Swift array copies on write, so arrays share tables across threads as safely as
    /// Swift arrays do.
    @usableFromInline final class BlockTable: @unchecked Sendable {
        // Edited only through `uniqueTable()`, never while read: the dynamic exclusivity checks a class's
        // properties get would cost more than a lookup.
        /// The blocks in order.
        @exclusivity(unchecked) @usableFromInline var blocks: [Block]
        /// Per block in order, the items in it and in the blocks before it.
        @exclusivity(unchecked) @usableFromInline var ends: [Int]

        @inlinable init(blocks: [Block], ends: [Int]) {
            (self.blocks, self.ends) = (blocks, ends)
        }
    }

    /// A long array's blocks in order; empty for a short one (tests read them).
    var blocks: [Block] { table?.blocks ?? [] }
    /// Per block in order, the items in it and in the blocks before it; empty for a short array.
    var ends: [Int] { table?.ends ?? [] }
    /// Where block `block` starts among the items (tests read it).
    func start(ofBlock block: Int) -> Int { table?.start(ofBlock: block) ?? 0 }

    /// The table, copied first if another array shares it, for an edit.
    private mutating func uniqueTable() -> BlockTable {
        if !isKnownUniquelyReferenced(&table!) { table = BlockTable(blocks: table!.blocks, ends: table!.ends) }
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

    /// Creates an array of `count` copies of `value`. A long one keeps one block of them, shared by every full block
    /// until an edit gives that block values of its own.
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
        storage = []
        func block(of length: Int) -> Block {
            let values = UnsafeMutablePointer<Element>.allocate(capacity: Self.blockCapacity)
            values.initialize(repeating: value, count: length)
            return Block(values: values, count: length, slab: nil)
        }
        let (full, rest) = count.quotientAndRemainder(dividingBy: Self.blockCapacity)
        let blocks = Array(repeating: block(of: Self.blockCapacity), count: full) + (rest > 0 ? [block(of: rest)] : [])
        table = BlockTable(
            blocks: blocks, ends: (0..<blocks.count).map { Swift.min(($0 + 1) * Self.blockCapacity, count) })
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
        get {
            guard let table else { return storage[item] }
            precondition(item >= 0 && item < endIndex, "item out of range")
            let (block, offset) = table.locate(item)
            return table.blocks[block].values[offset]
        }
        set {
            if isBlocked { writableValue(at: item).pointee = newValue } else { storage[item] = newValue }
        }
        // In place, so that an edit of a value's own storage (a section's sizes) finds it uniquely referenced. Hot
        // paths use `update(_:_:)`: this coroutine's frame is allocated on the heap where it is not inlined.
        _modify {
            if isBlocked { yield &writableValue(at: item).pointee } else { yield &storage[item] }
        }
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
        guard isBlocked else {
            precondition(item >= 0 && item < storage.count, "item out of range")
            return try storage.withUnsafeMutableBufferPointer { values in try body(&values[item]) }
        }
        return try body(&writableValue(at: item).pointee)
    }

    /// Where item `item` of a long array is, its block first made the array's own.
    @usableFromInline mutating func writableValue(at item: Int) -> UnsafeMutablePointer<Element> {
        precondition(item >= 0 && item < endIndex, "item out of range")
        let table = uniqueTable()
        let (block, offset) = table.locate(item)
        return table.uniqueBlock(block).values + offset
    }

    /// A long array's values as one buffer, when its blocks lie one after another in one slab, each full but the
    /// last (as given at once, and after edits that insert or remove nothing); `nil` otherwise.
    ///
    /// - Complexity: O(*b*) for the *b* blocks.
    @inlinable var inOrderValues: UnsafeMutablePointer<Element>? {
        guard let table else { return nil }
        let first = table.blocks[0]
        guard first.slab != nil else { return nil }
        for block in table.blocks.indices {
            let values = table.blocks[block].values
            guard values == first.values + block &* Self.blockCapacity,
                block == table.blocks.count &- 1 || table.blocks[block].count == Self.blockCapacity
            else { return nil }
        }
        return first.values
    }

    /// Reads the values in order, a block at a time, rather than finding each by number.
    public struct Iterator: IteratorProtocol {
        @usableFromInline let list: BlockedArray
        @usableFromInline var item = 0
        @usableFromInline var block = 0
        /// The block being read's values, and the offset of the next value in it.
        @usableFromInline var values: UnsafeMutablePointer<Element>?
        @usableFromInline var offset = 0

        @inlinable init(_ list: BlockedArray) {
            self.list = list
            values = list.table?.blocks[0].values
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
            if item == table.ends[block] {
                block &+= 1
                guard block < table.ends.count else { return nil }
                (values, offset) = (table.blocks[block].values, 0)
            }
            defer { (item, offset) = (item &+ 1, offset &+ 1) }
            return values.unsafelyUnwrapped[offset]
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
    /// - Complexity: O(`flatLimit`) for a short array; O(`blockCapacity` + *b*) for the *b* blocks of a long one.
    public mutating func insert(_ value: Element, at item: Int) {
        precondition(item >= 0 && item <= count, "item out of range")
        guard isBlocked else {
            storage.insert(value, at: item)
            if storage.count > Self.flatLimit { makeBlocks() }
            return
        }
        let table = uniqueTable()
        var (block, offset) = table.locate(item)
        if table.blocks[block].count == Self.blockCapacity {
            table.split(block)
            let half = table.blocks[block].count
            if offset >= half { (block, offset) = (block + 1, offset - half) }
        }
        let values = table.uniqueBlock(block).values + offset
        (values + 1).moveInitialize(from: values, count: table.blocks[block].count - offset)
        values.initialize(to: value)
        table.blocks[block].count += 1
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
        let edited = table.uniqueBlock(block)
        let values = edited.values + offset
        let removed = values.move()
        values.moveInitialize(from: values + 1, count: edited.count - offset - 1)
        edited.count -= 1
        for later in block..<table.ends.count { table.ends[later] -= 1 }
        if edited.count == 0 {
            table.blocks.remove(at: block)
            table.ends.remove(at: block)
            if table.ends.isEmpty { self = BlockedArray() }
        }
        return removed
    }

    /// Cuts the array, in order in `storage`, into full blocks (the last takes what is left) in one slab.
    private mutating func makeBlocks() {
        let count = storage.count
        let blockCount = (count + Self.blockCapacity - 1) / Self.blockCapacity
        let slab = Slab(capacity: blockCount * Self.blockCapacity)
        storage.withUnsafeBufferPointer { slab.values.initialize(from: $0.baseAddress!, count: count) }
        table = BlockTable(
            blocks: (0..<blockCount).map { block in
                let start = block * Self.blockCapacity
                return Block(
                    values: slab.values + start, count: Swift.min(Self.blockCapacity, count - start), slab: slab)
            },
            ends: (0..<blockCount).map { Swift.min(($0 + 1) * Self.blockCapacity, count) })
        storage = []
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
        guard let table else { return try storage.withUnsafeBufferPointer(body) }
        for block in table.blocks { try body(UnsafeBufferPointer(start: block.values, count: block.count)) }
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

extension BlockedArray.BlockTable {
    /// The block holding `item` (the last block for the item after the last) and the item's offset in it: looked
    /// for from the block it would be in were every block full, which it is until inserts split blocks.
    @inlinable func locate(_ item: Int) -> (block: Int, offset: Int) {
        let full = item / BlockedArray.blockCapacity
        let block = Swift.min(ends.partitionPoint(near: full) { $0 > item }, ends.count &- 1)
        return (block, item &- start(ofBlock: block))
    }

    @inlinable func start(ofBlock block: Int) -> Int { block == 0 ? 0 : ends[block &- 1] }

    /// Moves the second half of full block `block` to a block of its own, the block after it: called on a table no
    /// other array shares.
    @usableFromInline func split(_ block: Int) {
        let half = BlockedArray.blockCapacity / 2
        let first = uniqueBlock(block)
        let second = BlockedArray.Block(from: first.values + half, count: first.count - half, copying: false)
        blocks.insert(second, at: block + 1)
        first.count = half
        ends.insert(ends[block], at: block + 1)
        ends[block] -= second.count
    }

    /// Block `block`, copied first to a block of its own if another array or another of this table's blocks shares
    /// it, for an edit: called on a table no other array shares (`uniqueTable()`).
    @usableFromInline func uniqueBlock(_ block: Int) -> BlockedArray.Block {
        if !isKnownUniquelyReferenced(&blocks[block]) {
            let shared = blocks[block]
            blocks[block] = BlockedArray.Block(from: shared.values, count: shared.count, copying: true)
        }
        return blocks[block]
    }
}
