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
}
