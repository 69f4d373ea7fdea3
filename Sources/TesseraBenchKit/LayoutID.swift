/// The layouts the benchmark knows, by their ids in the CLI and in reports.
public enum LayoutID: String, CaseIterable, Codable, Sendable {
    case flow
}

/// The query strategies the benchmark knows, by their ids in the CLI and in reports.
public enum StrategyID: String, CaseIterable, Codable, Sendable {
    case naiveDictionary = "naive-dictionary"
    case soaBinarySearch = "soa-binary-search"

    /// Whether the strategy is one of the tutorials' designs rather than the engine's.
    public var isBaseline: Bool {
        switch self {
        case .naiveDictionary: true
        case .soaBinarySearch: false
        }
    }
}
