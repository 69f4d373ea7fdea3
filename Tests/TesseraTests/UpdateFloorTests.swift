import TesseraOracle
import Testing

@testable import Tessera

/// The work floor of an update (`UpdateFloor`): the elements it must write, counted by the oracle from the layouts'
/// own writes. Hand-made cases with known answers, then random layouts and batches on which the section-by-section
/// count agrees with the whole-layout brute force, stays within a full re-layout, and the oracle's own application
/// of a batch leaves the data the engine's does.
@Suite("Update floors")
struct UpdateFloorTests: UpdateWorkloadCheck {
    static let viewport = Size(width: 390, height: 844)

    /// Both counts of `batch` on `before`, which must agree; the section-by-section one.
    static func floor<Layout: UpdatableLayout>(
        _ batch: [LayoutUpdate], on before: Layout, viewport: Size = viewport
    ) throws -> Int {
        let after = try before.applying(batch)
        var laidOut = LaidOutSections()
        let bySection = try UpdateFloor.elements(
            of: batch, before: before, after: after, viewport: viewport, reusing: &laidOut)
        let whole = try UpdateFloor.wholeLayoutElements(of: batch, before: before, after: after, viewport: viewport)
        #expect(bySection == whole, "\(batch)")
        return bySection
    }

    // MARK: Known answers

    @Test("an insert into a section of equal flow items moves every later item to the next place")
    func insertIntoUniformFlow() throws {
        // Six 50-point items a line in 390 points: each item after the insert moves one place, to the end of the
        // section, where no line starts where an old one started. The section after it only moves.
        let sections = [
            LayoutSection(itemSizes: .uniform(Size(width: 50, height: 50), count: 20), headerHeight: 30),
            LayoutSection(itemSizes: .uniform(Size(width: 80, height: 40), count: 12), footerHeight: 20),
        ]
        let flow = try FlowLayout(sections: sections)
        for item in [0, 3, 19, 20] {
            let insert = LayoutUpdate.insertItem(ItemPath(section: 0, item: item), size: Size(width: 50, height: 50))
            #expect(try Self.floor([insert], on: flow) == 1 + 20 - item, "insert at \(item)")
        }
    }

    @Test("an insert into a run of equal flow items counts the run's lines until a line starts where one started")
    func insertIntoARunOfEqualItems() throws {
        // Eight 50-point items (lines of six and two), then items too wide to share a line: the insert moves every
        // item of the run a place but the last, which ends its justified line as before, and the wide items' lines
        // start where they did.
        let sizes =
            Array(repeating: Size(width: 50, height: 50), count: 8)
            + Array(repeating: Size(width: 300, height: 50), count: 6)
        let flow = try FlowLayout(sections: [LayoutSection(itemSizes: .list(sizes))])
        let insert = LayoutUpdate.insertItem(ItemPath(section: 0, item: 0), size: Size(width: 50, height: 50))
        #expect(try Self.floor([insert], on: flow) == 8)
    }

    @Test("a change of odd length near the start of a two-column waterfall never joins: every later photo is counted")
    func waterfallThatNeverJoins() throws {
        // Whole-point heights in two columns: photo 0 one point taller sends every photo from the third on to the
        // other column, to the section's end. Photo 1 keeps its place; the next section moves by one length.
        let photos = 200
        let sections = [
            LayoutSection(itemSizes: .uniform(Size(width: 0, height: 100), count: photos), headerHeight: 0),
            LayoutSection(itemSizes: .uniform(Size(width: 0, height: 120), count: 50), headerHeight: 40),
        ]
        let waterfall = try WaterfallLayout(sections: sections, configuration: .init(columns: 2, cellPadding: 0))
        let resize = LayoutUpdate.resizeItem(ItemPath(section: 0, item: 0), size: Size(width: 0, height: 101))
        #expect(try Self.floor([resize], on: waterfall) == photos - 1)
    }

