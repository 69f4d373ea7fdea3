import TesseraOracle
import Testing

@testable import Tessera

/// The list of item sizes against an array: long random edit sequences across the length where it turns from one
/// array into blocks, read by number, in order, and as a write reads it.
@Suite("Size list")
struct SizeListTests {
    static func size(_ value: Int) -> Size { Size(width: Double(value), height: Double(value % 97)) }

    static func check(_ list: SizeList, equals array: [Size]) {
        #expect(list.count == array.count)
        #expect(Array(list) == array)
        #expect(list == SizeList(array))
        #expect(list.hashValue == SizeList(array).hashValue)
        if list.isBlocked {
            let blocks = list.blocks
            #expect(zip(list.ends, list.ends.dropFirst()).allSatisfy { $0 < $1 }, "every block holds a size")
            #expect(
                blocks.indices.allSatisfy { blocks[$0].count == list.ends[$0] - list.start(ofBlock: $0) },
                "each block holds what its end says")
            #expect(blocks.allSatisfy { $0.count <= SizeList.blockCapacity })
            // A block in two places is a full block of a repeated value that no edit has written yet.
            let places = Dictionary(grouping: blocks.indices) { ObjectIdentifier(blocks[$0]) }
            let full = { (block: Int) in blocks[block].count == SizeList.blockCapacity }
            #expect(places.values.allSatisfy { $0.count == 1 || $0.allSatisfy(full) })
        }
        // As a write reads it: in order, then from random items.
        var generator = SeededGenerator(seed: UInt64(array.count))
        let probes = (0..<50).map { _ in array.isEmpty ? 0 : Int.random(in: 0..<array.count, using: &generator) }
        func read(_ sizes: some ItemSizeSource) -> ([Size], [Size]) {
            ((0..<sizes.count).map { sizes[$0] }, array.isEmpty ? [] : probes.map { sizes[$0] })
        }
        let (inOrder, probed) = list.read(flat: read, blocked: read)
        #expect(inOrder == array)
        #expect(probed == (array.isEmpty ? [] : probes.map { array[$0] }))
    }

    /// One random insert, removal or set at a random item, made to `list` and to `array` alike; a set goes through
    /// the subscript or, `setThroughUpdate`, through `update(_:_:)`.
    static func editAtRandom(
        _ list: inout SizeList, _ array: inout [Size], value: inout Int, using generator: inout SeededGenerator,
        setThroughUpdate: Bool
    ) {
        let item = array.isEmpty ? 0 : Int.random(in: 0..<array.count, using: &generator)
        value += 1
        let size = Self.size(value)
        switch Int.random(in: 0..<3, using: &generator) {
        case 0:
            list.insert(size, at: item)
            array.insert(size, at: item)
        case 1 where !array.isEmpty:
            #expect(list.remove(at: item) == array.remove(at: item))
        default:
            guard !array.isEmpty else { return }
            if setThroughUpdate { list.update(item) { $0 = size } } else { list[item] = size }
            array[item] = size
        }
    }

    @Test("random inserts, removals and sets, from empty past the flat limit and back", arguments: [1, 2, 3])
    func randomEdits(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var list: SizeList = []
        var array: [Size] = []
        var value = 0
        func grow(to target: Int) {
            while array.count < target {
                value += 1
                let item = Int.random(in: 0...array.count, using: &generator)
                list.insert(Self.size(value), at: item)
                array.insert(Self.size(value), at: item)
            }
        }
        grow(to: SizeList.flatLimit + 3 * SizeList.blockCapacity)
        #expect(list.isBlocked)
        Self.check(list, equals: array)
        for step in 0..<4000 {
            Self.editAtRandom(&list, &array, value: &value, using: &generator, setThroughUpdate: false)
            if step % 500 == 0 { Self.check(list, equals: array) }
        }
        Self.check(list, equals: array)
        // Removed down to nothing, always at the front (every block empties in turn).
        while !array.isEmpty {
            #expect(list.remove(at: 0) == array.remove(at: 0))
        }
        Self.check(list, equals: array)
        #expect(!list.isBlocked)
    }

    @Test("a repeated value shares one block until each is edited, short and long", arguments: [1, 2])
    func repeatedValue(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        for count in [0, 1, SizeList.flatLimit, SizeList.flatLimit + 1, 5 * SizeList.blockCapacity + 7] {
            var list = SizeList(repeating: Self.size(-7), count: count)
            var array = Array(repeating: Self.size(-7), count: count)
            Self.check(list, equals: array)
            if count > SizeList.flatLimit {
                #expect(Set(list.blocks.dropLast().map(ObjectIdentifier.init)).count == 1, "one block, shared")
            }
            let original = list
            var value = 0
            for _ in 0..<(count == 0 ? 1 : 600) {
                Self.editAtRandom(&list, &array, value: &value, using: &generator, setThroughUpdate: true)
            }
            Self.check(list, equals: array)
            Self.check(original, equals: Array(repeating: Self.size(-7), count: count))
        }
    }

    @Test("a long list given at once is blocks; appends and a copy's edits leave the original alone")
    func longListsAndCopies() {
        let array = (0..<(3 * SizeList.flatLimit + 5)).map(Self.size)
        var list = SizeList(array)
        #expect(list.isBlocked)
        Self.check(list, equals: array)
        let copy = list
        list.insert(Self.size(-1), at: list.count)
        list[7] = Self.size(-2)
        list.remove(at: 3)
        Self.check(copy, equals: array)
        var edited = array
        edited.append(Self.size(-1))
        edited[7] = Self.size(-2)
        edited.remove(at: 3)
        Self.check(list, equals: edited)
    }

    @Test("an edit copies the blocks it writes, never every value; a list given at once is one buffer until a split")
    func editsCopyTheirBlocks() {
        let array = (0..<(40 * SizeList.blockCapacity + 5)).map(Self.size)
        var list = SizeList(array)
        var edited = array
        #expect(list.inOrderValues != nil, "given at once: one buffer")
        list[5] = Self.size(-1)
        list.insert(Self.size(-2), at: list.count)
        edited[5] = Self.size(-1)
        edited.append(Self.size(-2))
        #expect(list.inOrderValues != nil, "a set, and an append into the last block's room, keep one buffer")
        let copy = list
        // A split of a full block (its two halves), a removal's block and a set's block: four blocks written.
        list.insert(Self.size(-3), at: 7 * SizeList.blockCapacity + 3)
        list.remove(at: 20 * SizeList.blockCapacity)
        list[30 * SizeList.blockCapacity] = Self.size(-4)
        #expect(list.inOrderValues == nil)
        let shared = Set(copy.blocks.map(ObjectIdentifier.init))
        #expect(list.blocks.count { !shared.contains(ObjectIdentifier($0)) } == 4, "only the blocks written are new")
        Self.check(copy, equals: edited)
        edited.insert(Self.size(-3), at: 7 * SizeList.blockCapacity + 3)
        edited.remove(at: 20 * SizeList.blockCapacity)
        edited[30 * SizeList.blockCapacity] = Self.size(-4)
        Self.check(list, equals: edited)
    }

    @Test("a section list lets go of what it removes and edits a section's sizes in place")
    func sectionListReleasesAndEditsInPlace() {
        var probe = SizeList((0..<10).map(Self.size))
        var sections = SectionList(
            (0..<(SectionList.flatLimit + 10)).map { _ in LayoutSection(itemSizes: .uniform(.zero, count: 1)) })
        #expect(sections.isBlocked)
        /// Whether `list` alone holds its sizes: a mutable access to a shared buffer would copy it elsewhere.
        func isUnique(_ list: inout SizeList) -> Bool {
            let before = list.storage.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
            return before == list.storage.withUnsafeMutableBufferPointer { UnsafeRawPointer($0.baseAddress) }
        }
        sections.insert(LayoutSection(itemSizes: .list(probe)), at: 100)
        sections.remove(at: 100)
        #expect(isUnique(&probe), "the removed section's stale copy let go of its sizes")
        // Enough inserts into one block to split it: the half moved away leaves nothing behind.
        for _ in 0..<SectionList.blockCapacity { sections.insert(LayoutSection(itemSizes: .list(probe)), at: 5) }
        for _ in 0..<SectionList.blockCapacity { sections.remove(at: 5) }
        #expect(isUnique(&probe), "no vacated place still holds the sizes")
        /// Where a section's listed sizes are: an edit that copied them would move them.
        func sizesAddress(_ section: LayoutSection) -> UnsafeRawPointer? {
            guard case .list(let sizes) = section.itemSizes else { return nil }
            return sizes.storage.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        }
        // An edit through the list reaches the section's own sizes, uniquely held, without a copy of them: through
        // the subscript, and as the layouts make it, with no accessor coroutine.
        sections[3000].itemSizes = .list(Array(repeating: Size(width: 1, height: 1), count: 64))
        let address = sizesAddress(sections[3000])
        sections[3000].itemSizes.set(Size(width: 2, height: 2), at: 7)
        sections.update(3000) { $0.itemSizes.set(Size(width: 3, height: 3), at: 8) }
        #expect(sizesAddress(sections[3000]) == address, "edited in place")
        #expect(
            sections[3000].itemSizes[7] == Size(width: 2, height: 2)
                && sections[3000].itemSizes[6] == Size(width: 1, height: 1))
        // A copy keeps its sizes.
        let copy = sections
        sections.update(3000) { $0.itemSizes.set(Size(width: 4, height: 4), at: 8) }
        #expect(
            sections[3000].itemSizes[8] == Size(width: 4, height: 4)
                && copy[3000].itemSizes[8] == Size(width: 3, height: 3))
    }
}
