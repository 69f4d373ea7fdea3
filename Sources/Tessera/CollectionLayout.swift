/// The collection-view layout core process over a struct-of-arrays store: an algorithm writes every frame in
/// `prepare`, an index answers rect queries, and attributes are assembled only for the elements asked for.
///
/// The query strategy is a type parameter, so the hot loops are specialised for it; pick it once at the top.
public struct CollectionLayout<Algorithm: LayoutAlgorithm, Index: SpatialIndex>: Sendable {
    public let algorithm: Algorithm
    @usableFromInline var _store = AttributeStore()
    @usableFromInline var index: Index
    @usableFromInline var _contentSize = Size.zero
    @usableFromInline var _viewport: Size?

    public var store: AttributeStore { _store }
    public var contentSize: Size { _contentSize }
    /// The viewport of the last `prepare`, `nil` before the first.
    public var viewport: Size? { _viewport }

    public init(_ algorithm: Algorithm, index: Index = Index()) {
        self.algorithm = algorithm
        self.index = index
    }

    /// Computes every element's frame for `viewport` and rebuilds the index, keeping the buffers' capacity.
    /// Inlinable so that the caller's concrete algorithm and index specialise the whole write.
    @inlinable public mutating func prepare(viewport: Size) throws(LayoutError) {
        guard viewport.isValidExtent else { throw .invalidViewport(viewport) }
        let algorithm = algorithm  // a local, so the closure does not read `self` while the store is written
        _contentSize = _store.rewrite(reservingCapacity: algorithm.elementCount) { writer in
            algorithm.write(into: &writer, viewport: viewport)
        }
        index.build(over: _store, axis: algorithm.scrollAxis)
        _viewport = viewport
    }

    /// UIKit's `layoutAttributesForElements(in:)`: writes the indices of the elements intersecting `rect` into
    /// `result`, replacing what it held. Read each element with `attributes(ofElement:)`.
    @inlinable public func attributes(in rect: Rect, into result: inout VisibleElements) throws(LayoutError) {
        guard !(rect.minX.isNaN || rect.maxX.isNaN || rect.minY.isNaN || rect.maxY.isNaN) else {
            throw .invalidRect(rect)
        }
        result.removeAll()
        index.query(rect, in: _store, axis: algorithm.scrollAxis, into: &result)
    }

    public func attributes(ofElement elementIndex: Int) -> LayoutAttributes {
        LayoutAttributes(id: store.elementID(at: elementIndex), frame: store.frame(at: elementIndex))
    }

    public func attributesForItem(section: Int, item: Int) -> LayoutAttributes? {
        store.index(of: .cell(section: section, item: item)).map(attributes(ofElement:))
    }

    public func attributesForSupplementary(kind: ElementKind, section: Int) -> LayoutAttributes? {
        store.index(of: ElementID(kind: kind, section: section, item: 0)).map(attributes(ofElement:))
    }

    /// A new size needs a new `prepare`; a scroll needs fresh effects only where the layout has them.
    public func shouldInvalidate(forBoundsChange newBounds: Rect) -> Invalidation {
        if Size(width: newBounds.width, height: newBounds.height) != viewport { return .layout }
        return algorithm.hasScrollEffects ? .effects : .none
    }

    /// Where a scroll comes to rest: where it was going, for layouts that do not page.
    public func targetContentOffset(proposed: Point, velocity: Point) -> Point {
        proposed
    }

    /// The bytes the store and the index hold.
    public var byteCount: Int {
        store.byteCount + index.byteCount
    }
}