    @Test("a moved section counts all its elements; a deleted section and a resize to the same size count none")
    func sectionsAndSameSizes() throws {
        let sections = (0..<4).map { section in
            LayoutSection(
                itemSizes: .list((0..<(10 + section)).map { Size(width: 40 + Double($0 % 3) * 20, height: 30) }),
                headerHeight: 24, footerHeight: 12)
        }
        let flow = try FlowLayout(sections: sections)
        #expect(try Self.floor([.moveSection(from: 1, to: 3)], on: flow) == flow.elementCount(inSection: 1))
        #expect(try Self.floor([.deleteSection(2)], on: flow) == 0)
        #expect(try Self.floor([.deleteSection(0)], on: flow) == 0)
        let size = sections[2].itemSizes[4]
        #expect(try Self.floor([.resizeItem(ItemPath(section: 2, item: 4), size: size)], on: flow) == 0)
        // A reloaded item is a new item in the old place: it alone is written when its size stays.
        #expect(try Self.floor([.reloadItem(ItemPath(section: 2, item: 4), size: size)], on: flow) == 1)
    }

    @Test("the sticky layout's top header and menu map to themselves when section 0 is deleted")
    func stickyLayoutsOwnElements() throws {
        let sticky = try StickyParallaxLayout(itemCounts: [5, 7, 3])
        #expect(try Self.floor([.deleteSection(0)], on: sticky) == 0)
        // An inserted section 0 counts its own elements, not the top header and menu.
        let inserted = LayoutSection(itemSizes: .uniform(.zero, count: 4))
        let after = try sticky.applying([.insertSection(0, inserted)])
        let own = after.elementCount(inSection: 0) - 2
        #expect(try Self.floor([.insertSection(0, inserted)], on: sticky) == own)
    }

    // MARK: Random layouts and batches

    /// Random batches on `algorithm`, each applied to the data the last left: the section-by-section floor (laid-out
    /// sections kept from step to step) equals the brute force and a fresh section-by-section count, is at most the
    /// elements a full re-layout writes, and the oracle's application of each batch leaves the engine's data.
    static func randomStepProblems<Layout: UpdatableLayout>(
        _ algorithm: Layout, viewport: Size, seed: UInt64, steps: Int, maxUpdates: Int
    ) throws -> [String] {
        var rng = SplitMix64(seed: seed &* 6_151)
        var engine = CollectionLayout(algorithm, index: SoABinarySearchIndex())
        try engine.prepare(viewport: viewport)
        var before = algorithm
        var laidOut = LaidOutSections()
        for step in 0..<steps {
            let batch = UpdateDifferentialTests.randomBatch(
                Array(before.sections), fixedSections: before.fixedSectionCount != nil,
                readsSizes: before.readsItemSizes, maxUpdates: maxUpdates, rng: &rng)
            guard (try? before.check(batch)) != nil else { continue }
            let after = try before.applying(batch)
            try engine.apply(batch)
            guard engine.algorithm.sections == after.sections, engine.algorithm.elementCount == after.elementCount
            else {
                return ["step \(step): the oracle's data after \(batch) differs from the engine's"]
            }
            let reused = try UpdateFloor.elements(
                of: batch, before: before, after: after, viewport: viewport, reusing: &laidOut)
            var fresh = LaidOutSections()
            let bySection = try UpdateFloor.elements(
                of: batch, before: before, after: after, viewport: viewport, reusing: &fresh)
            let whole = try UpdateFloor.wholeLayoutElements(of: batch, before: before, after: after, viewport: viewport)
            if reused != whole || bySection != whole {
                return [
                    "step \(step): \(batch): by section \(bySection) (reusing \(reused)), whole layout \(whole)"
                ]
            }
            if whole > after.elementCount {
                return ["step \(step): \(batch): floor \(whole) over a full re-layout's \(after.elementCount)"]
            }
            before = after
        }
        return []
    }

    @Test(
        "random layouts of every kind: by section equals the whole layout, within a full re-layout",
        arguments: UpdateWorkload.everyKind)
    func everyKind(_ workload: UpdateWorkload) throws { try Self.expectNoProblems(workload, steps: 8, maxUpdates: 6) }

