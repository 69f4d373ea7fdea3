import Tessera
import TesseraBaselines

/// One of the tutorials' designs. Inlinable for the same reason as `EngineSubject`, though the designs themselves
/// run unspecialised, from whichever module, as they always have (see `NaiveEffects`).
public struct BaselineSubject<Layout: NaiveLayout>: BenchmarkSubject where Layout.Algorithm: UpdatableLayout {
    public let strategy: StrategyID
    @usableFromInline let layout: Layout
    /// The data the updates edit, held by an engine layout that is never prepared: it checks and applies a batch
    /// to the data as the engine does, and lays nothing out.
    @usableFromInline var data: CollectionLayout<Layout.Algorithm, BruteForceIndex>
    @usableFromInline var viewport: Size?

    @inlinable public init(_ algorithm: Layout.Algorithm, strategy: StrategyID) {
        layout = Layout(algorithm)
        data = CollectionLayout(algorithm)
        self.strategy = strategy
    }

    @inlinable public mutating func prepare(viewport: Size) throws(LayoutError) {
        try layout.prepare(viewport: viewport)
        self.viewport = viewport
    }

    @inlinable public mutating func query(_ rect: Rect, offset: Point) throws(LayoutError) -> Int {
        layout.layoutAttributesForElements(in: rect, contentOffset: offset).count
    }

    @inlinable public func answer(_ rect: Rect, offset: Point) throws(LayoutError) -> [ElementAnswer] {
        layout.layoutAttributesForElements(in: rect, contentOffset: offset).map {
            ElementAnswer(id: $0.elementID, frame: $0.frame, zIndex: $0.zIndex, effect: $0.effect)
        }.sorted()
    }

    @inlinable public var contentSize: Size { layout.contentSize }

    @inlinable public var knownByteCount: Int? { nil }

    @inlinable public var updatesIncrementally: Bool { false }

    @inlinable public var sections: SectionList { data.algorithm.sections }

    @inlinable public func check(_ batch: [LayoutUpdate]) throws(LayoutError) {
        try data.algorithm.check(batch)
    }

    @inlinable public mutating func apply(_ update: LayoutUpdate) throws(LayoutError) {
        try data.apply(update)
        try prepareAfterChange()
    }

    @inlinable public mutating func apply(_ batch: [LayoutUpdate]) throws(LayoutError) {
        try data.apply(batch)
        try prepareAfterChange()
    }

    /// The tutorials keep no anchor: the view keeps its content offset (UIKit clamps it to the new content), so what
    /// is on screen moves by whatever changed above it.
    @inlinable public mutating func change(_ change: ScreenChange, keeping anchor: ScrollAnchor, at offset: Point)
        throws(LayoutError) -> Point
    {
        switch change {
        case .update(let update): try apply(update)
        case .batch(let batch): try apply(batch)
        case .sizes(let sizes):
            try data.invalidate(sizes: sizes)
            try prepareAfterChange()
        case .viewport(let viewport): try prepare(viewport: viewport)
        }
        return offset.clampedContentOffset(content: layout.contentSize, viewport: viewport ?? .zero)
    }

    @inlinable public mutating func cells(in rect: Rect, offset: Point, into paths: inout [ItemPath])
        throws(LayoutError)
    {
        for attributes in layout.layoutAttributesForElements(in: rect, contentOffset: offset)
        where attributes.elementKind == .cell {
            paths.append(ItemPath(section: attributes.elementID.section, item: attributes.elementID.item))
        }
    }

    /// The tutorials' answer to a change of data: the new data, the cache cleared, everything laid out again.
    @inlinable mutating func prepareAfterChange() throws(LayoutError) {
        layout.algorithm = data.algorithm
        if let viewport { try layout.prepare(viewport: viewport) }
    }
}
