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

        // performBatchUpdates: the sections changed are written again from their first change. Sections 3 and 7
        // lie above the view, so what it shows moves down or up; the offset returned keeps the first visible element
        // where it was on screen (UIKit reads it in targetContentOffset(forProposedContentOffset:)).
        let offset = try layout.apply(
            [.insertItem(ItemPath(section: 3, item: 0), size: Size(width: 80, height: 60)), .deleteSection(7)],
            keeping: .firstVisible, at: rect.origin)
        // README example ends
        #expect(layout.contentSize.height > rect.maxY)
        #expect(!shown.isEmpty)
        #expect(shown.allSatisfy { $0.frame.intersects(rect) })
        #expect(layout.invariantViolation() == nil)
        // The element first shown before the batch is where it was on screen after it.
        let first = shown.min { $0.frame.minY < $1.frame.minY }!
        #expect(first.id.section != 7, "the view is not in the section the batch deletes")
        let section = first.id.section > 7 ? first.id.section - 1 : first.id.section
        let item = first.id.section == 3 && first.id.kind == .cell ? first.id.item + 1 : first.id.item
        let moved = try #require(
            first.id.kind == .cell
                ? layout.attributesForItem(section: section, item: item)
                : layout.attributesForSupplementary(kind: first.id.kind, section: section))
        #expect(moved.frame.minY - offset.y == first.frame.minY - rect.minY)
    }
}
