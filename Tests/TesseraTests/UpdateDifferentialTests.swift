import TesseraOracle
import Testing

@testable import Tessera

/// Random workloads, random sequences of single updates and batches: after every step the incrementally updated
/// layout equals one prepared from scratch on the final data (identities, frames, content size), and every
/// strategy's answers equal brute force's. A refused batch leaves the layout exactly as it was.
@Suite("Updates against a fresh prepare")
struct UpdateDifferentialTests: UpdateWorkloadCheck {
    /// Random item-level and section-level changes against `sections`, mostly valid under UIKit's index rules.
    static func randomBatch(
        _ sections: [LayoutSection], fixedSections: Bool, readsSizes: Bool, maxUpdates: Int = 5, rng: inout SplitMix64
    ) -> [LayoutUpdate] {
        func size() -> Size { Size(width: rng.length(0...150), height: rng.length(0...150)) }
        if !fixedSections, rng.chance(0.25) {
            let count = sections.count
            let data = LayoutSection(
                itemSizes: .list((0..<rng.int(0...6)).map { _ in size() }),
                headerHeight: rng.chance(0.5) ? 0 : rng.length(0...40))
            switch rng.int(0...3) {
            case 0: return [.insertSection(rng.int(0...count), data)]
            case 1 where count > 0: return [.deleteSection(rng.int(0...(count - 1)))]
            case 2 where count > 0: return [.moveSection(from: rng.int(0...(count - 1)), to: rng.int(0...(count - 1)))]
            case 3 where count > 0: return [.reloadSection(rng.int(0...(count - 1)), data)]
            default: return []
            }
        }
        var batch: [LayoutUpdate] = []
        var named = Set<ItemPath>()
        var removedFrom = [Int: Int]()
        var arrivals: [Int] = []  // destination sections of inserts and moves, placed once counts are known
        var movedFrom: [ItemPath] = []
        for _ in 0..<rng.int(1...maxUpdates) {
            guard !sections.isEmpty else { break }
            let section = rng.int(0...(sections.count - 1))
            let count = sections[section].itemSizes.count
            let kind = rng.int(0...4)
            if kind == 0 || count == 0 {
                arrivals.append(section)
                continue
            }
            let path = ItemPath(section: section, item: rng.int(0...(count - 1)))
            guard named.insert(path).inserted else { continue }
            switch kind {
            case 1:
                batch.append(.deleteItem(path))
                removedFrom[section, default: 0] += 1
            case 2:
                movedFrom.append(path)
                removedFrom[section, default: 0] += 1
            case 3: batch.append(.resizeItem(path, size: size()))
            default: batch.append(.reloadItem(path, size: readsSizes ? size() : .zero))
            }
        }
        // Destinations: distinct places within each section's count after the batch.
        let destinations =
            arrivals.map { (section: $0, move: false) }
            + movedFrom.map { _ in (section: rng.int(0...(sections.count - 1)), move: true) }
        var arriving = [Int: Int]()
        for destination in destinations { arriving[destination.section, default: 0] += 1 }
        var free = [Int: [Int]]()
        for (section, count) in arriving {
            let final = sections[section].itemSizes.count - removedFrom[section, default: 0] + count
            var places = Array(0..<final)
            places.shuffle(using: &rng)
            free[section] = Array(places.prefix(count))
        }
        var moves = movedFrom.makeIterator()
        for destination in destinations {
            let place = ItemPath(section: destination.section, item: free[destination.section]!.removeLast())
            if destination.move {
                batch.append(.moveItem(from: moves.next()!, to: place))
            } else {
                batch.append(.insertItem(place, size: size()))
            }
        }
        // Now and then a batch UIKit refuses.
        if rng.chance(0.1), let first = sections.indices.first {
            batch.append(.deleteItem(ItemPath(section: first, item: sections[first].itemSizes.count + rng.int(0...2))))
        }
        return batch.shuffled(using: &rng)
    }

