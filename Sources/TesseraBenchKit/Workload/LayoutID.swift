/// A layout's id in the CLI and in reports: one of the built-in layouts', or one registered with `LayoutCatalog`.
public struct LayoutID: RawRepresentable, Hashable, Codable, Sendable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }

    public var description: String { rawValue }

    public static let flow: LayoutID = "flow"
    public static let waterfall: LayoutID = "waterfall"
    public static let mosaic: LayoutID = "mosaic"
    public static let carousel: LayoutID = "carousel"
    public static let stickyParallax: LayoutID = "sticky-parallax"

    /// The layouts every Tessera benchmark knows, in the order runs and reports take them.
    public static let builtIn: [LayoutID] = [.flow, .waterfall, .mosaic, .carousel, .stickyParallax]

    public var isBuiltIn: Bool { Self.builtIn.contains(self) }

    /// The designs the layout's tutorial teaches, which a default run sets against the engine: a registered
    /// layout's own, or the naive dictionary, which stands for every tutorial.
    public var tutorialStrategies: [StrategyID] {
        switch self {
        case .flow: [.naiveDictionary, .lineSectors]
        case .waterfall: [.naiveDictionary, .linearArray]
        case .mosaic: [.naiveDictionary, .mosaicBinarySearch]
        case .carousel, .stickyParallax: [.naiveDictionary]
        default: LayoutCatalog.registered(self)?.tutorialStrategies ?? [.naiveDictionary]
        }
    }

    /// Whether the layout reads its items' sizes: Mosaic and the carousel take their counts alone.
    public var readsItemSizes: Bool {
        ![.mosaic, .carousel].contains(self)
    }

    /// Whether an id can name a layout: lowercase letters, digits and dashes, as the built-ins' are, so that it can
    /// stand in a comma-separated list, a file name and a benchmark name.
    static func isWellFormed(_ text: String) -> Bool {
        !text.isEmpty && text != "all" && text.first != "-"
            && text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }
}
