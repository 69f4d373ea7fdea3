/// A rectangle with an origin and a size, as `CGRect`.
///
/// Edges are computed the way `CGRect` standardises them, so a rect with a negative width or height covers the
/// same area as its standardised form. A NaN anywhere gives a NaN edge, which queries refuse; so does an origin
/// of −∞ with a size of +∞ (its far edge is −∞ + ∞): use `Rect.infinite` for a rect that covers everything.
public struct Rect: Hashable, Sendable {
    /// The rect's origin: its top-left corner when its size is not negative.
    public var origin: Point
    /// The rect's width and height, which may be negative.
    public var size: Size

    /// Creates a rect with the given origin and size.
    ///
    /// - Parameters:
    ///   - origin: The rect's origin.
    ///   - size: The rect's width and height.
    /// - Complexity: O(1).
    @inlinable public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rect with the given origin coordinates and size.
    ///
    /// - Parameters:
    ///   - x: The origin's horizontal coordinate.
    ///   - y: The origin's vertical coordinate.
    ///   - width: The rect's width.
    ///   - height: The rect's height.
    /// - Complexity: O(1).
    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The rect spanning `minX...maxX` × `minY...maxY`. A maximum may be +∞; a minimum of −∞ cannot be held as an
    /// origin and a size (the far edge would be −∞ + ∞), so such a rect has a NaN edge: use `Rect.infinite`.
    ///
    /// - Parameters:
    ///   - minX: The left edge.
    ///   - minY: The top edge.
    ///   - maxX: The right edge.
    ///   - maxY: The bottom edge.
    /// - Complexity: O(1).
    @inlinable public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.init(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The rect of zero size at the origin.
    @inlinable public static var zero: Rect { Rect(x: 0, y: 0, width: 0, height: 0) }

    /// Covers every finite point, as `CGRect.infinite`.
    public static let infinite = Rect(
        x: -Double.greatestFiniteMagnitude / 2, y: -Double.greatestFiniteMagnitude / 2,
        width: .greatestFiniteMagnitude, height: .greatestFiniteMagnitude
    )

    // Comparisons rather than `min`/`max`, which would drop a NaN size and hide it from the query's check.
    /// The smallest x of the rect, whatever the sign of its width.
    @inlinable public var minX: Double { size.width < 0 ? origin.x + size.width : origin.x }
    /// The largest x of the rect, whatever the sign of its width.
    @inlinable public var maxX: Double { size.width < 0 ? origin.x : origin.x + size.width }
    /// The smallest y of the rect, whatever the sign of its height.
    @inlinable public var minY: Double { size.height < 0 ? origin.y + size.height : origin.y }
    /// The largest y of the rect, whatever the sign of its height.
    @inlinable public var maxY: Double { size.height < 0 ? origin.y : origin.y + size.height }
    /// The x of the rect's centre.
    @inlinable public var midX: Double { (minX + maxX) / 2 }
    /// The y of the rect's centre.
    @inlinable public var midY: Double { (minY + maxY) / 2 }
    /// The rect's width, never negative.
    @inlinable public var width: Double { Swift.abs(size.width) }
    /// The rect's height, never negative.
    @inlinable public var height: Double { Swift.abs(size.height) }

    /// Strict intersection, as `CGRect.intersects`: rects that only share an edge do not intersect.
    ///
    /// - Parameter other: The rect to test against.
    /// - Returns: `true` when the two rects share an area greater than zero; otherwise, `false`.
    /// - Complexity: O(1).
    @inlinable public func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// This rect moved by `delta`: how a frame kept relative to its section's origin becomes the frame handed out.
    /// Every design computes a section's frames with this one sum, so every design hands out the same bits.
    ///
    /// - Parameter delta: How far to move the rect along each axis.
    /// - Returns: The rect with `delta` added to its origin, and its size unchanged.
    /// - Complexity: O(1).
    @inlinable public func offset(by delta: Point) -> Rect {
        Rect(x: delta.x + origin.x, y: delta.y + origin.y, width: size.width, height: size.height)
    }
}
