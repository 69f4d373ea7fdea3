// A rect query across chunks: the chunks the rect may meet, found down the tree by the running extremes each node
// keeps (or, while a scroll stays within one chunk's reach, the chunk the last query found).
extension LayoutStore {
    /// A chunk a query searches: its id, its base and the layout-order number of its first element, and how far
    /// the rest of the layout reaches towards it: the largest far edge of everything before it and the smallest
    /// near edge of everything after it.
    @usableFromInline struct ChunkCandidate: Sendable {
        @usableFromInline var chunk: Int32
        @usableFromInline var base: Double
        @usableFromInline var firstElement: Int
        @usableFromInline var reachBefore: Double
        @usableFromInline var nearestAfter: Double

        @inlinable init(chunk: Int32, base: Double, firstElement: Int, reachBefore: Double, nearestAfter: Double) {
            self.chunk = chunk
            self.base = base
            self.firstElement = firstElement
            self.reachBefore = reachBefore
            self.nearestAfter = nearestAfter
        }
    }

    /// How far a search widens a rect so that rounding cannot make it miss an element: the sums the tree keeps of
    /// far edges (a position plus a length, then offsets) may each be a rounding off the frame handed out. 2⁻³⁰ of
    /// the content's magnitude is far above any of them; the elements found are then tested exactly.
    @inlinable var searchMargin: Double {
        let total = pool.tree.total
        let magnitude = Swift.max(Swift.abs(total.minStart), Swift.abs(total.maxEnd))
        return magnitude.isFinite ? magnitude * 0x1p-30 : 0
    }

    /// The chunk the last query found alone, when nothing before or after it can reach `query` widened by
    /// `margin`: then it is the only chunk to search, with no search for chunks.
    ///
    /// - Complexity: O(1).
    @inlinable @inline(__always) func fingerCandidate(meeting query: AxisRect, margin: Double, finger: ChunkFinger)
        -> ChunkCandidate?
    {
        guard finger.generation == generation, query.scrollMin - margin >= finger.candidate.reachBefore,
            query.scrollMax + margin <= finger.candidate.nearestAfter, finger.store == pool.identity
        else { return nil }
        return finger.candidate
    }

    /// Puts in `visible.candidates` the chunks whose elements may meet `query` widened by `margin`, in layout
    /// order, and remembers the chunk when it is the only one (`fingerCandidate(meeting:margin:finger:)`).
    ///
    /// - Complexity: O(log *n*) for each chunk found.
    @inlinable func findChunks(meeting query: AxisRect, margin: Double, into visible: inout VisibleElements) {
        visible.candidates.removeAll(keepingCapacity: true)
        guard pool.tree.height > 0 else { return }
        let low = query.scrollMin - margin
        let high = query.scrollMax + margin
        collect(
            pool.tree.root, level: 0, base: 0, elementsBefore: 0, before: -.infinity, after: .infinity, low: low,
            high: high, into: &visible.candidates)
        if visible.candidates.count == 1 {
            visible.finger = ChunkFinger(store: pool.identity, generation: generation, candidate: visible.candidates[0])
        }
    }

    /// Appends the chunks below `node` whose elements may meet `low..<high`: the slots from the first whose running
    /// far edge passes `low`, up to the first from which no near edge comes before `high`. `before` and `after` are
    /// how far the rest of the layout reaches towards the node, narrowed at each level by the slots beside a child.
    @inlinable func collect(
        _ node: Int32, level: Int, base: Double, elementsBefore: Int, before: Double, after: Double,
        low: Double, high: Double, into candidates: inout [ChunkCandidate]
    ) {
        let first = ChunkTree.slot(node, 0)
        let end = first &+ pool.tree.slotCounts[Int(node)]
        var slot = (first..<end).partitionPoint { base + pool.tree.reach[$0].runningMaxEnd > low }
        let isBottom = level &+ 1 == pool.tree.height
        while slot < end {
            let reach = pool.tree.reach[slot]
            if base + reach.runningMinStart >= high { break }
            if base + reach.minStart < high, low < base + reach.maxEnd {
                let link = pool.tree.links[slot]
                let (childBase, elements) = (base + link.offset, elementsBefore &+ link.elementsBefore)
                let reachBefore =
                    slot > first ? Swift.max(before, base + pool.tree.reach[slot &- 1].runningMaxEnd) : before
                let nearestAfter =
                    slot &+ 1 < end ? Swift.min(after, base + pool.tree.reach[slot &+ 1].runningMinStart) : after
                if isBottom {
                    candidates.append(
                        ChunkCandidate(
                            chunk: link.child, base: childBase, firstElement: elements, reachBefore: reachBefore,
                            nearestAfter: nearestAfter
                        ))
                } else {
                    collect(
                        link.child, level: level &+ 1, base: childBase, elementsBefore: elements, before: reachBefore,
                        after: nearestAfter, low: low, high: high, into: &candidates
                    )
                }
            }
            slot &+= 1
        }
    }

