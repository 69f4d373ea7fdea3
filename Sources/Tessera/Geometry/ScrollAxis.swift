/// The axis a layout scrolls along. Spatial indexes work along it; the other axis is tested per element.
public enum ScrollAxis: String, Hashable, Sendable, CaseIterable {
    case vertical
    case horizontal
}
