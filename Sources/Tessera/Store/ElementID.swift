/// An element's identity: Linux's `IndexPath` has no `section` or `item`, so Tessera carries its own.
/// Supplementary views use item 0, as UIKit's `IndexPath(item: 0, section: s)`.
public struct ElementID: Hashable, Sendable {
    /// The element's kind: a cell, or a kind of supplementary view.
    public var kind: ElementKind
    /// The number of the section that holds the element.
    public var section: Int
    /// The cell's item number in its section; 0 for a supplementary view.
    public var item: Int

    /// Creates the identity of an element of `kind` at `item` of `section`.
    ///
    /// - Parameters:
    ///   - kind: The element's kind.
    ///   - section: The number of the section that holds the element.
    ///   - item: The cell's item number in its section; 0 for a supplementary view.
    /// - Complexity: O(1).
    @inlinable public init(kind: ElementKind, section: Int, item: Int) {
        self.kind = kind
        self.section = section
        self.item = item
    }

    /// The identity of the cell at `item` of `section`.
    ///
    /// - Parameters:
    ///   - section: The number of the section that holds the cell.
    ///   - item: The cell's item number in its section.
    /// - Returns: An identity of kind `ElementKind.cell`.
    /// - Complexity: O(1).
    @inlinable public static func cell(section: Int, item: Int) -> ElementID {
        ElementID(kind: .cell, section: section, item: item)
    }
}
