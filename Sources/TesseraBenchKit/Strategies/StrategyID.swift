/// The query strategies the benchmark knows, by their ids in the CLI and in reports.
public enum StrategyID: String, CaseIterable, Codable, Sendable {
    case naiveDictionary = "naive-dictionary"
    case linearArray = "linear-array"
    case lineSectors = "line-sectors"
    case mosaicBinarySearch = "mosaic-binary-search"
    case unionRects = "union-rects"
    case pageTable = "page-table"
    case soaBinarySearch = "soa-binary-search"
    case intervalTree = "interval-tree"

    /// Whether the strategy is one of the tutorials' designs, class-based attributes in a cache, rather than an
    /// index over the engine's store.
    public var isBaseline: Bool {
        switch self {
        case .naiveDictionary, .linearArray, .lineSectors, .mosaicBinarySearch: true
        case .unionRects, .pageTable, .soaBinarySearch, .intervalTree: false
        }
    }

    /// The engine's strategies.
    public static var engine: [StrategyID] { allCases.filter { !$0.isBaseline } }

    /// Apple's Mosaic search assumes frames sorted along the scroll axis and misses elements where they are not:
    /// it is timed as written, with what it misses reported beside its times. Every other strategy must be exact,
    /// and one that is not is reported and not timed.
    public var isKnownInexact: Bool {
        self == .mosaicBinarySearch
    }
}
