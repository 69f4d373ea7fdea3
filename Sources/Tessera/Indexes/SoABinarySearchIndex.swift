/// Binary search over two monotone summaries of the store's frames along the scroll axis.
///
/// Layout order is not sorted order (cells of different heights centred in a line, waterfall columns, Mosaic's
/// segments), so the frames' own edges cannot be searched. Their running maximum of `scrollMax` from the start
/// and running minimum of `scrollMin` from the end are monotone whatever the layout: every element before the
/// first position whose running maximum passes `rect.scrollMin` ends before the rect, and every element after
/// the last position whose running minimum is before `rect.scrollMax` starts after it. The elements between are
/// tested one by one, which makes the answer exact.
///
/// The summaries are kept once per block of `blockSize` elements rather than per element: the search then lands
/// on a block boundary and tests at most two blocks more, for 16 bytes a block instead of 16 bytes an element. A
/// block's two summaries sit side by side, so the second search, which starts where the first ended, reads the
/// cache line the first one read.
public struct SoABinarySearchIndex: BlockSummaryIndex {
    /// The elements a block holds unless the index is made with another block size.
    public static let defaultBlockSize = 16

    /// The elements a block holds: the search lands on block boundaries, and tests the elements of the blocks between.
    public let blockSize: Int
    @usableFromInline var blocks: [BlockSummary] = []
    /// `blocks.count`, kept beside the array: a search then starts without reading the array's header, a cache
    /// line of its own in every chunk's index, which a random jump finds out of cache.
    @usableFromInline var blockCount = 0

    /// For block `b`: the largest `scrollMax` among the elements of blocks `0...b`, and the smallest `scrollMin`
    /// among the elements of blocks `b...`.
    @usableFromInline struct BlockSummary: Sendable {
        @usableFromInline var runningMaxEnd: Double
        @usableFromInline var runningMinStart: Double

        @inlinable init(runningMaxEnd: Double, runningMinStart: Double) {
            self.runningMaxEnd = runningMaxEnd
            self.runningMinStart = runningMinStart
        }
    }

    /// Creates an index whose blocks hold `blockSize` elements, a size `init(blockSize:)` has checked.
    ///
    /// - Parameter blockSize: The elements a block holds, within `blockSizes`.
    @inlinable public init(_checkedBlockSize blockSize: Int) {
        self.blockSize = blockSize
    }

    /// Rebuilds the blocks' running extremes over `chunk`, overwriting the summaries in place when the chunk keeps its
    /// number of blocks.
    ///
    /// - Parameters:
    ///   - chunk: The chunk whose elements the index is built over.
    ///   - axis: The axis the layout scrolls along, which the index searches.
    ///   - viewport: The viewport the chunk was laid out for; not read.
    /// - Complexity: O(*m*) for the chunk's *m* elements.
    public mutating func build(over chunk: ElementChunk, axis: ScrollAxis, viewport: Size) {
        let blockSize = blockSize
        chunk.withColumns(along: axis) { columns in
            let count = columns.count
            let blockCount = (count + blockSize - 1) / blockSize
            // A warm prepare keeps the chunk's size, and with it the block count: the summaries are overwritten
            // in place, through a buffer pointer, rather than appended one by one.
            self.blockCount = blockCount
            if blocks.count != blockCount {
                blocks.removeAll(keepingCapacity: true)
                blocks.reserveCapacity(blockCount)
                blocks.append(
                    contentsOf: repeatElement(BlockSummary(runningMaxEnd: 0, runningMinStart: 0), count: blockCount))
            }
            blocks.withUnsafeMutableBufferPointer { blocks in
                // Each block's own minimum first; the running minimum from the end is taken in place below.
                var runningMax = -Double.infinity
                for block in 0..<blockCount {
                    let (blockMin, blockMax) = columns.scrollSpan(
                        (block * blockSize)..<Swift.min((block + 1) * blockSize, count))
                    runningMax = blockMax > runningMax ? blockMax : runningMax
                    blocks[block] = BlockSummary(runningMaxEnd: runningMax, runningMinStart: blockMin)
                }
                var runningMin = Double.infinity
                for block in (0..<blockCount).reversed() {
                    runningMin = Swift.min(runningMin, blocks[block].runningMinStart)
                    blocks[block].runningMinStart = runningMin
                }
            }
        }
    }

