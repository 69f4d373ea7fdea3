import TesseraOracle
import Testing

@testable import Tessera

/// Every change keeps its anchor where it was on screen: the offset the engine returns equals the one the oracle
/// finds by brute force over fresh layouts of the data before and after (`ShiftReference`), for every anchor kind,
/// over random batches, single updates, self-sizing and rotations at every shape; and by hand, each rule on its own.
@Suite("Scroll anchors")
struct ScrollAnchorTests: UpdateWorkloadCheck {
    static let anchorsByHand: [ScrollAnchor] = [.firstVisible, .lastVisible, .contentEnd]

    /// A random anchor: one of the three that need no item half the time, else an item of the data.
    static func randomAnchor(_ sections: SectionList, rng: inout SplitMix64) -> ScrollAnchor {
        let filled = sections.indices.filter { sections[$0].itemSizes.count > 0 }
        if rng.chance(0.5) || filled.isEmpty { return anchorsByHand[rng.int(0...2)] }
        let section = filled[rng.int(0...(filled.count - 1))]
        return .item(
            ItemPath(section: section, item: rng.int(0...(sections[section].itemSizes.count - 1))),
            offset: rng.double(-300...300))
    }

    /// A content offset along the scroll axis: mostly inside the content, sometimes at its end or past it.
    static func randomOffset<Algorithm, Index>(_ layout: CollectionLayout<Algorithm, Index>, rng: inout SplitMix64)
        -> Point
    {
        let viewport = layout.viewport ?? phone
        let vertical = layout.algorithm.scrollAxis == .vertical
        let (content, visible) =
            vertical ? (layout.contentSize.height, viewport.height) : (layout.contentSize.width, viewport.width)
        let end = Swift.max(0, content - visible)
        let along: Double
        switch rng.int(0...5) {
        case 0: along = end
        case 1: along = end + rng.double(0...200)
        case 2: along = 0
        default: along = rng.double(0...Swift.max(end, 1))
        }
        return vertical ? Point(x: 0, y: along) : Point(x: along, y: 0)
    }

    static func randomStepProblems<Algorithm: UpdatableLayout>(
        _ algorithm: Algorithm, viewport: Size, seed: UInt64, steps: Int, maxUpdates: Int
    ) throws -> [String] {
        var rng = SplitMix64(seed: seed &* 104_729)
        var layout = CollectionLayout(algorithm, index: SoABinarySearchIndex())
        try layout.prepare(viewport: viewport)
        var reference = ShiftReference(algorithm, viewport: viewport)
        var current = viewport
        var compared = 0
        for step in 0..<steps {
            let anchor = randomAnchor(layout.algorithm.sections, rng: &rng)
            let offset = randomOffset(layout, rng: &rng)
            let returned: Point
            let expected: Point
            let described: String
            switch rng.int(0...4) {
            case 0:
                let batch = UpdateDifferentialTests.randomBatch(
                    Array(layout.algorithm.sections), fixedSections: layout.algorithm.fixedSectionCount != nil,
                    readsSizes: layout.algorithm.readsItemSizes, maxUpdates: maxUpdates, rng: &rng)
                guard (try? layout.algorithm.check(batch)) != nil else { continue }
                described = "batch \(batch)"
                returned = try layout.apply(batch, keeping: anchor, at: offset)
                expected = try reference.offset(keeping: anchor, at: offset, through: .batch(batch))
            case 1:
                let batch = UpdateDifferentialTests.randomBatch(
                    Array(layout.algorithm.sections), fixedSections: true,
                    readsSizes: layout.algorithm.readsItemSizes, maxUpdates: 1, rng: &rng)
                guard let update = batch.first, batch.count == 1, (try? layout.algorithm.check(batch)) != nil
                else { continue }
                described = "update \(update)"
                returned = try layout.apply(update, keeping: anchor, at: offset)
                expected = try reference.offset(keeping: anchor, at: offset, through: .update(update))
            case 2:
                var sizes: [(path: ItemPath, size: Size)] = []
                let sections = layout.algorithm.sections
                for section in sections.indices where sections[section].itemSizes.count > 0 && rng.chance(0.5) {
                    let item = rng.int(0...(sections[section].itemSizes.count - 1))
                    guard !sizes.contains(where: { $0.path == ItemPath(section: section, item: item) }) else {
                        continue
                    }
                    sizes.append(
                        (
                            ItemPath(section: section, item: item),
                            Size(width: rng.length(1...200), height: rng.length(1...200))
                        ))
                }
                described = "sizes \(sizes.map(\.path))"
                returned = try layout.invalidate(sizes: sizes, keeping: anchor, at: offset)
                expected = try reference.offset(keeping: anchor, at: offset, through: .sizes(sizes))
            default:
                current = Size(width: current.height, height: current.width)
                described = "rotation to \(current.width) × \(current.height)"
                returned = try layout.prepare(viewport: current, keeping: anchor, at: offset)
                expected = try reference.offset(keeping: anchor, at: offset, through: .viewport(current))
            }
            if returned != expected {
                return [
                    "step \(step): \(described), keeping \(anchor) at \(offset): the engine returned \(returned), "
                        + "brute force \(expected)"
                ]
            }
            if layout.contentSize != reference.contentSize {
                return ["step \(step): content size \(layout.contentSize), brute force \(reference.contentSize)"]
            }
            compared += 1
        }
        // Steps a layout refuses are drawn again only by chance: most must have been compared.
        return compared * 2 >= steps ? [] : ["only \(compared) of \(steps) steps were compared"]
    }

