import Foundation
import Tessera
import TesseraBaselines
import TesseraOracle
import Testing

/// The frames handed out must be the frames the layout computed: an item's frame has the item's size, and the
/// engine hands out the same `Rect` values as the naive baseline (which keeps the `Rect` it was given).
@Suite("Frame fidelity")
struct FrameFidelityTests {
    @Test("a cell's frame has exactly its item's size", arguments: [0.1, 0.3, 1.0 / 3.0, 50])
    func cellSizeIsItemSize(length: Double) throws {
        let size = Size(width: length, height: length)
        let layout = try preparedFlow([LayoutSection(itemSizes: .uniform(size, count: 40))])
        let wrong = cellFrames(layout, section: 0).enumerated().filter { $0.element.size != size }
        #expect(
            wrong.isEmpty,
            "\(wrong.count) of 40 cells of \(length) × \(length) have another size, e.g. \(wrong.prefix(2).map { "item \($0.offset): \($0.element.size)" })"
        )
    }

    @Test("the engine and the naive baseline hand out identical frames", arguments: 0..<8 as Range<UInt64>)
    func engineMatchesNaive(seed: UInt64) throws {
        let random = try RandomFlow(seed: seed, maxItems: 600)
        var engine = CollectionLayout(random.algorithm, index: SoABinarySearchIndex())
        try engine.prepare(viewport: random.viewport)
        let naive = NaiveDictionaryLayout(random.algorithm)
        try naive.prepare(viewport: random.viewport)
        var differences: [String] = []
        for index in 0..<engine.store.count {
            let attributes = engine.attributes(ofElement: index)
            let id = attributes.id
            let indexPath: IndexPath = [id.section, id.kind == .cell ? id.item : 0]
            let theirs =
                id.kind == .cell
                ? naive.layoutAttributesForItem(at: indexPath)
                : naive.layoutAttributesForSupplementaryView(ofKind: id.kind, at: indexPath)
            guard let theirs else {
                differences.append("\(id): missing from naive")
                continue
            }
            if theirs.frame != attributes.frame {
                differences.append("\(id): engine \(attributes.frame), naive \(theirs.frame)")
            }
        }
        #expect(
            differences.isEmpty,
            "\(random): \(differences.count) of \(engine.store.count) differ, e.g. \(differences.prefix(2))")
    }
}
