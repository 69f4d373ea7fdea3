/// The collection-view layout core process over struct-of-arrays storage: an algorithm writes every section's
/// frames in `prepare` into the store's chunks, one index per chunk answers rect queries, and attributes are
/// assembled only for the elements asked for.
///
/// The query strategy is a type parameter, so the hot loops are specialised for it; pick it once at the top.
public struct CollectionLayout<Algorithm: LayoutAlgorithm, Index: SpatialIndex>: Sendable {
    /// The layout's arithmetic and its data; updates change the data (`apply(_:)`). The query reads `_algorithm`
    /// itself: a call on this property's value copies the layout (a retain and a release of each of its buffers).
    @inlinable public var algorithm: Algorithm { _algorithm }
    @usableFromInline var _algorithm: Algorithm
    @usableFromInline var _store = LayoutStore()
    /// One index per chunk, by chunk id, over the chunk's frames.
    @usableFromInline var indexes: [Index] = []
    /// The index as it was handed to `init`, unbuilt: each new chunk's index starts as a copy of it.
    @usableFromInline let emptyIndex: Index
    @usableFromInline var _contentSize = Size.zero
    @usableFromInline var _viewport: Size?
    /// The answer an anchor is found in (`CollectionLayout+Anchoring.swift`), made by the first anchored change and
    /// kept, so that later ones allocate nothing: one reference, `nil` until then, because every query reads the
    /// layout whole and retains each buffer it holds (the answer's three cost every query 45 instructions).
    @usableFromInline var anchorBuffer: AnchorBuffer?

    /// Every element's frame, as the last prepare or update left them; empty before the first prepare.
    @inlinable public var store: LayoutStore { _store }
    /// The size of the content the last prepare or update laid out; zero before the first prepare.
    public var contentSize: Size { _contentSize }
    /// The viewport of the last `prepare`, `nil` before the first.
    public var viewport: Size? { _viewport }

    /// Creates an engine over `algorithm`'s data, with nothing laid out until `prepare(viewport:)`.
    ///
    /// - Parameters:
    ///   - algorithm: The layout's arithmetic and its data.
    ///   - index: An unbuilt index, which each chunk's index starts as a copy of: pass one made with parameters of its
    ///     own, such as a block size.
    /// - Complexity: O(1).
    public init(_ algorithm: Algorithm, index: Index = Index()) {
        _algorithm = algorithm
        emptyIndex = index
    }

    /// Computes every element's frame for `viewport`, section by section into the store's chunks, and builds each
    /// chunk's index, keeping the buffers. Inlinable so that the caller's concrete algorithm and index specialise
    /// the whole write. Refuses a viewport that is not a valid size and more elements than the machine's memory
    /// could hold, before allocating.
    ///
    /// - Parameter viewport: The size of the collection view's bounds.
    /// - Throws: `LayoutError.invalidViewport` for a viewport that is not a valid size, or another `LayoutError` the
    ///   layout's `validate(viewport:)` raises; `LayoutError.insufficientMemory` when the elements' frames would not
    ///   fit the machine's memory. A refused prepare leaves the layout as it was.
    /// - Complexity: O(*n*) for the write, plus the indexes' builds (O(*n*), or O(*n* log *m*) for chunks of *m*
    ///   an interval tree has to sort).
    @inlinable public mutating func prepare(viewport: Size) throws(LayoutError) {
        try _algorithm.validate(viewport: viewport)
        try PhysicalMemory.checkFits(elementCount: _algorithm.elementCount)
        // The indexes are moved into the builder for the write, which builds each chunk's as the chunk fills.
        var builder = IndexBuilder(indexes: [], empty: emptyIndex, axis: _algorithm.scrollAxis, viewport: viewport)
        swap(&builder.indexes, &indexes)
        // The write is compiled for the layout's axis and for whether it keeps its positions on the scroll grid
        // (taken as written) or not (each put on it): where the layout's type fixes both, the other cases fold away.
        let count = _algorithm.elementCount
        func write(into writer: inout LayoutStore.Writer<some ScrollPlacement, IndexBuilder<Index>>) -> Double {
            _algorithm.writeSections(into: &writer, viewport: viewport)
        }
        switch (_algorithm.scrollAxis, _algorithm.writesOnScrollGrid) {
        case (.vertical, true):
            _store.rewriteAll(elementCount: count, placement: VerticalAsWritten.self, finisher: &builder, write)
        case (.vertical, false):
            _store.rewriteAll(elementCount: count, placement: VerticalOnGrid.self, finisher: &builder, write)
        case (.horizontal, true):
            _store.rewriteAll(elementCount: count, placement: HorizontalAsWritten.self, finisher: &builder, write)
        case (.horizontal, false):
            _store.rewriteAll(elementCount: count, placement: HorizontalOnGrid.self, finisher: &builder, write)
        }
        swap(&builder.indexes, &indexes)
        // The store is written whole: an element an anchored change follows is found by its identity. (A buffer
        // that follows one is the layout's own.)
        if case .at = anchorBuffer?.followed { anchorBuffer.unsafelyUnwrapped.followed = .nothing }
        _contentSize = _algorithm.contentSize(length: _store.length, viewport: viewport)
        _viewport = viewport
        assert(
            _store.count == _algorithm.elementCount,
            "the layout wrote \(_store.count) elements, not its elementCount \(_algorithm.elementCount)")
        checkInvariants()
    }

