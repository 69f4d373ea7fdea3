import Tessera
import Testing

@testable import TesseraBenchKit

/// `LayoutOrder` sorts any answer into the order the engine's store holds it, on every layout.
@Suite struct LayoutOrderTests {
    struct StoreOrder: LayoutVisitor {
        func visit<Algorithm: UpdatableLayout>(_ algorithm: Algorithm) throws -> (
            store: [ElementID], sorted: [ElementID]
        ) {
            let viewport = Size(width: 390, height: 844)
            var engine = CollectionLayout<Algorithm, BruteForceIndex>(algorithm)
            try engine.prepare(viewport: viewport)
            let inStore = (0..<engine.store.count).map(engine.store.elementID(at:))
            var generator = SeededGenerator(seed: 11)
            let order = LayoutOrder(algorithm, viewport: viewport)
            return (inStore, inStore.shuffled(using: &generator).sorted { order.precedes($0, $1) })
        }
    }

    @Test(arguments: LayoutID.builtIn)
    func sortsIntoTheStoresOrder(layout: LayoutID) throws {
        let workload = BuiltInWorkload(itemsPerSection: 150, headerHeight: 30, footerHeight: 20, seed: 5)
        let (store, sorted) = try LayoutParameters().make(
            layout, sections: try workload.sections(for: layout, items: 700), StoreOrder())
        #expect(!store.isEmpty)
        #expect(sorted == store)
    }
}