    /// The first answer `body` gives for the chunks whose elements may meet `query` widened by `margin`, asked in
    /// layout order (from the end, with `fromEnd`) with each chunk's place: the chunks `findChunks` lists, visited
    /// without a list and no further than the first that answers. What an anchor's search for the first (or last)
    /// element it sees asks.
    ///
    /// - Complexity: O(log *n*) for each chunk visited.
    @inlinable func firstAnswer<Found>(
        meeting query: AxisRect, margin: Double, fromEnd: Bool, _ body: (ChunkTree.Place) -> Found?
    ) -> Found? {
        guard pool.tree.height > 0 else { return nil }
        let root = ChunkTree.Place(chunk: pool.tree.root, base: 0, elementsBefore: 0, recordsBefore: 0, chunksBefore: 0)
        let (low, high) = (query.scrollMin - margin, query.scrollMax + margin)
        // Forwards, the first chunk the walk visits mostly answers: it is reached by one descent, without the walk's
        // recursion, and the walk runs only when it does not answer.
        if !fromEnd, let first = firstChunk(below: root, low: low, high: high), let found = body(first) {
            return found
        }
        return firstAnswer(below: root, level: 0, low: low, high: high, fromEnd: fromEnd, body)
    }

    /// The first chunk `firstAnswer(below:level:low:high:fromEnd:_:)` visits forwards, found by one descent: in each
    /// node, the first slot whose running far edge passes `low`, if its own extent meets `low..<high`.
    ///
    /// - Complexity: O(log *n*).
    @inlinable func firstChunk(below root: ChunkTree.Place, low: Double, high: Double) -> ChunkTree.Place? {
        var place = root
        for _ in 0..<pool.tree.height {
            let first = ChunkTree.slot(place.chunk, 0)
            let slots = first..<(first &+ pool.tree.slotCounts[Int(place.chunk)])
            let base = place.base
            let slot = slots.partitionPoint { base + pool.tree.reach[$0].runningMaxEnd > low }
            guard slot < slots.upperBound else { return nil }
            let reach = pool.tree.reach[slot]
            guard base + reach.runningMinStart < high, base + reach.minStart < high, low < base + reach.maxEnd else {
                return nil
            }
            place.chunk = place.descend(through: pool.tree.links[slot])
        }
        return place
    }

    /// `firstAnswer(meeting:margin:fromEnd:_:)` below the node `place.chunk` names: its slots from the first whose
    /// running far edge passes `low` to the last before the first from which no near edge comes before `high`, the
    /// ones whose own extent meets `low..<high`, in order.
    @inlinable func firstAnswer<Found>(
        below place: ChunkTree.Place, level: Int, low: Double, high: Double, fromEnd: Bool,
        _ body: (ChunkTree.Place) -> Found?
    ) -> Found? {
        let first = ChunkTree.slot(place.chunk, 0)
        let slots = first..<(first &+ pool.tree.slotCounts[Int(place.chunk)])
        let base = place.base
        // Bisected, not galloped: a node's slots are too few for a hint to gain.
        let lower = slots.partitionPoint { base + pool.tree.reach[$0].runningMaxEnd > low }
        // Forwards, the walk stops at the first slot from which nothing comes before `high`; backwards, it starts
        // before it.
        let upper =
            fromEnd
            ? (lower..<slots.upperBound).partitionPoint { base + pool.tree.reach[$0].runningMinStart >= high }
            : slots.upperBound
        let isBottom = level &+ 1 == pool.tree.height
        for step in 0..<(upper &- lower) {
            let slot = fromEnd ? upper &- 1 &- step : lower &+ step
            let reach = pool.tree.reach[slot]
            if !fromEnd, base + reach.runningMinStart >= high { return nil }
            guard base + reach.minStart < high, low < base + reach.maxEnd else { continue }
            var child = place
            let node = child.descend(through: pool.tree.links[slot])
            child.chunk = node
            let found =
                isBottom
                ? body(child)
                : firstAnswer(below: child, level: level &+ 1, low: low, high: high, fromEnd: fromEnd, body)
            if let found { return found }
        }
        return nil
    }
}

/// The chunk a query found alone, remembered for the next query: while a rect stays between the largest far edge
/// of everything before the chunk and the smallest near edge of everything after it, nothing else can meet it.
/// Valid for the store and the generation it was taken from.
@usableFromInline struct ChunkFinger: Sendable {
    @usableFromInline var store: UInt64 = 0
    @usableFromInline var generation = -1
    @usableFromInline var candidate = LayoutStore.ChunkCandidate(
        chunk: 0, base: 0, firstElement: 0, reachBefore: .infinity, nearestAfter: -.infinity)

    @inlinable init() {}

    @inlinable init(store: UInt64, generation: Int, candidate: LayoutStore.ChunkCandidate) {
        self.store = store
        self.generation = generation
        self.candidate = candidate
    }
}
