/// A query rect's edges named by the scroll axis.
@usableFromInline struct AxisRect {
    @usableFromInline let scrollMin: Double
    @usableFromInline let scrollMax: Double
    @usableFromInline let crossMin: Double
    @usableFromInline let crossMax: Double

    @inlinable init(_ rect: Rect, along axis: ScrollAxis) {
        switch axis {
        case .vertical:
            (scrollMin, scrollMax, crossMin, crossMax) = (rect.minY, rect.maxY, rect.minX, rect.maxX)
        case .horizontal:
            (scrollMin, scrollMax, crossMin, crossMax) = (rect.minX, rect.maxX, rect.minY, rect.maxY)
        }
    }
}
