/// A rect's edges named by a scroll axis: `scroll` along it, `cross` across it. Indexes search along the scroll
/// axis, and the engine hands each section's index the query moved into the section's own coordinates, edge by
/// edge (an edge at ±∞ stays there, where moving a `Rect`'s origin could make its size NaN).
public struct AxisRect: Hashable, Sendable {
    /// The near edge along the scroll axis.
    public var scrollMin: Double
    /// The far edge along the scroll axis.
    public var scrollMax: Double
    /// The near edge across the scroll axis.
    public var crossMin: Double
    /// The far edge across the scroll axis.
    public var crossMax: Double

    /// Creates a rect from its edges along and across the scroll axis.
    ///
    /// - Parameters:
    ///   - scrollMin: The near edge along the scroll axis.
    ///   - scrollMax: The far edge along the scroll axis.
    ///   - crossMin: The near edge across the scroll axis.
    ///   - crossMax: The far edge across the scroll axis.
    /// - Complexity: O(1).
    @inlinable public init(scrollMin: Double, scrollMax: Double, crossMin: Double, crossMax: Double) {
        self.scrollMin = scrollMin
        self.scrollMax = scrollMax
        self.crossMin = crossMin
        self.crossMax = crossMax
    }

    /// Creates the edges of `rect` named along `axis`: its `minY` and `maxY` along a vertical axis, its `minX` and
    /// `maxX` along a horizontal one.
    ///
    /// - Parameters:
    ///   - rect: The rect whose edges to take.
    ///   - axis: The scroll axis to name them along.
    /// - Complexity: O(1).
    @inlinable public init(_ rect: Rect, along axis: ScrollAxis) {
        switch axis {
        case .vertical:
            self.init(scrollMin: rect.minY, scrollMax: rect.maxY, crossMin: rect.minX, crossMax: rect.maxX)
        case .horizontal:
            self.init(scrollMin: rect.minX, scrollMax: rect.maxX, crossMin: rect.minY, crossMax: rect.maxY)
        }
    }
}