    /// Stops the program at a broken invariant, where the package is built with `TESSERA_INTERNAL_CHECKS` (the
    /// project's tests); nothing, and no cost, in any other build.
    @inlinable @inline(__always) func checkInvariants() {
        #if TESSERA_INTERNAL_CHECKS
            if let violation = invariantViolation() { preconditionFailure("\(Index.self): \(violation)") }
        #endif
    }

    /// The first invariant the store's tree or a chunk's index breaks, described; `nil` when they hold them all.
    /// Built with `TESSERA_INTERNAL_CHECKS` in the environment (as `scripts/test` builds the tests), the engine checks
    /// it after every `prepare` and update.
    ///
    /// - Returns: A description of the first violation found, or `nil` when the store and every index hold every
    ///   invariant.
    /// - Complexity: O(*n* + *k*²) for the store's *k* chunks (`LayoutStore.invariantViolation()`), plus each chunk's
    ///   index check (`SpatialIndex.invariantViolation(over:axis:)`): O(*n*) for most indexes, O(*n* log *m*) for
    ///   `IntervalTreeIndex` over chunks of *m* elements.
    public func invariantViolation() -> String? {
        if let violation = _store.invariantViolation() { return violation }
        for (position, id) in _store.chunkIDs.enumerated() {
            if let violation = indexes[Int(id)].invariantViolation(
                over: ElementChunk(_store.pool[id]), axis: _algorithm.scrollAxis)
            {
                return "chunk \(position): \(violation)"
            }
        }
        return nil
    }

    /// UIKit's `layoutAttributesForElements(in:)`: writes the elements displayed in `rect` into `result`,
    /// replacing what it held, with their effects at `contentOffset` (the rect's origin when not given, as when
    /// the rect is the visible bounds). Read each with `attributes(of:at:)`.
    ///
    /// The chunks the rect meets are found first; each one's index searches the rect moved into the chunk's
    /// coordinates, and what it finds is kept by the frames handed out, so the answer is exactly brute force's.
    ///
    /// - Parameters:
    ///   - rect: The rect to find the displayed elements of, in content coordinates.
    ///   - contentOffset: The content offset to compute the effects at; `nil` takes `rect`'s origin.
    ///   - result: The buffer to write the answer into, replacing what it held.
    /// - Throws: `LayoutError.invalidRect` when an edge of `rect` is NaN; `result` is then left as it was.
    /// - Complexity: O(log *n*) to find the chunks (O(1) while a scroll stays within the chunk found last), plus
    ///   each chunk's search (O(log *m*) for `SoABinarySearchIndex` and `IntervalTreeIndex`, O(*m*) for
    ///   `BruteForceIndex`, over its *m* elements), plus O(*k*) for the *k* elements found and their effects. No
    ///   allocation once `result` has grown to the answer's size.
    @inlinable public func attributes(
        in rect: Rect, contentOffset: Point? = nil, into result: inout VisibleElements
    ) throws(LayoutError) {
        let axis = _algorithm.scrollAxis
        let query = AxisRect(rect, along: axis)
        // The rect's edges, computed once: a NaN edge is a NaN coordinate or length, or infinities that cancel.
        guard !(query.scrollMin.isNaN || query.scrollMax.isNaN || query.crossMin.isNaN || query.crossMax.isNaN) else {
            throw .invalidRect(rect)
        }
        result.removeAll()
        let margin = _store.searchMargin
        if let candidate = _store.fingerCandidate(meeting: query, margin: margin, finger: result.finger) {
            search(candidate, query, margin: margin, into: &result)
        } else {
            _store.findChunks(meeting: query, margin: margin, into: &result)
            for position in 0..<result.candidates.count {
                search(result.candidates[position], query, margin: margin, into: &result)
            }
        }
        if _algorithm.hasScrollEffects, let viewport = _viewport {
            _algorithm.applyEffects(
                to: &result, in: rect, offset: contentOffset ?? rect.origin, viewport: viewport, store: _store)
        }
    }

