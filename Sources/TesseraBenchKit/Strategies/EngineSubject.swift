import Tessera

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

    public mutating func query(_ rect: Rect, offset: Point) throws(LayoutError) -> Int {
        try layout.attributes(in: rect, contentOffset: offset, into: &visible)
        return visible.count
    }

    public func answer(_ rect: Rect, offset: Point) throws(LayoutError) -> [ElementAnswer] {
        var visible = VisibleElements()
        try layout.attributes(in: rect, contentOffset: offset, into: &visible)
        return visible.indices.indices.map { position in
            let attributes = layout.attributes(of: visible, at: position)
            return ElementAnswer(id: attributes.id, frame: attributes.frame, zIndex: attributes.zIndex, effect: attributes.effect)
        }.sorted()
    }

    public var contentSize: Size { layout.contentSize }

    public var knownByteCount: Int? { layout.byteCount }
}
