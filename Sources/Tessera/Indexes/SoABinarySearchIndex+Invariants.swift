extension SoABinarySearchIndex {
    /// One summary a block, and their number kept beside them; the running maximum of far edges from the start and
    /// the running minimum of near edges from the end, each equal to its definition and so monotone.
    ///
    /// - Parameters:
    ///   - chunk: The chunk the index was last built over.
    ///   - axis: The axis the index was built along.
    /// - Returns: A description of the first violation found, or `nil` when the index holds every invariant.
    /// - Complexity: O(*m*) for the chunk's *m* elements.
    public func invariantViolation(over chunk: ElementChunk, axis: ScrollAxis) -> String? {
        chunk.withColumns(along: axis) { columns in
            let blockCount = (columns.count + blockSize - 1) / blockSize
            guard blocks.count == blockCount else { return "\(blocks.count) summaries for \(blockCount) blocks" }
            guard self.blockCount == blockCount else {
                return "a kept block count of \(self.blockCount) for \(blockCount) blocks"
            }
            var runningMax = -Double.infinity
            for block in 0..<blockCount {
                for index in (block * blockSize)..<Swift.min((block + 1) * blockSize, columns.count) {
                    runningMax = Swift.max(runningMax, columns.scrollMax(index))
                }
                guard blocks[block].runningMaxEnd == runningMax else {
                    return "block \(block): running maximum end \(blocks[block].runningMaxEnd), not \(runningMax)"
                }
            }
            var runningMin = Double.infinity
            for block in (0..<blockCount).reversed() {
                for index in (block * blockSize)..<Swift.min((block + 1) * blockSize, columns.count) {
                    runningMin = Swift.min(runningMin, columns.scrollMin(index))
                }
                guard blocks[block].runningMinStart == runningMin else {
                    return "block \(block): running minimum start \(blocks[block].runningMinStart), not \(runningMin)"
                }
            }
            return nil
        }
    }
}
