/// Texture's `ASPageTable`: the content cut along the scroll axis into pages a viewport long, each listing the
/// elements that reach into it, in compact arrays (page offsets into one array of element indices) and without
/// Texture's 16-bit page limit. A query reads the pages the rect spans.
///
/// An element spanning several pages is listed in each and reported once, from the first of them the query
/// reads. Each page also keeps its elements' innermost edges: when the rect holds all of them, every element of
/// the page intersects it, and the page is taken without testing its elements one by one.
public struct PageTableIndex: SpatialIndex {
    /// Pages per viewport length: 1 is Texture's choice.
    public let pagesPerViewport: Double
    @usableFromInline var origin = 0.0
    @usableFromInline var pageLength = 1.0
    /// Page `p` lists `entries[offsets[p] ..< offsets[p + 1]]`, ascending.
    @usableFromInline var offsets: [Int32] = []
    @usableFromInline var entries: [Int32] = []
    /// Per page: the smallest far edge and the largest near edge of its elements, along scroll then cross axis.
    @usableFromInline var innerEdges: [Double] = []

    /// Pages per viewport the index takes: outside these a page is so long or so short that its length, or the
    /// page of an edge, is no longer a finite number.
    public static let pagesPerViewportRange = (1.0 / 1_024)...1_024

    /// Creates an index of one page per viewport length, Texture's choice.
    ///
    /// - Complexity: O(1).
    public init() {
        pagesPerViewport = 1
    }

    /// Refuses a number of pages outside `pagesPerViewportRange`.
    ///
    /// - Parameter pagesPerViewport: The pages a viewport length is cut into, within `pagesPerViewportRange`.
    /// - Throws: `LayoutError.parameterOutOfRange` when `pagesPerViewport` is outside `pagesPerViewportRange`.
    /// - Complexity: O(1).
    public init(pagesPerViewport: Double) throws(LayoutError) {
        guard Self.pagesPerViewportRange.contains(pagesPerViewport) else {
            let range = Self.pagesPerViewportRange
            throw .parameterOutOfRange(
                name: "pagesPerViewport", value: pagesPerViewport,
                requirement: "it must be from \(range.lowerBound) to \(range.upperBound)")
        }
        self.pagesPerViewport = pagesPerViewport
    }

    @usableFromInline var pageCount: Int { Swift.max(offsets.count - 1, 0) }

    /// The page holding `position` along the scroll axis, clamped to the table.
    @inlinable func page(of position: Double) -> Int {
        Self.page(of: position, origin: origin, pageLength: pageLength, pageCount: pageCount)
    }

    @inlinable static func page(of position: Double, origin: Double, pageLength: Double, pageCount: Int) -> Int {
        let page = ((position - origin) / pageLength).rounded(.down)
        return Int(Swift.min(Swift.max(page, 0), Double(Swift.max(pageCount - 1, 0))))
    }

    /// Rebuilds the table over `chunk`: pages `viewport`'s length along `axis` divided by `pagesPerViewport` (never so
    /// short that there are more than twice as many pages as elements), each listing the elements that reach into it.
    ///
    /// - Parameters:
    ///   - chunk: The chunk whose elements the index is built over.
    ///   - axis: The axis the layout scrolls along, which the pages cut.
    ///   - viewport: The viewport the chunk was laid out for, whose length along `axis` sets the pages' length.
    /// - Complexity: O(*m* + *e*) for the chunk's *m* elements and the table's *e* entries: an element is listed once
    ///   for each page it reaches into.
    public mutating func build(over chunk: ElementChunk, axis: ScrollAxis, viewport: Size) {
        offsets.removeAll(keepingCapacity: true)
        entries.removeAll(keepingCapacity: true)
        innerEdges.removeAll(keepingCapacity: true)
        chunk.withColumns(along: axis) { columns in
            let count = columns.count
            guard count > 0 else { return }
            var (low, high) = (Double.infinity, -Double.infinity)
            for index in 0..<count {
                low = Swift.min(low, columns.scrollMin(index))
                high = Swift.max(high, columns.scrollMax(index))
            }
            // A page a viewport long, but never so short that there are more pages than twice the elements.
            let viewportLength = axis == .vertical ? viewport.height : viewport.width
            origin = low
            pageLength = Swift.max(
                viewportLength / pagesPerViewport, (high - low) / Double(2 * count), .leastNormalMagnitude)
            let pageTotal = Swift.max(1, Int(((high - low) / pageLength).rounded(.up)))
            // Pages are counted, then filled: offsets first hold each page's count.
            offsets.append(contentsOf: repeatElement(0, count: pageTotal + 1))
            for index in 0..<count {
                for page in pages(of: index, columns) { offsets[page + 1] += 1 }
            }
            for page in 0..<pageTotal { offsets[page + 1] += offsets[page] }
            entries.append(contentsOf: repeatElement(0, count: Int(offsets[pageTotal])))
            innerEdges.append(contentsOf: repeatElement(0, count: 4 * pageTotal))
            for page in 0..<pageTotal {
                innerEdges[4 * page] = .infinity
                innerEdges[4 * page + 1] = -.infinity
                innerEdges[4 * page + 2] = .infinity
                innerEdges[4 * page + 3] = -.infinity
            }
            // Each page's start serves as its fill cursor, so the fill needs no scratch (a temporary allocation
            // lands on the stack or the heap depending on the stack left, which made allocation counts vary).
            // After the fill, page p's cursor stands at its end, the start of page p + 1: shifting the offsets
            // one place up restores the starts.
            for index in 0..<count {
                let crossEnd = columns.crossOrigin[index] + columns.crossLength[index]
                for page in pages(of: index, columns) {
                    entries[Int(offsets[page])] = Int32(index)
                    offsets[page] += 1
                    innerEdges[4 * page] = Swift.min(innerEdges[4 * page], columns.scrollMax(index))
                    innerEdges[4 * page + 1] = Swift.max(innerEdges[4 * page + 1], columns.scrollMin(index))
                    innerEdges[4 * page + 2] = Swift.min(innerEdges[4 * page + 2], crossEnd)
                    innerEdges[4 * page + 3] = Swift.max(innerEdges[4 * page + 3], columns.crossOrigin[index])
                }
            }
            for page in stride(from: pageTotal, to: 0, by: -1) { offsets[page] = offsets[page - 1] }
            offsets[0] = 0
        }
    }

