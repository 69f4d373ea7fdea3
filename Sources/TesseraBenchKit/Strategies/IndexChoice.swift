import Tessera

/// One of the engine's indexes with its parameters, so that runs use the defaults and `tune` tries the others.
public enum IndexChoice: Hashable, Sendable, CustomStringConvertible {
    case soaBinarySearch(blockSize: Int)
    case intervalTree(leafLevel: Int)
    case pageTable(pagesPerViewport: Double)
    case unionRects(blockSize: Int)

    public var strategy: StrategyID {
        switch self {
        case .soaBinarySearch: .soaBinarySearch
        case .intervalTree: .intervalTree
        case .pageTable: .pageTable
        case .unionRects: .unionRects
        }
    }

    /// The parameter, as `tune` and reports name it.
    public var parameter: String {
        switch self {
        case .soaBinarySearch(let blockSize): "block size \(blockSize)"
        case .intervalTree(let leafLevel): "leaf level \(leafLevel)"
        case .pageTable(let pages): "\(pages.formatted()) pages a viewport"
        case .unionRects(let blockSize): "block size \(blockSize)"
        }
    }

    public var description: String { "\(strategy.rawValue) (\(parameter))" }

    /// What `tune` tries: every exact index, at the parameters around its default.
    public static let tuningGrid: [IndexChoice] =
        [4, 8, 16, 32, 64].map { .soaBinarySearch(blockSize: $0) }
        + [1, 2, 3, 4, 5].map { .intervalTree(leafLevel: $0) }
        + [0.5, 1, 2, 4].map { .pageTable(pagesPerViewport: $0) }
        + [10, 20, 40].map { .unionRects(blockSize: $0) }
}