    @Test(
        "many tiny sections or one: by section equals the whole layout, within a full re-layout",
        arguments: UpdateWorkload.tinyOrOneSection)
    func shapes(_ workload: UpdateWorkload) throws { try Self.expectNoProblems(workload, steps: 12, maxUpdates: 12) }

    @Test(
        "resizes counted in place, frame after frame, as the data before and after them are counted", arguments: 0..<8)
    func resizesInPlace(seed: UInt64) throws {
        let flow = try RandomFlow(seed: seed, maxItems: 300, shape: seed.isMultiple(of: 2) ? .few : .tiny)
        let sticky = try RandomStickyParallax(seed: seed, maxItems: 300)
        #expect(try Self.resizeProblems(flow.algorithm, viewport: flow.viewport, seed: seed) == [], "\(flow)")
        #expect(try Self.resizeProblems(sticky.algorithm, viewport: sticky.viewport, seed: seed) == [], "\(sticky)")
        var layout = flow.algorithm
        var laidOut = LaidOutSections()
        #expect(throws: LayoutError.self) {
            try UpdateFloor.elements(
                resizing: &layout, by: [.deleteSection(0)], viewport: flow.viewport, reusing: &laidOut)
        }
    }

    /// Random frames of resizes, as the self-sizing scroll makes them: counted in place, they give what the data
    /// before and after them give, and leave the data `applying` leaves.
    static func resizeProblems<Layout: UpdatableLayout>(_ algorithm: Layout, viewport: Size, seed: UInt64) throws
        -> [String]
    {
        var rng = SplitMix64(seed: seed ^ 0x5E1F)
        var inPlace = algorithm
        var before = algorithm
        var laidOut = LaidOutSections()
        for frame in 0..<10 {
            let sections = Array(before.sections)
            let filled = sections.indices.filter { sections[$0].itemSizes.count > 0 }
            guard !filled.isEmpty else { return [] }
            var paths = Set<ItemPath>()
            for _ in 0..<rng.int(1...8) {
                let section = rng.pick(filled)
                paths.insert(ItemPath(section: section, item: rng.int(0...(sections[section].itemSizes.count - 1))))
            }
            let resizes = paths.map {
                LayoutUpdate.resizeItem($0, size: Size(width: rng.length(0...150), height: rng.length(0...150)))
            }
            let after = try before.applying(resizes)
            let counted = try UpdateFloor.elements(
                resizing: &inPlace, by: resizes, viewport: viewport, reusing: &laidOut)
            let whole = try UpdateFloor.wholeLayoutElements(
                of: resizes, before: before, after: after, viewport: viewport)
            if counted != whole || inPlace.sections != after.sections {
                return ["frame \(frame): \(resizes): in place \(counted), whole layout \(whole)"]
            }
            before = after
        }
        return []
    }

    @Test("a batch that does not fit, or data after that is not the batch's, is refused")
    func badInput() throws {
        let flow = try FlowLayout(sections: [LayoutSection(itemSizes: .uniform(Size(width: 50, height: 50), count: 3))])
        var laidOut = LaidOutSections()
        let outOfRange = [LayoutUpdate.deleteItem(ItemPath(section: 0, item: 3))]
        #expect(throws: LayoutError.self) { try flow.applying(outOfRange) }
        #expect(throws: LayoutError.self) {
            try UpdateFloor.elements(
                of: outOfRange, before: flow, after: flow, viewport: Self.viewport, reusing: &laidOut)
        }
        let insert = [LayoutUpdate.insertItem(ItemPath(section: 0, item: 0), size: Size(width: 50, height: 50))]
        #expect(throws: LayoutError.self) {
            try UpdateFloor.elements(of: insert, before: flow, after: flow, viewport: Self.viewport, reusing: &laidOut)
        }
        #expect(throws: LayoutError.self) {
            try UpdateFloor.wholeLayoutElements(of: insert, before: flow, after: flow, viewport: Self.viewport)
        }
    }
}
