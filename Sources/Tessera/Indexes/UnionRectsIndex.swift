/// CHTCollectionViewWaterfallLayout's design: the union of the frames of each block of consecutive elements in
/// layout order; a query tests every block's union and then the elements of the blocks it meets.
///
/// The cost grows with the number of blocks, a twentieth of the elements by default: linear, but with a small
/// constant. A union holds every frame of its block, so a block whose union misses the rect holds no answer.
public struct UnionRectsIndex: BlockSummaryIndex {
    /// The elements a block holds unless the index is made with another block size.
    public static let defaultBlockSize = 20

    /// The elements a block holds: a query tests each block's union, then the elements of the blocks it meets.
    public let blockSize: Int
    /// Per block, the union's edges: scroll min and max, cross min and max.
    @usableFromInline var unions: [Double] = []

    /// Creates an index whose blocks hold `blockSize` elements, a size `init(blockSize:)` has checked.
    ///
    /// - Parameter blockSize: The elements a block holds, within `blockSizes`.
    @inlinable public init(_checkedBlockSize blockSize: Int) {
        self.blockSize = blockSize
    }

    /// Rebuilds the union of each block's frames over `chunk`.
    ///
    /// - Parameters:
    ///   - chunk: The chunk whose elements the index is built over.
    ///   - axis: The axis the layout scrolls along.
    ///   - viewport: The viewport the chunk was laid out for; not read.
    /// - Complexity: O(*m*) for the chunk's *m* elements.
    public mutating func build(over chunk: ElementChunk, axis: ScrollAxis, viewport: Size) {
        let blockSize = blockSize
        unions.removeAll(keepingCapacity: true)
        chunk.withColumns(along: axis) { columns in
            unions.reserveCapacity(4 * ((columns.count + blockSize - 1) / blockSize))
            for start in stride(from: 0, to: columns.count, by: blockSize) {
                var (scrollMin, scrollMax) = (Double.infinity, -Double.infinity)
                var (crossMin, crossMax) = (Double.infinity, -Double.infinity)
                for index in start..<Swift.min(start + blockSize, columns.count) {
                    scrollMin = Swift.min(scrollMin, columns.scrollMin(index))
                    scrollMax = Swift.max(scrollMax, columns.scrollMax(index))
                    crossMin = Swift.min(crossMin, columns.crossOrigin[index])
                    crossMax = Swift.max(crossMax, columns.crossOrigin[index] + columns.crossLength[index])
                }
                unions.append(scrollMin)
                unions.append(scrollMax)
                unions.append(crossMin)
                unions.append(crossMax)
            }
        }
    }

    /// Appends the offsets of the elements of `chunk` that meet `query` to `result`, in ascending order: every block's
    /// union is tested, then the elements of the blocks it meets.
    ///
    /// - Parameters:
    ///   - query: The rect to search for, in the chunk's coordinates, its edges named along `axis`.
    ///   - chunk: The chunk the index was last built over.
    ///   - axis: The axis the index was built along.
    ///   - result: The buffer to append the offsets of the elements found to.
    /// - Complexity: O(*m* / `blockSize` + *k*) for the chunk's *m* elements and the *k* elements of the blocks whose
    ///   unions meet the rect.
    @inlinable public func query(
        _ query: AxisRect, in chunk: ElementChunk, axis: ScrollAxis, into result: inout VisibleElements
    ) {
        chunk.withColumns(along: axis) { columns in
            unions.withUnsafeBufferPointer { unions in
                for block in 0..<(unions.count / 4) {
                    let union = 4 * block
                    guard unions[union] < query.scrollMax, query.scrollMin < unions[union + 1],
                        unions[union + 2] < query.crossMax, query.crossMin < unions[union + 3]
                    else { continue }
                    for index in (block * blockSize)..<Swift.min((block + 1) * blockSize, columns.count)
                    where columns.element(index, intersects: query) {
                        result.append(index)
                    }
                }
            }
        }
    }

    /// The bytes the blocks' unions hold, at their capacity.
    public var byteCount: Int { unions.capacity * MemoryLayout<Double>.stride }
}
