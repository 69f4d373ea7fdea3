/// An implicit augmented interval tree over the elements' extents along the scroll axis, as Heng Li's cgranges
/// lays one out: the extents in order of their starts, the tree implicit in their positions (position `i` is a
/// node at the level of its trailing one bits, its children half a level's span either side), each node holding
/// the largest end in its subtree. Subtrees small enough are scanned linearly. The cross axis is tested per element.
///
/// The nodes keep layout order when the layout nearly does: each holds the lowest start from its position on,
/// which is nondecreasing along the positions, so the tree can be searched on it as on sorted starts, with each
/// element's own start tested when it is taken. Where no element starts before one `maximumDisplacement` or more
/// places earlier, at most that many elements a query takes are ones a start-sorted tree would not have reached,
/// and the answer comes out in layout order with no sort at the build and none at the query. A layout that moves
/// further back (a backdrop written last, columns written one after the other) is sorted by start instead, and its
/// answer put back in layout order.
///
/// Positions past the last element are nodes without an extent of their own; only their left subtrees can hold
/// elements.
public struct IntervalTreeIndex: SpatialIndex {
    /// The leaf level unless the index is made with another: subtrees of up to 15 elements are scanned.
    public static let defaultLeafLevel = 3
    /// How far back along the positions a start may go and the nodes still keep layout order.
    public static let maximumDisplacement = 32

    /// Subtrees at this level or below (up to `2^(leafLevel+1) − 1` elements) are scanned rather than descended.
    public let leafLevel: Int
    /// The nodes, in layout order or sorted by start: a walk reads a node's lowest start, own extent and subtree
    /// end together, so they share its 32 bytes (half a cache line) rather than sit in separate arrays, and an
    /// element is tested on the scroll axis from its node, as cgranges does, with only the cross axis read from
    /// the chunk.
    @usableFromInline var nodes: [Node] = []
    /// The element at each position when the nodes are sorted by start; empty when they are in layout order
    /// (position `i` is element `i`). Sorting these 4-byte numbers moves an eighth of the bytes that sorting the
    /// nodes would (1.5x faster on Mosaic, when every layout was sorted).
    @usableFromInline var order: [Int32] = []
    /// Whether the nodes are in layout order rather than sorted by start.
    @inlinable public var keepsLayoutOrder: Bool { order.isEmpty }
    /// The root's level: the tree spans positions `0 ..< 2^(rootLevel+1) − 1`.
    @usableFromInline var rootLevel = 0

    /// The lowest start among the elements of this position and the ones after it; the element's own start and
    /// length along the scroll axis, as the store holds them; and the largest end among the positions of the
    /// subtree it heads. The length rather than the end: the engine's test of the frames handed out adds the
    /// chunk's base to the start, then the length, as the frame handed out and `Rect.maxY` do.
    @usableFromInline struct Node: Sendable {
        @usableFromInline var lowestStart: Double
        @usableFromInline var start: Double
        @usableFromInline var length: Double
        @usableFromInline var subtreeEnd: Double

        /// A node of the element's own extent: `finishNodes` lowers the lowest start.
        @inlinable init(start: Double, length: Double) {
            lowestStart = start
            self.start = start
            self.length = length
            subtreeEnd = start + length
        }

        /// The element's far edge, the sum `FrameColumns.scrollMax` makes.
        @inlinable var end: Double { start + length }
    }

    /// Levels a leaf may sit at: the tree's positions are 32-bit.
    public static let leafLevels = 0...30

    /// Creates an index whose leaves are at `defaultLeafLevel`.
    ///
    /// - Complexity: O(1).
    public init() {
        leafLevel = Self.defaultLeafLevel
    }

    /// Refuses a leaf level outside `leafLevels`.
    ///
    /// - Parameter leafLevel: The level at or below which subtrees are scanned rather than descended, within
    ///   `leafLevels`.
    /// - Throws: `LayoutError.countOutOfRange` when `leafLevel` is outside `leafLevels`.
    /// - Complexity: O(1).
    public init(leafLevel: Int) throws(LayoutError) {
        guard Self.leafLevels.contains(leafLevel) else {
            throw .countOutOfRange(name: "leafLevel", value: leafLevel, range: Self.leafLevels)
        }
        self.leafLevel = leafLevel
    }

