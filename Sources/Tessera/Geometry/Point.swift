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

    /// This point as a content offset clamped as UIKit clamps one: on each axis from 0 to the content's length less
    /// the viewport's, and 0 where the content is the shorter.
    ///
    /// - Parameters:
    ///   - content: The size of the scrollable content.
    ///   - viewport: The size of the collection view's bounds.
    /// - Returns: The nearest content offset the view can rest at.
    /// - Complexity: O(1).
    @inlinable public func clampedContentOffset(content: Size, viewport: Size) -> Point {
        Point(
            x: Swift.min(Swift.max(x, 0), Swift.max(0, content.width - viewport.width)),
            y: Swift.min(Swift.max(y, 0), Swift.max(0, content.height - viewport.height)))
    }
}