    @Test("every layout: random changes, anchors and offsets against brute force", arguments: UpdateWorkload.everyKind)
    func everyKind(_ workload: UpdateWorkload) throws { try Self.expectNoProblems(workload, steps: 16, maxUpdates: 6) }

    @Test(
        "many tiny sections, or one, with and without headers, over long sequences",
        arguments: UpdateWorkload.tinyOrOneSection)
    func shapes(_ workload: UpdateWorkload) throws { try Self.expectNoProblems(workload, steps: 30, maxUpdates: 12) }

    /// One-item updates and self-sizing at and around the anchor, in sections that span chunks: the anchor is
    /// found after the change by the number the store followed, or, when the change's rewrite replaced it, by the
    /// identity the splice took; each against brute force.
    static func nearAnchorProblems<Algorithm: UpdatableLayout>(_ algorithm: Algorithm, viewport: Size, seed: UInt64)
        throws -> [String]
    {
        var rng = SplitMix64(seed: seed &* 7_919)
        var layout = CollectionLayout(algorithm, index: SoABinarySearchIndex())
        try layout.prepare(viewport: viewport)
        var reference = ShiftReference(algorithm, viewport: viewport)
        let vertical = algorithm.scrollAxis == .vertical
        for step in 0..<40 {
            let sections = layout.algorithm.sections
            let filled = sections.indices.filter { sections[$0].itemSizes.count > 0 }
            guard !filled.isEmpty else { return [] }
            let section = filled[rng.int(0...(filled.count - 1))]
            let count = sections[section].itemSizes.count
            let item = rng.int(0...(count - 1))
            // The view starts near the changed item: on it, a little before it or a little after it.
            let top = layout.attributesForItem(section: section, item: item)!.frame
            let along = (vertical ? top.minY : top.minX) + rng.double(-150...150)
            let offset = vertical ? Point(x: 0, y: along) : Point(x: along, y: 0)
            let anchor = anchorsByHand[rng.int(0...1)]
            let path = ItemPath(section: section, item: item)
            let size = Size(width: rng.length(1...200), height: rng.length(1...200))
            let change: ScreenChange
            switch rng.int(0...4) {
            case 0: change = .update(.resizeItem(path, size: size))
            case 1: change = .update(.insertItem(path, size: size))
            case 2: change = .update(.deleteItem(path))
            case 3: change = .update(.reloadItem(path, size: size))
            default:
                let items = Set((0..<rng.int(1...4)).map { _ in Swift.min(count - 1, item + rng.int(0...3)) })
                change = .sizes(items.sorted().map { (ItemPath(section: section, item: $0), size) })
            }
            let returned: Point
            switch change {
            case .update(let update): returned = try layout.apply(update, keeping: anchor, at: offset)
            case .sizes(let sizes): returned = try layout.invalidate(sizes: sizes, keeping: anchor, at: offset)
            default: preconditionFailure("not drawn")
            }
            let expected = try reference.offset(keeping: anchor, at: offset, through: change)
            if returned != expected {
                return ["step \(step): \(change), keeping \(anchor) at \(offset): \(returned), brute force \(expected)"]
            }
        }
        return []
    }

