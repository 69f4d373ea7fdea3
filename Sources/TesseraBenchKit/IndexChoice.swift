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
        case let .soaBinarySearch(blockSize): "block size \(blockSize)"
        case let .intervalTree(leafLevel): "leaf level \(leafLevel)"
        case let .pageTable(pages): "\(pages.formatted()) pages a viewport"
        case let .unionRects(blockSize): "block size \(blockSize)"
        }
    }

    public var description: String { "\(strategy.rawValue) (\(parameter))" }

    /// The index a run uses for an engine strategy; `nil` for the baselines.
    public static func standard(_ strategy: StrategyID) -> IndexChoice? {
        switch strategy {
        case .soaBinarySearch: .soaBinarySearch(blockSize: SoABinarySearchIndex.defaultBlockSize)
        case .intervalTree: .intervalTree(leafLevel: IntervalTreeIndex.defaultLeafLevel)
        case .pageTable: .pageTable(pagesPerViewport: 1)
        case .unionRects: .unionRects(blockSize: UnionRectsIndex.defaultBlockSize)
        case .naiveDictionary, .linearArray, .lineSectors, .mosaicBinarySearch: nil
        }
    }

    /// What `tune` tries: every exact index, at the parameters around its default.
    public static let tuningGrid: [IndexChoice] =
        [4, 8, 16, 32, 64].map { .soaBinarySearch(blockSize: $0) }
        + [1, 2, 3, 4, 5].map { .intervalTree(leafLevel: $0) }
        + [0.5, 1, 2, 4].map { .pageTable(pagesPerViewport: $0) }
        + [10, 20, 40].map { .unionRects(blockSize: $0) }

    /// Hands `visitor` a maker of the engine over `algorithm` with this index, with its concrete type, so that
    /// what the visitor times is specialised for it.
    func visit<Algorithm: LayoutAlgorithm, Visitor: SubjectVisitor>(_ algorithm: Algorithm, _ visitor: Visitor) throws -> Visitor.Result {
        let strategy = strategy
        switch self {
        case let .soaBinarySearch(blockSize):
            return try visitor.visit { EngineSubject(algorithm, index: SoABinarySearchIndex(blockSize: blockSize), strategy: strategy) }
        case let .intervalTree(leafLevel):
            return try visitor.visit { EngineSubject(algorithm, index: IntervalTreeIndex(leafLevel: leafLevel), strategy: strategy) }
        case let .pageTable(pages):
            return try visitor.visit { EngineSubject(algorithm, index: PageTableIndex(pagesPerViewport: pages), strategy: strategy) }
        case let .unionRects(blockSize):
            return try visitor.visit { EngineSubject(algorithm, index: UnionRectsIndex(blockSize: blockSize), strategy: strategy) }
        }
    }
}

/// Code to run with a maker of subjects of one concrete type (Swift has no generic closures).
protocol SubjectVisitor {
    associatedtype Result
    func visit<Subject: BenchmarkSubject>(_ make: () -> Subject) throws -> Result
}
