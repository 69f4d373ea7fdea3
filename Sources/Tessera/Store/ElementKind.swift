/// What an element is: a cell or a supplementary view, as a small integer so the store keeps one byte an element.
///
/// The engine knows cells, section headers and section footers. A layout defines kinds of its own beside them, from
/// `firstCustomRawValue` on (as `StickyParallaxLayout` does its top header and menu), and names every kind it writes
/// (`LayoutAlgorithm.name(of:)`), as UIKit layouts name their element kinds.
public struct ElementKind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The kind's number: 0 to 2 for the engine's kinds, `firstCustomRawValue` and above for a layout's own.
    public var rawValue: UInt8

    /// Creates the kind numbered `rawValue`.
    ///
    /// - Parameter rawValue: The kind's number: 0 to 2 for the engine's kinds, `firstCustomRawValue` and above for a
    ///   layout's own.
    /// - Complexity: O(1).
    @inlinable public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    // Computed rather than stored, so a comparison with a kind is a comparison with a constant.
    /// A cell: an item of a section.
    @inlinable public static var cell: ElementKind { ElementKind(rawValue: 0) }
    /// A section header.
    @inlinable public static var header: ElementKind { ElementKind(rawValue: 1) }
    /// A section footer.
    @inlinable public static var footer: ElementKind { ElementKind(rawValue: 2) }
    /// The first raw value left for a layout's own kinds.
    public static let firstCustomRawValue: UInt8 = 3

    /// Whether two kinds are the same kind.
    ///
    /// - Parameters:
    ///   - lhs: A kind.
    ///   - rhs: Another kind.
    /// - Returns: `true` when the kinds have the same raw value; otherwise, `false`.
    /// - Complexity: O(1).
    @inlinable public static func == (lhs: ElementKind, rhs: ElementKind) -> Bool {
        lhs.rawValue == rhs.rawValue
    }

    /// Hashes the kind's raw value into `hasher`.
    ///
    /// - Parameter hasher: The hasher to feed.
    /// - Complexity: O(1).
    @inlinable public func hash(into hasher: inout Hasher) {
        hasher.combine(rawValue)
    }

    /// "cell", "header", "footer", or "kind" and the raw value for a layout's own kind.
    public var description: String {
        switch rawValue {
        case 0: "cell"
        case 1: "header"
        case 2: "footer"
        default: "kind \(rawValue)"
        }
    }
}
