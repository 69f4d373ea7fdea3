/// The collection-view layout core process over sections of struct-of-arrays storage: an algorithm writes every
/// section's frames in `prepare`, one index per section answers rect queries, and attributes are assembled only
/// for the elements asked for.
///
/// The query strategy is a type parameter, so the hot loops are specialised for it; pick it once at the top.
public struct CollectionLayout<Algorithm: LayoutAlgorithm, Index: SpatialIndex>: Sendable {
    /// The layout's arithmetic and its data; updates change the data (`apply(_:)`).
    @inlinable public var algorithm: Algorithm { _algorithm }
    @usableFromInline var _algorithm: Algorithm
    @usableFromInline var _store = LayoutStore()
    /// One index per section, over that section's relative frames.
    @usableFromInline var indexes: [Index] = []
    /// The index as it was handed to `init`, unbuilt: each new section's index starts as a copy of it.
    @usableFromInline let emptyIndex: Index
    @usableFromInline var _contentSize = Size.zero
    @usableFromInline var _viewport: Size?

    @inlinable public var store: LayoutStore { _store }
    public var contentSize: Size { _contentSize }
    /// The viewport of the last `prepare`, `nil` before the first.
    public var viewport: Size? { _viewport }

    public init(_ algorithm: Algorithm, index: Index = Index()) {
        _algorithm = algorithm
        emptyIndex = index
    }

    /// Computes every element's frame for `viewport`, section by section, and rebuilds each section's index,
    /// keeping the buffers' capacity. Inlinable so that the caller's concrete algorithm and index specialise the
    /// whole write. Refuses a viewport that is not a valid size, a section of more elements than
    /// `Index.maximumElementCount` (by the algorithm's `elementCount(inSection:)`, which must be what it writes:
    /// debug builds check that it is), and more elements than the machine's memory could hold, before allocating.
    ///
    /// - Complexity: O(*n*) for the write, plus the indexes' builds (O(*n*) or O(*n* log *m*) for sections of *m*).
    @inlinable public mutating func prepare(viewport: Size) throws(LayoutError) {
        try algorithm.validate(viewport: viewport)
        let sectionCount = algorithm.sectionCount
        var elementCount = 0
        for section in 0..<sectionCount {
            let count = algorithm.elementCount(inSection: section)
            guard count <= Index.maximumElementCount else {
                throw .tooManyElements(section: section, count: count, limit: Index.maximumElementCount)
            }
            let (total, overflow) = elementCount.addingReportingOverflow(count)
            guard !overflow else { throw .elementCountOverflow }
            elementCount = total
        }
        try PhysicalMemory.checkFits(elementCount: elementCount)
        _store.setSectionCount(sectionCount, axis: algorithm.scrollAxis)
        if indexes.count > sectionCount {
            indexes.removeLast(indexes.count - sectionCount)
        } else {
            indexes.append(contentsOf: repeatElement(emptyIndex, count: sectionCount - indexes.count))
        }
        for section in 0..<sectionCount { rewrite(section: section, viewport: viewport) }
        placeSections(from: 0, viewport: viewport)
        _viewport = viewport
    }

    /// The first invariant a section's index breaks over the section's frames, described; `nil` when they hold
    /// them all. Debug builds check it after every `prepare`.
    ///
    /// - Complexity: O(*n*) or O(*n* log *m*), as the indexes' checks.
    public func invariantViolation() -> String? {
        for (section, index) in indexes.enumerated() {
            if let violation = index.invariantViolation(over: _store.sectionStores[section], axis: algorithm.scrollAxis) {
                return "section \(section): \(violation)"
            }
        }
        return nil
    }

    /// UIKit's `layoutAttributesForElements(in:)`: writes the elements displayed in `rect` into `result`,
    /// replacing what it held, with their effects at `contentOffset` (the rect's origin when not given, as when
    /// the rect is the visible bounds). Read each with `attributes(of:at:)`.
    ///
    /// The sections the rect meets are found first; each one's index searches the rect moved into the section's
    /// coordinates, and what it finds is kept by the frames handed out, so the answer is exactly brute force's.
    ///
    /// - Complexity: O(log *s*) for *s* sections, plus each met section's search (O(log *m*) for
    ///   `SoABinarySearchIndex` and `IntervalTreeIndex`, O(*m*) for `BruteForceIndex`, over its *m* elements),
    ///   plus O(*k*) for the *k* elements found and their effects. No allocation once `result` has grown to the
    ///   answer's size.
    @inlinable public func attributes(
        in rect: Rect, contentOffset: Point? = nil, into result: inout VisibleElements
    ) throws(LayoutError) {
        let axis = algorithm.scrollAxis
        let query = AxisRect(rect, along: axis)
        // The rect's edges, computed once: a NaN edge is a NaN coordinate or length, or infinities that cancel.
        guard !(query.scrollMin.isNaN || query.scrollMax.isNaN || query.crossMin.isNaN || query.crossMax.isNaN) else {
            throw .invalidRect(rect)
        }
        result.removeAll()
        // A layout of one section (Mosaic, the carousel) needs no search for it: its own test below decides.
        let sections = _store.sectionCount == 1 ? 0..<1 : _store.sections(meeting: query, near: result.sectionHint)
        result.sectionHint = sections.lowerBound
        // Through spans: a section's store and index are borrowed where they lie, not copied out of their arrays
        // (each copy would retain and release their buffers), and with no closure around the loop.
        let indexes = indexes.span
        let stores = _store.sectionStores.span
        for section in sections {
            guard let sectionQuery = _store.sectionQuery(query, in: section) else { continue }
            let start = result.count
            // Asked again, with more room, only while the buffer grows to the largest answer it meets.
            repeat {
                indexes[section].query(sectionQuery, in: stores[section], axis: axis, into: &result)
            } while result.madeRoom(from: start)
        }
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

    /// The attributes of the element numbered `elementIndex` in layout order, with its effect at `contentOffset`
    /// when the layout has scroll effects and an offset is given.
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
        let (id, frame) = store.element(elementIndex, inSection: store.section(ofElement: elementIndex))
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

    /// The bytes the store and the indexes hold.
    public var byteCount: Int {
        store.byteCount + indexes.reduce(0) { $0 + $1.byteCount } + indexes.capacity * MemoryLayout<Index>.stride
    }
}
