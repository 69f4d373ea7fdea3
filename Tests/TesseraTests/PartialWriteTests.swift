import Tessera
import Testing

/// A change writes what it changes: each built-in layout resumes its writing at or just before the changed item
/// and, where the layout allows, joins the laid-out frames soon after it, so a change in a section of many items
/// writes a few of them. (`UpdateDifferentialTests` checks that what is written equals a fresh prepare.)
@Suite("Partial writes")
struct PartialWriteTests {
    /// Counts what a layout writes.
    struct CountingWriter: LayoutWriter {
        var count = 0
        mutating func beginSection(origin: Point) {}
        mutating func append(_ kind: ElementKind, frame: Rect) { count += 1 }
        mutating func endSection() {}
    }

    /// What `algorithm`'s partial write of section 0 after `edit` does, `change` applied to its data first, over
    /// the section as `algorithm` laid it out; and how many elements it wrote.
    static func write<Algorithm: UpdatableLayout>(
        _ algorithm: Algorithm, viewport: Size, after edit: ItemEdit, _ change: (inout Algorithm) -> Void
    ) throws -> (write: PartialWrite?, written: Int) {
        var layout = CollectionLayout(algorithm, index: SoABinarySearchIndex())
        try layout.prepare(viewport: viewport)
        var changed = algorithm
        change(&changed)
        var laidOut = LaidOutSection(layout.store, section: 0)
        var writer = CountingWriter()
        let write = changed.rewrite(0, after: edit, laidOut: &laidOut, into: &writer, viewport: viewport)
        return (write, writer.count)
    }

    static func sizes(_ count: Int, seed: UInt64) -> [Size] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { _ in Size(width: Double(rng.int(40...120)), height: Double(rng.int(40...300))) }
    }

    @Test(
        "the flow writes from the changed item's line until its lines start where laid-out ones did",
        arguments: FlowLayout.LineAlignment.allCases)
    func flow(alignment: FlowLayout.LineAlignment) throws {
        let flow = try FlowLayout(
            sections: [
                LayoutSection(itemSizes: .list(Self.sizes(10_000, seed: 1)), headerHeight: 40, footerHeight: 20)
            ],
            configuration: .init(alignment: alignment)
        )
        for (edit, size) in [
            (ItemEdit.resize(5_000), Size(width: 300, height: 70)), (.insert(5_000), Size(width: 90, height: 90)),
            (.delete(5_000), nil),
        ] {
            let (write, written) = try Self.write(flow, viewport: phone, after: edit) { flow in
                switch (edit.oldEnd - edit.first, edit.newEnd - edit.first) {
                case (1, 1): flow.setSize(size!, ofItem: 5_000, inSection: 0)
                case (0, 1): flow.insertItem(size!, at: 5_000, inSection: 0)
                default: flow.removeItem(at: 5_000, inSection: 0)
                }
            }
            let result = try #require(write)
            #expect(result.start <= 5_000 && result.start >= 4_990, "\(edit)")
            guard case .joined(let item, _) = result.end else {
                Issue.record("\(edit) did not join: \(result)")
                continue
            }
            // Greedy lines fall back in step with the laid-out ones within a dozen lines or so, here ~55 items.
            #expect(
                item > edit.newEnd && written < 200,
                "\(edit): joined at \(item) after writing \(written) from \(result.start)")
        }
    }

    @Test("a flow's change in its last line writes to the section's end, footer included")
    func flowEnd() throws {
        let flow = try FlowLayout(sections: [
            LayoutSection(itemSizes: .list(Self.sizes(1_000, seed: 2)), footerHeight: 20)
        ])
        let (write, written) = try Self.write(flow, viewport: phone, after: .insert(1_000)) {
            $0.insertItem(Size(width: 50, height: 50), at: 1_000, inSection: 0)
        }
        let result = try #require(write)
        guard case .sectionEnd = result.end else {
            Issue.record("\(result)")
            return
        }
        #expect(written == 1_000 - result.start + 1 + 1)
    }

    @Test("stacked cells write the changed cell alone")
    func sticky() throws {
        let sticky = try StickyParallaxLayout(sections: [LayoutSection(itemSizes: .list(Self.sizes(5_000, seed: 3)))])
        let (write, written) = try Self.write(sticky, viewport: phone, after: .resize(2_500)) {
            $0.setSize(Size(width: 0, height: 17.25), ofItem: 2_500, inSection: 0)
        }
        #expect(
            write
                == PartialWrite(
                    start: 2_500, end: .joined(item: 2_501, shift: 17.25 - Self.sizes(5_000, seed: 3)[2_500].height)))
        #expect(written == 1)
    }

    @Test("the waterfall joins the laid-out columns once they are all ahead by the same length")
    func waterfall() throws {
        let waterfall = try WaterfallLayout(sections: [LayoutSection(itemSizes: .list(Self.sizes(20_000, seed: 4)))])
        var joins = 0
        for item in stride(from: 100, to: 20_000, by: 1_000) {
            let (write, written) = try Self.write(waterfall, viewport: phone, after: .resize(item)) {
                $0.setSize(Size(width: 0, height: 211), ofItem: item, inSection: 0)
            }
            let result = try #require(write)
            #expect(result.start == item)
            if case .joined = result.end {
                joins += 1
                #expect(written < 2_000)
            }
        }
        // Whole-point heights meet again within a few hundred photos, nearly always.
        #expect(joins >= 15)
    }

    @Test("the carousel writes the inserted item and moves the rest by a step")
    func carousel() throws {
        let carousel = try CarouselLayout(itemCount: 10_000)
        let (write, written) = try Self.write(carousel, viewport: phone, after: .insert(4_000)) {
            $0.insertItem(.zero, at: 4_000, inSection: 0)
        }
        let step = ScrollGrid.snapped(carousel.configuration.itemSize.width + carousel.lineSpacing)
        #expect(write == PartialWrite(start: 4_000, end: .joined(item: 4_001, shift: step)))
        #expect(written == 1)
    }

    @Test("Mosaic writes from the segment that holds the changed item, never the items before it")
    func mosaic() throws {
        let mosaic = try MosaicLayout(itemCount: 10_000)
        for item in [0, 1, 2, 5, 6, 4_001, 9_996, 9_999] {
            let (write, written) = try Self.write(mosaic, viewport: phone, after: .delete(item)) {
                $0.removeItem(at: item, inSection: 0)
            }
            let result = try #require(write)
            #expect(result.start <= item && result.start >= Swift.min(item, 9_996) - 3, "delete \(item): \(result)")
            #expect(written == 9_999 - result.start)
        }
    }
}
