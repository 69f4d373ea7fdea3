/// An implicit augmented interval tree over the elements' extents along the scroll axis, as Heng Li's cgranges
/// lays one out: the extents sorted by start, the tree implicit in their positions (position `i` is a node at
/// the level of its trailing one bits, its children half a level's span either side), each node holding the
/// largest end in its subtree. Subtrees small enough are scanned linearly. The cross axis is tested per element.
///
/// Positions past the last element are nodes without an extent of their own; only their left subtrees can hold
/// elements. A query finds the elements in order of their starts; the answer is put back in layout order.
public struct IntervalTreeIndex: SpatialIndex {
    public static let defaultLeafLevel = 3

    /// Subtrees at this level or below (up to `2^(leafLevel+1) − 1` elements) are scanned rather than descended.
    public let leafLevel: Int
    /// The extents sorted by start, one node each: a walk reads a node's start, end and subtree end together, so
    /// they share its 32 bytes (half a cache line) rather than sit in four arrays, four cache lines apart.
    @usableFromInline var nodes: [Node] = []
    /// The build's sort order, kept for its capacity: sorting 4-byte element numbers moves an eighth of the bytes
    /// that sorting the nodes would (1.5x faster on Mosaic, whose layout order is far from sorted).
    var order: [Int32] = []
    /// The root's level: the tree spans positions `0 ..< 2^(rootLevel+1) − 1`.
    @usableFromInline var rootLevel = 0

    /// Element indices, and the walk's positions, are kept in 32 bits.
    public static var maximumElementCount: Int { Int(Int32.max) }

    /// An element's extent along the scroll axis, its index in the store, and the largest end among the
    /// positions of the subtree it heads.
    @usableFromInline struct Node: Sendable {
        @usableFromInline var start: Double
        @usableFromInline var end: Double
        @usableFromInline var subtreeEnd: Double
        @usableFromInline var _element: Int32

        @inlinable init(start: Double, end: Double, element: Int) {
            self.start = start
            self.end = end
            subtreeEnd = end
            _element = Int32(truncatingIfNeeded: element)
        }

        @inlinable var element: Int { Int(_element) }
    }

    /// Levels a leaf may sit at: the tree's positions are 32-bit.
    public static let leafLevels = 0...30

    public init() {
        leafLevel = Self.defaultLeafLevel
    }

    /// Refuses a leaf level outside `leafLevels`.
    public init(leafLevel: Int) throws(LayoutError) {
        guard Self.leafLevels.contains(leafLevel) else { throw .countOutOfRange(name: "leafLevel", value: leafLevel, range: Self.leafLevels) }
        self.leafLevel = leafLevel
    }

    public mutating func build(over store: AttributeStore, axis: ScrollAxis, viewport: Size) {
        store.withColumns(along: axis) { columns in
            order.removeAll(keepingCapacity: true)
            order.append(contentsOf: 0..<Int32(columns.count))
            // Layouts are nearly sorted by start already; the standard sort takes advantage of runs.
            order.sort { (columns.scrollMin(Int($0)), $0) < (columns.scrollMin(Int($1)), $1) }
            nodes.removeAll(keepingCapacity: true)
            nodes.reserveCapacity(columns.count)
            for element in order {
                nodes.append(Node(start: columns.scrollMin(Int(element)), end: columns.scrollMax(Int(element)), element: Int(element)))
            }
        }
        rootLevel = 0
        while (1 << (rootLevel + 1)) - 1 < nodes.count { rootLevel += 1 }
        if !nodes.isEmpty { _ = fillSubtreeEnds(node: (1 << rootLevel) - 1, level: rootLevel) }
    }

    /// Sets `subtreeEnd` for the node's subtree and returns its largest end (−∞ when it holds no element).
    private mutating func fillSubtreeEnds(node: Int, level: Int) -> Double {
        let span = (1 << level) - 1
        guard node - span < nodes.count else { return -.infinity }
        guard level > 0 else { return node < nodes.count ? nodes[node].end : -.infinity }
        let half = 1 << (level - 1)
        let below = Swift.max(fillSubtreeEnds(node: node - half, level: level - 1), fillSubtreeEnds(node: node + half, level: level - 1))
        guard node < nodes.count else { return below }
        nodes[node].subtreeEnd = Swift.max(nodes[node].end, below)
        return nodes[node].subtreeEnd
    }