    /// Appends what the chunk `candidate` holds of `query` to `result`: its index asked, and asked again with more
    /// room only while the buffer grows to the largest answer it meets. The index is borrowed where it lies (through
    /// a span), not copied out of its array, which would retain and release its buffers.
    @inlinable @inline(__always) func search(
        _ candidate: LayoutStore.ChunkCandidate, _ query: AxisRect, margin: Double, into result: inout VisibleElements
    ) {
        let chunkQuery = ChunkQuery(query, base: candidate.base, firstElement: candidate.firstElement, margin: margin)
        let chunk = ElementChunk(_store.pool[candidate.chunk])
        let indexes = indexes.span
        let start = result.count
        repeat {
            indexes[Int(candidate.chunk)].query(chunkQuery, in: chunk, axis: _algorithm.scrollAxis, into: &result)
        } while result.madeRoom(from: start)
    }

    /// The attributes of the element at `position` in a query's answer, with its effect.
    ///
    /// - Parameters:
    ///   - visible: The answer of a query (`attributes(in:contentOffset:into:)`) of this layout.
    ///   - position: A position in the answer, from 0 to `visible.count - 1`.
    /// - Returns: The element's identity, frame, zIndex and effect.
    /// - Complexity: O(log *n*) for a supplementary view; O((1 + *v*) log *n*) for a cell of a section with *v*
    ///   supplementary views.
    public func attributes(of visible: VisibleElements, at position: Int) -> LayoutAttributes {
        assemble(visible.indices[position]) { _, _ in visible.effect(at: position) }
    }

    /// The attributes of the element numbered `elementIndex` in layout order, with its effect at `contentOffset` when
    /// the layout has scroll effects and an offset is given.
    ///
    /// - Parameters:
    ///   - elementIndex: The layout-order number of an element of the store.
    ///   - contentOffset: The content offset to compute the element's effect at; `nil` gives no effect.
    /// - Returns: The element's identity, frame, zIndex and effect.
    /// - Complexity: O(log *n*) for a supplementary view; O((1 + *v*) log *n*) for a cell of a section with *v*
    ///   supplementary views.
    public func attributes(ofElement elementIndex: Int, contentOffset: Point? = nil) -> LayoutAttributes {
        assemble(elementIndex) { id, frame in
            guard _algorithm.hasScrollEffects, let contentOffset, let viewport else { return .none }
            return _algorithm.effect(of: id, frame: frame, offset: contentOffset, viewport: viewport)
        }
    }

    /// One element's attributes: its identity and frame read once, its zIndex from the layout, its effect from
    /// `effect`.
    private func assemble(_ elementIndex: Int, effect: (ElementID, Rect) -> ScrollEffect) -> LayoutAttributes {
        let (id, frame) = store.element(elementIndex, inSection: store.section(ofElement: elementIndex))
        return LayoutAttributes(
            id: id, frame: frame, zIndex: _algorithm.zIndex(of: id, at: elementIndex), effect: effect(id, frame))
    }