    @Test(
        "changes at and around the anchor, in sections that span chunks, against brute force", arguments: 0..<UInt64(4))
    func nearAnchor(_ seed: UInt64) throws {
        let flow = try RandomFlow(seed: seed, maxItems: 4_000, shape: .one)
        let flowProblems = try Self.nearAnchorProblems(flow.algorithm, viewport: flow.viewport, seed: seed)
        #expect(flowProblems.isEmpty, "\(flow): \(flowProblems)")
        let sectioned = try RandomFlow(seed: seed, maxItems: 4_000)
        let sectionedProblems = try Self.nearAnchorProblems(
            sectioned.algorithm, viewport: sectioned.viewport, seed: seed)
        #expect(sectionedProblems.isEmpty, "\(sectioned): \(sectionedProblems)")
        let waterfall = try RandomWaterfall(seed: seed, maxItems: 4_000, shape: .one)
        let waterfallProblems = try Self.nearAnchorProblems(
            waterfall.algorithm, viewport: waterfall.viewport, seed: seed)
        #expect(waterfallProblems.isEmpty, "\(waterfall): \(waterfallProblems)")
    }

    // MARK: Finding the anchor

    /// What `shown(in:last:)` finds and what reading it gives, against a filter over every frame the store holds,
    /// through `Index`, on `algorithm`'s layout and `effectQueries`' rects.
    static func shownProblems<Algorithm: UpdatableLayout, Index: SpatialIndex>(
        _ algorithm: Algorithm, viewport: Size, index: Index, seed: UInt64
    ) throws -> [String] {
        var layout = CollectionLayout(algorithm, index: index)
        try layout.prepare(viewport: viewport)
        let frames = (0..<layout.store.count).map(layout.store.frame(at:))
        var problems: [String] = []
        for query in effectQueries(layout, seed: seed) {
            let meeting = frames.indices.filter { frames[$0].intersects(query.rect) }
            for last in [false, true] {
                let found = layout.shown(in: query.rect, last: last)
                let expected = last ? meeting.last : meeting.first
                if found?.index != expected {
                    problems.append(
                        "\(query), last \(last): found \(String(describing: found?.index)), filter \(String(describing: expected))"
                    )
                    continue
                }
                guard let found else { continue }
                let (id, frame) = layout.store.identityAndFrame(at: found)
                let attributes = layout.attributes(ofElement: found.index)
                if id != attributes.id || frame != attributes.frame {
                    problems.append(
                        "element \(found.index): read \(id) \(frame), attributes \(attributes.id) \(attributes.frame)")
                }
            }
        }
        return problems
    }

    @Test(
        "the first and the last element shown in a rect, through every index, across chunks",
        arguments: 0..<UInt64(6))
    func shownThroughEveryIndex(_ seed: UInt64) throws {
        func check<Algorithm: UpdatableLayout>(_ algorithm: Algorithm, viewport: Size, _ name: String) throws {
            func expectNone(_ index: some SpatialIndex) throws {
                let problems = try Self.shownProblems(algorithm, viewport: viewport, index: index, seed: seed)
                #expect(problems.isEmpty, "\(name), \(type(of: index)): \(problems.prefix(3))")
            }
            try expectNone(SoABinarySearchIndex())
            try expectNone(try SoABinarySearchIndex(blockSize: 1))
            try expectNone(IntervalTreeIndex())
            try expectNone(PageTableIndex())
            try expectNone(UnionRectsIndex())
            try expectNone(BruteForceIndex())
        }
        let flow = try RandomFlow(seed: seed, maxItems: 5_000)
        try check(flow.algorithm, viewport: flow.viewport, "\(flow)")
        let waterfall = try RandomWaterfall(seed: seed, maxItems: 5_000)
        try check(waterfall.algorithm, viewport: waterfall.viewport, "\(waterfall)")
        let sticky = try RandomStickyParallax(seed: seed, maxItems: 3_000)
        try check(sticky.algorithm, viewport: sticky.viewport, "\(sticky)")
        // More chunks than a node of the chunk tree holds, so the search descends two levels.
        guard seed == 0 else { return }
        let sections = (0..<34).map { _ in LayoutSection.squares(1_000, headerHeight: 40, footerHeight: 20) }
        try check(try FlowLayout(sections: sections), viewport: phone, "34 sections of 1,000 squares")
    }

