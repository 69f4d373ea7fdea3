/// One element's attributes, handed out by value.
public struct LayoutAttributes: Hashable, Sendable {
    public var id: ElementID
    public var frame: Rect
    public var zIndex: Int
    public var alpha: Double

    public init(id: ElementID, frame: Rect, zIndex: Int = 0, alpha: Double = 1) {
        self.id = id
        self.frame = frame
        self.zIndex = zIndex
        self.alpha = alpha
    }
}

/// What a bounds change asks of a layout.
public enum Invalidation: String, Hashable, Sendable {
    /// Nothing: the frames and every effect stay as they are.
    case none
    /// Only the per-scroll effects (sticky, parallax, carousel) change; the frames stay.
    case effects
    /// The size changed: the layout must `prepare` again.
    case layout
}
