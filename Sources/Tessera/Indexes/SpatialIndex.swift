/// A query strategy: a structure built over one chunk of the store that finds the chunk's elements intersecting a
/// rect. The engine keeps one per chunk and finds the chunks a rect meets through the chunk tree; an index answers
/// within its chunk.
///
/// Every index answers exactly what `BruteForceIndex` answers: the offsets of the intersecting elements, in
/// ascending order. Indexes work along the scroll axis and test the cross axis per element.
public protocol SpatialIndex: Sendable {
    /// Creates an index over no elements, to be built over a chunk with `build(over:axis:viewport:)`.
    init()
    /// Rebuilds the index over `chunk`'s current frames, laid out for `viewport`, reusing its own buffers.
    ///
    /// - Parameters:
    ///   - chunk: The chunk whose elements the index is built over.
    ///   - axis: The axis the layout scrolls along, which the index searches.
    ///   - viewport: The viewport the chunk was laid out for.
    /// - Complexity: O(*m*) for the *m* elements of the chunk for the indexes here, and for `IntervalTreeIndex`
    ///   over a chunk near start order; O(*m* log *m*) for `IntervalTreeIndex` over one it has to sort; O(*m* + *e*)
    ///   for `PageTableIndex`, whose *e* entries list an element once for each page it reaches into.
    mutating func build(over chunk: ElementChunk, axis: ScrollAxis, viewport: Size)
    /// Builds the index again over `chunk`, whose first `kept` elements are those it was last built over, unchanged;
    /// the elements after them may all have changed, and their number with them. What an update asks of the chunks
    /// it changes in place. The default builds the index whole.
    ///
    /// - Parameters:
    ///   - chunk: The chunk whose elements the index is built over.
    ///   - axis: The axis the layout scrolls along, which the index searches.
    ///   - viewport: The viewport the chunk was laid out for.
    ///   - kept: The elements at the chunk's start that have not changed since the index was built over it.
    /// - Complexity: That of `build(over:axis:viewport:)` by default; O(*c* + *b*) for `SoABinarySearchIndex`, for the
    ///   *c* elements after the kept ones and, at most, the chunk's *b* blocks.
    mutating func rebuild(over chunk: ElementChunk, axis: ScrollAxis, viewport: Size, keeping kept: Int)
    /// Appends the offsets of the elements meeting `query` (in the chunk's coordinates) to `result`, writing
    /// through `VisibleElements`' unchecked appends. The caller empties `result` with `removeAll()` first (which
    /// makes its slots its own), and when `result` runs out of room the answer is discarded and the caller grows it
    /// and asks again: `CollectionLayout.attributes` does both, and so does `elements(meeting:in:axis:into:)` for
    /// a caller that searches an index directly. An index calls nothing out of line that may release a reference,
    /// so that its caller need not retain the index and the store around the call.
    ///
    /// - Parameters:
    ///   - query: The rect to search for, in the chunk's coordinates, its edges named along `axis`.
    ///   - chunk: The chunk the index was last built over.
    ///   - axis: The axis the index was built along.
    ///   - result: The buffer to append the offsets of the elements found to.
    /// - Complexity: O(log *m* + *k*) for `SoABinarySearchIndex` and `IntervalTreeIndex` on the layouts here (*k*
    ///   elements tested near the rect), O(*m* / block size + *k*) for `UnionRectsIndex`, O(*p* + *k*) for the
    ///   *p* pages a rect spans in `PageTableIndex`, O(*m*) for `BruteForceIndex`.
    func query(_ query: AxisRect, in chunk: ElementChunk, axis: ScrollAxis, into result: inout VisibleElements)
    /// Appends the elements of the chunk whose frames as handed out meet `query.rect`, numbered in layout order
    /// (from `query.firstElement`), as `query(_:in:axis:into:)` appends its finds, and on the same terms. What
    /// `CollectionLayout.attributes` asks each chunk's index. The default searches `query.local` and then keeps what
    /// it found by the frames handed out, read from the chunk's columns; an index that holds each element's near
    /// edge and length may test them as it finds them.
    ///
    /// - Parameters:
    ///   - query: The chunk's part of a rect query: the rect to search for, the chunk's base and the number of its
    ///     first element.
    ///   - chunk: The chunk the index was last built over.
    ///   - axis: The axis the index was built along.
    ///   - result: The buffer to append the layout-order numbers of the elements found to.
    /// - Complexity: That of the search for an `AxisRect`, plus O(*k*) for the *k* elements it finds.
    func query(_ query: ChunkQuery, in chunk: ElementChunk, axis: ScrollAxis, into result: inout VisibleElements)
    /// The offset of the first element of the chunk (with `last`, the last) whose frame as handed out meets
    /// `query.rect`, plus `query.firstElement`: the first (or last) of what `query(_:in:axis:into:)` appends, and
    /// what an anchor asks (`ScrollAnchor.firstVisible`, `lastVisible`). The default runs that query into `scratch`
    /// and reads its end; an index that can stop at the first element it finds does.
    ///
    /// - Parameters:
    ///   - query: The chunk's part of a rect query, as `query(_:in:axis:into:)` takes it.
    ///   - chunk: The chunk the index was last built over.
    ///   - axis: The axis the index was built along.
    ///   - last: Whether to find the last element meeting the rect rather than the first.
    ///   - scratch: A buffer the default's query writes; any other index leaves it as it is.
    /// - Returns: The element's number, or `nil` when no element of the chunk meets the rect.
    /// - Complexity: That of the query by default; O(log *b* + *t*) for `SoABinarySearchIndex`, for the chunk's *b*
    ///   blocks and the *t* elements it tests before the one it returns.
    func firstElement(
        meeting query: ChunkQuery, in chunk: ElementChunk, axis: ScrollAxis, last: Bool,
        scratch: inout VisibleElements
    ) -> Int?
    /// The smallest `scrollMin` and the largest `scrollMax` of the elements the index was last built over, when
    /// its build found them ((+∞, −∞) for none): the store then takes a chunk's extent from it rather than read the
    /// chunk's frames once more. `nil`, the default, has the store read them.
    var builtSpan: (min: Double, max: Double)? { get }
    /// The bytes the index holds beyond the chunk.
    ///
    /// - Complexity: O(1) for the indexes here.
    var byteCount: Int { get }
    /// The first invariant the index breaks over `chunk`, as last built along `axis`, described; `nil` when it
    /// holds them all. `CollectionLayout.invariantViolation()` asks every chunk's index, and the tests check it on
    /// random layouts.
    ///
    /// - Parameters:
    ///   - chunk: The chunk the index was last built over.
    ///   - axis: The axis the index was built along.
    /// - Returns: A description of the first violation found, or `nil` when the index holds every invariant.
    /// - Complexity: O(*m*) or O(*m* log *m*): it reads every element.
    func invariantViolation(over chunk: ElementChunk, axis: ScrollAxis) -> String?
}

