import Tessera
import TesseraBaselines

/// One element of an answer, comparable across designs.
public struct ElementAnswer: Hashable, Comparable, Sendable {
    public var id: ElementID
    public var frame: Rect

    public static func < (lhs: ElementAnswer, rhs: ElementAnswer) -> Bool {
        (lhs.id.section, lhs.id.kind.rawValue, lhs.id.item) < (rhs.id.section, rhs.id.kind.rawValue, rhs.id.item)
    }
}

/// A layout under benchmark: the engine with one index, or one of the tutorials' designs.
///
/// The runner opens the existential once and runs generic code below it, so every timed loop is specialised.
public protocol BenchmarkSubject {
    var strategy: StrategyID { get }
    mutating func prepare(viewport: Size) throws(LayoutError)
    /// The timed query: answers `rect` the way the design does and returns how many elements it found.
    mutating func query(_ rect: Rect) throws(LayoutError) -> Int
    /// The answer to `rect` as sorted identities and frames, for checking against brute force.
    func answer(_ rect: Rect) throws(LayoutError) -> [ElementAnswer]
    /// The bytes the design holds, when it knows them without asking the allocator.
    var knownByteCount: Int? { get }
}

/// The engine with a given index.
public struct EngineSubject<Algorithm: LayoutAlgorithm, Index: SpatialIndex>: BenchmarkSubject {
    public let strategy: StrategyID
    public private(set) var layout: CollectionLayout<Algorithm, Index>
    private var visible = VisibleElements()

    public init(_ algorithm: Algorithm, index: Index = Index(), strategy: StrategyID) {
        layout = CollectionLayout(algorithm, index: index)
        self.strategy = strategy
    }

    public mutating func prepare(viewport: Size) throws(LayoutError) {
        try layout.prepare(viewport: viewport)
    }

    public mutating func query(_ rect: Rect) throws(LayoutError) -> Int {
        try layout.attributes(in: rect, into: &visible)
        return visible.count
    }

    public func answer(_ rect: Rect) throws(LayoutError) -> [ElementAnswer] {
        try layout.answer(rect)
    }

    public var knownByteCount: Int? { layout.byteCount }
}

/// The naive dictionary cache of class-based attributes.
public struct NaiveDictionarySubject<Algorithm: LayoutAlgorithm>: BenchmarkSubject {
    public var strategy: StrategyID { .naiveDictionary }
    private let layout: NaiveDictionaryLayout<Algorithm>

    public init(_ algorithm: Algorithm) {
        layout = NaiveDictionaryLayout(algorithm)
    }

    public mutating func prepare(viewport: Size) throws(LayoutError) {
        try layout.prepare(viewport: viewport)
    }

    public mutating func query(_ rect: Rect) throws(LayoutError) -> Int {
        layout.layoutAttributesForElements(in: rect, contentOffset: rect.origin).count
    }

    public func answer(_ rect: Rect) throws(LayoutError) -> [ElementAnswer] {
        layout.layoutAttributesForElements(in: rect, contentOffset: rect.origin).map { ElementAnswer(id: $0.elementID, frame: $0.frame) }.sorted()
    }

    public var knownByteCount: Int? { nil }
}

extension CollectionLayout {
    /// The elements intersecting `rect` as sorted identities and frames.
    public func answer(_ rect: Rect) throws(LayoutError) -> [ElementAnswer] {
        var visible = VisibleElements()
        try attributes(in: rect, into: &visible)
        return visible.indices.map { ElementAnswer(id: store.elementID(at: $0), frame: store.frame(at: $0)) }.sorted()
    }
}