    /// What must hold after a step: the layout equals a fresh prepare of its data, and every strategy answers as
    /// brute force does over it.
    static func problems<Algorithm: UpdatableLayout>(
        _ layout: CollectionLayout<Algorithm, SoABinarySearchIndex>, viewport: Size, rng: inout SplitMix64
    ) throws -> [String] {
        var fresh = CollectionLayout(layout.algorithm, index: SoABinarySearchIndex())
        try fresh.prepare(viewport: viewport)
        var problems: [String] = []
        if layout.contentSize != fresh.contentSize {
            problems.append("content size \(layout.contentSize) vs fresh \(fresh.contentSize)")
        }
        let (updated, scratch) = (laidOut(layout), laidOut(fresh))
        if updated != scratch {
            let first =
                (0..<Swift.min(updated.count, scratch.count)).first { updated[$0] != scratch[$0] }
                ?? Swift.min(updated.count, scratch.count)
            problems.append(
                "\(updated.count) elements vs fresh \(scratch.count); first difference at \(first): "
                    + "\(first < updated.count ? updated[first].description : "-") vs \(first < scratch.count ? scratch[first].description : "-")"
            )
        }
        if let violation = layout.invariantViolation() { problems.append(violation) }
        let extent = layout.algorithm.scrollAxis == .vertical ? layout.contentSize.height : layout.contentSize.width
        for _ in 0..<6 {
            let start = rng.double(-50...Swift.max(extent, 1))
            let length = rng.length(0...1_200)
            let rect =
                layout.algorithm.scrollAxis == .vertical
                ? Rect(x: rng.double(-20...200), y: start, width: rng.length(0...600), height: length)
                : Rect(x: start, y: rng.double(-20...200), width: length, height: rng.length(0...600))
            let offset = rect.origin
            let want = effectsOracle(layout, in: rect, offset: offset)
            var buffer = VisibleElements()
            let got = try engineAnswer(layout, in: rect, offset: offset, buffer: &buffer).hits
            if let difference = difference("soa after updates", got: got, want: want) { problems.append(difference) }
            try compareFresh(
                layout.algorithm, index: try IntervalTreeIndex(leafLevel: 2), "interval tree", rect, offset, want,
                viewport, &problems)
            try compareFresh(
                layout.algorithm, index: try PageTableIndex(pagesPerViewport: 1), "page table", rect, offset, want,
                viewport, &problems)
            try compareFresh(
                layout.algorithm, index: try UnionRectsIndex(blockSize: 8), "union rects", rect, offset, want, viewport,
                &problems)
        }
        return problems
    }

    /// Prepares a fresh layout of `algorithm` over `index` and notes where its answer to `rect` differs from `want`.
    static func compareFresh<Algorithm: UpdatableLayout, Index: SpatialIndex>(
        _ algorithm: Algorithm, index: Index, _ label: String, _ rect: Rect, _ offset: Point, _ want: [EffectHit],
        _ viewport: Size, _ problems: inout [String]
    ) throws {
        var layout = CollectionLayout(algorithm, index: index)
        try layout.prepare(viewport: viewport)
        var buffer = VisibleElements()
        let got = try engineAnswer(layout, in: rect, offset: offset, buffer: &buffer).hits
        if let difference = difference(label, got: got, want: want) { problems.append(difference) }
    }

    /// Runs `steps` random steps over `algorithm` and collects what broke.
    static func randomStepProblems<Algorithm: UpdatableLayout>(
        _ algorithm: Algorithm, viewport: Size, seed: UInt64, steps: Int, maxUpdates: Int
    ) throws -> [String] {
        var rng = SplitMix64(seed: seed &* 7_919)
        var layout = CollectionLayout(algorithm, index: try SoABinarySearchIndex(blockSize: rng.int(1...8)))
        try layout.prepare(viewport: viewport)
        for step in 0..<steps {
            let single = rng.chance(0.3)
            var batch = randomBatch(
                Array(layout.algorithm.sections), fixedSections: layout.algorithm.fixedSectionCount != nil,
                readsSizes: layout.algorithm.readsItemSizes, maxUpdates: maxUpdates, rng: &rng
            )
            if single { batch = Array(batch.prefix(1)) }
            let before = laidOut(layout)
            let beforeData = layout.algorithm.sections
            do {
                if single, let update = batch.first { try layout.apply(update) } else { try layout.apply(batch) }
            } catch {
                guard case .invalidUpdate = error else { return ["step \(step): \(batch) threw \(error)"] }
                if laidOut(layout) != before || layout.algorithm.sections != beforeData {
                    return ["step \(step): refused \(batch) (\(error)) but changed the layout"]
                }
                continue
            }
            let problems = try problems(layout, viewport: viewport, rng: &rng)
            if !problems.isEmpty { return ["step \(step) after \(batch):"] + problems.prefix(4) }
        }
        return []
    }

