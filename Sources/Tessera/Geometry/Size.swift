/// A width and height in points.
public struct Size: Hashable, Sendable {
    /// The horizontal length.
    public var width: Double
    /// The vertical length.
    public var height: Double

    /// Creates a size of the given lengths.
    ///
    /// - Parameters:
    ///   - width: The horizontal length.
    ///   - height: The vertical length.
    /// - Complexity: O(1).
    @inlinable public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The size whose width and height are both 0.
    @inlinable public static var zero: Size { Size(width: 0, height: 0) }

    /// The longest length a layout accepts, a trillion points: far beyond any screen, and small enough that
    /// billions of elements laid end to end stay finite.
    public static let maximumLength = 1e12

    /// Not NaN, not negative and at most `maximumLength`: the only lengths a layout accepts.
    ///
    /// - Parameter length: The length to check.
    /// - Returns: `true` when `length` is from 0 to `maximumLength`; otherwise, `false`, NaN included.
    /// - Complexity: O(1).
    @inlinable public static func isValidLength(_ length: Double) -> Bool {
        length >= 0 && length <= maximumLength
    }

    /// Both sides valid lengths: the only sizes a layout accepts.
    @inlinable public var isValidExtent: Bool {
        Size.isValidLength(width) && Size.isValidLength(height)
    }
}