    /// The attributes of a cell by identity, `nil` when the layout has no such cell.
    ///
    /// - Parameters:
    ///   - section: The number of the cell's section.
    ///   - item: The cell's item number in its section.
    ///   - contentOffset: The content offset to compute the cell's effect at; `nil` gives no effect.
    /// - Returns: The cell's attributes, or `nil` when the layout has no such cell.
    /// - Complexity: O((1 + *v*) log *n*) for a section of *v* supplementary views.
    public func attributesForItem(section: Int, item: Int, contentOffset: Point? = nil) -> LayoutAttributes? {
        store.index(of: .cell(section: section, item: item)).map {
            attributes(ofElement: $0, contentOffset: contentOffset)
        }
    }

    /// The attributes of a supplementary view by kind and section, `nil` when the section has none of that kind.
    ///
    /// - Parameters:
    ///   - kind: The view's kind, such as `ElementKind.header`.
    ///   - section: The number of the view's section.
    ///   - contentOffset: The content offset to compute the view's effect at; `nil` gives no effect.
    /// - Returns: The view's attributes, or `nil` when the section has no view of that kind.
    /// - Complexity: O((1 + *v*) log *n*) for the section's *v* supplementary views.
    public func attributesForSupplementary(kind: ElementKind, section: Int, contentOffset: Point? = nil)
        -> LayoutAttributes?
    {
        store.index(of: ElementID(kind: kind, section: section, item: 0)).map {
            attributes(ofElement: $0, contentOffset: contentOffset)
        }
    }

    /// A new size needs a new `prepare`; a scroll needs fresh effects only where the layout has them.
    ///
    /// - Parameter newBounds: The collection view's new bounds.
    /// - Returns: `Invalidation.layout` when the bounds' size is not the prepared viewport; otherwise,
    ///   `Invalidation.effects` for a layout with scroll effects and `Invalidation.none` for the others.
    /// - Complexity: O(1).
    public func shouldInvalidate(forBoundsChange newBounds: Rect) -> Invalidation {
        if Size(width: newBounds.width, height: newBounds.height) != viewport { return .layout }
        return _algorithm.hasScrollEffects ? .effects : .none
    }

    /// Where a scroll that would stop at `proposed` comes to rest: an item's centre for the carousel, which pages,
    /// and `proposed` itself for the others.
    ///
    /// - Parameters:
    ///   - proposed: The content offset where the scroll would stop.
    ///   - velocity: The scroll's velocity, as UIKit gives it (points per millisecond); the layouts here do not read
    ///     it.
    /// - Returns: The content offset where the scroll comes to rest; `proposed` before the first prepare.
    /// - Complexity: O(log *n*) for the layouts here.
    public func targetContentOffset(proposed: Point, velocity: Point) -> Point {
        guard let viewport else { return proposed }
        return _algorithm.targetContentOffset(proposed: proposed, velocity: velocity, viewport: viewport, store: store)
    }

    /// The bytes the store and the indexes hold.
    public var byteCount: Int {
        store.byteCount + indexes.reduce(0) { $0 + $1.byteCount } + indexes.capacity * MemoryLayout<Index>.stride
    }
}

/// Builds each chunk's index as the store hands it over, into the indexes by chunk id.
@usableFromInline struct IndexBuilder<Index: SpatialIndex>: ChunkFinisher {
    @usableFromInline var indexes: [Index]
    @usableFromInline let empty: Index
    @usableFromInline let axis: ScrollAxis
    @usableFromInline let viewport: Size

    @inlinable init(indexes: [Index], empty: Index, axis: ScrollAxis, viewport: Size) {
        self.indexes = indexes
        self.empty = empty
        self.axis = axis
        self.viewport = viewport
    }

    @inlinable mutating func finished(_ id: Int32, _ chunk: ElementChunk) -> (min: Double, max: Double)? {
        if indexes.count <= Int(id) {
            indexes.append(contentsOf: repeatElement(empty, count: Int(id) + 1 - indexes.count))
        }
        indexes[Int(id)].build(over: chunk, axis: axis, viewport: viewport)
        return indexes[Int(id)].builtSpan
    }

    @inlinable mutating func changed(_ id: Int32, _ chunk: ElementChunk, keeping kept: Int) -> (
        min: Double, max: Double
    )? {
        indexes[Int(id)].rebuild(over: chunk, axis: axis, viewport: viewport, keeping: kept)
        return indexes[Int(id)].builtSpan
    }
}