    /// The pages an element reaches into: from the page of its start to the page of its end.
    @inlinable func pages(of index: Int, _ columns: FrameColumns) -> ClosedRange<Int> {
        let first = page(of: columns.scrollMin(index))
        return first...Swift.max(first, page(of: columns.scrollMax(index)))
    }

    /// Appends the offsets of the elements of `chunk` that meet `query` to `result`, in ascending order, read from the
    /// pages the rect spans.
    ///
    /// - Parameters:
    ///   - query: The rect to search for, in the chunk's coordinates, its edges named along `axis`.
    ///   - chunk: The chunk the index was last built over.
    ///   - axis: The axis the index was built along.
    ///   - result: The buffer to append the offsets of the elements found to.
    /// - Complexity: O(*p* + *e*) for the *p* pages the rect spans and their *e* entries, plus an insertion sort of the
    ///   *k* elements found into ascending order: O(*k*²) at worst, close to O(*k*) for a layout whose elements are
    ///   nearly in order along the scroll axis.
    @inlinable public func query(
        _ query: AxisRect, in chunk: ElementChunk, axis: ScrollAxis, into result: inout VisibleElements
    ) {
        guard pageCount > 0 else { return }
        let first = result.count
        let firstPage = page(of: query.scrollMin)
        let lastPage = page(of: query.scrollMax)
        withTable(over: chunk, along: axis) { table in
            for page in firstPage...lastPage { table.read(page, query, from: firstPage, into: &result) }
        }
        result.restoreLayoutOrder(from: first)
    }

    /// Runs `body` with the table's arrays and the chunk's columns as unsafe buffers, valid only while it runs.
    @inlinable func withTable<Result>(over chunk: ElementChunk, along axis: ScrollAxis, _ body: (Table) -> Result)
        -> Result
    {
        chunk.withColumns(along: axis) { columns in
            offsets.withUnsafeBufferPointer { offsets in
                entries.withUnsafeBufferPointer { entries in
                    innerEdges.withUnsafeBufferPointer { edges in
                        body(
                            Table(
                                origin: origin, pageLength: pageLength, offsets: offsets, entries: entries,
                                edges: edges, columns: columns
                            ))
                    }
                }
            }
        }
    }

    /// The table seen through unsafe buffers, for the length of one query.
    @usableFromInline struct Table {
        @usableFromInline let origin: Double
        @usableFromInline let pageLength: Double
        @usableFromInline let offsets: UnsafeBufferPointer<Int32>
        @usableFromInline let entries: UnsafeBufferPointer<Int32>
        @usableFromInline let edges: UnsafeBufferPointer<Double>
        @usableFromInline let columns: FrameColumns

        @inlinable init(
            origin: Double, pageLength: Double, offsets: UnsafeBufferPointer<Int32>,
            entries: UnsafeBufferPointer<Int32>,
            edges: UnsafeBufferPointer<Double>, columns: FrameColumns
        ) {
            self.origin = origin
            self.pageLength = pageLength
            self.offsets = offsets
            self.entries = entries
            self.edges = edges
            self.columns = columns
        }

        /// Appends the elements of `page` that meet the rect, skipping those listed in a page read before it
        /// (from `firstPage` on); a page whose elements all lie inside the rect is taken without testing them.
        @inlinable func read(_ page: Int, _ query: AxisRect, from firstPage: Int, into result: inout VisibleElements) {
            let inside =
                query.scrollMin < edges[4 * page] && edges[4 * page + 1] < query.scrollMax
                && query.crossMin < edges[4 * page + 2] && edges[4 * page + 3] < query.crossMax
            for entry in Int(offsets[page])..<Int(offsets[page + 1]) {
                let element = Int(entries[entry])
                // Listed in an earlier page this query read already.
                if page > firstPage,
                    PageTableIndex.page(
                        of: columns.scrollMin(element), origin: origin, pageLength: pageLength,
                        pageCount: offsets.count - 1
                    ) < page
                {
                    continue
                }
                if inside || columns.element(element, intersects: query) { result.append(element) }
            }
        }
    }

    /// The bytes the offsets, the entries and the pages' inner edges hold, at their capacity.
    public var byteCount: Int {
        (offsets.capacity + entries.capacity) * MemoryLayout<Int32>.stride + innerEdges.capacity
            * MemoryLayout<Double>.stride
    }
}