    /// Builds the blocks again from the one holding the first changed element on, and the running minima before it
    /// only as far back as they change: where a block's new running minimum equals its old one, every block before
    /// it keeps its own. A block's own minimum, which that walk needs, is its running minimum when that is below the
    /// next block's, and is read from its elements otherwise.
    ///
    /// - Parameters:
    ///   - chunk: The chunk whose elements the index is built over.
    ///   - axis: The axis the layout scrolls along, which the index searches.
    ///   - viewport: The viewport the chunk was laid out for; not read.
    ///   - kept: The elements at the chunk's start that have not changed since the index was built over it.
    /// - Complexity: O(*c* + *b*) for the *c* elements from the first changed block on and the chunk's *b* blocks;
    ///   O(*c*) for a layout whose blocks start in order.
    public mutating func rebuild(over chunk: ElementChunk, axis: ScrollAxis, viewport: Size, keeping kept: Int) {
        let blockSize = blockSize
        let firstChanged = kept / blockSize
        guard firstChanged > 0, firstChanged <= blockCount else {
            return build(over: chunk, axis: axis, viewport: viewport)
        }
        chunk.withColumns(along: axis) { columns in
            let count = columns.count
            let newCount = (count + blockSize - 1) / blockSize
            let oldNext = firstChanged < blockCount ? blocks[firstChanged].runningMinStart : Double.infinity
            if newCount != blockCount {
                blocks.removeLast(blockCount - firstChanged)
                blocks.append(
                    contentsOf: repeatElement(
                        BlockSummary(runningMaxEnd: 0, runningMinStart: 0), count: newCount - firstChanged))
                blockCount = newCount
            }
            blocks.withUnsafeMutableBufferPointer { blocks in
                var runningMax = blocks[firstChanged - 1].runningMaxEnd
                for block in firstChanged..<newCount {
                    let (blockMin, blockMax) = columns.scrollSpan(
                        (block * blockSize)..<Swift.min((block + 1) * blockSize, count))
                    runningMax = blockMax > runningMax ? blockMax : runningMax
                    blocks[block] = BlockSummary(runningMaxEnd: runningMax, runningMinStart: blockMin)
                }
                var next = Double.infinity
                for block in (firstChanged..<newCount).reversed() {
                    next = Swift.min(next, blocks[block].runningMinStart)
                    blocks[block].runningMinStart = next
                }
                // The kept blocks, back from the first changed one, until one's running minimum is as it was.
                var (block, oldFollowing) = (firstChanged - 1, oldNext)
                while block >= 0, next != oldFollowing {
                    let old = blocks[block].runningMinStart
                    let own =
                        old < oldFollowing
                        ? old
                        : columns.scrollSpan((block * blockSize)..<Swift.min((block + 1) * blockSize, count)).min
                    next = Swift.min(own, next)
                    blocks[block].runningMinStart = next
                    (block, oldFollowing) = (block - 1, old)
                }
            }
        }
    }

    /// Appends the offsets of the elements of `chunk` that meet `query` to `result`, in ascending order: the search
    /// for a `ChunkQuery`, made for a chunk at base 0 whose first element is numbered 0.
    ///
    /// - Parameters:
    ///   - query: The rect to search for, in the chunk's coordinates, its edges named along `axis`.
    ///   - chunk: The chunk the index was last built over.
    ///   - axis: The axis the index was built along.
    ///   - result: The buffer to append the offsets of the elements found to.
    /// - Complexity: O(log *b* + *k*) for the chunk's *b* blocks and the *k* elements of the blocks between the two
    ///   searches; the searches gallop from where the last query's ended, O(log *d*) for a distance of *d* blocks.
    @inlinable public func query(
        _ query: AxisRect, in chunk: ElementChunk, axis: ScrollAxis, into result: inout VisibleElements
    ) {
        self.query(ChunkQuery(query), in: chunk, axis: axis, into: &result)
    }

    /// Appends the elements of `chunk` whose frames as handed out meet `chunkQuery.rect` to `result`, numbered in
    /// layout order from `chunkQuery.firstElement`.
    ///
    /// The blocks are searched with `chunkQuery.local`; each candidate between the two searches is tested on its
    /// frame as handed out (the chunk's base plus its position, then its length) and numbered as it is written:
    /// one pass, no filter after it. Inlined into the engine's loop over chunks, where it calls nothing out of line,
    /// so the engine need not retain the index around it.
    ///
    /// - Parameters:
    ///   - chunkQuery: The chunk's part of a rect query: the rect to search for, the chunk's base and the number of its
    ///     first element.
    ///   - chunk: The chunk the index was last built over.
    ///   - axis: The axis the index was built along.
    ///   - result: The buffer to append the layout-order numbers of the elements found to.
    /// - Complexity: O(log *b* + *k*) for the chunk's *b* blocks and the *k* elements of the blocks between the two
    ///   searches; the searches gallop from where the last query's ended, O(log *d*) for a distance of *d* blocks.
    @inlinable @inline(__always) public func query(
        _ chunkQuery: ChunkQuery, in chunk: ElementChunk, axis: ScrollAxis, into result: inout VisibleElements
    ) {
        // The columns' addresses are read first, from the chunk (another line a jump finds out of cache), so that
        // the read overlaps the searches rather than waits for them.
        let columns = chunk.columns(along: axis)
        let local = chunkQuery.local
        // Blocks before `first` end at or before the rect starts; blocks from `end` on start at or after it ends.
        // Both searches gallop from the last query's position: consecutive frames land a block or two apart.
        let (first, end) = blocks.withUnsafeBufferPointer { buffer in
            let blocks = UnsafeBufferPointer(start: buffer.baseAddress, count: blockCount)
            let first = blocks.indices.partitionPoint(near: result.searchHint) {
                blocks[$0].runningMaxEnd > local.scrollMin
            }
            return (first, blocks.indices.partitionPoint(near: first) { blocks[$0].runningMinStart >= local.scrollMax })
        }
        result.searchHint = first
        guard first < end else { return }
        let candidates = (first * blockSize)..<Swift.min(end * blockSize, columns.count)
        let (rect, base, firstElement) = (chunkQuery.rect, chunkQuery.base, chunkQuery.firstElement)
        // Every candidate's number is written and the hits advance the end. The test branches, as the C port's
        // does: most candidates that miss, miss on the scroll axis at the two ends of the range, which predicts
        // well and skips their cross-axis loads (a test without branches was up to 1.4x slower on the waterfall).
        result.append(upTo: candidates.count) { hits in
            Self.test(candidates, of: columns, against: rect, base: base, firstElement: firstElement, into: hits)
        }
    }