    @Test(
        "flow (vertical and horizontal), waterfall, sticky-parallax, Mosaic and carousel layouts",
        arguments: UpdateWorkload.everyKind)
    func everyKind(_ workload: UpdateWorkload) throws { try Self.expectNoProblems(workload, steps: 10, maxUpdates: 5) }

    @Test(
        "flow, waterfall and sticky-parallax with many tiny sections or one, over long sequences",
        arguments: UpdateWorkload.tinyOrOneSection)
    func shapes(_ workload: UpdateWorkload) throws { try Self.expectNoProblems(workload, steps: 25, maxUpdates: 12) }

    /// A size of whole points, 20 to 150 each way: the waterfall's columns then agree again now and then, and its
    /// writes join.
    static func wholePointSize(_ rng: inout SplitMix64) -> Size {
        Size(width: Double(rng.int(20...150)), height: Double(rng.int(20...150)))
    }

    /// Expects no problems over 12 random steps, of up to 40 changes each, on a flow, a waterfall and a
    /// sticky-parallax layout of `sections` in a phone's viewport.
    static func expectNoProblemsInEachLayout(of sections: [LayoutSection], seed: UInt64) throws {
        let layouts: [any UpdatableLayout] = [
            try FlowLayout(sections: sections), try WaterfallLayout(sections: sections),
            try StickyParallaxLayout(sections: sections),
        ]
        for layout in layouts {
            #expect(
                try randomStepProblems(layout, viewport: phone, seed: seed, steps: 12, maxUpdates: 40) == [],
                "\(type(of: layout))")
        }
    }

    /// A list the layouts keep in blocks once it outgrows one array, drawn 1 to 600 entries past that.
    enum ListPastOneArray: CaseIterable, Sendable {
        /// A section of more items than a size list keeps in one array, edited until its blocks split.
        case items
        /// More sections than a section list keeps in one array, inserted, deleted and moved across its blocks.
        case sections

        func draw(_ rng: inout SplitMix64) -> [LayoutSection] {
            switch self {
            case .items:
                let items = SizeList.flatLimit + rng.int(1...600)
                let sizes = (0..<items).map { _ in wholePointSize(&rng) }
                return [LayoutSection(itemSizes: .list(sizes), headerHeight: 30, footerHeight: 0)]
            case .sections:
                let count = SectionList.flatLimit + rng.int(1...600)
                return (0..<count).map { _ in
                    LayoutSection(
                        itemSizes: .list((0..<rng.int(0...2)).map { _ in wholePointSize(&rng) }),
                        headerHeight: rng.chance(0.5) ? 12 : 0, footerHeight: 0
                    )
                }
            }
        }
    }

    @Test(
        "a section's items or the sections past what one array keeps, edited across their blocks",
        arguments: ListPastOneArray.allCases, 0..<2)
    func listPastOneArray(_ list: ListPastOneArray, seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        try Self.expectNoProblemsInEachLayout(of: list.draw(&rng), seed: seed)
    }

    @Test(
        "a waterfall whose columns never agree again writes past its join window to the end or the next change",
        arguments: 0..<3)
    func waterfallPastItsJoinWindow(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        // Over twice the 4,096 photos the write looks for a join among; heights in fractions of a point, so the
        // columns seldom agree again and most writes run on past the window, to the section's end or, in a batch,
        // to the next change.
        let items = 8_192 + rng.int(1...2_000)
        let sizes = (0..<items).map { _ in Size(width: 0, height: rng.double(20...150)) }
        let configuration = WaterfallLayout.Configuration(columns: rng.int(2...3), cellPadding: 4, headerHeight: 30)
        let waterfall = try WaterfallLayout(
            sections: [LayoutSection(itemSizes: .list(sizes))], configuration: configuration)
        #expect(
            try Self.randomStepProblems(waterfall, viewport: phone, seed: seed, steps: 8, maxUpdates: 6) == [])
    }

    @Test(
        "Mosaic and the carousel over long sequences of batches",
        arguments: UpdateWorkload.of([.mosaic, .carousel], seeds: 0..<4))
    func oneSectionLong(_ workload: UpdateWorkload) throws {
        try Self.expectNoProblems(workload, steps: 25, maxUpdates: 12)
    }
}
