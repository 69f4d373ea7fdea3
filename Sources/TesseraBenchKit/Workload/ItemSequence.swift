import Tessera
import TesseraOracle

/// A section's items while a run of item steps edits it (`UpdatesFile.apply`): runs of the items as laid out and
/// the items the steps added, in order, in an implicit treap keyed by position (each node a piece, each subtree
/// knowing its items). A step finds its item in O(log *p*) for the *p* pieces the steps have cut the section into,
/// whatever the section's length; the run's net change is then one batch (`updates(inSection:)`).
struct ItemSequence {
    /// A run of consecutive items.
    enum Piece: Equatable {
        /// The laid-out items `first ..< first + count`, in order.
        case laidOut(first: Int, count: Int)
        /// An item a step added, with its size.
        case added(Size)
    }

    /// What a removal took out.
    enum Removed: Equatable {
        /// A laid-out item, by its number as laid out, with the size a step gave it, if one did.
        case laidOut(Int, resizedTo: Size?)
        /// An item a step added, with its size.
        case added(Size)
    }

    private struct Node {
        var piece: Piece
        /// The items of this node's piece.
        var items: Int
        /// The items of the subtree.
        var total: Int
        var priority: UInt64
        var left = -1
        var right = -1
    }

    private var nodes: [Node] = []
    private var root = -1
    // Seeded: the same steps build the same tree, so the work counted is the same from run to run.
    private var generator = SeededGenerator(seed: 0x5E0_0E5C)
    /// Laid-out items a step gave a new size, by their number as laid out.
    private(set) var resized: [Int: Size] = [:]
    /// Laid-out items a step removed, by their number as laid out.
    private(set) var removed: [Int] = []
    /// The nodes the steps visited: the work they did, which the tests count.
    private(set) var visits = 0

    /// A section of `count` laid-out items.
    init(count: Int) {
        if count > 0 { root = make(.laidOut(first: 0, count: count)) }
    }

    /// The section's items now.
    var count: Int { total(root) }

    /// Inserts an item of `size` so that it becomes item `item`, from 0 to `count`.
    mutating func insert(_ size: Size, at item: Int) {
        let (before, after) = split(root, item)
        root = merge(merge(before, make(.added(size))), after)
    }

    /// Removes item `item`, from 0 to `count - 1`, and says what it was.
    mutating func remove(at item: Int) -> Removed {
        let (before, rest) = split(root, item)
        let (one, after) = split(rest, 1)
        root = merge(before, after)
        switch nodes[one].piece {
        case .added(let size): return .added(size)
        case .laidOut(let first, _):
            removed.append(first)
            return .laidOut(first, resizedTo: resized.removeValue(forKey: first))
        }
    }

    /// Gives item `item`, from 0 to `count - 1`, the size `size`.
    mutating func resize(at item: Int, to size: Size) {
        let (node, offset) = locate(item)
        switch nodes[node].piece {
        case .added: nodes[node].piece = .added(size)
        case .laidOut(let first, _): resized[first + offset] = size
        }
    }

    /// What item `item`, from 0 to `count - 1`, is: as `remove(at:)` would say, without removing it.
    mutating func item(at item: Int) -> Removed {
        let (node, offset) = locate(item)
        switch nodes[node].piece {
        case .added(let size): return .added(size)
        case .laidOut(let first, _): return .laidOut(first + offset, resizedTo: resized[first + offset])
        }
    }

    /// The node holding item `item`, from 0 to `count - 1`, and the item's place in its piece.
    private mutating func locate(_ item: Int) -> (node: Int, offset: Int) {
        var node = root
        var item = item
        while true {
            visits += 1
            let before = total(nodes[node].left)
            if item < before {
                node = nodes[node].left
            } else if item < before + nodes[node].items {
                return (node, item - before)
            } else {
                item -= before + nodes[node].items
                node = nodes[node].right
            }
        }
    }

    /// The batch that makes the laid-out section what the steps made it, with UIKit's numbering: deletes and
    /// resizes name items as laid out, inserts name them as they are now.
    ///
    /// - Complexity: O(*p*) for the *p* pieces.
    func updates(inSection section: Int) -> [LayoutUpdate] {
        var updates = removed.map { LayoutUpdate.deleteItem(ItemPath(section: section, item: $0)) }
        updates += resized.map { LayoutUpdate.resizeItem(ItemPath(section: section, item: $0.key), size: $0.value) }
        // In order, without recursion: the leftmost path onto a stack, then each node and the leftmost path of its
        // right subtree.
        var stack: [Int] = []
        var node = root
        var position = 0
        while node >= 0 || !stack.isEmpty {
            while node >= 0 {
                stack.append(node)
                node = nodes[node].left
            }
            let next = stack.removeLast()
            if case .added(let size) = nodes[next].piece {
                updates.append(.insertItem(ItemPath(section: section, item: position), size: size))
            }
            position += nodes[next].items
            node = nodes[next].right
        }
        return updates
    }

    private func total(_ node: Int) -> Int { node < 0 ? 0 : nodes[node].total }

    private mutating func make(_ piece: Piece) -> Int {
        let items = if case .laidOut(_, let count) = piece { count } else { 1 }
        nodes.append(Node(piece: piece, items: items, total: items, priority: generator.next()))
        return nodes.count - 1
    }

    private mutating func update(_ node: Int) {
        nodes[node].total = total(nodes[node].left) + nodes[node].items + total(nodes[node].right)
    }

    /// `tree` cut into its first `count` items and the rest; a run of laid-out items the cut falls in is cut in two.
    private mutating func split(_ tree: Int, _ count: Int) -> (Int, Int) {
        guard tree >= 0 else { return (-1, -1) }
        visits += 1
        let before = total(nodes[tree].left)
        if count <= before {
            let (left, right) = split(nodes[tree].left, count)
            nodes[tree].left = right
            update(tree)
            return (left, tree)
        }
        let within = count - before
        if within >= nodes[tree].items {
            let (left, right) = split(nodes[tree].right, within - nodes[tree].items)
            nodes[tree].right = left
            update(tree)
            return (tree, right)
        }
        // Within a run of laid-out items (an added item is one item): the run's tail goes right, merged so that
        // the tree keeps its priorities' order.
        guard case .laidOut(let first, let items) = nodes[tree].piece else {
            preconditionFailure("a cut within one item")
        }
        let tail = make(.laidOut(first: first + within, count: items - within))
        let right = merge(tail, nodes[tree].right)
        nodes[tree].piece = .laidOut(first: first, count: within)
        nodes[tree].items = within
        nodes[tree].right = -1
        update(tree)
        return (tree, right)
    }

    /// The items of `left`, then those of `right`.
    private mutating func merge(_ left: Int, _ right: Int) -> Int {
        guard left >= 0 else { return right }
        guard right >= 0 else { return left }
        visits += 1
        if nodes[left].priority > nodes[right].priority {
            nodes[left].right = merge(nodes[left].right, right)
            update(left)
            return left
        }
        nodes[right].left = merge(left, nodes[right].left)
        update(right)
        return right
    }
}
