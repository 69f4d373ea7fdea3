import Tessera
import TesseraBaselines

// The one place a strategy becomes code. The runner, `tune`, `query`, the tests and the Benchmarks suite all get
// their subjects here, so a new strategy is added once: a case of `StrategyID`, and a line below. The makers are
// inlinable so that `BenchmarkLayout` can specialise them for a layout in the module that registers it; `visit`
// hands out those specialised subjects for a registered layout's type.

/// Code to run with a maker of subjects of one concrete type (Swift has no generic closures). The maker throws
/// for an index whose parameters its initialiser refuses.
public protocol SubjectVisitor {
    associatedtype Result
    associatedtype Failure: Error = any Error
    func visit<Subject: BenchmarkSubject>(_ make: @escaping @Sendable () throws(LayoutError) -> Subject) throws(Failure)
        -> Result
}

extension StrategyID {
    /// Hands `visitor` a maker of this strategy over `algorithm`, with its concrete type, so that what the visitor
    /// times is specialised for it: a tutorial's design, or the engine with the strategy's standard index. A
    /// registered layout's subjects come specialised from its registration, boxed.
    public func visit<Algorithm: UpdatableLayout, Visitor: SubjectVisitor>(_ algorithm: Algorithm, _ visitor: Visitor)
        throws(Visitor.Failure) -> Visitor.Result
    {
        if let registered = LayoutCatalog.subjects(for: Algorithm.self) {
            return try visitor.visit(registered.maker(.strategy(self), algorithm))
        }
        return try visitUnregistered(algorithm, visitor)
    }

    /// `visit`, specialised wherever it is inlined.
    @inlinable func visitUnregistered<Algorithm: UpdatableLayout, Visitor: SubjectVisitor>(
        _ algorithm: Algorithm, _ visitor: Visitor
    ) throws(Visitor.Failure) -> Visitor.Result {
        let strategy = self
        switch self {
        case .naiveDictionary:
            return try visitor.visit {
                BaselineSubject<NaiveDictionaryLayout<Algorithm>>(algorithm, strategy: strategy)
            }
        case .linearArray:
            return try visitor.visit { BaselineSubject<LinearArrayLayout<Algorithm>>(algorithm, strategy: strategy) }
        case .lineSectors:
            return try visitor.visit { BaselineSubject<LineSectorsLayout<Algorithm>>(algorithm, strategy: strategy) }
        case .mosaicBinarySearch:
            return try visitor.visit {
                BaselineSubject<MosaicBinarySearchLayout<Algorithm>>(algorithm, strategy: strategy)
            }
        case .unionRects, .pageTable, .soaBinarySearch, .intervalTree:
            return try IndexChoice.standard(self)!.visitUnregistered(algorithm, visitor)
        }
    }

    /// This strategy over `algorithm`, unprepared, for callers that time nothing.
    public func subject<Algorithm: UpdatableLayout>(_ algorithm: Algorithm) throws(LayoutError) -> any BenchmarkSubject
    {
        try visit(algorithm, ExistentialSubject())
    }
}

extension IndexChoice {
    /// The index a run uses for an engine strategy; `nil` for the baselines.
    @inlinable public static func standard(_ strategy: StrategyID) -> IndexChoice? {
        switch strategy {
        case .soaBinarySearch: .soaBinarySearch(blockSize: SoABinarySearchIndex.defaultBlockSize)
        case .intervalTree: .intervalTree(leafLevel: IntervalTreeIndex.defaultLeafLevel)
        case .pageTable: .pageTable(pagesPerViewport: 1)
        case .unionRects: .unionRects(blockSize: UnionRectsIndex.defaultBlockSize)
        case .naiveDictionary, .linearArray, .lineSectors, .mosaicBinarySearch: nil
        }
    }

    /// Hands `visitor` a maker of the engine over `algorithm` with this index, with its concrete type (a registered
    /// layout's from its registration, boxed).
    public func visit<Algorithm: UpdatableLayout, Visitor: SubjectVisitor>(_ algorithm: Algorithm, _ visitor: Visitor)
        throws(Visitor.Failure) -> Visitor.Result
    {
        if let registered = LayoutCatalog.subjects(for: Algorithm.self) {
            return try visitor.visit(registered.maker(.index(self), algorithm))
        }
        return try visitUnregistered(algorithm, visitor)
    }

    /// `visit`, specialised wherever it is inlined.
    @inlinable func visitUnregistered<Algorithm: UpdatableLayout, Visitor: SubjectVisitor>(
        _ algorithm: Algorithm, _ visitor: Visitor
    ) throws(Visitor.Failure) -> Visitor.Result {
        let strategy = strategy
        switch self {
        case .soaBinarySearch(let blockSize):
            return try visitor.visit { () throws(LayoutError) in
                EngineSubject(algorithm, index: try SoABinarySearchIndex(blockSize: blockSize), strategy: strategy)
            }
        case .intervalTree(let leafLevel):
            return try visitor.visit { () throws(LayoutError) in
                EngineSubject(algorithm, index: try IntervalTreeIndex(leafLevel: leafLevel), strategy: strategy)
            }
        case .pageTable(let pages):
            return try visitor.visit { () throws(LayoutError) in
                EngineSubject(algorithm, index: try PageTableIndex(pagesPerViewport: pages), strategy: strategy)
            }
        case .unionRects(let blockSize):
            return try visitor.visit { () throws(LayoutError) in
                EngineSubject(algorithm, index: try UnionRectsIndex(blockSize: blockSize), strategy: strategy)
            }
        }
    }

    /// The engine over `algorithm` with this index, unprepared, for callers that time nothing.
    public func subject<Algorithm: UpdatableLayout>(_ algorithm: Algorithm) throws(LayoutError) -> any BenchmarkSubject
    {
        try visit(algorithm, ExistentialSubject())
    }
}

/// Makes the subject and boxes it.
private struct ExistentialSubject: SubjectVisitor {
    typealias Failure = LayoutError

    func visit<Subject: BenchmarkSubject>(_ make: @escaping @Sendable () throws(LayoutError) -> Subject)
        throws(LayoutError) -> any BenchmarkSubject
    { try make() }
}
