import Tessera
import Testing

/// The README's engine example, compiled and run: the code between the markers is the README's block to the
/// character (`ReadmeTests.theEngineExampleIsTheTestedOne` compares them).
@Suite("README example")
struct ReadmeExampleTests {
    @Test func theEngineExampleRuns() throws {
        // README example begins
        // The data: a size for each item, and a header and a footer for each section.
        let sections = (0..<1_000).map { _ in
            LayoutSection(
                itemSizes: .list((0..<1_000).map { item in Size(width: 80, height: 40 + Double(item % 5) * 20) }),
                headerHeight: 44, footerHeight: 24)
        }
        var layout = CollectionLayout(try FlowLayout(sections: sections), index: SoABinarySearchIndex())

        // prepare(): every frame written once, for this viewport.
        try layout.prepare(viewport: Size(width: 390, height: 844))

        // layoutAttributesForElements(in:): one buffer, reused by every query, so scrolling allocates nothing.
        var visible = VisibleElements()
        let rect = Rect(x: 0, y: 200_000, width: 390, height: 844)
        try layout.attributes(in: rect, into: &visible)
        var shown: [LayoutAttributes] = []  // a UIKit layout makes its attributes objects from these
        for position in 0..<visible.count {
            shown.append(layout.attributes(of: visible, at: position))  // id (kind, section, item), frame, effect
        }

        // performBatchUpdates: the sections changed are written again from their first change.
        try layout.apply([
            .insertItem(ItemPath(section: 3, item: 0), size: Size(width: 80, height: 60)),
            .deleteSection(7),
        ])
        // README example ends
        #expect(layout.contentSize.height > rect.maxY)
        #expect(!shown.isEmpty)
        #expect(shown.allSatisfy { $0.frame.intersects(rect) })
        #expect(layout.invariantViolation() == nil)
    }
}
