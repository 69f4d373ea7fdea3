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
    /// Refuses a viewport that is not a valid size, and a layout of more elements than `Index.maximumElementCount`
    /// (by the algorithm's `elementCount`, which must be what it writes: debug builds check that it is).
    ///
    /// - Complexity: O(*n*) for the write, plus the index's build (O(*n*) or O(*n* log *n*)).
    @inlinable public mutating func prepare(viewport: Size) throws(LayoutError) {
        guard viewport.isValidExtent else { throw .invalidViewport(viewport) }
        let algorithm = algorithm  // a local, so the closure does not read `self` while the store is written
        guard algorithm.elementCount <= Index.maximumElementCount else {
            throw .tooManyElements(count: algorithm.elementCount, limit: Index.maximumElementCount)
        }
        _contentSize = _store.rewrite(reservingCapacity: algorithm.elementCount) { writer in
            algorithm.write(into: &writer, viewport: viewport)
        }
        assert(_store.count == algorithm.elementCount, "\(Algorithm.self) wrote \(_store.count) elements, not its elementCount \(algorithm.elementCount)")
        index.build(over: _store, axis: algorithm.scrollAxis, viewport: viewport)
        _viewport = viewport
        assert(invariantViolation() == nil, "\(Index.self): \(invariantViolation() ?? "")")
    }

    /// The first invariant the index breaks over the store, described; `nil` when it holds them all. Debug builds
    /// check it after every `prepare`.
    ///
    /// - Complexity: O(*n*) or O(*n* log *n*), as the index's check.
    public func invariantViolation() -> String? {
        index.invariantViolation(over: _store, axis: algorithm.scrollAxis)
    }

    /// UIKit's `layoutAttributesForElements(in:)`: writes the elements displayed in `rect` into `result`,
    /// replacing what it held, with their effects at `contentOffset` (the rect's origin when not given, as when
    /// the rect is the visible bounds). Read each with `attributes(of:at:)`.
    ///
    /// - Complexity: the index's search (O(log *n*) for `SoABinarySearchIndex` and `IntervalTreeIndex`, O(*n*) for
    ///   `BruteForceIndex`) plus O(*k*) for the *k* elements found and their effects. No allocation once `result`
    ///   has grown to the answer's size.
    @inlinable public func attributes(
        in rect: Rect, contentOffset: Point? = nil, into result: inout VisibleElements
    ) throws(LayoutError) {
        guard !(rect.minX.isNaN || rect.maxX.isNaN || rect.minY.isNaN || rect.maxY.isNaN) else {
            throw .invalidRect(rect)
        }
        result.removeAll()
        index.query(rect, in: _store, axis: algorithm.scrollAxis, into: &result)
        if algorithm.hasScrollEffects, let viewport = _viewport {
            algorithm.applyEffects(to: &result, in: rect, offset: contentOffset ?? rect.origin, viewport: viewport, store: _store)
        }
    }

    /// The attributes of the element at `position` in a query's answer, with its effect.
    ///
    /// - Complexity: O(log *s*) for *s* sections (the element's section is searched).
    public func attributes(of visible: VisibleElements, at position: Int) -> LayoutAttributes {
        assemble(visible.indices[position]) { _, _ in visible.effect(at: position) }
    }

    /// The attributes of the element at `elementIndex` in the store, with its effect at `contentOffset` when the
    /// layout has scroll effects and an offset is given.
    ///
    /// - Complexity: O(log *s*) for *s* sections.
    public func attributes(ofElement elementIndex: Int, contentOffset: Point? = nil) -> LayoutAttributes {
        assemble(elementIndex) { id, frame in
            guard algorithm.hasScrollEffects, let contentOffset, let viewport else { return .none }
            return algorithm.effect(of: id, frame: frame, offset: contentOffset, viewport: viewport)
        }
    }

    /// One element's attributes: its identity and frame read once, its zIndex from the layout, its effect from `effect`.
    private func assemble(_ elementIndex: Int, effect: (ElementID, Rect) -> ScrollEffect) -> LayoutAttributes {
        let id = store.elementID(at: elementIndex)
        let frame = store.frame(at: elementIndex)
        return LayoutAttributes(id: id, frame: frame, zIndex: algorithm.zIndex(of: id, at: elementIndex), effect: effect(id, frame))
    }

    /// The attributes of a cell by identity, `nil` when the layout has no such cell.
    ///
    /// - Complexity: O(log *s*) for *s* sections.
    public func attributesForItem(section: Int, item: Int, contentOffset: Point? = nil) -> LayoutAttributes? {
        store.index(of: .cell(section: section, item: item)).map { attributes(ofElement: $0, contentOffset: contentOffset) }
    }

    /// The attributes of a supplementary view by kind and section, `nil` when the section has none of that kind.
    ///
    /// - Complexity: O(log *s* + *v*) for *s* sections and the section's *v* supplementary views.
    public func attributesForSupplementary(kind: ElementKind, section: Int, contentOffset: Point? = nil) -> LayoutAttributes? {
        store.index(of: ElementID(kind: kind, section: section, item: 0)).map { attributes(ofElement: $0, contentOffset: contentOffset) }
    }

    /// A new size needs a new `prepare`; a scroll needs fresh effects only where the layout has them.
    ///
    /// - Complexity: O(1).
    public func shouldInvalidate(forBoundsChange newBounds: Rect) -> Invalidation {
        if Size(width: newBounds.width, height: newBounds.height) != viewport { return .layout }
        return algorithm.hasScrollEffects ? .effects : .none
    }

    /// Where a scroll that would stop at `proposed` comes to rest: an item's centre for the carousel, which pages,
    /// and `proposed` itself for the others.
    ///
    /// - Complexity: O(1) for the layouts here.
    public func targetContentOffset(proposed: Point, velocity: Point) -> Point {
        guard let viewport else { return proposed }
        return algorithm.targetContentOffset(proposed: proposed, velocity: velocity, viewport: viewport, store: store)
    }

    /// The bytes the store and the index hold.
    public var byteCount: Int {
        store.byteCount + index.byteCount
    }
}
