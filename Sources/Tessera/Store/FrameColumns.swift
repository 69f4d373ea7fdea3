/// The four frame columns named by the scroll axis: `scroll` is the axis an index searches, `cross` the other.
/// Layouts write no negative lengths, so an element's far edge is `origin + length`.
@usableFromInline struct FrameColumns {
    @usableFromInline let scrollOrigin: UnsafeMutablePointer<Double>
    @usableFromInline let scrollLength: UnsafeMutablePointer<Double>
    @usableFromInline let crossOrigin: UnsafeMutablePointer<Double>
    @usableFromInline let crossLength: UnsafeMutablePointer<Double>
    @usableFromInline let count: Int

    @inlinable init(
        scrollOrigin: UnsafeMutablePointer<Double>, scrollLength: UnsafeMutablePointer<Double>,
        crossOrigin: UnsafeMutablePointer<Double>, crossLength: UnsafeMutablePointer<Double>, count: Int
    ) {
        self.scrollOrigin = scrollOrigin
        self.scrollLength = scrollLength
        self.crossOrigin = crossOrigin
        self.crossLength = crossLength
        self.count = count
    }

    @inlinable @inline(__always) func scrollMin(_ index: Int) -> Double { scrollOrigin[index] }

    @inlinable @inline(__always) func scrollMax(_ index: Int) -> Double { scrollOrigin[index] + scrollLength[index] }

    /// Strict intersection of element `index` with `rect`, the same predicate as `Rect.intersects`.
    @inlinable @inline(__always) func element(_ index: Int, intersects rect: AxisRect) -> Bool {
        let scroll = scrollOrigin[index]
        let cross = crossOrigin[index]
        return scroll < rect.scrollMax && rect.scrollMin < scroll + scrollLength[index]
            && cross < rect.crossMax && rect.crossMin < cross + crossLength[index]
    }

    /// The smallest `scrollMin` and the largest `scrollMax` of the elements in `range`; (+∞, −∞) when it is empty.
    ///
    /// Four running pairs, one for each element of a group of four, so that one element's comparisons do not wait
    /// for the one before's: a single pair makes the loop a chain of dependent selects, three times slower. Plain
    /// comparisons rather than `min`/`max`: frames hold no NaN, and they compile to single instructions.
    @inlinable @inline(__always) func scrollSpan(_ range: Range<Int>) -> (min: Double, max: Double) {
        var low = (Double.infinity, Double.infinity, Double.infinity, Double.infinity)
        var high = (-Double.infinity, -Double.infinity, -Double.infinity, -Double.infinity)
        @inline(__always) func take(_ index: Int, _ low: inout Double, _ high: inout Double) {
            let start = scrollOrigin[index]
            let end = start + scrollLength[index]
            low = start < low ? start : low
            high = end > high ? end : high
        }
        var index = range.lowerBound
        while index + 4 <= range.upperBound {
            take(index, &low.0, &high.0)
            take(index + 1, &low.1, &high.1)
            take(index + 2, &low.2, &high.2)
            take(index + 3, &low.3, &high.3)
            index += 4
        }
        while index < range.upperBound {
            take(index, &low.0, &high.0)
            index += 1
        }
        let lows = (low.0 < low.1 ? low.0 : low.1, low.2 < low.3 ? low.2 : low.3)
        let highs = (high.0 > high.1 ? high.0 : high.1, high.2 > high.3 ? high.2 : high.3)
        return (lows.0 < lows.1 ? lows.0 : lows.1, highs.0 > highs.1 ? highs.0 : highs.1)
    }
}
