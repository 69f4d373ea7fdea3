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
    /// Sorted by start: each extent's start and end along the scroll axis, and its element's index.
    @usableFromInline var starts: [Double] = []
    @usableFromInline var ends: [Double] = []
    @usableFromInline var elements: [Int32] = []
    /// The largest end among the positions of the node's subtree.
    @usableFromInline var subtreeEnds: [Double] = []
    /// The root's level: the tree spans positions `0 ..< 2^(rootLevel+1) − 1`.
    @usableFromInline var rootLevel = 0

    /// Element indices are kept in 32 bits.
    public static var maximumElementCount: Int { Int(Int32.max) }

    public init() {
        self.init(leafLevel: Self.defaultLeafLevel)
    }

    public init(leafLevel: Int) {
        precondition((0...30).contains(leafLevel), "a leaf level from 0 to 30")
        self.leafLevel = leafLevel
    }

    public mutating func build(over store: AttributeStore, axis: ScrollAxis, viewport: Size) {
        store.withColumns(along: axis) { columns in
            let count = columns.count
            elements.removeAll(keepingCapacity: true)
            elements.append(contentsOf: 0..<Int32(count))
            // Layouts are nearly sorted by start already; the standard sort takes advantage of runs.
            elements.sort { (columns.scrollMin(Int($0)), $0) < (columns.scrollMin(Int($1)), $1) }
            starts.removeAll(keepingCapacity: true)
            ends.removeAll(keepingCapacity: true)
            for element in elements {
                starts.append(columns.scrollMin(Int(element)))
                ends.append(columns.scrollMax(Int(element)))
            }
        }
        subtreeEnds.removeAll(keepingCapacity: true)
        subtreeEnds.append(contentsOf: ends)
        rootLevel = 0
        while (1 << (rootLevel + 1)) - 1 < starts.count { rootLevel += 1 }
        if !starts.isEmpty { _ = fillSubtreeEnds(node: (1 << rootLevel) - 1, level: rootLevel) }
    }

    /// Sets `subtreeEnds` for the node's subtree and returns its largest end (−∞ when it holds no element).
    private mutating func fillSubtreeEnds(node: Int, level: Int) -> Double {
        let span = (1 << level) - 1
        guard node - span < starts.count else { return -.infinity }
        guard level > 0 else { return node < starts.count ? ends[node] : -.infinity }
        let half = 1 << (level - 1)
        let below = Swift.max(fillSubtreeEnds(node: node - half, level: level - 1), fillSubtreeEnds(node: node + half, level: level - 1))
        guard node < starts.count else { return below }
        subtreeEnds[node] = Swift.max(ends[node], below)
        return subtreeEnds[node]
    }

    @inlinable public func query(_ query: AxisRect, in store: AttributeStore, axis: ScrollAxis, into result: inout VisibleElements) {
        guard !starts.isEmpty else { return }
        let first = result.count
        withTree(over: store, along: axis) { tree in tree.walk(query, into: &result) }
        result.restoreLayoutOrder(from: first)
    }

    /// Runs `body` with the tree's arrays and the store's columns as unsafe buffers, valid only while it runs.
    @inlinable func withTree<Result>(over store: AttributeStore, along axis: ScrollAxis, _ body: (Tree) -> Result) -> Result {
        store.withColumns(along: axis) { columns in
            starts.withUnsafeBufferPointer { starts in
                ends.withUnsafeBufferPointer { ends in
                    elements.withUnsafeBufferPointer { elements in
                        subtreeEnds.withUnsafeBufferPointer { subtreeEnds in
                            body(Tree(
                                starts: starts, ends: ends, elements: elements, subtreeEnds: subtreeEnds, columns: columns,
                                rootLevel: rootLevel, leafLevel: leafLevel
                            ))
                        }
                    }
                }
            }
        }
    }

    /// The tree seen through unsafe buffers, for the length of one query.
    @usableFromInline struct Tree {
        @usableFromInline let starts: UnsafeBufferPointer<Double>
        @usableFromInline let ends: UnsafeBufferPointer<Double>
        @usableFromInline let elements: UnsafeBufferPointer<Int32>
        @usableFromInline let subtreeEnds: UnsafeBufferPointer<Double>
        @usableFromInline let columns: FrameColumns
        @usableFromInline let rootLevel: Int
        @usableFromInline let leafLevel: Int

        @inlinable init(
            starts: UnsafeBufferPointer<Double>, ends: UnsafeBufferPointer<Double>, elements: UnsafeBufferPointer<Int32>,
            subtreeEnds: UnsafeBufferPointer<Double>, columns: FrameColumns, rootLevel: Int, leafLevel: Int
        ) {
            self.starts = starts
            self.ends = ends
            self.elements = elements
            self.subtreeEnds = subtreeEnds
            self.columns = columns
            self.rootLevel = rootLevel
            self.leafLevel = leafLevel
        }

        /// An in-order walk with an explicit stack: a node is pushed to be descended (its left subtree, itself, its
        /// right subtree) or, once descended, to have itself and its right subtree taken. Two entries a level at
        /// most; packed into 8 bytes so the stack stays on the stack (a larger temporary allocation goes to the
        /// heap, once a query).
        @inlinable func walk(_ query: AxisRect, into result: inout VisibleElements) {
            let count = starts.count
            withUnsafeTemporaryAllocation(of: StackEntry.self, capacity: 2 * 32) { stack in
                stack[0] = StackEntry((1 << rootLevel) - 1, rootLevel, false)
                var depth = 1
                while depth > 0 {
                    depth -= 1
                    let (node, level, descended) = (Int(stack[depth].node), Int(stack[depth].level), stack[depth].descended)
                    let half = level > 0 ? 1 << (level - 1) : 0
                    if descended {
                        // The left subtree is done; this node and everything right of it start here or later.
                        guard starts[node] < query.scrollMax else { continue }
                        take(node, query, into: &result)
                        stack[depth] = StackEntry(node + half, level - 1, false)
                        depth += 1
                        continue
                    }
                    if node >= count {
                        // A position past the last element: only its left subtree can hold any.
                        if level > 0 { stack[depth] = StackEntry(node - half, level - 1, false); depth += 1 }
                        continue
                    }
                    guard subtreeEnds[node] > query.scrollMin else { continue }
                    if level <= leafLevel {
                        let low = node - ((1 << level) - 1)
                        let high = Swift.min(node + (1 << level) - 1, count - 1)
                        var position = low
                        while position <= high, starts[position] < query.scrollMax {
                            take(position, query, into: &result)
                            position += 1
                        }
                        continue
                    }
                    stack[depth] = StackEntry(node, level, true)
                    stack[depth + 1] = StackEntry(node - half, level - 1, false)
                    depth += 2
                }
            }
        }

        /// Takes the element at a sorted position if it meets the rect; its start is known to be before the rect's end.
        @inlinable @inline(__always) func take(_ position: Int, _ query: AxisRect, into result: inout VisibleElements) {
            let element = Int(elements[position])
            if query.scrollMin < ends[position], columns.crossOrigin[element] < query.crossMax,
               query.crossMin < columns.crossOrigin[element] + columns.crossLength[element] {
                result.append(element)
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
        (starts.capacity + ends.capacity + subtreeEnds.capacity) * MemoryLayout<Double>.stride
            + elements.capacity * MemoryLayout<Int32>.stride
    }
}
