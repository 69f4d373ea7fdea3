/// The chunks in layout order, as the leaves of a B+ tree whose nodes keep, for each child, what is below it
/// (`ChunkSummary`): counts, to find an element or a section by number, and extents along the scroll axis, to find
/// what a rect meets. Every position in a node is relative to the node's base, and a child's base is the sum of the
/// advances of the children before it: a change of length in one chunk changes its summary and the sums on its path
/// to the root, O(log *n*), and moves every chunk after it without touching them.
///
/// Nodes live in flat arrays, `stride` slots each (the last slot takes the child that makes a node split). The
/// tree has `height` levels of nodes; the children of the nodes at the lowest level are chunk ids. Every node but
/// the root holds at least `minimumFill` children, so the height is O(log *n*).
@usableFromInline struct ChunkTree: Sendable {
    @usableFromInline static let fanout = 32
    @usableFromInline static let stride = fanout + 1
    @usableFromInline static let minimumFill = fanout / 4
    /// Room for the path from the root to a chunk: 8^12 chunks is far beyond any memory.
    @usableFromInline static let maximumHeight = 12

    /// Per node, the slots it uses.
    @usableFromInline var slotCounts: [Int] = []
    /// Per slot (node × stride + slot): what is below it, as the child keeps it.
    @usableFromInline var summaries: [ChunkSummary] = []
    /// Per slot, the child and where it sits in the node, worked out from the summaries by `refresh`.
    @usableFromInline var links: [SlotLink] = []
    /// Per slot, the extents a search for a rect bisects, worked out by `refresh`.
    @usableFromInline var reach: [SlotReach] = []
    /// Per slot, the elements, section records and chunks in the node's slots up to and with this one: what a
    /// descent by number bisects, each measure in an array of its own so its search reads few cache lines.
    @usableFromInline var elementEnds: [Int] = []
    @usableFromInline var recordEnds: [Int] = []
    @usableFromInline var chunkEnds: [Int] = []
    @usableFromInline var freeNodes: [Int32] = []
    @usableFromInline var root: Int32 = 0
    @usableFromInline var height = 0
    /// The whole tree's summary.
    @usableFromInline var total = ChunkSummary()

    @usableFromInline init() {}

    @inlinable static func slot(_ node: Int32, _ index: Int) -> Int { Int(node) &* stride &+ index }

    /// A slot's child and its place in the node: its base relative to the node's, and what the slots before it
    /// hold. What a descent reads of a slot, in one cache line with the next slot's.
    @usableFromInline struct SlotLink: Sendable, Equatable {
        @usableFromInline var offset = 0.0
        @usableFromInline var elementsBefore = 0
        @usableFromInline var recordsBefore = 0
        @usableFromInline var child: Int32 = 0
        @usableFromInline var chunksBefore: Int32 = 0

        @inlinable init() {}
    }

    /// What a search for a rect reads of a slot, relative to the node's base: the largest far edge among the slots
    /// up to this one and the smallest near edge from this one on (both monotone along the slots whatever the
    /// layout, so a search bisects them), and the slot's own extent.
    @usableFromInline struct SlotReach: Sendable, Equatable {
        @usableFromInline var runningMaxEnd = 0.0
        @usableFromInline var runningMinStart = 0.0
        @usableFromInline var minStart = 0.0
        @usableFromInline var maxEnd = 0.0

        @inlinable init() {}
    }

    // MARK: Building

    /// Makes the tree over the chunks `level` lists, in order, with their summaries, keeping the arrays' capacity
    /// (so a prepare allocates nothing once the tree has been as large); `level` is used as room for each level in
    /// turn.
    ///
    /// - Complexity: O(*k*) for *k* chunks.
    @usableFromInline mutating func build(over level: inout [(id: Int32, summary: ChunkSummary)]) {
        precondition(!level.isEmpty, "a store holds one chunk at least")
        slotCounts.removeAll(keepingCapacity: true)
        freeNodes.removeAll(keepingCapacity: true)
        summaries.removeAll(keepingCapacity: true)
        links.removeAll(keepingCapacity: true)
        reach.removeAll(keepingCapacity: true)
        elementEnds.removeAll(keepingCapacity: true)
        recordEnds.removeAll(keepingCapacity: true)
        chunkEnds.removeAll(keepingCapacity: true)
        height = 0
        repeat {
            makeLevel(over: &level)
            height += 1
        } while level.count > 1
        root = level[0].id
        total = level[0].summary
    }

