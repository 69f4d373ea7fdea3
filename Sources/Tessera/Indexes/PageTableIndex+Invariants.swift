extension PageTableIndex {
    /// Offsets that start at 0, never decrease and end at the entry count; each page listing, in ascending order,
    /// exactly the elements that reach into it; and each page's inner edges those of its elements.
    ///
    /// - Parameters:
    ///   - chunk: The chunk the index was last built over.
    ///   - axis: The axis the index was built along.
    /// - Returns: A description of the first violation found, or `nil` when the index holds every invariant.
    /// - Complexity: O(*m* + *e*) for the chunk's *m* elements and the table's *e* entries.
    public func invariantViolation(over chunk: ElementChunk, axis: ScrollAxis) -> String? {
        chunk.withColumns(along: axis) { columns in
            guard columns.count > 0 else {
                return offsets.isEmpty && entries.isEmpty ? nil : "entries for an empty store"
            }
            guard offsets.first == 0, offsets.last.map(Int.init) == entries.count,
                zip(offsets, offsets.dropFirst()).allSatisfy({ $0 <= $1 })
            else {
                return "offsets do not run from 0 up to the entry count"
            }
            var expected = [[Int]](repeating: [], count: pageCount)
            for index in 0..<columns.count {
                for page in pages(of: index, columns) { expected[page].append(index) }
            }
            for page in 0..<pageCount {
                let listed = entries[Int(offsets[page])..<Int(offsets[page + 1])].map(Int.init)
                guard listed == expected[page] else {
                    return "page \(page) lists \(listed.prefix(8)), not \(expected[page].prefix(8))"
                }
                var edges = [Double.infinity, -Double.infinity, Double.infinity, -Double.infinity]
                for index in listed {
                    edges[0] = Swift.min(edges[0], columns.scrollMax(index))
                    edges[1] = Swift.max(edges[1], columns.scrollMin(index))
                    edges[2] = Swift.min(edges[2], columns.crossOrigin[index] + columns.crossLength[index])
                    edges[3] = Swift.max(edges[3], columns.crossOrigin[index])
                }
                guard Array(innerEdges[(4 * page)..<(4 * page + 4)]) == edges else {
                    return "page \(page): inner edges \(innerEdges[(4 * page)..<(4 * page + 4)]), not \(edges)"
                }
            }
            return nil
        }
    }
}
