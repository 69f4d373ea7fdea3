extension LayoutStore {
    /// The first invariant the store breaks, described; `nil` when it holds them all: every node's sums equal their
    /// definition over the chunks below it, nodes keep their fill and the tree its height, every chunk holds at most
    /// its capacity with its records in order of start, its extent is its elements', its positions lie on the scroll
    /// grid, and the sections' records partition the elements with origins that never decrease.
    ///
    /// - Returns: A description of the first violation found, or `nil` when the store holds every invariant.
    /// - Complexity: O(*n* + *k*²) for the store's *k* chunks: every element is read once, and each node's sums are
    ///   worked out again on a copy of the tree.
    public func invariantViolation() -> String? {
        guard pool.tree.height > 0 else {
            return pool.tree.total == ChunkSummary() ? nil : "an empty tree with a total"
        }
        var chunks: [(id: Int32, base: Double)] = []
        if let violation = checkNode(pool.tree.root, level: 0, base: 0, expected: pool.tree.total, into: &chunks) {
            return violation
        }
        var lastOrigin = -Double.infinity
        var lastStart = 0
        var elements = 0
        for (position, (id, base)) in chunks.enumerated() {
            let chunk = pool[id]
            guard chunk.count <= Chunk.capacity else { return "chunk \(position) holds \(chunk.count) elements" }
            let scroll = chunk.columns(along: axis).scrollOrigin
            for offset in 0..<chunk.count
            where !ScrollGrid.contains(scroll[offset]) || !ScrollGrid.contains(base + scroll[offset]) {
                return
                    "chunk \(position), element \(offset): position \(base) + \(scroll[offset]) is off the scroll grid"
            }
            let span = chunk.columns(along: axis).scrollSpan(0..<chunk.count)
            guard span.min == chunk.minStart, span.max == chunk.maxEnd else {
                return
                    "chunk \(position): extent \(chunk.minStart)…\(chunk.maxEnd), not its elements' \(span.min)…\(span.max)"
            }
            for record in 0..<chunk.recordCount {
                let start = elements + Int(chunk.recordStarts[record])
                let origin = base + chunk.recordOrigins[record]
                guard Int(chunk.recordStarts[record]) <= chunk.count, start >= lastStart, origin >= lastOrigin else {
                    return
                        "chunk \(position), record \(record): a section at element \(start), origin \(origin), after one at \(lastStart), \(lastOrigin)"
                }
                guard ScrollGrid.contains(origin) else {
                    return "chunk \(position), record \(record): origin \(origin) is off the scroll grid"
                }
                (lastStart, lastOrigin) = (start, origin)
            }
            elements += chunk.count
        }
        if sectionCount > 0, record(0).start != 0 { return "elements before the first section" }
        return nil
    }

    /// Checks the node's slots against what is below them, and collects its chunks in order with their bases.
    private func checkNode(
        _ node: Int32, level: Int, base: Double, expected: ChunkSummary, into chunks: inout [(id: Int32, base: Double)]
    ) -> String? {
        let count = pool.tree.slotCounts[Int(node)]
        guard count >= 1, count <= ChunkTree.fanout else { return "node \(node) holds \(count) slots" }
        if level > 0, count < ChunkTree.minimumFill { return "node \(node), not the root, holds \(count) slots" }
        // The node's sums worked out afresh, on a copy, against those kept.
        var fresh = pool.tree
        let summary = fresh.refresh(node)
        guard summary == expected else { return "node \(node): sums \(summary), kept as \(expected)" }
        guard fresh.links == pool.tree.links, fresh.reach == pool.tree.reach else {
            return "node \(node): its per-slot sums are stale"
        }
        for slot in 0..<count {
            let index = ChunkTree.slot(node, slot)
            let child = pool.tree.links[index].child
            let childBase = base + pool.tree.links[index].offset
            if level + 1 == pool.tree.height {
                let chunk = pool[child]
                guard ChunkSummary(chunk) == pool.tree.summaries[index] else {
                    return "chunk \(child): summary \(ChunkSummary(chunk)), kept as \(pool.tree.summaries[index])"
                }
                chunks.append((child, childBase))
            } else if let violation = checkNode(
                child, level: level + 1, base: childBase, expected: pool.tree.summaries[index], into: &chunks)
            {
                return violation
            }
        }
        return nil
    }
}
