/// What a chunk, or a subtree of chunks, holds, as the node above it keeps it: counts, and positions relative to
/// the subtree's own base, so that moving the subtree changes none of them.
@usableFromInline struct ChunkSummary: Sendable, Equatable {
    @usableFromInline var elements = 0
    /// Section records: one per section that starts in the subtree.
    @usableFromInline var records = 0
    @usableFromInline var chunks = 0
    /// From the subtree's base to the base of what follows it.
    @usableFromInline var advance = 0.0
    /// The smallest near edge and the largest far edge of the subtree's elements along the scroll axis; (+∞, −∞)
    /// when it has none.
    @usableFromInline var minStart = Double.infinity
    @usableFromInline var maxEnd = -Double.infinity
    /// The origin of the first section that starts in the subtree; +∞ when none does.
    @usableFromInline var firstOrigin = Double.infinity

    @inlinable init() {}

    /// A chunk's summary.
    @inlinable init(_ chunk: Chunk) {
        elements = chunk.count
        records = chunk.recordCount
        chunks = 1
        advance = chunk.advance
        minStart = chunk.minStart
        maxEnd = chunk.maxEnd
        firstOrigin = chunk.recordCount > 0 ? chunk.recordOrigins[0] : .infinity
    }
}
