/// A query strategy: a structure built over the store that finds the elements intersecting a rect.
///
/// Every index answers exactly what `BruteForceIndex` answers: the indices of the intersecting elements, in
/// ascending order. Indexes work along the scroll axis and test the cross axis per element.
public protocol SpatialIndex: Sendable {
    /// The most elements the index can hold. Indexes that keep element indices in 32 bits, which halves what
    /// they hold, take at most `Int32.max`; `CollectionLayout.prepare` refuses a layout of more with
    /// `LayoutError.tooManyElements` rather than let the index trap.
    static var maximumElementCount: Int { get }
    init()
    /// Rebuilds the index over `store`'s current frames, laid out for `viewport`, reusing its own buffers.
    ///
    /// - Complexity: O(*n*) for the indexes here, and for `IntervalTreeIndex` over a layout near start order;
    ///   O(*n* log *n*) for `IntervalTreeIndex` over one it has to sort.
    mutating func build(over store: AttributeStore, axis: ScrollAxis, viewport: Size)
    /// Appends the intersecting elements' indices to `result`, writing through `VisibleElements`' unchecked
    /// appends. The caller empties `result` with `removeAll()` first (which makes its slots its own), and when
    /// `result` runs out of room the answer is discarded and the caller grows it and asks again:
    /// `CollectionLayout.attributes` does both, and so does `elements(meeting:in:axis:into:)` for a caller that
    /// searches an index directly. An index calls nothing out of line that may release a reference, so that its
    /// caller need not retain the index and the store around the call.
    ///
    /// - Complexity: O(log *n* + *k*) for `SoABinarySearchIndex` and `IntervalTreeIndex` on the layouts here (*k*
    ///   elements tested near the rect), O(*n* / block size + *k*) for `UnionRectsIndex`, O(*p* + *k*) for the
    ///   *p* pages a rect spans in `PageTableIndex`, O(*n*) for `BruteForceIndex`.
    func query(_ query: AxisRect, in store: AttributeStore, axis: ScrollAxis, into result: inout VisibleElements)
    /// Appends the elements of a section whose frames as handed out meet `section.rect`, numbered in layout order
    /// (from `section.firstElement`), as `query(_:in:axis:into:)` appends its finds, and on the same terms. What
    /// `CollectionLayout.attributes` asks each section's index. The default searches `section.local` and then
    /// keeps what it found by the frames handed out, read from the store's columns; an index that holds each
    /// element's near edge and length may test them as it finds them.
    ///
    /// - Complexity: that of `query(_:in:axis:into:)`, plus O(*k*) for the *k* elements it finds.
    func query(_ section: SectionQuery, in store: AttributeStore, axis: ScrollAxis, into result: inout VisibleElements)
    /// The smallest `scrollMin` and the largest `scrollMax` of the elements the index was last built over, when
    /// its build found them ((+∞, −∞) for none): the engine then takes a section's span from it rather than read
    /// the section's frames once more. `nil`, the default, has the engine read them.
    var builtSpan: (min: Double, max: Double)? { get }
    /// The bytes the index holds beyond the store.
    var byteCount: Int { get }
    /// The first invariant the index breaks over `store`, as last built along `axis`, described; `nil` when it
    /// holds them all. Debug builds check it after every `build`, and the tests on random layouts.
    ///
    /// - Complexity: O(*n*) or O(*n* log *n*): it reads every element.
    func invariantViolation(over store: AttributeStore, axis: ScrollAxis) -> String?
}

extension SpatialIndex {
    /// Replaces `result` with the indices of the elements intersecting `query`, in ascending order: the index's
    /// search, on a buffer emptied first and asked again with more room while it grows. What `CollectionLayout`
    /// does for each section, for a caller that searches an index directly.
    @inlinable public func elements(meeting query: AxisRect, in store: AttributeStore, axis: ScrollAxis, into result: inout VisibleElements) {
        result.removeAll()
        repeat {
            self.query(query, in: store, axis: axis, into: &result)
        } while result.madeRoom(from: 0)
    }

    /// The search, then its finds kept by the frames handed out, read from the store's columns. At origin 0 the
    /// search's own test was on those frames, and only the numbers change.
    @inlinable public func query(_ section: SectionQuery, in store: AttributeStore, axis: ScrollAxis, into result: inout VisibleElements) {
        let start = result.count
        query(section.local, in: store, axis: axis, into: &result)
        let first = section.firstElement
        guard section.origin != 0 else {
            if first != 0 {
                result.uncheckedEdit { indices in
                    for position in start..<indices.count { indices[position] &+= first }
                    return indices.count
                }
            }
            return
        }
        let columns = store.columns(along: axis)
        result.uncheckedEdit { indices in
            var kept = start
            for position in start..<indices.count {
                let element = indices[position]
                indices[kept] = first &+ element
                kept &+= section.meetsAlongScroll(near: columns.scrollOrigin[element], length: columns.scrollLength[element]) ? 1 : 0
            }
            return kept
        }
    }

    /// Indexes that keep element indices at full width hold as many elements as memory allows.
    public static var maximumElementCount: Int { Int.max }

    /// An index that keeps no extremes: the engine reads the section's frames for its span.
    public var builtSpan: (min: Double, max: Double)? { nil }

    /// An index with nothing to check, as brute force.
    public func invariantViolation(over store: AttributeStore, axis: ScrollAxis) -> String? { nil }
}