    /// Replaces the children `level` lists with nodes over them, as full as the fanout allows, the last two evened
    /// out so that both keep the fill.
    private mutating func makeLevel(over level: inout [(id: Int32, summary: ChunkSummary)]) {
        let childCount = level.count
        let nodeCount = (childCount + Self.fanout - 1) / Self.fanout
        var start = 0
        for index in 0..<nodeCount {
            var end = Swift.min(start + Self.fanout, childCount)
            // The last two nodes share what is left when the last alone would be short of the fill.
            if index == nodeCount - 2, childCount - end < Self.minimumFill { end = start + (childCount - start) / 2 }
            let node = newNode()
            for slot in 0..<(end - start) {
                links[Self.slot(node, slot)].child = level[start + slot].id
                summaries[Self.slot(node, slot)] = level[start + slot].summary
            }
            slotCounts[Int(node)] = end - start
            // The parents take the places of their first children, which have been read.
            level[index] = (node, refresh(node))
            start = end
        }
        level.removeLast(childCount - nodeCount)
    }

    /// A node of no slots, from the free list or new.
    @usableFromInline mutating func newNode() -> Int32 {
        if let node = freeNodes.popLast() {
            slotCounts[Int(node)] = 0
            return node
        }
        let node = Int32(slotCounts.count)
        slotCounts.append(0)
        summaries.append(contentsOf: repeatElement(ChunkSummary(), count: Self.stride))
        links.append(contentsOf: repeatElement(SlotLink(), count: Self.stride))
        reach.append(contentsOf: repeatElement(SlotReach(), count: Self.stride))
        elementEnds.append(contentsOf: repeatElement(0, count: Self.stride))
        recordEnds.append(contentsOf: repeatElement(0, count: Self.stride))
        chunkEnds.append(contentsOf: repeatElement(0, count: Self.stride))
        return node
    }

    /// Works out a node's per-slot offsets, counts and running extremes from its slots' summaries, and returns the
    /// node's own summary.
    ///
    /// - Complexity: O(*fanout*).
    @discardableResult @usableFromInline mutating func refresh(_ node: Int32) -> ChunkSummary {
        let (first, count) = (Self.slot(node, 0), slotCounts[Int(node)])
        // Through buffer pointers taken once: each write through an array of `self` checks its uniqueness and bounds,
        // three quarters of the work of a refresh.
        return summaries.withUnsafeBufferPointer { summaries in
            links.withUnsafeMutableBufferPointer { links in
                reach.withUnsafeMutableBufferPointer { reach in
                    elementEnds.withUnsafeMutableBufferPointer { elementEnds in
                        recordEnds.withUnsafeMutableBufferPointer { recordEnds in
                            chunkEnds.withUnsafeMutableBufferPointer { chunkEnds in
                                Self.refresh(
                                    first..<(first + count), summaries: summaries.baseAddress!,
                                    links: links.baseAddress!, reach: reach.baseAddress!,
                                    ends: (elementEnds.baseAddress!, recordEnds.baseAddress!, chunkEnds.baseAddress!))
                            }
                        }
                    }
                }
            }
        }
    }

    /// `refresh(_:)` over the node's `slots`.
    private static func refresh(
        _ slots: Range<Int>, summaries: UnsafePointer<ChunkSummary>, links: UnsafeMutablePointer<SlotLink>,
        reach: UnsafeMutablePointer<SlotReach>,
        ends: (
            elements: UnsafeMutablePointer<Int>, records: UnsafeMutablePointer<Int>, chunks: UnsafeMutablePointer<Int>
        )
    ) -> ChunkSummary {
        var summary = ChunkSummary()
        var running = -Double.infinity
        for slot in slots {
            let child = summaries[slot]
            links[slot].offset = summary.advance
            links[slot].elementsBefore = summary.elements
            links[slot].recordsBefore = summary.records
            links[slot].chunksBefore = Int32(truncatingIfNeeded: summary.chunks)
            let (start, end) = (summary.advance + child.minStart, summary.advance + child.maxEnd)
            running = end > running ? end : running
            reach[slot].runningMaxEnd = running
            reach[slot].minStart = start
            reach[slot].maxEnd = end
            if summary.firstOrigin == .infinity, child.firstOrigin != .infinity {
                summary.firstOrigin = summary.advance + child.firstOrigin
            }
            summary.elements += child.elements
            summary.records += child.records
            summary.chunks += child.chunks
            summary.advance += child.advance
            ends.elements[slot] = summary.elements
            ends.records[slot] = summary.records
            ends.chunks[slot] = summary.chunks
        }
        var nearest = Double.infinity
        for slot in slots.reversed() {
            nearest = reach[slot].minStart < nearest ? reach[slot].minStart : nearest
            reach[slot].runningMinStart = nearest
        }
        summary.maxEnd = running
        summary.minStart = nearest
        return summary
    }

