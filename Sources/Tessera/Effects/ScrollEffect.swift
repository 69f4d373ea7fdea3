/// What scrolling does to one element: a transform, an alpha, and the custom attributes of the effects layouts.
public struct ScrollEffect: Hashable, Sendable {
    /// The element's opacity, from 0 (transparent) to 1 (opaque).
    public var alpha: Double
    /// The scale and translation applied to the element about its centre.
    public var transform: ElementTransform
    /// A translation along y of the cell's content (parallax): it does not move the cell itself.
    public var parallaxOffset: Double
    /// The darkening drawn over the stretchy top header.
    public var overlayAlpha: Double

    /// Creates an effect of the given alpha, transform and custom attributes; by default, none at all.
    ///
    /// - Parameters:
    ///   - alpha: The element's opacity.
    ///   - transform: The scale and translation applied to the element.
    ///   - parallaxOffset: A translation along y of the cell's content.
    ///   - overlayAlpha: The darkening drawn over the stretchy top header.
    /// - Complexity: O(1).
    public init(
        alpha: Double = 1, transform: ElementTransform = .identity, parallaxOffset: Double = 0, overlayAlpha: Double = 0
    ) {
        self.alpha = alpha
        self.transform = transform
        self.parallaxOffset = parallaxOffset
        self.overlayAlpha = overlayAlpha
    }

    /// Nothing: the element shows as laid out.
    public static let none = ScrollEffect()

    /// Where the element shows: its frame scaled about its centre, then translated. Without a scale it is the frame
    /// moved by the translation, computed from the origin so that no transform leaves the frame bit for bit as it was.
    ///
    /// - Parameter frame: The element's frame as laid out.
    /// - Returns: The frame the element shows at once the transform is applied.
    /// - Complexity: O(1).
    @inlinable public func displayedFrame(of frame: Rect) -> Rect {
        if transform.scaleX == 1, transform.scaleY == 1 {
            return Rect(
                origin: Point(x: frame.origin.x + transform.translateX, y: frame.origin.y + transform.translateY),
                size: frame.size)
        }
        let width = frame.width * transform.scaleX
        let height = frame.height * transform.scaleY
        return Rect(
            x: frame.midX + transform.translateX - width / 2, y: frame.midY + transform.translateY - height / 2,
            width: width, height: height
        )
    }
}
