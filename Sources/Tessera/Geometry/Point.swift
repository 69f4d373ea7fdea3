/// A point in layout coordinates (points, as UIKit's `CGPoint`).
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double

    @inlinable public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    /// This point moved by `delta`: a content offset after an adjustment.
    @inlinable public func offset(by delta: Point) -> Point {
        Point(x: x + delta.x, y: y + delta.y)
    }
}
