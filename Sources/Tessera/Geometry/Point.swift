/// A point in layout coordinates (points, as UIKit's `CGPoint`).
public struct Point: Hashable, Sendable {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate.
    public var y: Double

    /// Creates a point at the given coordinates.
    ///
    /// - Parameters:
    ///   - x: The horizontal coordinate.
    ///   - y: The vertical coordinate.
    /// - Complexity: O(1).
    @inlinable public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin: both coordinates 0.
    @inlinable public static var zero: Point { Point(x: 0, y: 0) }

    /// This point moved by `delta`: a content offset after an adjustment.
    ///
    /// - Parameter delta: How far to move the point along each axis.
    /// - Returns: The point with `delta.x` added to its `x` and `delta.y` to its `y`.
    /// - Complexity: O(1).
    @inlinable public func offset(by delta: Point) -> Point {
        Point(x: x + delta.x, y: y + delta.y)
    }
}
