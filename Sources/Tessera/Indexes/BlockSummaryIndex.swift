/// An index that summarises each block of consecutive elements in layout order and tests the elements of the blocks
/// its summaries cannot rule out (`SoABinarySearchIndex`, `UnionRectsIndex`): its block size is chosen when it is
/// made, within `blockSizes`.
public protocol BlockSummaryIndex: SpatialIndex {
    /// The elements a block holds unless the index is made with another block size.
    static var defaultBlockSize: Int { get }
    /// The elements a block holds: a query tests the elements of the blocks whose summaries meet the rect.
    var blockSize: Int { get }
    /// Creates an index whose blocks hold `blockSize` elements, which `init(blockSize:)` has checked to be within
    /// `blockSizes`. Public only so that the checking initializers can be inlined; not for use elsewhere.
    ///
    /// - Parameter blockSize: The elements a block holds, within `blockSizes`.
    init(_checkedBlockSize blockSize: Int)
}

extension BlockSummaryIndex {
    /// The largest block a search tests element by element; a larger one would make the index a scan.
    @inlinable public static var blockSizes: ClosedRange<Int> { 1...65_536 }

    /// Creates an index whose blocks hold `defaultBlockSize` elements.
    ///
    /// - Complexity: O(1).
    @inlinable public init() {
        self.init(_checkedBlockSize: Self.defaultBlockSize)
    }

    /// Creates an index whose blocks hold `blockSize` elements, or refuses a block size outside `blockSizes`.
    ///
    /// - Parameter blockSize: The elements a block holds, within `blockSizes`.
    /// - Throws: `LayoutError.countOutOfRange` when `blockSize` is outside `blockSizes`.
    /// - Complexity: O(1).
    @inlinable public init(blockSize: Int) throws(LayoutError) {
        guard Self.blockSizes.contains(blockSize) else {
            throw .countOutOfRange(name: "blockSize", value: blockSize, range: Self.blockSizes)
        }
        self.init(_checkedBlockSize: blockSize)
    }
}
