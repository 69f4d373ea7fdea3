/// A rectangle with an origin and a size, as `CGRect`.
///
/// Edges are computed the way `CGRect` standardises them, so a rect with a negative width or height covers the
/// same area as its standardised form. A NaN anywhere gives a NaN edge, which queries refuse; so does an origin
/// of −∞ with a size of +∞ (its far edge is −∞ + ∞): use `Rect.infinite` for a rect that covers everything.
public struct Rect: Hashable, Sendable {
    public var origin: Point
    public var size: Size

    @inlinable public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The rect spanning `minX...maxX` × `minY...maxY`. A maximum may be +∞; a minimum of −∞ cannot be held as an
    /// origin and a size (the far edge would be −∞ + ∞), so such a rect has a NaN edge: use `Rect.infinite`.
    @inlinable public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.init(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// Covers every finite point, as `CGRect.infinite`.
    public static let infinite = Rect(
        x: -Double.greatestFiniteMagnitude / 2, y: -Double.greatestFiniteMagnitude / 2,
        width: .greatestFiniteMagnitude, height: .greatestFiniteMagnitude
    )

    // Comparisons rather than `min`/`max`, which would drop a NaN size and hide it from the query's check.
    @inlinable public var minX: Double { size.width < 0 ? origin.x + size.width : origin.x }
    @inlinable public var maxX: Double { size.width < 0 ? origin.x : origin.x + size.width }
    @inlinable public var minY: Double { size.height < 0 ? origin.y + size.height : origin.y }
    @inlinable public var maxY: Double { size.height < 0 ? origin.y : origin.y + size.height }
    @inlinable public var midX: Double { (minX + maxX) / 2 }
    @inlinable public var midY: Double { (minY + maxY) / 2 }
    @inlinable public var width: Double { Swift.abs(size.width) }
    @inlinable public var height: Double { Swift.abs(size.height) }

    /// Strict intersection, as `CGRect.intersects`: rects that only share an edge do not intersect.
    @inlinable public func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// This rect moved by `delta`: how a frame kept relative to its section's origin becomes the frame handed out.
    /// Every design computes a section's frames with this one sum, so every design hands out the same bits.
    @inlinable public func offset(by delta: Point) -> Rect {
        Rect(x: delta.x + origin.x, y: delta.y + origin.y, width: size.width, height: size.height)
    }
}
