extension IntervalTreeIndex {
    /// The nodes' elements a permutation of the store's, sorted by start, each extent its element's, and each
    /// node's subtree end the largest end among the positions its subtree spans.
    public func invariantViolation(over store: AttributeStore, axis: ScrollAxis) -> String? {
        store.withColumns(along: axis) { columns in
            let count = columns.count
            guard nodes.count == count else { return "\(nodes.count) nodes for \(count) elements in the store" }
            guard Set(nodes.map(\.element)) == Set(0..<count) else { return "the elements are not a permutation of the store's" }
            for (position, node) in nodes.enumerated() {
                guard node.start == columns.scrollMin(node.element), node.end == columns.scrollMax(node.element) else {
                    return "position \(position): extent \(node.start)...\(node.end) is not element \(node.element)'s"
                }
                guard position == 0 || nodes[position - 1].start <= node.start else { return "position \(position): starts out of order" }
            }
            guard count == 0 || (1 << (rootLevel + 1)) - 1 >= count, rootLevel == 0 || (1 << rootLevel) - 1 < count else {
                return "root level \(rootLevel) for \(count) elements"
            }
            for position in 0..<count {
                // A node at level l (its trailing one bits) spans the positions within 2^l − 1 of it.
                let level = (~position).trailingZeroBitCount
                let span = (1 << level) - 1
                let largest = nodes[Swift.max(position - span, 0)..<Swift.min(position + span + 1, count)].map(\.end).max()!
                guard nodes[position].subtreeEnd == largest else {
                    return "node \(position): subtree end \(nodes[position].subtreeEnd), not \(largest)"
                }
            }
            return nil
        }
    }
}
