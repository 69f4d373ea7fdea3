/// The axis a layout scrolls along. Spatial indexes work along it; the other axis is tested per element.
public enum ScrollAxis: String, Hashable, Sendable, CaseIterable {
    /// Content scrolls along y: sections stack down the page.
    case vertical
    /// Content scrolls along x: sections stack across the page.
    case horizontal
}

extension ScrollAxis {
    /// The point `distance` along this axis from the origin.
    ///
    /// - Parameter distance: The distance along this axis.
    /// - Returns: A point whose coordinate along this axis is `distance` and whose other coordinate is 0.
    /// - Complexity: O(1).
    @inlinable public func point(_ distance: Double) -> Point {
        self == .vertical ? Point(x: 0, y: distance) : Point(x: distance, y: 0)
    }
}
