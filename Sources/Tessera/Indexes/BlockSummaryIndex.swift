/// An index that keeps a summary of each block of consecutive elements in layout order and tests the elements of the
/// blocks a query cannot rule out by their summaries (`SoABinarySearchIndex`, `UnionRectsIndex`): its block size is
/// chosen when it is made, within `blockSizes`.
public protocol BlockSummaryIndex: SpatialIndex {
    /// The elements a block holds unless the index is made with another block size.
    static var defaultBlockSize: Int { get }
    /// The elements a block holds.
    var blockSize: Int { get }
    /// Creates an index whose blocks hold `blockSize` elements, or refuses a block size outside `blockSizes` (which
    /// `checked(blockSize:)` does).
    ///
    /// - Parameter blockSize: The elements a block holds, within `blockSizes`.
    /// - Throws: `LayoutError.countOutOfRange` when `blockSize` is outside `blockSizes`.
    init(blockSize: Int) throws(LayoutError)
}

extension BlockSummaryIndex {
    /// The largest block a search tests element by element; a larger one would make the index a scan.
    public static var blockSizes: ClosedRange<Int> { 1...65_536 }

    /// Creates an index whose blocks hold `defaultBlockSize` elements.
    ///
    /// - Complexity: O(1).
    public init() {
        // Every index's default lies within `blockSizes`.
        try! self.init(blockSize: Self.defaultBlockSize)
    }

    /// Returns `blockSize`, or refuses one outside `blockSizes`.
    ///
    /// - Parameter blockSize: The elements a block holds, within `blockSizes`.
    /// - Returns: `blockSize`.
    /// - Throws: `LayoutError.countOutOfRange` when `blockSize` is outside `blockSizes`.
    /// - Complexity: O(1).
    static func checked(blockSize: Int) throws(LayoutError) -> Int {
        guard blockSizes.contains(blockSize) else {
            throw .countOutOfRange(name: "blockSize", value: blockSize, range: blockSizes)
        }
        return blockSize
    }
}