    // MARK: Finding

    /// A chunk's place: its id, its base, and the elements, section records and chunks before it.
    @usableFromInline struct Place: Sendable {
        @usableFromInline var chunk: Int32
        @usableFromInline var base: Double
        @usableFromInline var elementsBefore: Int
        @usableFromInline var recordsBefore: Int
        @usableFromInline var chunksBefore: Int

        @inlinable init(chunk: Int32, base: Double, elementsBefore: Int, recordsBefore: Int, chunksBefore: Int) {
            self.chunk = chunk
            self.base = base
            self.elementsBefore = elementsBefore
            self.recordsBefore = recordsBefore
            self.chunksBefore = chunksBefore
        }

        /// Moves the place down through `link` (its base and what precedes it, added); returns the child.
        @inlinable @inline(__always) mutating func descend(through link: SlotLink) -> Int32 {
            base += link.offset
            elementsBefore &+= link.elementsBefore
            recordsBefore &+= link.recordsBefore
            chunksBefore &+= Int(link.chunksBefore)
            return link.child
        }
    }

    /// What a descent counts: elements, section records or chunks.
    @usableFromInline enum Measure: Sendable {
        case elements, records, chunks
    }

    /// The chunk holding item `index` of `measure` (element, record or chunk), descending from the root; the last
    /// chunk for an index at the end. Fills `path` with each level's node and slot when given.
    ///
    /// - Complexity: O(log *n*).
    @inlinable func place(
        of index: Int, by measure: Measure, path: UnsafeMutablePointer<(node: Int32, slot: Int)>? = nil
    ) -> Place {
        var node = root
        var place = Place(chunk: 0, base: 0, elementsBefore: 0, recordsBefore: 0, chunksBefore: 0)
        for level in 0..<height {
            let first = Self.slot(node, 0)
            let count = slotCounts[Int(node)]
            let local: Int
            switch measure {
            case .elements: local = index &- place.elementsBefore
            case .records: local = index &- place.recordsBefore
            case .chunks: local = index &- place.chunksBefore
            }
            // The first slot whose items reach past `local`; the last one when none does.
            let low: Int
            switch measure {
            case .elements:
                low = elementEnds.withUnsafeBufferPointer {
                    Self.firstSlot(reaching: local, in: $0.baseAddress.unsafelyUnwrapped + first, count: count)
                }
            case .records:
                low = recordEnds.withUnsafeBufferPointer {
                    Self.firstSlot(reaching: local, in: $0.baseAddress.unsafelyUnwrapped + first, count: count)
                }
            case .chunks:
                low = chunkEnds.withUnsafeBufferPointer {
                    Self.firstSlot(reaching: local, in: $0.baseAddress.unsafelyUnwrapped + first, count: count)
                }
            }
            let slot = first &+ low
            path?[level] = (node, low)
            node = place.descend(through: links[slot])
        }
        place.chunk = node
        return place
    }

    /// The first of `count` slots whose end passes `local`, the last slot when none does: a binary search whose
    /// steps choose without a branch (a slot's count of a measure ends where `ends` says).
    @inlinable @inline(__always) static func firstSlot(reaching local: Int, in ends: UnsafePointer<Int>, count: Int)
        -> Int
    {
        var base = 0
        var length = count
        while length > 1 {
            let half = length >> 1
            base = ends[base &+ half &- 1] > local ? base : base &+ half
            length &-= half
        }
        return Swift.min(base &+ (ends[base] > local ? 0 : 1), count &- 1)
    }

    /// The chunk holding the last section record whose origin is at or before `position`, or the first chunk when
    /// none is: sections stack, so their origins never decrease along the records.
    ///
    /// - Complexity: O(log *n*).
    @inlinable func place(ofRecordAtOrBefore position: Double) -> Place {
        var node = root
        var place = Place(chunk: 0, base: 0, elementsBefore: 0, recordsBefore: 0, chunksBefore: 0)
        for _ in 0..<height {
            let first = Self.slot(node, 0)
            var chosen = first
            for slot in first..<(first &+ slotCounts[Int(node)]) where summaries[slot].records > 0 {
                if place.base + links[slot].offset + summaries[slot].firstOrigin > position { break }
                chosen = slot
            }
            node = place.descend(through: links[chosen])
        }
        place.chunk = node
        return place
    }

    // MARK: Changing