    /// Rebuilds the tree over `chunk`: in layout order when the chunk's elements keep near it, sorted by start
    /// otherwise.
    ///
    /// - Parameters:
    ///   - chunk: The chunk whose elements the index is built over.
    ///   - axis: The axis the layout scrolls along, which the index searches.
    ///   - viewport: The viewport the chunk was laid out for; not read.
    /// - Complexity: O(*m*) for the chunk's *m* elements when they keep near layout order; O(*m* log *m*) when they are
    ///   sorted by start.
    public mutating func build(over chunk: ElementChunk, axis: ScrollAxis, viewport: Size) {
        chunk.withColumns(along: axis) { columns in
            let count = columns.count
            nodes.removeAll(keepingCapacity: true)
            nodes.reserveCapacity(count)
            for element in 0..<count {
                nodes.append(Node(start: columns.scrollOrigin[element], length: columns.scrollLength[element]))
            }
            rootLevel = 0
            while (1 << (rootLevel + 1)) - 1 < count { rootLevel += 1 }
            order.removeAll(keepingCapacity: true)
            let inLayoutOrder = finishNodes()
            guard !inLayoutOrder else { return }
            order.append(contentsOf: 0..<Int32(count))
            // Layouts are nearly sorted by start already; the standard sort takes advantage of runs.
            order.sort { (columns.scrollMin(Int($0)), $0) < (columns.scrollMin(Int($1)), $1) }
            for (position, element) in order.enumerated() {
                nodes[position] = Node(
                    start: columns.scrollOrigin[Int(element)], length: columns.scrollLength[Int(element)])
            }
            _ = finishNodes()
        }
    }

    /// Sets each node's lowest start (the lowest start from its position on) and its subtree end, in one pass;
    /// returns whether no start was later than the lowest start `maximumDisplacement` positions on.
    private mutating func finishNodes() -> Bool {
        guard !nodes.isEmpty else { return true }
        let root = (1 << rootLevel) - 1
        return nodes.withUnsafeMutableBufferPointer { nodes in
            var lowest = Double.infinity
            var displaced = false
            _ = Self.finishSubtree(nodes, node: root, level: rootLevel, lowest: &lowest, displaced: &displaced)
            return !displaced
        }
    }

    /// Visits the positions of the node's subtree from the last to the first (right subtree, node, left subtree),
    /// so that `lowest`, the lowest start after the position visited, is known at each; sets the lowest starts,
    /// then the subtree ends on the way back up, and returns the subtree's largest end (−∞ when it holds no
    /// element). A node's start is still its own when it is visited, and the node `maximumDisplacement` on is done.
    private static func finishSubtree(
        _ nodes: UnsafeMutableBufferPointer<Node>, node: Int, level: Int, lowest: inout Double, displaced: inout Bool
    ) -> Double {
        let count = nodes.count
        guard node - ((1 << level) - 1) < count else { return -.infinity }
        let half = level > 0 ? 1 << (level - 1) : 0
        let right =
            level > 0
            ? finishSubtree(nodes, node: node + half, level: level - 1, lowest: &lowest, displaced: &displaced)
            : -.infinity
        if node < count {
            let start = nodes[node].lowestStart
            let later = node + maximumDisplacement
            if later < count, start > nodes[later].lowestStart { displaced = true }
            lowest = start < lowest ? start : lowest
            nodes[node].lowestStart = lowest
        }
        let left =
            level > 0
            ? finishSubtree(nodes, node: node - half, level: level - 1, lowest: &lowest, displaced: &displaced)
            : -.infinity
        let below = left > right ? left : right
        guard node < count else { return below }
        let end = nodes[node].end > below ? nodes[node].end : below
        nodes[node].subtreeEnd = end
        return end
    }

    /// Appends the offsets of the elements of `chunk` that meet `query` to `result`, in ascending order: the search for
    /// a `ChunkQuery`, made for a chunk at base 0 whose first element is numbered 0.
    ///
    /// - Parameters:
    ///   - query: The rect to search for, in the chunk's coordinates, its edges named along `axis`.
    ///   - chunk: The chunk the index was last built over.
    ///   - axis: The axis the index was built along.
    ///   - result: The buffer to append the offsets of the elements found to.
    /// - Complexity: O(log *m* + *k*) for the chunk's *m* elements and the *k* elements the walk tests. When the nodes
    ///   are sorted by start, putting the answer back in layout order adds an insertion sort: O(*k*²) at worst, close
    ///   to O(*k*) for an answer nearly in layout order.
    @inlinable public func query(
        _ query: AxisRect, in chunk: ElementChunk, axis: ScrollAxis, into result: inout VisibleElements
    ) {
        self.query(ChunkQuery(query), in: chunk, axis: axis, into: &result)
    }

