import Tessera

/// The engine with a given index.
public struct EngineSubject<Algorithm: UpdatableLayout, Index: SpatialIndex>: BenchmarkSubject {
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
        return (0..<visible.count).map { position in
            let attributes = layout.attributes(of: visible, at: position)
            return ElementAnswer(id: attributes.id, frame: attributes.frame, zIndex: attributes.zIndex, effect: attributes.effect)
        }.sorted()
    }

    public var contentSize: Size { layout.contentSize }

    public var knownByteCount: Int? { layout.byteCount }

    public static var updatesIncrementally: Bool { true }

    public var sections: [LayoutSection] { layout.algorithm.sections }

    public func check(_ batch: [LayoutUpdate]) throws(LayoutError) {
        try layout.algorithm.check(batch)
    }

    public mutating func apply(_ update: LayoutUpdate) throws(LayoutError) {
        try layout.apply(update)
    }

    public mutating func apply(_ batch: [LayoutUpdate]) throws(LayoutError) {
        try layout.apply(batch)
    }

    public mutating func invalidate(sizes: [(path: ItemPath, size: Size)], contentOffset: Point) throws(LayoutError) -> Point {
        try layout.invalidate(sizes: sizes, contentOffset: contentOffset)
    }

    public mutating func cells(in rect: Rect, offset: Point, into paths: inout [ItemPath]) throws(LayoutError) {
        try layout.attributes(in: rect, contentOffset: offset, into: &visible)
        let store = layout.store
        var section = 0
        for index in visible.indices {
            section = store.section(ofElement: index, near: section)
            let id = store.element(index, inSection: section).id
            if id.kind == .cell { paths.append(ItemPath(section: id.section, item: id.item)) }
        }
    }
}
