/// The chunks' memory, by chunk id: allocated once and reused. A chunk the store no longer uses keeps its buffers
/// on a free list, so a prepare after an update, or an update that splits a chunk, writes into warm pages.
///
/// Only `LayoutStore` writes a pool, and only after making sure it holds the one reference (`copyPoolIfShared`),
/// which is what makes the `@unchecked Sendable` sound, and the runtime's exclusivity checks (a call on every
/// access to a class's property) redundant: a pool two stores share is only read.
@usableFromInline final class ChunkPool: @unchecked Sendable {
    /// The chunks by id, in a buffer of the pool's own: a chunk is reached with two loads and no reference count.
    @exclusivity(unchecked) @usableFromInline var chunks = UnsafeMutablePointer<Chunk>.allocate(capacity: 0)
    @exclusivity(unchecked) @usableFromInline var count = 0
    @exclusivity(unchecked) @usableFromInline var room = 0
    /// The chunks in layout order, summed.
    @exclusivity(unchecked) @usableFromInline var tree = ChunkTree()
    /// Ids whose chunks are out of the tree, their buffers kept for reuse.
    @exclusivity(unchecked) @usableFromInline var free: [Int32] = []
    /// Room for a list of chunks in order, with their summaries: what a write hands the tree to build on.
    @exclusivity(unchecked) @usableFromInline var order: [(id: Int32, summary: ChunkSummary)] = []
    /// What an update writes, and the contents of the chunks it rewrites, in content coordinates.
    @exclusivity(unchecked) @usableFromInline var incoming = ElementBuffer()
    @exclusivity(unchecked) @usableFromInline var gathered = ElementBuffer()
    /// The chunks an update wrote, whose indexes must be built again.
    @exclusivity(unchecked) @usableFromInline var touched: [Int32] = []

    /// Tells this pool apart from any other for as long as it lives, for a query's remembered chunk
    /// (`ChunkFinger`): random, so that a pool made where a freed one was is still another.
    @usableFromInline let identity = UInt64.random(in: 1...UInt64.max)

    @usableFromInline init() {}

    deinit {
        for id in 0..<count { chunks[id].deallocate() }
        incoming.deallocate()
        gathered.deallocate()
        chunks.deinitialize(count: count)
        chunks.deallocate()
    }

    /// The chunk `id`.
    @inlinable subscript(id: Int32) -> Chunk {
        @inline(__always) get { chunks[Int(id)] }
        @inline(__always) set { chunks[Int(id)] = newValue }
    }

    /// Adds `chunk` under the next id, growing the buffer by doubling.
    @usableFromInline func append(_ chunk: Chunk) {
        if count == room {
            room = Swift.max(16, 2 * room)
            let grown = UnsafeMutablePointer<Chunk>.allocate(capacity: room)
            grown.moveInitialize(from: chunks, count: count)
            chunks.deallocate()
            chunks = grown
        }
        (chunks + count).initialize(to: chunk)
        count += 1
    }

    /// A chunk out of the free list, or a new one, emptied.
    @usableFromInline func take() -> Int32 {
        if let id = free.popLast() {
            self[id].count = 0
            self[id].recordCount = 0
            return id
        }
        append(Chunk())
        return Int32(count - 1)
    }

    /// Puts `id` back on the free list; its buffers stay allocated.
    @usableFromInline func release(_ id: Int32) {
        free.append(id)
    }

    /// A pool of its own for a store whose pool another store shares: every chunk copied, element by element.
    @usableFromInline func copy() -> ChunkPool {
        let copy = ChunkPool()
        copy.tree = tree
        copy.free = free
        for id in 0..<Int32(count) {
            let chunk = self[id]
            var new = Chunk()
            for column in 0..<4 {
                (new.frames + column * Chunk.capacity).initialize(
                    from: chunk.frames + column * Chunk.capacity, count: chunk.count)
            }
            new.tags.initialize(from: chunk.tags, count: Chunk.capacity)
            new.marks.initialize(from: chunk.marks, count: Chunk.capacity / 8)
            new.count = chunk.count
            new.growRecords(to: chunk.recordCapacity)
            if chunk.recordCount > 0 {
                new.recordOrigins.initialize(from: chunk.recordOrigins, count: chunk.recordCount)
                new.recordStarts.initialize(from: chunk.recordStarts, count: chunk.recordCount)
            }
            new.recordCount = chunk.recordCount
            new.advance = chunk.advance
            new.minStart = chunk.minStart
            new.maxEnd = chunk.maxEnd
            copy.append(new)
        }
        return copy
    }

    /// The bytes every chunk holds, those on the free list included, and the tree's.
    @usableFromInline var byteCount: Int {
        (0..<Int32(count)).reduce(0) { $0 + self[$1].byteCount } + room * MemoryLayout<Chunk>.stride + tree.byteCount
    }
}
