extension Array {
    /// The first index whose element satisfies `predicate`, for a predicate that is false then true along the
    /// array; `count` when it never holds.
    @inlinable func partitionPoint(where predicate: (Element) -> Bool) -> Int {
        partitionPoint(near: count / 2, where: predicate)
    }

    /// The same, searched by galloping from `hint` (steps of 1, 2, 4… towards the answer, then a binary search
    /// between the last two): about 2·log₂ of the distance to the answer rather than log₂ of the count.
    @inlinable func partitionPoint(near hint: Int, where predicate: (Element) -> Bool) -> Int {
        withUnsafeBufferPointer { buffer in
            (0..<buffer.count).partitionPoint(near: hint) { predicate(buffer[$0]) }
        }
    }
}

extension Range<Int> {
    /// The first index in the range for which `predicate` holds, for a predicate that is false then true along it;
    /// `upperBound` when it never holds. Bisected: log₂ of the count, for a range too short for a hint to gain.
    @inlinable func partitionPoint(where predicate: (Int) -> Bool) -> Int {
        var (low, high) = (lowerBound, upperBound)
        while low < high {
            let middle = (low &+ high) >> 1
            if predicate(middle) { high = middle } else { low = middle &+ 1 }
        }
        return low
    }

    /// The first index in the range for which `predicate` holds, for a predicate that is false then true along
    /// it; `upperBound` when it never holds. Searched by galloping from `hint` (steps of 1, 2, 4… towards the
    /// answer, then a binary search between the last two): about 2·log₂ of the distance to the answer rather than
    /// log₂ of the count.
    @inlinable func partitionPoint(near hint: Int, where predicate: (Int) -> Bool) -> Int {
        guard !isEmpty else { return lowerBound }
        let start = Swift.min(Swift.max(hint, lowerBound), upperBound - 1)
        // The answer lies in low...high.
        var low = lowerBound
        var high = upperBound
        var step = 1
        if predicate(start) {
            high = start
            while high - step >= lowerBound, predicate(high - step) {
                high -= step
                step &<<= 1
            }
            low = Swift.max(lowerBound, high - step + 1)
        } else {
            low = start + 1
            while start + step < upperBound, !predicate(start + step) {
                low = start + step + 1
                step &<<= 1
            }
            high = Swift.min(start + step, upperBound)
        }
        return (low..<high).partitionPoint(where: predicate)
    }
}
