/// A transform made of a scale and a translation, the only kind these layouts use: `p' = scale · p + translation`,
/// applied about the element's centre as UIKit applies a view's transform. It stands for both the 2-D `transform`
/// and the `transform3D` of `UICollectionViewLayoutAttributes`.
public struct ElementTransform: Hashable, Sendable {
    /// The scale along x, about the element's centre: 1 leaves its width as it is.
    public var scaleX: Double
    /// The scale along y, about the element's centre: 1 leaves its height as it is.
    public var scaleY: Double
    /// The translation along x, in points.
    public var translateX: Double
    /// The translation along y, in points.
    public var translateY: Double
    /// The translation along z: a negative one pushes the element back, as the carousel does its side items.
    public var translateZ: Double

    /// Creates a transform of the given scales and translations; by default, the identity.
    ///
    /// - Parameters:
    ///   - scaleX: The scale along x, about the element's centre.
    ///   - scaleY: The scale along y, about the element's centre.
    ///   - translateX: The translation along x.
    ///   - translateY: The translation along y.
    ///   - translateZ: The translation along z.
    /// - Complexity: O(1).
    public init(
        scaleX: Double = 1, scaleY: Double = 1, translateX: Double = 0, translateY: Double = 0, translateZ: Double = 0
    ) {
        self.scaleX = scaleX
        self.scaleY = scaleY
        self.translateX = translateX
        self.translateY = translateY
        self.translateZ = translateZ
    }

    /// The transform that leaves an element as laid out: scales of 1 and no translation.
    public static let identity = ElementTransform()

    /// The 4 × 4 matrix in Core Animation's row-vector layout (`m11 m12 … m44`): the scale on the diagonal, the
    /// translation in the last row.
    public var matrix3D: [Double] {
        [scaleX, 0, 0, 0, 0, scaleY, 0, 0, 0, 0, 1, 0, translateX, translateY, translateZ, 1]
    }
}
