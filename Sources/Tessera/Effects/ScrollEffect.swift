/// What scrolling does to one element: a transform, an alpha, and the custom attributes of the effects layouts.
public struct ScrollEffect: Hashable, Sendable {
    public var alpha: Double
    public var transform: ElementTransform
    /// A translation along y of the cell's content (parallax): it does not move the cell itself.
    public var parallaxOffset: Double
    /// The darkening drawn over the stretchy top header.
    public var overlayAlpha: Double

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
