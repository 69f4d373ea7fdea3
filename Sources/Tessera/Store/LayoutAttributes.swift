/// One element's attributes, handed out by value: its frame as laid out, and what scrolling does to it.
public struct LayoutAttributes: Hashable, Sendable {
    /// The element's identity: its kind, section and item.
    public var id: ElementID
    /// The frame as laid out; `displayedFrame` is where the effect's transform puts it.
    public var frame: Rect
    /// The element's position in the stacking order, as `UICollectionViewLayoutAttributes.zIndex`: higher draws above.
    public var zIndex: Int
    /// What scrolling does to the element at the query's content offset: its transform, alpha and custom attributes.
    public var effect: ScrollEffect

    /// Creates the attributes of the element `id`.
    ///
    /// - Parameters:
    ///   - id: The element's identity.
    ///   - frame: The element's frame as laid out.
    ///   - zIndex: The element's position in the stacking order.
    ///   - effect: What scrolling does to the element.
    /// - Complexity: O(1).
    public init(id: ElementID, frame: Rect, zIndex: Int = 0, effect: ScrollEffect = .none) {
        self.id = id
        self.frame = frame
        self.zIndex = zIndex
        self.effect = effect
    }

    /// The element's opacity, from the effect: 1 when it shows as laid out.
    public var alpha: Double { effect.alpha }
    /// The element's transform, from the effect: the identity when it shows as laid out.
    public var transform: ElementTransform { effect.transform }
    /// Where the element shows: the frame as laid out, with the effect's transform applied about its centre.
    public var displayedFrame: Rect { effect.displayedFrame(of: frame) }
}
