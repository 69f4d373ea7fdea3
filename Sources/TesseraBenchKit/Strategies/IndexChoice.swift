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

    /// The choice as `run --index` takes it and `tune` prints it: the strategy and its one number,
    /// `soa-binary-search:32`, `page-table:0.5`.
    public var argument: String {
        switch self {
        case .soaBinarySearch(let size), .unionRects(let size): "\(strategy.rawValue):\(size)"
        case .intervalTree(let level): "\(strategy.rawValue):\(level)"
        // Whole pages as whole numbers (`page-table:2`), as a user types them; `Int` holds any below 10^15.
        case .pageTable(let pages):
            "\(strategy.rawValue):\(pages == pages.rounded() && abs(pages) < 1e15 ? String(Int(pages)) : "\(pages)")"
        }
    }

    /// The choice `argument` names (`STRATEGY:NUMBER`), or `nil`: a baseline, an unknown strategy, or a number of
    /// the wrong kind (a block size or leaf level is whole). Ranges are the index's to check (`validate()`).
    public init?(argument: String) {
        let parts = argument.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let strategy = StrategyID(rawValue: String(parts[0])) else { return nil }
        let number = String(parts[1])
        switch strategy {
        case .soaBinarySearch:
            guard let size = Int(number) else { return nil }
            self = .soaBinarySearch(blockSize: size)
        case .intervalTree:
            guard let level = Int(number) else { return nil }
            self = .intervalTree(leafLevel: level)
        case .unionRects:
            guard let size = Int(number) else { return nil }
            self = .unionRects(blockSize: size)
        case .pageTable:
            guard let pages = Double(number), pages.isFinite else { return nil }
            self = .pageTable(pagesPerViewport: pages)
        case .naiveDictionary, .linearArray, .lineSectors, .mosaicBinarySearch: return nil
        }
    }

    /// What the number of `argument` is for each engine strategy, for help texts.
    public static let argumentForms =
        "soa-binary-search:BLOCK-SIZE, interval-tree:LEAF-LEVEL, page-table:PAGES-A-VIEWPORT, union-rects:BLOCK-SIZE"

    /// Refuses a parameter the index's initialiser refuses, with its reason.
    public func validate() throws(LayoutError) {
        switch self {
        case .soaBinarySearch(let size): _ = try SoABinarySearchIndex(blockSize: size)
        case .intervalTree(let level): _ = try IntervalTreeIndex(leafLevel: level)
        case .pageTable(let pages): _ = try PageTableIndex(pagesPerViewport: pages)
        case .unionRects(let size): _ = try UnionRectsIndex(blockSize: size)
        }
    }

    /// What `tune` tries: every exact index, at the parameters around its default.
    public static let tuningGrid: [IndexChoice] =
        [4, 8, 16, 32, 64].map { .soaBinarySearch(blockSize: $0) }
        + [1, 2, 3, 4, 5].map { .intervalTree(leafLevel: $0) }
        + [0.5, 1, 2, 4].map { .pageTable(pagesPerViewport: $0) }
        + [10, 20, 40].map { .unionRects(blockSize: $0) }
}
