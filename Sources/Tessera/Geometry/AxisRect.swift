/// A rect's edges named by a scroll axis: `scroll` along it, `cross` across it. Indexes search along the scroll
/// axis, and the engine hands each section's index the query moved into the section's own coordinates, edge by
/// edge (an edge at ±∞ stays there, where moving a `Rect`'s origin could make its size NaN).
public struct AxisRect: Hashable, Sendable {
    public var scrollMin: Double
    public var scrollMax: Double
    public var crossMin: Double
    public var crossMax: Double

    @inlinable public init(scrollMin: Double, scrollMax: Double, crossMin: Double, crossMax: Double) {
        self.scrollMin = scrollMin
        self.scrollMax = scrollMax
        self.crossMin = crossMin
        self.crossMax = crossMax
    }

    @inlinable public init(_ rect: Rect, along axis: ScrollAxis) {
        switch axis {
        case .vertical:
            self.init(scrollMin: rect.minY, scrollMax: rect.maxY, crossMin: rect.minX, crossMax: rect.maxX)
        case .horizontal:
            self.init(scrollMin: rect.minX, scrollMax: rect.maxX, crossMin: rect.minY, crossMax: rect.maxY)
        }
    }
}
