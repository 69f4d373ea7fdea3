extension IntervalTreeIndex {
    /// The nodes' elements a permutation of the store's: in layout order when `keepsLayoutOrder` (and then no start
    /// goes back `maximumDisplacement` places or more, and `order` is empty), sorted by start otherwise (`order`
    /// naming each position's element); each node's start and end its element's, its lowest start the lowest start
    /// of the elements from its position on, and its subtree end the largest end among the positions its subtree
    /// spans.
    ///
    /// - Parameters:
    ///   - chunk: The chunk the index was last built over.
    ///   - axis: The axis the index was built along.
    /// - Returns: A description of the first violation found, or `nil` when the index holds every invariant.
    /// - Complexity: O(*m* log *m*) for the chunk's *m* elements: each node's subtree end is checked against the
    ///   positions it spans.
    public func invariantViolation(over chunk: ElementChunk, axis: ScrollAxis) -> String? {
        chunk.withColumns(along: axis) { columns in
            let count = columns.count
            guard nodes.count == count else { return "\(nodes.count) nodes for \(count) elements in the store" }
            guard order.count == (keepsLayoutOrder ? 0 : count) else {
                return "an order of \(order.count) for \(count) elements"
            }
            func element(at position: Int) -> Int { keepsLayoutOrder ? position : Int(order[position]) }
            guard keepsLayoutOrder || Set(order.map(Int.init)) == Set(0..<count) else {
                return "the elements are not a permutation of the store's"
            }
            var lowest = Double.infinity
            for (position, node) in nodes.enumerated().reversed() {
                let element = element(at: position)
                lowest = Swift.min(lowest, columns.scrollMin(element))
                guard node.lowestStart == lowest, node.start == columns.scrollMin(element),
                    node.end == columns.scrollMax(element)
                else {
                    return
                        "position \(position): lowest start \(node.lowestStart), start \(node.start) and end \(node.end) are not element \(element)'s"
                }
                if keepsLayoutOrder {
                    let later = position + Self.maximumDisplacement
                    guard later >= count || columns.scrollMin(position) <= nodes[later].lowestStart else {
                        return
                            "element \(position) starts after one \(Self.maximumDisplacement) or more places later, in layout order"
                    }
                } else {
                    guard position == 0 || nodes[position - 1].start <= node.start else {
                        return "position \(position): starts out of order"
                    }
                }
            }
            guard count == 0 || (1 << (rootLevel + 1)) - 1 >= count, rootLevel == 0 || (1 << rootLevel) - 1 < count
            else {
                return "root level \(rootLevel) for \(count) elements"
            }
            for position in 0..<count {
                // A node at level l (its trailing one bits) spans the positions within 2^l − 1 of it.
                let level = (~position).trailingZeroBitCount
                let span = (1 << level) - 1
                let largest = nodes[Swift.max(position - span, 0)..<Swift.min(position + span + 1, count)].map(\.end)
                    .max()!
                guard nodes[position].subtreeEnd == largest else {
                    return "node \(position): subtree end \(nodes[position].subtreeEnd), not \(largest)"
                }
            }
            return nil
        }
    }
}
