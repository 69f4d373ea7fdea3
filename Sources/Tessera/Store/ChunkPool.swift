/// The chunks' memory, by chunk id: allocated once and reused. A chunk the store no longer uses keeps its buffers
/// on a free list, so a prepare after an update, or an update that splits a chunk, writes into warm pages.
///
/// Chunks are allocated in slabs, each column of a slab's chunks together (its x columns, then its y columns, and so
/// on, then its kinds and its marks), so a write that fills chunks in order (a prepare takes them by id) writes a few
/// long runs of memory. A chunk of its own allocation, its four columns one after another, took twice the time to
/// fill at a million elements, bound by memory: every 8 KiB, each column's run of stores jumped elsewhere.
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
    /// Room for the chunks a splice puts in the tree.
    @exclusivity(unchecked) @usableFromInline var spliceList: [(id: Int32, summary: ChunkSummary)] = []
    /// Room for every chunk in order, for a splice that builds the tree again.
    @exclusivity(unchecked) @usableFromInline var chunkOrder: [(id: Int32, summary: ChunkSummary)] = []

    /// The slabs' memory, freed with the pool.
    @exclusivity(unchecked) @usableFromInline var slabs: [UnsafeMutableRawPointer] = []
    @exclusivity(unchecked) @usableFromInline var slabBytes = 0

    /// Tells this pool apart from any other for as long as it lives, for a query's remembered chunk
    /// (`ChunkFinger`): random, so that a pool made where a freed one was is still another.
    @usableFromInline let identity = UInt64.random(in: 1...UInt64.max)

    @usableFromInline init() {}

    deinit {
        for id in 0..<count { chunks[id].deallocate() }
        for slab in slabs { slab.deallocate() }
        chunks.deinitialize(count: count)
        chunks.deallocate()
    }

    /// The chunk `id`.
    @inlinable subscript(id: Int32) -> Chunk {
        @inline(__always) get { chunks[Int(id)] }
        @inline(__always) set { chunks[Int(id)] = newValue }
    }

    /// Adds a slab of `chunkCount` chunks under the next ids, growing the chunk buffer by doubling.
    @usableFromInline func addSlab(of chunkCount: Int) {
        let capacity = Chunk.capacity
        let memory = UnsafeMutableRawPointer.allocate(byteCount: chunkCount * Chunk.slabBytes, alignment: 64)
        slabs.append(memory)
        slabBytes += chunkCount * Chunk.slabBytes
        let frames = memory.bindMemory(to: Double.self, capacity: 4 * chunkCount * capacity)
        let kinds = (memory + 32 * chunkCount * capacity).bindMemory(
            to: ElementKind.self, capacity: chunkCount * capacity)
        let marks = (memory + 33 * chunkCount * capacity).bindMemory(
            to: UInt8.self, capacity: chunkCount * capacity)
        if count + chunkCount > room {
            room = Swift.max(16, 2 * room, count + chunkCount)
            let grown = UnsafeMutablePointer<Chunk>.allocate(capacity: room)
            grown.moveInitialize(from: chunks, count: count)
            chunks.deallocate()
            chunks = grown
        }
        for index in 0..<chunkCount {
            (chunks + count + index).initialize(
                to: Chunk(
                    frames: frames + index * capacity, stride: chunkCount * capacity, kinds: kinds + index * capacity,
                    marks: marks + index * capacity))
        }
        count += chunkCount
    }

    /// Makes sure the pool holds `chunkCount` chunks at least: a prepare reserves what it will fill, so its chunks lie
    /// in a few large slabs. Each slab is as large as an allocation size class that the chunks still missing fill
    /// (`slabChunks(filling:)`), so the allocator rounds nothing up: a slab of exactly the chunks missing was
    /// rounded to the next class, up to a quarter more (43.6 bytes an element at a million, where 34 were asked for).
    ///
    /// One chunk more is kept beyond them, its memory touched: every update writes into a fresh chunk first, and
    /// the first update after a prepare that filled every chunk would otherwise add a slab and fault its pages in,
    /// ten microseconds where an update takes one or two.
    @usableFromInline func reserve(_ chunkCount: Int) {
        let kept = count
        while chunkCount + 1 > count { addSlab(of: Self.slabChunks(filling: chunkCount + 1 - count)) }
        for id in Swift.max(kept, chunkCount)..<count {
            let chunk = chunks[id]
            for column in 0..<4 { chunk.column(column).initialize(repeating: 0, count: Chunk.capacity) }
            chunk.kinds.initialize(repeating: .cell, count: Chunk.capacity)
            chunk.marks.initialize(repeating: 0, count: Chunk.capacity)
        }
    }

    /// The chunks of the largest slab that `chunkCount` chunks fill or nearly fill: a slab whose bytes are an
    /// allocation size class (2^k times 1, 1¼, 1½ or 1¾, as jemalloc's large classes are spaced; each a whole number
    /// of pages, as glibc maps them), one chunk at least.
    ///
    /// - Complexity: O(1).
    @usableFromInline static func slabChunks(filling chunkCount: Int) -> Int {
        let bytes = chunkCount * Chunk.slabBytes
        guard chunkCount > 1 else { return 1 }
        let power = Int.bitWidth - 1 - bytes.leadingZeroBitCount
        let quarter = 1 << (power - 2)
        let steps = (bytes - (1 << power)) / quarter
        return Swift.max(1, ((1 << power) + steps * quarter) / Chunk.slabBytes)
    }

    /// A chunk out of the free list, emptied; when the list is empty, a new slab of about an eighth of the chunks
    /// there are (one at least) goes on it first.
    @usableFromInline func take() -> Int32 {
        if free.isEmpty {
            let first = count
            addSlab(of: Self.slabChunks(filling: Swift.max(1, count / 8)))
            free.append(contentsOf: (Int32(first)..<Int32(count)).reversed())
        }
        let id = free.removeLast()
        self[id].count = 0
        self[id].recordCount = 0
        return id
    }

    /// Puts `id` back on the free list; its buffers stay allocated.
    @usableFromInline func release(_ id: Int32) {
        free.append(id)
    }

    /// A pool of its own for a store whose pool another store shares: every chunk copied, in one slab.
    @usableFromInline func copy() -> ChunkPool {
        let copy = ChunkPool()
        copy.tree = tree
        copy.free = free
        copy.addSlab(of: count)
        for id in 0..<Int32(count) {
            let chunk = self[id]
            var new = copy[id]
            for column in 0..<4 {
                new.column(column).initialize(from: chunk.column(column), count: chunk.count)
            }
            new.kinds.initialize(from: chunk.kinds, count: chunk.count)
            new.marks.initialize(from: chunk.marks, count: Chunk.capacity)
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
            copy[id] = new
        }
        return copy
    }

    /// The bytes every chunk holds, those on the free list included, and the tree's.
    @usableFromInline var byteCount: Int {
        slabBytes + (0..<Int32(count)).reduce(0) { $0 + 10 * self[$1].recordCapacity }
            + room * MemoryLayout<Chunk>.stride + tree.byteCount
    }
}
