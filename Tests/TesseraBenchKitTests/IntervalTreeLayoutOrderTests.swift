import Tessera
import TesseraBenchKit
import Testing

/// The built-in layouts stay near enough to start order that the interval tree keeps layout order over every
/// chunk: no sort when it is built, none when it answers. A layout change that moves starts further back would
/// silently take the slower, sorted tree; this says so.
@Suite struct IntervalTreeLayoutOrderTests {
    struct SectionsInStartOrder: LayoutVisitor {
        let viewport: Size

        /// The chunks whose tree had to sort by start, described.
        func visit<Algorithm: UpdatableLayout>(_ algorithm: Algorithm) throws -> [String] {
            var layout = CollectionLayout(algorithm, index: BruteForceIndex())
            try layout.prepare(viewport: viewport)
            return layout.store.withChunks { chunks in
                chunks.enumerated().compactMap { position, chunk in
                    var tree = IntervalTreeIndex()
                    tree.build(over: chunk, axis: algorithm.scrollAxis, viewport: viewport)
                    return tree.keepsLayoutOrder ? nil : "chunk \(position) at \(viewport)"
                }
            }
        }
    }

    /// Every line alignment and axis for the flow layout; the defaults for the others, which take neither.
    static func parameters(for layout: LayoutID) -> [LayoutParameters] {
        guard layout == .flow else { return [LayoutParameters()] }
        return FlowLayout.LineAlignment.allCases.flatMap { alignment in
            [ScrollAxis.vertical, .horizontal].map { direction in
                var parameters = LayoutParameters()
                (parameters.flow.alignment, parameters.flow.scrollDirection) = (alignment, direction)
                return parameters
            }
        }
    }

    @Test(arguments: LayoutID.builtIn)
    func builtInLayoutsKeepLayoutOrder(layout: LayoutID) throws {
        for sizing in [ItemSizing.random, .uniform] {
            let sections = try BuiltInWorkload(sizing: sizing).sections(for: layout, items: 20_000)
            for viewport in [Size(width: 390, height: 844), Size(width: 844, height: 390)] {
                for parameters in Self.parameters(for: layout) {
                    let sorted = try parameters.make(
                        layout, sections: sections, SectionsInStartOrder(viewport: viewport))
                    let flow = parameters.flow
                    #expect(
                        sorted.isEmpty,
                        "\(layout), \(sizing) sizes, flow \(flow.alignment) \(flow.scrollDirection): \(sorted.prefix(3))"
                    )
                }
            }
        }
    }
}