    @inlinable public func query(_ query: AxisRect, in store: AttributeStore, axis: ScrollAxis, into result: inout VisibleElements) {
        guard !nodes.isEmpty else { return }
        let first = result.count
        nodes.withUnsafeBufferPointer { nodes in
            store.withColumns(along: axis) { columns in
                Tree(nodes: nodes, columns: columns, rootLevel: rootLevel, leafLevel: leafLevel).walk(query, into: &result)
            }
        }
        result.restoreLayoutOrder(from: first)
    }

    /// The tree and the store's columns seen through unsafe buffers, for the length of one query.
    @usableFromInline struct Tree {
        @usableFromInline let nodes: UnsafeBufferPointer<Node>
        @usableFromInline let columns: FrameColumns
        @usableFromInline let rootLevel: Int
        @usableFromInline let leafLevel: Int

        @inlinable init(nodes: UnsafeBufferPointer<Node>, columns: FrameColumns, rootLevel: Int, leafLevel: Int) {
            self.nodes = nodes
            self.columns = columns
            self.rootLevel = rootLevel
            self.leafLevel = leafLevel
        }

        /// An in-order walk with an explicit stack: a node is pushed to be descended (its left subtree, itself, its
        /// right subtree) or, once descended, to have itself and its right subtree taken. Two entries a level at
        /// most; packed into 8 bytes so the stack stays on the stack (a larger temporary allocation goes to the
        /// heap, once a query). Out of line (it is long), and known to release nothing, so that the caller need not
        /// retain the index and the store around the call.
        @inlinable @inline(never) @_effects(releasenone) func walk(_ query: AxisRect, into result: inout VisibleElements) {
            let count = nodes.count
            withUnsafeTemporaryAllocation(of: StackEntry.self, capacity: 2 * 32) { stack in
                stack[0] = StackEntry((1 << rootLevel) - 1, rootLevel, false)
                var depth = 1
                while depth > 0 {
                    depth -= 1
                    let (node, level, descended) = (Int(stack[depth].node), Int(stack[depth].level), stack[depth].descended)
                    let half = level > 0 ? 1 << (level - 1) : 0
                    if descended {
                        // The left subtree is done; this node and everything right of it start here or later.
                        guard nodes[node].start < query.scrollMax else { continue }
                        take(node..<(node + 1), query, into: &result)
                        stack[depth] = StackEntry(node + half, level - 1, false)
                        depth += 1
                        continue
                    }
                    if node >= count {
                        // A position past the last element: only its left subtree can hold any.
                        if level > 0 { stack[depth] = StackEntry(node - half, level - 1, false); depth += 1 }
                        continue
                    }
                    guard nodes[node].subtreeEnd > query.scrollMin else { continue }
                    if level <= leafLevel {
                        let low = node - ((1 << level) - 1)
                        let high = Swift.min(node + (1 << level) - 1, count - 1)
                        var end = low
                        while end <= high, nodes[end].start < query.scrollMax { end += 1 }
                        take(low..<end, query, into: &result)
                        continue
                    }
                    stack[depth] = StackEntry(node, level, true)
                    stack[depth + 1] = StackEntry(node - half, level - 1, false)
                    depth += 2
                }
            }
        }

        /// Takes the elements at sorted positions `positions` that meet the rect; their starts are known to be
        /// before the rect's end. Every one is written and the hits advance the end, with no branch on the test.
        @inlinable @inline(__always) func take(_ positions: Range<Int>, _ query: AxisRect, into result: inout VisibleElements) {
            result.append(upTo: positions.count) { hits in
                var found = 0
                for position in positions {
                    let element = nodes[position].element
                    hits[found] = element
                    let after = query.scrollMin < nodes[position].end ? 1 : 0
                    let left = columns.crossOrigin[element] < query.crossMax ? 1 : 0
                    let right = query.crossMin < columns.crossOrigin[element] + columns.crossLength[element] ? 1 : 0
                    found &+= after & left & right
                }
                return found
            }
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

    public var byteCount: Int {
        nodes.capacity * MemoryLayout<Node>.stride + order.capacity * MemoryLayout<Int32>.stride
    }
}
