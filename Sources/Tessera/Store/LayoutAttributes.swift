/// One element's attributes, handed out by value: its frame as laid out, and what scrolling does to it.
public struct LayoutAttributes: Hashable, Sendable {
    public var id: ElementID
    /// The frame as laid out; `displayedFrame` is where the effect's transform puts it.
    public var frame: Rect
    public var zIndex: Int
    public var effect: ScrollEffect

    public init(id: ElementID, frame: Rect, zIndex: Int = 0, effect: ScrollEffect = .none) {
        self.id = id
        self.frame = frame
        self.zIndex = zIndex
        self.effect = effect
    }

    public var alpha: Double { effect.alpha }
    public var transform: ElementTransform { effect.transform }
    public var displayedFrame: Rect { effect.displayedFrame(of: frame) }
}