    @Test("a section whose record is left alone in an empty chunk: its cells are read from the chunks after it")
    func recordAloneInItsChunk() throws {
        // Three cells a line, no header: an insert at the first cell moves every cell along its line, so the rewrite
        // runs to the section's end, more than a chunk, and the record stays where it was with none of its cells.
        let data = [LayoutSection(itemSizes: .uniform(Size(width: 100, height: 50), count: 5_000))]
        var layout = CollectionLayout(try FlowLayout(sections: data), index: SoABinarySearchIndex())
        try layout.prepare(viewport: phone)
        try layout.apply(.insertItem(ItemPath(section: 0, item: 0), size: Size(width: 100, height: 50)))
        let store = layout.store
        let place = store.pool.tree.place(of: 0, by: .records)
        #expect(store.pool[place.chunk].count == 0, "the case this test is for: the record alone in its chunk")
        #expect(store.firstCell(ofSection: 0) == 0)
        for item in [0, 1, 1_023, 1_024, 2_500, 5_000] {
            let attributes = layout.attributes(ofElement: item)
            #expect(store.frame(ofCell: item, inSection: 0) == attributes.frame, "cell \(item)")
            let (id, frame) = store.identityAndFrame(at: item)
            #expect(id == attributes.id && frame == attributes.frame, "element \(item)")
        }
    }

    // MARK: By hand

    /// Sections of one-line cells 50 pt tall, 10 apart, no headers: item `i` of a section starts 60·i below it.
    static func column(_ sections: [Int], height: Double = 50) throws -> CollectionLayout<
        FlowLayout, SoABinarySearchIndex
    > {
        let data = sections.map { LayoutSection(itemSizes: .uniform(Size(width: 300, height: height), count: $0)) }
        var layout = CollectionLayout(try FlowLayout(sections: data), index: SoABinarySearchIndex())
        try layout.prepare(viewport: phone)
        return layout
    }

    static func top(_ layout: CollectionLayout<FlowLayout, SoABinarySearchIndex>, _ section: Int, _ item: Int) -> Double
    {
        layout.attributesForItem(section: section, item: item)!.frame.minY
    }

    @Test("an insert above the first visible element moves the offset by what it adds")
    func insertAbove() throws {
        var layout = try Self.column([100])
        let offset = Point(x: 0, y: 3_005)  // item 50 shows, from 5 pt above the top
        let kept = try layout.apply(
            .insertItem(ItemPath(section: 0, item: 3), size: Size(width: 300, height: 50)), keeping: .firstVisible,
            at: offset)
        #expect(kept == Point(x: 0, y: 3_065))
        #expect(Self.top(layout, 0, 51) - kept.y == -5, "item 50, now 51, is 5 pt above the top again")
    }

    @Test("a deleted anchor gives its place to the nearest element after it, with that element's own distance")
    func deletedAnchor() throws {
        var layout = try Self.column([100])
        let offset = Point(x: 0, y: 3_020)  // item 50 (3000…3050) is the first visible; item 51 starts at 3060
        let kept = try layout.apply([.deleteItem(ItemPath(section: 0, item: 50))], keeping: .firstVisible, at: offset)
        // Item 51, now 50, stays 40 pt below the top.
        #expect(Self.top(layout, 0, 50) - kept.y == 40)
        #expect(kept == Point(x: 0, y: 2_960))
    }

    @Test("an insert and a delete above the anchor in one batch cancel out")
    func insertAndDeleteAbove() throws {
        var layout = try Self.column([100])
        let offset = Point(x: 0, y: 3_000)
        let kept = try layout.apply(
            [
                .deleteItem(ItemPath(section: 0, item: 2)),
                .insertItem(ItemPath(section: 0, item: 7), size: Size(width: 300, height: 50)),
            ],
            keeping: .firstVisible, at: offset)
        #expect(kept == offset)
        #expect(Self.top(layout, 0, 50) == 3_000)
    }

    @Test("a deleted section gives the anchor's place to the next section's first element")
    func deletedSection() throws {
        var layout = try Self.column([10, 10, 10])
        // Section 1 starts at 600 (ten lines of 60, less the spacing after the last: 590), its item 3 at 780.
        let offset = Point(x: 0, y: Self.top(layout, 1, 3) + 10)
        let nextTop = Self.top(layout, 2, 0)
        let kept = try layout.apply([.deleteSection(1)], keeping: .firstVisible, at: offset)
        #expect(Self.top(layout, 1, 0) - kept.y == nextTop - offset.y)
    }

