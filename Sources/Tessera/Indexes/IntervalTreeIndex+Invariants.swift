extension IntervalTreeIndex {
    /// The elements a permutation of the store's, sorted by start, each extent its element's, and each node's
    /// subtree end the largest end among the positions its subtree spans.
    public func invariantViolation(over store: AttributeStore, axis: ScrollAxis) -> String? {
        store.withColumns(along: axis) { columns in
            let count = columns.count
            guard elements.count == count, starts.count == count, ends.count == count, subtreeEnds.count == count else {
                return "\(elements.count) elements, \(starts.count) starts, \(ends.count) ends, \(subtreeEnds.count) subtree ends for \(count) in the store"
            }
            guard Set(elements.map(Int.init)) == Set(0..<count) else { return "the elements are not a permutation of the store's" }
            for position in 0..<count {
                let element = Int(elements[position])
                guard starts[position] == columns.scrollMin(element), ends[position] == columns.scrollMax(element) else {
                    return "position \(position): extent \(starts[position])...\(ends[position]) is not element \(element)'s"
                }
                guard position == 0 || starts[position - 1] <= starts[position] else { return "position \(position): starts out of order" }
            }
            guard count == 0 || (1 << (rootLevel + 1)) - 1 >= count, rootLevel == 0 || (1 << rootLevel) - 1 < count else {
                return "root level \(rootLevel) for \(count) elements"
            }
            for position in 0..<count {
                // A node at level l (its trailing one bits) spans the positions within 2^l − 1 of it.
                let level = (~position).trailingZeroBitCount
                let span = (1 << level) - 1
                let largest = ends[Swift.max(position - span, 0)..<Swift.min(position + span + 1, count)].max()!
                guard subtreeEnds[position] == largest else { return "node \(position): subtree end \(subtreeEnds[position]), not \(largest)" }
            }
            return nil
        }
    }
}
