extension UnionRectsIndex {
    /// One union a block, each exactly the union of its block's frames.
    ///
    /// - Parameters:
    ///   - chunk: The chunk the index was last built over.
    ///   - axis: The axis the index was built along.
    /// - Returns: A description of the first violation found, or `nil` when the index holds every invariant.
    /// - Complexity: O(*m*) for the chunk's *m* elements.
    public func invariantViolation(over chunk: ElementChunk, axis: ScrollAxis) -> String? {
        chunk.withColumns(along: axis) { columns in
            let blockCount = (columns.count + blockSize - 1) / blockSize
            guard unions.count == 4 * blockCount else { return "\(unions.count / 4) unions for \(blockCount) blocks" }
            for block in 0..<blockCount {
                var union = [Double.infinity, -Double.infinity, Double.infinity, -Double.infinity]
                for index in (block * blockSize)..<Swift.min((block + 1) * blockSize, columns.count) {
                    union[0] = Swift.min(union[0], columns.scrollMin(index))
                    union[1] = Swift.max(union[1], columns.scrollMax(index))
                    union[2] = Swift.min(union[2], columns.crossOrigin[index])
                    union[3] = Swift.max(union[3], columns.crossOrigin[index] + columns.crossLength[index])
                }
                guard Array(unions[(4 * block)..<(4 * block + 4)]) == union else {
                    return "block \(block): union \(unions[(4 * block)..<(4 * block + 4)]), not \(union)"
                }
            }
            return nil
        }
    }
}