    /// Sets the summary of the chunk at `path`'s end and works the sums out again on the way up.
    ///
    /// - Complexity: O(*fanout* × log *n*).
    @usableFromInline mutating func update(
        _ summary: ChunkSummary, at path: UnsafeMutablePointer<(node: Int32, slot: Int)>
    ) {
        summaries[Self.slot(path[height - 1].node, path[height - 1].slot)] = summary
        propagate(from: height - 1, path: path)
    }

    /// Puts `chunk` with `summary` in the place of the chunk at `path`'s end, and works the sums out again on the way
    /// up.
    ///
    /// - Complexity: O(*fanout* × log *n*).
    @usableFromInline mutating func replace(
        with chunk: Int32, _ summary: ChunkSummary, at path: UnsafeMutablePointer<(node: Int32, slot: Int)>
    ) {
        links[Self.slot(path[height - 1].node, path[height - 1].slot)].child = chunk
        update(summary, at: path)
    }

    /// Every chunk in layout order with its summary, appended to `list`.
    ///
    /// - Complexity: O(*k*) for *k* chunks.
    @usableFromInline func appendChunks(to list: inout [(id: Int32, summary: ChunkSummary)]) {
        guard height > 0 else { return }
        func collect(_ node: Int32, level: Int) {
            let first = Self.slot(node, 0)
            for slot in first..<(first + slotCounts[Int(node)]) {
                if level + 1 == height {
                    list.append((links[slot].child, summaries[slot]))
                } else {
                    collect(links[slot].child, level: level + 1)
                }
            }
        }
        collect(root, level: 0)
    }

    /// Inserts `chunk` after the chunk at `path`'s end, or before it when `before`.
    ///
    /// - Complexity: O(*fanout* × log *n*).
    @usableFromInline mutating func insert(
        _ chunk: Int32, _ summary: ChunkSummary, at path: UnsafeMutablePointer<(node: Int32, slot: Int)>, before: Bool
    ) {
        insert(chunk, summary, level: height - 1, at: path[height - 1].slot + (before ? 0 : 1), path: path)
    }

    /// Removes the chunk at `path`'s end, which must not be the tree's only chunk.
    ///
    /// - Complexity: O(*fanout* × log *n*).
    @usableFromInline mutating func remove(at path: UnsafeMutablePointer<(node: Int32, slot: Int)>) {
        precondition(total.chunks > 1, "a store keeps one chunk at least")
        let level = height - 1
        let node = path[level].node
        removeSlot(node, path[level].slot)
        rebalance(level: level, path: path)
    }

    /// Puts `child` in slot `index` of the node at `level` of `path`, splitting the node when it overflows.
    private mutating func insert(
        _ child: Int32, _ summary: ChunkSummary, level: Int, at index: Int,
        path: UnsafeMutablePointer<(node: Int32, slot: Int)>
    ) {
        let node = path[level].node
        let count = slotCounts[Int(node)]
        let first = Self.slot(node, 0)
        for slot in Swift.stride(from: first + count, to: first + index, by: -1) {
            links[slot].child = links[slot - 1].child
            summaries[slot] = summaries[slot - 1]
        }
        links[first + index].child = child
        summaries[first + index] = summary
        slotCounts[Int(node)] = count + 1
        guard count + 1 > Self.fanout else {
            propagate(from: level, path: path)
            return
        }
        // Split: the upper half goes to a new node, which goes into the parent after this one.
        let sibling = newNode()
        let kept = (count + 1) / 2
        for slot in kept..<(count + 1) {
            links[Self.slot(sibling, slot - kept)].child = links[first + slot].child
            summaries[Self.slot(sibling, slot - kept)] = summaries[first + slot]
        }
        slotCounts[Int(node)] = kept
        slotCounts[Int(sibling)] = count + 1 - kept
        let nodeSummary = refresh(node)
        let siblingSummary = refresh(sibling)
        if level == 0 {
            let newRoot = newNode()
            links[Self.slot(newRoot, 0)].child = node
            summaries[Self.slot(newRoot, 0)] = nodeSummary
            links[Self.slot(newRoot, 1)].child = sibling
            summaries[Self.slot(newRoot, 1)] = siblingSummary
            slotCounts[Int(newRoot)] = 2
            total = refresh(newRoot)
            root = newRoot
            height += 1
            return
        }
        summaries[Self.slot(path[level - 1].node, path[level - 1].slot)] = nodeSummary
        insert(sibling, siblingSummary, level: level - 1, at: path[level - 1].slot + 1, path: path)
    }

    /// Takes slot `index` out of `node`, moving the later slots down.
    private mutating func removeSlot(_ node: Int32, _ index: Int) {
        let count = slotCounts[Int(node)]
        let first = Self.slot(node, 0)
        for slot in (first + index)..<(first + count - 1) {
            links[slot].child = links[slot + 1].child
            summaries[slot] = summaries[slot + 1]
        }
        slotCounts[Int(node)] = count - 1
    }

