/// A section's item sizes listed one by one (`ItemSizes.list`), kept in blocks so that an item inserted or removed
/// anywhere moves a block of sizes, not the whole list.
public typealias SizeList = BlockedArray<Size>

extension SizeList {
    /// Runs `flat` with the sizes as one buffer when they lie in order (a short list, or a long one given at once
    /// and never split, `inOrderValues`), or `blocked` with a long one's blocks, as a write reads them.
    ///
    /// - Complexity: O(*b*) for the *b* blocks of a long list, plus the reads.
    @inlinable borrowing func read<Result>(flat: (ListedSizes) -> Result, blocked: (BlockedSizes) -> Result) -> Result {
        let inOrder = inOrderValues
        if let table, inOrder == nil {
            return table.blocks.withUnsafeBufferPointer { blocks in
                table.ends.withUnsafeBufferPointer { ends in
                    withUnsafeTemporaryAllocation(of: BlockedSizes.Cursor.self, capacity: 1) { cursor in
                        blocked(BlockedSizes(blocks: blocks, ends: ends, cursor: cursor.baseAddress!))
                    }
                }
            }
        }
        // One call of `flat` for both kinds of buffer: the layouts' write of a section is inlined into it, and two
        // calls compiled flow's warm prepare with 1.4% more loads and 3% more stores.
        return storage.withUnsafeBufferPointer { storage in
            flat(ListedSizes(sizes: inOrder.map { UnsafeBufferPointer(start: $0, count: count) } ?? storage))
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

    @usableFromInline let blocks: UnsafeBufferPointer<SizeList.Block>
    @usableFromInline let ends: UnsafeBufferPointer<Int>
    @usableFromInline let cursor: UnsafeMutablePointer<Cursor>

    @inlinable init(
        blocks: UnsafeBufferPointer<SizeList.Block>, ends: UnsafeBufferPointer<Int>,
        cursor: UnsafeMutablePointer<Cursor>
    ) {
        self.blocks = blocks
        self.ends = ends
        self.cursor = cursor
        cursor.initialize(to: Cursor(sizes: blocks[0].values))
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
        let block =
            next < ends.count && item >= cursor.pointee.end && item < ends[next]
            ? next : (0..<ends.count).partitionPoint(near: next) { ends[$0] > item }
        let start = block == 0 ? 0 : ends[block &- 1]
        cursor.pointee = Cursor(start: start, end: ends[block], block: block, sizes: blocks[block].values)
        return cursor.pointee.sizes[item &- start]
    }
}
