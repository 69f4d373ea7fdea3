import Tessera

/// One element of an answer, comparable across designs: identity, frame, zIndex and scroll effect.
public struct ElementAnswer: Hashable, Comparable, Sendable {
    public var id: ElementID
    public var frame: Rect
    public var zIndex: Int
    public var effect: ScrollEffect

    @inlinable public init(id: ElementID, frame: Rect, zIndex: Int, effect: ScrollEffect) {
        self.id = id
        self.frame = frame
        self.zIndex = zIndex
        self.effect = effect
    }

    public static func < (lhs: ElementAnswer, rhs: ElementAnswer) -> Bool {
        (lhs.id.section, lhs.id.kind.rawValue, lhs.id.item) < (rhs.id.section, rhs.id.kind.rawValue, rhs.id.item)
    }

    /// The element's attributes, as the engine hands them out.
    public var attributes: LayoutAttributes {
        LayoutAttributes(id: id, frame: frame, zIndex: zIndex, effect: effect)
    }
}
