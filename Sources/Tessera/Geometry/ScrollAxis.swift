/// The axis a layout scrolls along. Spatial indexes work along it; the other axis is tested per element.
public enum ScrollAxis: String, Hashable, Sendable, CaseIterable {
    case vertical
    case horizontal
}

extension ScrollAxis {
    /// The point `distance` along this axis from the origin.
    @inlinable public func point(_ distance: Double) -> Point {
        self == .vertical ? Point(x: 0, y: distance) : Point(x: distance, y: 0)
    }
}
