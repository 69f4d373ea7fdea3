/// A transform made of a scale and a translation, the only kind these layouts use: `p' = scale · p + translation`,
/// applied about the element's centre as UIKit applies a view's transform. It stands for both the 2-D `transform`
/// and the `transform3D` of `UICollectionViewLayoutAttributes`.
public struct ElementTransform: Hashable, Sendable {
    public var scaleX: Double
    public var scaleY: Double
    public var translateX: Double
    public var translateY: Double
    public var translateZ: Double

    public init(
        scaleX: Double = 1, scaleY: Double = 1, translateX: Double = 0, translateY: Double = 0, translateZ: Double = 0
    ) {
        self.scaleX = scaleX
        self.scaleY = scaleY
        self.translateX = translateX
        self.translateY = translateY
        self.translateZ = translateZ
    }

    public static let identity = ElementTransform()

    /// The 4 × 4 matrix in Core Animation's row-vector layout (`m11 m12 … m44`): the scale on the diagonal, the
    /// translation in the last row.
    public var matrix3D: [Double] {
        [scaleX, 0, 0, 0, 0, scaleY, 0, 0, 0, 0, 1, 0, translateX, translateY, translateZ, 1]
    }
}