extension SpatialIndex {
    /// Replaces `result` with the offsets of the elements of `chunk` intersecting `query`, in ascending order: the
    /// index's search, on a buffer emptied first and asked again with more room while it grows. What
    /// `CollectionLayout` does for each chunk, for a caller that searches an index directly.
    ///
    /// - Parameters:
    ///   - query: The rect to search for, in the chunk's coordinates, its edges named along `axis`.
    ///   - chunk: The chunk the index was last built over.
    ///   - axis: The axis the index was built along.
    ///   - result: The buffer to replace with the offsets of the elements found.
    /// - Complexity: That of the search for an `AxisRect`, once more each time the buffer has to grow.
    @inlinable public func elements(
        meeting query: AxisRect, in chunk: ElementChunk, axis: ScrollAxis, into result: inout VisibleElements
    ) {
        result.removeAll()
        repeat {
            self.query(query, in: chunk, axis: axis, into: &result)
        } while result.madeRoom(from: 0)
    }

    /// The search, then its finds kept by the frames handed out, read from the chunk's columns. At base 0 the
    /// search's own test was on those frames, and only the numbers change.
    ///
    /// - Parameters:
    ///   - query: The chunk's part of a rect query: the rect to search for, the chunk's base and the number of its
    ///     first element.
    ///   - chunk: The chunk the index was last built over.
    ///   - axis: The axis the index was built along.
    ///   - result: The buffer to append the layout-order numbers of the elements found to.
    /// - Complexity: That of the search for an `AxisRect`, plus O(*k*) for the *k* elements it finds.
    @inlinable public func query(
        _ query: ChunkQuery, in chunk: ElementChunk, axis: ScrollAxis, into result: inout VisibleElements
    ) {
        let start = result.count
        self.query(query.local, in: chunk, axis: axis, into: &result)
        let first = query.firstElement
        guard query.base != 0 || query.local != query.rect else {
            if first != 0 {
                result.uncheckedEdit { indices in
                    for position in start..<indices.count { indices[position] &+= first }
                    return indices.count
                }
            }
            return
        }
        let columns = chunk.columns(along: axis)
        result.uncheckedEdit { indices in
            var kept = start
            for position in start..<indices.count {
                let element = indices[position]
                indices[kept] = first &+ element
                kept &+=
                    query.meetsAlongScroll(near: columns.scrollOrigin[element], length: columns.scrollLength[element])
                    ? 1 : 0
            }
            return kept
        }
    }