    /// After a slot left the node at `level` of `path`: merges it with a sibling, or borrows from one, when it is
    /// short of the fill, collapses a root of one child, and works the sums out on the way up.
    private mutating func rebalance(level: Int, path: UnsafeMutablePointer<(node: Int32, slot: Int)>) {
        let node = path[level].node
        guard level > 0 else {
            if slotCounts[Int(node)] == 1, height > 1 {
                root = links[Self.slot(node, 0)].child
                freeNodes.append(node)
                height -= 1
                total = refresh(root)
            } else {
                total = refresh(node)
            }
            return
        }
        let parent = path[level - 1].node
        let index = path[level - 1].slot
        guard slotCounts[Int(node)] < Self.minimumFill, slotCounts[Int(parent)] > 1 else {
            summaries[Self.slot(parent, index)] = refresh(node)
            rebalance(level: level - 1, path: path)
            return
        }
        // The node and its left sibling, or its right one for the first child.
        let leftIndex = index > 0 ? index - 1 : index
        let left = links[Self.slot(parent, leftIndex)].child
        let right = links[Self.slot(parent, leftIndex + 1)].child
        let (leftCount, rightCount) = (slotCounts[Int(left)], slotCounts[Int(right)])
        if leftCount + rightCount <= Self.fanout {
            for slot in 0..<rightCount {
                links[Self.slot(left, leftCount + slot)].child = links[Self.slot(right, slot)].child
                summaries[Self.slot(left, leftCount + slot)] = summaries[Self.slot(right, slot)]
            }
            slotCounts[Int(left)] = leftCount + rightCount
            slotCounts[Int(right)] = 0
            freeNodes.append(right)
            summaries[Self.slot(parent, leftIndex)] = refresh(left)
            removeSlot(parent, leftIndex + 1)
        } else {
            // Even the two out: move slots from the fuller to the other.
            let target = (leftCount + rightCount) / 2
            if leftCount > target {
                let moving = leftCount - target
                for slot in Swift.stride(from: rightCount - 1, through: 0, by: -1) {
                    links[Self.slot(right, slot + moving)].child = links[Self.slot(right, slot)].child
                    summaries[Self.slot(right, slot + moving)] = summaries[Self.slot(right, slot)]
                }
                for slot in 0..<moving {
                    links[Self.slot(right, slot)].child = links[Self.slot(left, target + slot)].child
                    summaries[Self.slot(right, slot)] = summaries[Self.slot(left, target + slot)]
                }
                slotCounts[Int(left)] = target
                slotCounts[Int(right)] = rightCount + moving
            } else {
                let moving = rightCount - (leftCount + rightCount - target)
                for slot in 0..<moving {
                    links[Self.slot(left, leftCount + slot)].child = links[Self.slot(right, slot)].child
                    summaries[Self.slot(left, leftCount + slot)] = summaries[Self.slot(right, slot)]
                }
                for slot in moving..<rightCount {
                    links[Self.slot(right, slot - moving)].child = links[Self.slot(right, slot)].child
                    summaries[Self.slot(right, slot - moving)] = summaries[Self.slot(right, slot)]
                }
                slotCounts[Int(left)] = leftCount + moving
                slotCounts[Int(right)] = rightCount - moving
            }
            summaries[Self.slot(parent, leftIndex)] = refresh(left)
            summaries[Self.slot(parent, leftIndex + 1)] = refresh(right)
        }
        rebalance(level: level - 1, path: path)
    }

    /// Works the sums out again from the node at `level` of `path` up to the root.
    private mutating func propagate(from level: Int, path: UnsafeMutablePointer<(node: Int32, slot: Int)>) {
        var level = level
        while level > 0 {
            let summary = refresh(path[level].node)
            summaries[Self.slot(path[level - 1].node, path[level - 1].slot)] = summary
            level -= 1
        }
        total = refresh(root)
    }

    /// The bytes the nodes hold, at their capacity.
    @usableFromInline var byteCount: Int {
        slotCounts.capacity * MemoryLayout<Int>.stride + summaries.capacity * MemoryLayout<ChunkSummary>.stride
            + links.capacity * MemoryLayout<SlotLink>.stride + reach.capacity * MemoryLayout<SlotReach>.stride
            + (elementEnds.capacity + recordEnds.capacity + chunkEnds.capacity) * MemoryLayout<Int>.stride
            + freeNodes.capacity * MemoryLayout<Int32>.stride
    }
}
