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

    /// Whether the layout's data is sections of sized items, which updates may insert, delete and move and cells
    /// may size themselves in; Mosaic and the carousel are one section whose frames follow from its count alone.
    public var hasSizedSections: Bool {
        switch self {
        case .flow, .waterfall, .stickyParallax: true
        case .mosaic, .carousel: false
        }
    }
}
