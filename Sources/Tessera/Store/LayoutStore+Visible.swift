// The first and the last element a rect shows, in layout order: what an anchor keeps in place (`ScrollAnchor`).
// The tree's running extremes lead a descent to the first (or last) chunk whose elements may meet the rect; the chunk
// is then read element by element, each tested on the frame handed out.
extension LayoutStore {
    /// The layout-order number of the first element whose frame handed out meets `rect` (strictly, as
    /// `Rect.intersects`); `nil` when none does.
    ///
    /// - Complexity: O(log *n*) to reach a chunk that may hold one, plus O(*m*) for each of its *m* elements read;
    ///   a chunk passed without a hit costs its descent again.
    @inlinable func firstElement(meeting rect: AxisRect) -> Int? {
        guard pool.tree.height > 0 else { return nil }
        return first(below: pool.tree.root, level: 0, base: 0, elementsBefore: 0, meeting: rect, margin: searchMargin)
    }

    /// The layout-order number of the last element whose frame handed out meets `rect`; `nil` when none does.
    ///
    /// - Complexity: As `firstElement(meeting:)`.
    @inlinable func lastElement(meeting rect: AxisRect) -> Int? {
        guard pool.tree.height > 0 else { return nil }
        return last(below: pool.tree.root, level: 0, base: 0, elementsBefore: 0, meeting: rect, margin: searchMargin)
    }

    /// The first element below `node` that meets `rect`: the slots from the first whose running far edge passes the
    /// rect's near edge, up to the first from which no near edge comes before its far edge, each entered when its
    /// extent meets the rect widened by `margin` (the sums the tree keeps may each be a rounding off the frame).
    @inlinable func first(
        below node: Int32, level: Int, base: Double, elementsBefore: Int, meeting rect: AxisRect, margin: Double
    ) -> Int? {
        let (low, high) = (rect.scrollMin - margin, rect.scrollMax + margin)
        let first = ChunkTree.slot(node, 0)
        let end = first &+ pool.tree.slotCounts[Int(node)]
        var lower = first
        var upper = end
        while lower < upper {
            let middle = (lower &+ upper) >> 1
            if base + pool.tree.reach[middle].runningMaxEnd > low { upper = middle } else { lower = middle &+ 1 }
        }
        var slot = lower
        while slot < end {
            let reach = pool.tree.reach[slot]
            if base + reach.runningMinStart >= high { return nil }
            if base + reach.minStart < high, low < base + reach.maxEnd {
                let link = pool.tree.links[slot]
                let (childBase, elements) = (base + link.offset, elementsBefore &+ link.elementsBefore)
                let found =
                    level &+ 1 == pool.tree.height
                    ? firstInChunk(link.child, base: childBase, elementsBefore: elements, meeting: rect, reverse: false)
                    : self.first(
                        below: link.child, level: level &+ 1, base: childBase, elementsBefore: elements,
                        meeting: rect, margin: margin)
                if let found { return found }
            }
            slot &+= 1
        }
        return nil
    }

    /// The last element below `node` that meets `rect`: `first(below:...)` from the other end, from the last slot
    /// whose running near edge (the smallest from it to the end) comes before the rect's far edge, back while the
    /// running far edge (the largest from the start) passes its near edge.
    @inlinable func last(
        below node: Int32, level: Int, base: Double, elementsBefore: Int, meeting rect: AxisRect, margin: Double
    ) -> Int? {
        let (low, high) = (rect.scrollMin - margin, rect.scrollMax + margin)
        let first = ChunkTree.slot(node, 0)
        let end = first &+ pool.tree.slotCounts[Int(node)]
        var lower = first
        var upper = end
        while lower < upper {
            let middle = (lower &+ upper) >> 1
            if base + pool.tree.reach[middle].runningMinStart < high { lower = middle &+ 1 } else { upper = middle }
        }
        var slot = lower
        while slot > first {
            slot &-= 1
            let reach = pool.tree.reach[slot]
            if base + reach.runningMaxEnd <= low { return nil }
            if base + reach.minStart < high, low < base + reach.maxEnd {
                let link = pool.tree.links[slot]
                let (childBase, elements) = (base + link.offset, elementsBefore &+ link.elementsBefore)
                let found =
                    level &+ 1 == pool.tree.height
                    ? firstInChunk(link.child, base: childBase, elementsBefore: elements, meeting: rect, reverse: true)
                    : self.last(
                        below: link.child, level: level &+ 1, base: childBase, elementsBefore: elements,
                        meeting: rect, margin: margin)
                if let found { return found }
            }
        }
        return nil
    }

    /// The first element of chunk `id` (the last, with `reverse`) whose frame handed out meets `rect`.
    @inlinable func firstInChunk(
        _ id: Int32, base: Double, elementsBefore: Int, meeting rect: AxisRect, reverse: Bool
    ) -> Int? {
        let columns = pool[id].columns(along: axis)
        // The frame handed out: the base plus the position, then its length (as `Rect.maxY` sums).
        @inline(__always) func meets(_ index: Int) -> Bool {
            let near = base + columns.scrollOrigin[index]
            let crossNear = columns.crossOrigin[index]
            return near < rect.scrollMax && rect.scrollMin < near + columns.scrollLength[index]
                && crossNear < rect.crossMax && rect.crossMin < crossNear + columns.crossLength[index]
        }
        if reverse {
            var index = columns.count
            while index > 0 {
                index &-= 1
                if meets(index) { return elementsBefore &+ index }
            }
        } else {
            for index in 0..<columns.count where meets(index) { return elementsBefore &+ index }
        }
        return nil
    }
}
