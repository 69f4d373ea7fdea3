/// A point in layout coordinates (points, as UIKit's `CGPoint`).
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double

    @inlinable public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)
}

/// A width and height in points.
public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double

    @inlinable public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)

    /// Finite and not negative: the only sizes a layout accepts.
    @inlinable public var isValidExtent: Bool {
        width.isFinite && height.isFinite && width >= 0 && height >= 0
    }
}

/// A rectangle with an origin and a size, as `CGRect`.
///
/// Edges are computed the way `CGRect` standardises them, so a rect with a negative width or height covers the
/// same area as its standardised form.
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

    /// The rect spanning `minX...maxX` × `minY...maxY`.
    @inlinable public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.init(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    @inlinable public var minX: Double { Swift.min(origin.x, origin.x + size.width) }
    @inlinable public var maxX: Double { Swift.max(origin.x, origin.x + size.width) }
    @inlinable public var minY: Double { Swift.min(origin.y, origin.y + size.height) }
    @inlinable public var maxY: Double { Swift.max(origin.y, origin.y + size.height) }
    @inlinable public var midX: Double { (minX + maxX) / 2 }
    @inlinable public var midY: Double { (minY + maxY) / 2 }
    @inlinable public var width: Double { Swift.abs(size.width) }
    @inlinable public var height: Double { Swift.abs(size.height) }

    /// Strict intersection, as `CGRect.intersects`: rects that only share an edge do not intersect.
    @inlinable public func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }
}

/// Distances inward from each edge, as `UIEdgeInsets`.
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public static let zero = EdgeInsets()
}

/// The axis a layout scrolls along. Spatial indexes work along it; the other axis is tested per element.
public enum ScrollAxis: String, Hashable, Sendable, CaseIterable {
    case vertical
    case horizontal
}
