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
            guard !buffer.isEmpty else { return 0 }
            let start = Swift.min(Swift.max(hint, 0), buffer.count - 1)
            // The answer lies in low...high.
            var low = 0
            var high = buffer.count
            var step = 1
            if predicate(buffer[start]) {
                high = start
                while high - step >= 0, predicate(buffer[high - step]) {
                    high -= step
                    step &<<= 1
                }
                low = Swift.max(0, high - step + 1)
            } else {
                low = start + 1
                while start + step < buffer.count, !predicate(buffer[start + step]) {
                    low = start + step + 1
                    step &<<= 1
                }
                high = Swift.min(start + step, buffer.count)
            }
            while low < high {
                let mid = low &+ (high &- low) / 2
                if predicate(buffer[mid]) { high = mid } else { low = mid &+ 1 }
            }
            return low
        }
    }
}
