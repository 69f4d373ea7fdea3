import Tessera
import TesseraBenchKit
import Testing

/// The built-in layouts stay near enough to start order that the interval tree keeps layout order over every
/// section: no sort when it is built, none when it answers. A layout change that moves starts further back would
/// silently take the slower, sorted tree; this says so.
@Suite struct IntervalTreeLayoutOrderTests {
    struct SectionsInStartOrder: LayoutVisitor {
        let viewport: Size

        /// The sections whose tree had to sort by start, described.
        func visit<Algorithm: UpdatableLayout>(_ algorithm: Algorithm) throws -> [String] {
            var layout = CollectionLayout(algorithm, index: BruteForceIndex())
            try layout.prepare(viewport: viewport)
            return (0..<layout.store.sectionCount).compactMap { section in
                var tree = IntervalTreeIndex()
                tree.build(over: layout.store.store(ofSection: section), axis: algorithm.scrollAxis, viewport: viewport)
                return tree.keepsLayoutOrder ? nil : "section \(section) at \(viewport)"
            }
        }
    }

    @Test(arguments: LayoutID.builtIn)
    func builtInLayoutsKeepLayoutOrder(layout: LayoutID) throws {
        for sizing in [ItemSizing.random, .uniform] {
            let sections = try BuiltInWorkload(sizing: sizing).sections(for: layout, items: 20_000)
            for viewport in [Size(width: 390, height: 844), Size(width: 844, height: 390)] {
                var parameters = LayoutParameters()
                for alignment in FlowLayout.LineAlignment.allCases {
                    for direction in [ScrollAxis.vertical, .horizontal] {
                        (parameters.flow.alignment, parameters.flow.scrollDirection) = (alignment, direction)
                        let sorted = try parameters.make(layout, sections: sections, SectionsInStartOrder(viewport: viewport))
                        #expect(sorted.isEmpty, "\(layout), \(sizing) sizes, flow \(alignment) \(direction): \(sorted.prefix(3))")
                    }
                }
            }
        }
    }
}