    /// Appends the elements of `chunk` whose frames as handed out meet `chunkQuery.rect` to `result`, numbered in
    /// layout order from `chunkQuery.firstElement`.
    ///
    /// The walk searches `chunkQuery.local` and tests each element it reaches on the frame handed out, from the
    /// start and length its node holds, numbering the hits as it writes them: no second pass over them.
    ///
    /// - Parameters:
    ///   - chunkQuery: The chunk's part of a rect query: the rect to search for, the chunk's base and the number of its
    ///     first element.
    ///   - chunk: The chunk the index was last built over.
    ///   - axis: The axis the index was built along.
    ///   - result: The buffer to append the layout-order numbers of the elements found to.
    /// - Complexity: O(log *m* + *k*) for the chunk's *m* elements and the *k* elements the walk tests. When the nodes
    ///   are sorted by start, putting the answer back in layout order adds an insertion sort: O(*k*²) at worst, close
    ///   to O(*k*) for an answer nearly in layout order.
    @inlinable public func query(
        _ chunkQuery: ChunkQuery, in chunk: ElementChunk, axis: ScrollAxis, into result: inout VisibleElements
    ) {
        guard !nodes.isEmpty else { return }
        let first = result.count
        nodes.withUnsafeBufferPointer { nodes in
            order.withUnsafeBufferPointer { order in
                Tree(
                    nodes: nodes, order: order, columns: chunk.columns(along: axis), rootLevel: rootLevel,
                    leafLevel: leafLevel
                )
                .walk(chunkQuery, into: &result)
            }
        }
        if !keepsLayoutOrder { result.restoreLayoutOrder(from: first) }
    }

    /// The tree and the store's columns seen through unsafe buffers, for the length of one query.
    @usableFromInline struct Tree {
        @usableFromInline let nodes: UnsafeBufferPointer<Node>
        /// Empty in layout order.
        @usableFromInline let order: UnsafeBufferPointer<Int32>
        @usableFromInline let columns: FrameColumns
        @usableFromInline let rootLevel: Int
        @usableFromInline let leafLevel: Int

        @inlinable init(
            nodes: UnsafeBufferPointer<Node>, order: UnsafeBufferPointer<Int32>, columns: FrameColumns, rootLevel: Int,
            leafLevel: Int
        ) {
            self.nodes = nodes
            self.order = order
            self.columns = columns
            self.rootLevel = rootLevel
            self.leafLevel = leafLevel
        }

        /// An in-order walk with an explicit stack: a node is pushed to be descended (its left subtree, itself, its
        /// right subtree) or, once descended, to have itself and its right subtree taken. Two entries a level at
        /// most; packed into 8 bytes so the stack stays on the stack (a larger temporary allocation goes to the
        /// heap, once a query). The walk searches `chunkQuery.local`; each element it reaches is tested on the frame
        /// handed out and, when it meets the rect, written numbered in layout order, through one pointer into the
        /// room the answer has left. Out of line (it is long), and known to release nothing, so that the caller
        /// need not retain the index and the store around the call.
        @inlinable @inline(never) @_effects(releasenone) func walk(
            _ chunkQuery: ChunkQuery, into result: inout VisibleElements
        ) {
            result.append(withinRoom: { hits, room in
                // The order is a constant in each call, so neither walk asks it again element by element.
                order.isEmpty
                    ? walk(chunkQuery, hits: hits, room: room, inLayoutOrder: true)
                    : walk(chunkQuery, hits: hits, room: room, inLayoutOrder: false)
            })
        }