    /// The query, into `scratch`, and the first (or last) of its answer.
    ///
    /// - Parameters:
    ///   - query: The chunk's part of a rect query.
    ///   - chunk: The chunk the index was last built over.
    ///   - axis: The axis the index was built along.
    ///   - last: Whether to find the last element meeting the rect rather than the first.
    ///   - scratch: The buffer the query writes, emptied first and grown while it runs out of room.
    /// - Returns: The element's number, or `nil` when no element of the chunk meets the rect.
    /// - Complexity: That of the query.
    @inlinable public func firstElement(
        meeting query: ChunkQuery, in chunk: ElementChunk, axis: ScrollAxis, last: Bool,
        scratch: inout VisibleElements
    ) -> Int? {
        scratch.removeAll()
        repeat {
            self.query(query, in: chunk, axis: axis, into: &scratch)
        } while scratch.madeRoom(from: 0)
        guard scratch.count > 0 else { return nil }
        return scratch.indices[last ? scratch.count &- 1 : 0]
    }

    /// Builds the index whole: what it kept is not reused.
    ///
    /// - Parameters:
    ///   - chunk: The chunk whose elements the index is built over.
    ///   - axis: The axis the layout scrolls along, which the index searches.
    ///   - viewport: The viewport the chunk was laid out for.
    ///   - kept: The elements at the chunk's start that have not changed; not read.
    /// - Complexity: That of `build(over:axis:viewport:)`.
    public mutating func rebuild(over chunk: ElementChunk, axis: ScrollAxis, viewport: Size, keeping kept: Int) {
        build(over: chunk, axis: axis, viewport: viewport)
    }

    /// An index that keeps no extremes: the store reads the chunk's frames for its extent.
    ///
    /// - Complexity: O(1).
    public var builtSpan: (min: Double, max: Double)? { nil }

    /// An index with nothing to check, as brute force.
    ///
    /// - Parameters:
    ///   - chunk: The chunk the index was last built over.
    ///   - axis: The axis the index was built along.
    /// - Returns: `nil`: there is nothing to violate.
    /// - Complexity: O(1).
    public func invariantViolation(over chunk: ElementChunk, axis: ScrollAxis) -> String? { nil }
}
