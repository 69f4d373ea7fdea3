/// The layouts the benchmark knows, by their ids in the CLI and in reports.
public enum LayoutID: String, CaseIterable, Codable, Sendable {
    case flow
    case waterfall
    case mosaic
    case carousel
    case stickyParallax = "sticky-parallax"

    /// The designs the layout's tutorial teaches, which a default run sets against the engine.
    public var tutorialStrategies: [StrategyID] {
        switch self {
        case .flow: [.naiveDictionary, .lineSectors]
        case .waterfall: [.naiveDictionary, .linearArray]
        case .mosaic: [.naiveDictionary, .mosaicBinarySearch]
        case .carousel, .stickyParallax: [.naiveDictionary]
        }
    }
}