        /// Writes the hits from `hits` and returns how many, or, when `room` is too little, more than `room`: a
        /// lower bound on the room the walk needs.
        @inlinable @inline(__always) func walk(
            _ chunkQuery: ChunkQuery, hits: UnsafeMutablePointer<Int>, room: Int, inLayoutOrder: Bool
        ) -> Int {
            // Taken into locals: the tree is passed by reference, and a write through `hits` could alias it, so each
            // of its fields read in the loops would be read again after every hit.
            let count = nodes.count
            let nodes = nodes.baseAddress.unsafelyUnwrapped
            let order = order.baseAddress
            let columns = columns
            let (query, rect, origin, firstElement) = (
                chunkQuery.local, chunkQuery.rect, chunkQuery.base, chunkQuery.firstElement
            )
            var found = 0
            return withUnsafeTemporaryAllocation(of: StackEntry.self, capacity: 2 * 32) { stack in
                stack[0] = StackEntry((1 &<< rootLevel) &- 1, rootLevel, false)
                var depth = 1
                while depth > 0 {
                    depth &-= 1
                    let (node, level, descended) = (
                        Int(stack[depth].node), Int(stack[depth].level), stack[depth].descended
                    )
                    if level <= leafLevel {
                        // A small subtree: its positions in order, tested as they are read, until the keys pass the
                        // rect's end. Every one is written and the hits advance the end.
                        var position = node &- ((1 &<< level) &- 1)
                        let high = Swift.min(node &+ (1 &<< level), count)
                        guard found &+ (high &- position) <= room else { return found &+ (high &- position) }
                        while position < high, nodes[position].lowestStart < query.scrollMax {
                            let element = inLayoutOrder ? position : Int(order.unsafelyUnwrapped[position])
                            hits[found] = firstElement &+ element
                            found &+= Self.meets(nodes[position], element, columns, rect, origin: origin) ? 1 : 0
                            position &+= 1
                        }
                        continue
                    }
                    let half = 1 &<< (level &- 1)
                    if !descended {
                        // Come back for this node and its right subtree once the left one is done; the left one is
                        // walked only when something in it ends after the rect starts. A left child past the last
                        // element has no subtree end to read, but its own left subtree may hold elements: walked.
                        stack[depth] = StackEntry(node, level, true)
                        depth &+= 1
                        let left = node &- half
                        if left >= count || nodes[left].subtreeEnd > query.scrollMin {
                            stack[depth] = StackEntry(left, level &- 1, false)
                            depth &+= 1
                        }
                    } else if node < count, nodes[node].lowestStart < query.scrollMax {
                        // The left subtree is done; this node and everything right of it start here or later.
                        guard found < room else { return found &+ 1 }
                        let element = inLayoutOrder ? node : Int(order.unsafelyUnwrapped[node])
                        hits[found] = firstElement &+ element
                        found &+= Self.meets(nodes[node], element, columns, rect, origin: origin) ? 1 : 0
                        stack[depth] = StackEntry(node &+ half, level &- 1, false)
                        depth &+= 1
                    }
                }
                return found
            }
        }

        /// Whether `element`, at `node`, meets `rect` as handed out: the predicate of `Rect.intersects`, on the
        /// scroll axis from the start and length the node holds moved by the chunk's base, `origin` (which a search on
        /// `chunkQuery.local` alone would leave to a second pass over the hits), on the cross axis from the chunk.
        @inlinable @inline(__always) static func meets(
            _ node: Node, _ element: Int, _ columns: FrameColumns, _ rect: AxisRect, origin: Double
        ) -> Bool {
            let near = origin + node.start
            let cross = columns.crossOrigin[element]
            return near < rect.scrollMax && rect.scrollMin < near + node.length
                && cross < rect.crossMax && rect.crossMin < cross + columns.crossLength[element]
        }
    }

    /// A node of the walk: its position, its level, and whether its left subtree has been walked.
    @usableFromInline struct StackEntry {
        @usableFromInline var node: Int32
        @usableFromInline var level: UInt8
        @usableFromInline var descended: Bool

        @inlinable init(_ node: Int, _ level: Int, _ descended: Bool) {
            self.node = Int32(truncatingIfNeeded: node)
            self.level = UInt8(truncatingIfNeeded: level)
            self.descended = descended
        }
    }

    /// The bytes the nodes and the order hold, at their capacity.
    public var byteCount: Int {
        nodes.capacity * MemoryLayout<Node>.stride + order.capacity * MemoryLayout<Int32>.stride
    }
}