    @Test("the last visible element keeps its distance from the bottom when history is prepended")
    func chatHistory() throws {
        var layout = try Self.column([40])
        let offset = Point(x: 0, y: 900)
        let bottom = offset.y + phone.height
        // The last visible: item 29 (1740…1790) is past the bottom at 1744; item 29 shows.
        let lastBefore = try #require((0..<40).last { Self.top(layout, 0, $0) < bottom })
        let distance = Self.top(layout, 0, lastBefore) + 50 - bottom
        let history = (0..<100).map {
            LayoutUpdate.insertItem(ItemPath(section: 0, item: $0), size: Size(width: 300, height: 50))
        }
        let kept = try layout.apply(history, keeping: .lastVisible, at: offset)
        #expect(Self.top(layout, 0, lastBefore + 100) + 50 - (kept.y + phone.height) == distance)
    }

    @Test("at the content's end, contentEnd follows appended items; elsewhere it keeps the last visible")
    func contentEnd() throws {
        var layout = try Self.column([40])
        let end = Point(x: 0, y: layout.contentSize.height - phone.height)
        let appended = try layout.apply(
            .insertItem(ItemPath(section: 0, item: 40), size: Size(width: 300, height: 50)), keeping: .contentEnd,
            at: end)
        #expect(appended.y == layout.contentSize.height - phone.height)
        #expect(appended.y == end.y + 60)
        let middle = Point(x: 0, y: 600)
        let kept = try layout.apply(
            .insertItem(ItemPath(section: 0, item: 41), size: Size(width: 300, height: 50)), keeping: .contentEnd,
            at: middle)
        #expect(kept == middle, "an append below what is shown moves nothing")
    }

    @Test("an item anchor puts the leading edge the given offset into the item, whatever the offset given")
    func itemAnchor() throws {
        var layout = try Self.column([100])
        let kept = try layout.apply(
            .insertItem(ItemPath(section: 0, item: 0), size: Size(width: 300, height: 50)),
            keeping: .item(ItemPath(section: 0, item: 20), offset: 15), at: .zero)
        #expect(kept.y == Self.top(layout, 0, 21) + 15)
    }

    @Test("an offset past the new content is clamped to its end, and to 0 when it is shorter than the view")
    func clamped() throws {
        var layout = try Self.column([100])
        let deleteTail = (60..<100).map { LayoutUpdate.deleteItem(ItemPath(section: 0, item: $0)) }
        let kept = try layout.apply(deleteTail, keeping: .firstVisible, at: Point(x: 0, y: 4_000))
        #expect(kept.y == layout.contentSize.height - phone.height)
        let deleteAll = (0..<60).map { LayoutUpdate.deleteItem(ItemPath(section: 0, item: $0)) }
        #expect(try layout.apply(deleteAll, keeping: .lastVisible, at: kept) == .zero)
    }

    @Test("a rotation keeps the first visible element's distance from the top")
    func rotation() throws {
        var layout = try Self.column([100], height: 50)
        let offset = Point(x: 0, y: 3_020)
        let landscape = Size(width: phone.height, height: phone.width)
        let kept = try layout.prepare(viewport: landscape, keeping: .firstVisible, at: offset)
        #expect(Self.top(layout, 0, 50) - kept.y == -20)
    }

    @Test("an offset that is not finite and an anchor that names no item are refused, and change nothing")
    func refused() throws {
        var layout = try Self.column([10])
        let before = laidOut(layout)
        let insert = LayoutUpdate.insertItem(ItemPath(section: 0, item: 0), size: Size(width: 300, height: 50))
        for (anchor, offset) in [
            (ScrollAnchor.firstVisible, Point(x: 0, y: .nan)), (.lastVisible, Point(x: .infinity, y: 0)),
            (.item(ItemPath(section: 0, item: 10), offset: 0), Point.zero),
            (.item(ItemPath(section: 3, item: 0), offset: 0), .zero),
            (.item(ItemPath(section: 0, item: 1), offset: .nan), .zero),
        ] {
            let error = layoutError { _ = try layout.apply(insert, keeping: anchor, at: offset) }
            guard case .invalidAnchor = error else {
                Issue.record("\(anchor) at \(offset): \(String(describing: error))")
                continue
            }
            #expect(layoutError { _ = try layout.apply([insert], keeping: anchor, at: offset) } == error)
            #expect(layoutError { _ = try layout.prepare(viewport: phone, keeping: anchor, at: offset) } == error)
        }
        #expect(laidOut(layout) == before)
        #expect(layout.algorithm.sections[0].itemSizes.count == 10)
    }
}
