import Testing
@testable import Tessera
import TesseraBenchKit

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
            #expect(list.ends.count == list.slots.count)
            #expect(zip(list.ends, list.ends.dropFirst()).allSatisfy { $0 < $1 }, "every block holds a size")
            #expect(list.ends.indices.allSatisfy { list.ends[$0] - list.start(ofBlock: $0) <= SizeList.blockCapacity })
            #expect(Set(list.slots).count == list.slots.count, "no two blocks share a slot")
            #expect(Set(list.slots).isDisjoint(with: list.freeSlots))
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
            let item = array.isEmpty ? 0 : Int.random(in: 0..<array.count, using: &generator)
            switch Int.random(in: 0..<3, using: &generator) {
            case 0:
                value += 1
                list.insert(Self.size(value), at: item)
                array.insert(Self.size(value), at: item)
            case 1 where !array.isEmpty:
                #expect(list.remove(at: item) == array.remove(at: item))
            default:
                guard !array.isEmpty else { continue }
                value += 1
                list[item] = Self.size(value)
                array[item] = Self.size(value)
            }
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
}
