import Tessera

/// The engine with a given index.
///
/// Inlinable, so that a layout registered from another module is timed through code specialised for its type there
/// (`BenchmarkLayout`), as the engine's own `@inlinable` paths are in an app.
public struct EngineSubject<Algorithm: UpdatableLayout, Index: SpatialIndex>: BenchmarkSubject {
    public let strategy: StrategyID
    @usableFromInline var _layout: CollectionLayout<Algorithm, Index>
    @usableFromInline var visible = VisibleElements()

    @inlinable public init(_ algorithm: Algorithm, index: Index = Index(), strategy: StrategyID) {
        _layout = CollectionLayout(algorithm, index: index)
        self.strategy = strategy
    }

    @inlinable public var layout: CollectionLayout<Algorithm, Index> { _layout }

    @inlinable public mutating func prepare(viewport: Size) throws(LayoutError) {
        try _layout.prepare(viewport: viewport)
    }

    @inlinable public mutating func query(_ rect: Rect, offset: Point) throws(LayoutError) -> Int {
        try _layout.attributes(in: rect, contentOffset: offset, into: &visible)
        return visible.count
    }

    @inlinable public func answer(_ rect: Rect, offset: Point) throws(LayoutError) -> [ElementAnswer] {
        var visible = VisibleElements()
        try _layout.attributes(in: rect, contentOffset: offset, into: &visible)
        return (0..<visible.count).map { position in
            let attributes = _layout.attributes(of: visible, at: position)
            return ElementAnswer(
                id: attributes.id, frame: attributes.frame, zIndex: attributes.zIndex, effect: attributes.effect)
        }.sorted()
    }

    @inlinable public var contentSize: Size { _layout.contentSize }

    @inlinable public var knownByteCount: Int? { _layout.byteCount }

    @inlinable public var updatesIncrementally: Bool { true }

    @inlinable public var sections: SectionList { _layout.algorithm.sections }

    @inlinable public func check(_ batch: [LayoutUpdate]) throws(LayoutError) {
        try _layout.algorithm.check(batch)
    }

    @inlinable public mutating func apply(_ update: LayoutUpdate) throws(LayoutError) {
        try _layout.apply(update)
    }

    @inlinable public mutating func apply(_ batch: [LayoutUpdate]) throws(LayoutError) {
        try _layout.apply(batch)
    }

    @inlinable public mutating func change(_ change: ScreenChange, keeping anchor: ScrollAnchor, at offset: Point)
        throws(LayoutError) -> Point
    {
        switch change {
        case .update(let update): try _layout.apply(update, keeping: anchor, at: offset)
        case .batch(let batch): try _layout.apply(batch, keeping: anchor, at: offset)
        case .sizes(let sizes): try _layout.invalidate(sizes: sizes, keeping: anchor, at: offset)
        case .viewport(let viewport): try _layout.prepare(viewport: viewport, keeping: anchor, at: offset)
        }
    }

    @inlinable public mutating func cells(in rect: Rect, offset: Point, into paths: inout [ItemPath])
        throws(LayoutError)
    {
        try _layout.attributes(in: rect, contentOffset: offset, into: &visible)
        // A reader remembers the chunk and the section it read last: the answer comes in layout order.
        var reader = _layout.store.reader
        for index in visible.indices {
            let id = reader.element(index).id
            if id.kind == .cell { paths.append(ItemPath(section: id.section, item: id.item)) }
        }
    }
}