    /// Writes the numbers of the candidates whose frames as handed out meet `rect` to `hits`; returns how many.
    ///
    /// A function of its own, never inlined: inlined into the engine's query, the loop's four column addresses
    /// were left on the stack (the query keeps too much else live), and read again for every candidate.
    @inlinable @inline(never) static func test(
        _ candidates: Range<Int>, of columns: FrameColumns, against rect: AxisRect, base: Double, firstElement: Int,
        into hits: UnsafeMutablePointer<Int>
    ) -> Int {
        var found = 0
        for index in candidates {
            hits[found] = firstElement &+ index
            found &+= meets(index, of: columns, rect: rect, base: base) ? 1 : 0
        }
        return found
    }

    /// Whether element `index` of `columns`, in a chunk at `base`, meets `rect` as handed out: the scroll axis first,
    /// where most candidates that miss, miss.
    @inlinable @inline(__always) static func meets(
        _ index: Int, of columns: FrameColumns, rect: AxisRect, base: Double
    ) -> Bool {
        let near = base + columns.scrollOrigin[index]
        let cross = columns.crossOrigin[index]
        return near < rect.scrollMax && rect.scrollMin < near + columns.scrollLength[index]
            && cross < rect.crossMax && rect.crossMin < cross + columns.crossLength[index]
    }

    /// The first element of `chunk` (with `last`, the last) whose frame as handed out meets `chunkQuery.rect`: the
    /// query's first search, then its candidates tested from there, block by block, until one meets the rect or a
    /// block starts past it; with `last`, both searches, and the candidates tested from the far end. `scratch` is
    /// not read.
    ///
    /// - Parameters:
    ///   - chunkQuery: The chunk's part of a rect query.
    ///   - chunk: The chunk the index was last built over.
    ///   - axis: The axis the index was built along.
    ///   - last: Whether to find the last element meeting the rect rather than the first.
    ///   - scratch: Not read or written.
    /// - Returns: The element's number, from `chunkQuery.firstElement`, or `nil` when none meets the rect.
    /// - Complexity: O(log *b* + *t*) for the chunk's *b* blocks and the *t* candidates tested.
    @inlinable public func firstElement(
        meeting chunkQuery: ChunkQuery, in chunk: ElementChunk, axis: ScrollAxis, last: Bool,
        scratch: inout VisibleElements
    ) -> Int? {
        let columns = chunk.columns(along: axis)
        let local = chunkQuery.local
        let (rect, base) = (chunkQuery.rect, chunkQuery.base)
        return blocks.withUnsafeBufferPointer { buffer -> Int? in
            let blocks = UnsafeBufferPointer(start: buffer.baseAddress, count: blockCount)
            // Blocks before `first` end at or before the rect starts; from a block whose running minimum starts at
            // or after the rect's end, none meets it.
            var lower = 0
            var upper = blockCount
            while lower < upper {
                let middle = (lower &+ upper) >> 1
                if blocks[middle].runningMaxEnd > local.scrollMin { upper = middle } else { lower = middle &+ 1 }
            }
            let first = lower
            if !last {
                var block = first
                while block < blockCount, blocks[block].runningMinStart < local.scrollMax {
                    let elements = (block &* blockSize)..<Swift.min((block &+ 1) &* blockSize, columns.count)
                    for index in elements where Self.meets(index, of: columns, rect: rect, base: base) {
                        return chunkQuery.firstElement &+ index
                    }
                    block &+= 1
                }
                return nil
            }
            let end = (first..<blockCount).partitionPoint(near: first) { blocks[$0].runningMinStart >= local.scrollMax }
            let candidates = (first &* blockSize)..<Swift.min(end &* blockSize, columns.count)
            for index in candidates.reversed() where Self.meets(index, of: columns, rect: rect, base: base) {
                return chunkQuery.firstElement &+ index
            }
            return nil
        }
    }

    /// The first block's running minimum and the last's running maximum are the whole chunk's.
    ///
    /// - Complexity: O(1).
    public var builtSpan: (min: Double, max: Double)? {
        guard blockCount > 0 else { return (.infinity, -.infinity) }
        return blocks.withUnsafeBufferPointer { ($0[0].runningMinStart, $0[blockCount - 1].runningMaxEnd) }
    }

    /// The bytes the blocks' summaries hold, at their capacity.
    public var byteCount: Int {
        blocks.capacity * MemoryLayout<BlockSummary>.stride
    }
}
