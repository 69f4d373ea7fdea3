/// Positions along the scroll axis lie on a grid of 2⁻¹⁶ of a point, so that adding them is exact.
///
/// A change to one element moves everything after it. The store keeps positions relative to the chunk that holds
/// them and moves later chunks by one addition each up a tree (O(log *n*)), so a frame handed out is a sum whose
/// terms depend on how the store happens to be cut into chunks. With positions on this grid and within
/// ±`exactLimit`, each of those sums is exact: every way of adding them gives the same bits, and an updated layout
/// hands out exactly the frames a fresh `prepare` of the same data does. Integers, halves and quarters lie on the
/// grid already, so layouts of whole-point sizes are unchanged by it; a length off the grid (a third of a point)
/// moves by at most 2⁻¹⁷ of a point, far below any screen's pixel.
///
/// Only positions along the scroll axis are on the grid. Lengths (an element's height in a vertical layout) and
/// everything across the scroll axis are kept as the layout wrote them.
public enum ScrollGrid {
    /// The grid's step: 1/65,536 of a point.
    public static let step = 0x1p-16

    /// Positions within this distance of 0 (2³⁵ points, about 3.4 × 10¹⁰) add exactly: two of them and their sum
    /// fit a Double's 53 bits on the grid. Content longer than that still lays out, but its far positions round as
    /// Double arithmetic does, and an update may land a rounding away from a fresh prepare there.
    public static let exactLimit = 0x1p35

    /// `value` moved to the nearest point of the grid (ties to even), for a value within 2³⁵ points; a larger one
    /// moves by at most a few steps (a Double's own spacing there is a step or more), the same way every time.
    ///
    /// Adding 1.5 × 2³⁶ lands the value where a Double's spacing is the grid's step, so the machine's rounding puts it
    /// on the grid, and subtracting it back is exact: two additions, with no call to `rint` and no branch.
    ///
    /// - Parameter value: A position along the scroll axis.
    /// - Returns: The grid point nearest `value` (ties to even), for a value within 2³⁵ points.
    /// - Complexity: O(1).
    @inlinable @inline(__always) public static func snapped(_ value: Double) -> Double {
        (value + 0x1.8p36) - 0x1.8p36
    }

    /// Whether `value` lies on the grid; every value beyond `exactLimit` counts as on it.
    ///
    /// - Parameter value: A position along the scroll axis.
    /// - Returns: `true` when `value` is a multiple of `step` or its magnitude is at least `exactLimit`; otherwise,
    ///   `false`.
    /// - Complexity: O(1).
    @inlinable public static func contains(_ value: Double) -> Bool {
        Swift.abs(value) >= exactLimit || snapped(value) == value
    }
}

extension Rect {
    /// This frame, written relative to its section, placed in content coordinates: its origin along `axis` is the
    /// section's `origin` plus its own, put on the scroll grid; across the axis nothing changes. Every design hands
    /// out a section's frames through this one sum, so every design hands out the same bits.
    ///
    /// - Parameters:
    ///   - origin: The section's origin along `axis`, in content coordinates.
    ///   - axis: The axis the layout scrolls along.
    /// - Returns: The frame in content coordinates.
    /// - Complexity: O(1).
    @inlinable public func placed(at origin: Double, along axis: ScrollAxis) -> Rect {
        switch axis {
        case .vertical:
            Rect(
                x: self.origin.x, y: origin + ScrollGrid.snapped(self.origin.y), width: size.width, height: size.height)
        case .horizontal:
            Rect(
                x: origin + ScrollGrid.snapped(self.origin.x), y: self.origin.y, width: size.width, height: size.height)
        }
    }
}
