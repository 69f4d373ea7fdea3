/// Distances inward from each edge, as `UIEdgeInsets`.
public struct EdgeInsets: Hashable, Sendable {
    /// The distance inward from the top edge.
    public var top: Double
    /// The distance inward from the left edge.
    public var left: Double
    /// The distance inward from the bottom edge.
    public var bottom: Double
    /// The distance inward from the right edge.
    public var right: Double

    /// Creates insets of the given distances, 0 where none is given.
    ///
    /// - Parameters:
    ///   - top: The distance inward from the top edge.
    ///   - left: The distance inward from the left edge.
    ///   - bottom: The distance inward from the bottom edge.
    ///   - right: The distance inward from the right edge.
    /// - Complexity: O(1).
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// Insets of 0 on every edge.
    public static let zero = EdgeInsets()
}
