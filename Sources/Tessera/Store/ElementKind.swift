/// What an element is: a cell or a supplementary view of some kind, interned as a small integer so the store can
/// keep one byte per element.
public enum ElementKind: UInt8, Hashable, Sendable, CaseIterable {
    case cell
    /// A section header.
    case header
    /// A section footer.
    case footer
    /// The stretchy header above every section (a custom kind).
    case topHeader
    /// The sticky menu below the top header (a custom kind).
    case menu

    /// The name used in `dump` and `query` output and in reports.
    public var name: String {
        switch self {
        case .cell: "cell"
        case .header: "header"
        case .footer: "footer"
        case .topHeader: "top-header"
        case .menu: "menu"
        }
    }

    public init?(name: String) {
        guard let kind = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = kind
    }
}
