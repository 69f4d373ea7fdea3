/// An element's identity: Linux's `IndexPath` has no `section` or `item`, so Tessera carries its own.
/// Supplementary views use item 0, as UIKit's `IndexPath(item: 0, section: s)`.
public struct ElementID: Hashable, Sendable {
    public var kind: ElementKind
    public var section: Int
    public var item: Int

    @inlinable public init(kind: ElementKind, section: Int, item: Int) {
        self.kind = kind
        self.section = section
        self.item = item
    }

    @inlinable public static func cell(section: Int, item: Int) -> ElementID {
        ElementID(kind: .cell, section: section, item: item)
    }
}
