import Tessera
import TesseraOracle
import Testing

@testable import TesseraBenchKit

/// Applying an updates file (`dump --updates`): runs of single item steps gathered into one batch leave the layout
/// as one step at a time would, and the work grows with the steps, not with their square. Work is counted, not
/// timed: the elements of the chunks the engine builds its indexes over (every chunk it writes), and the nodes the
/// gathering visits.
@Suite struct UpdatesApplyingTests {
    /// The elements of every chunk an index was built over, shared by the copies the engine makes of one index.
    final class BuildCount: @unchecked Sendable {
        var elements = 0
    }

    /// Brute force that counts the elements of every chunk it is built over.
    struct CountingIndex: SpatialIndex {
        var count = BuildCount()
        var search = BruteForceIndex()

        init() {}

        init(_ count: BuildCount) {
            self.count = count
        }

        mutating func build(over chunk: ElementChunk, axis: ScrollAxis, viewport: Size) {
            count.elements += chunk.count
        }

        func query(_ query: AxisRect, in chunk: ElementChunk, axis: ScrollAxis, into result: inout VisibleElements) {
            search.query(query, in: chunk, axis: axis, into: &result)
        }

        var byteCount: Int { 0 }
    }

    static let viewport = Size(width: 390, height: 844)

    /// A flow of one section of 100 items of seeded random sizes, prepared, and what building it counted.
    static func flow() throws -> (layout: CollectionLayout<FlowLayout, CountingIndex>, built: BuildCount) {
        var generator = SeededGenerator(seed: 5)
        let sizes = (0..<100).map { _ in
            Size(
                width: Double.random(in: 40...120, using: &generator),
                height: Double.random(in: 40...120, using: &generator))
        }
        let count = BuildCount()
        var layout = CollectionLayout(
            try FlowLayout(sections: [LayoutSection(itemSizes: .list(sizes), headerHeight: 44, footerHeight: 24)]),
            index: CountingIndex(count))
        try layout.prepare(viewport: viewport)
        count.elements = 0
        return (layout, count)
    }

    /// `n` items of one size inserted, one step each, at the head of the section: each moves every item before the
    /// random ones to the next place, so one step at a time writes the whole run of equal items again every time.
    static func insertsAtTheHead(_ n: Int) -> UpdatesFile {
        UpdatesFile(
            steps: Array(
                repeating: .single(.insertItem(ItemPath(section: 0, item: 0), size: Size(width: 50, height: 50))),
                count: n))
    }

    static func oneByOne<Algorithm: UpdatableLayout, Index>(
        _ file: UpdatesFile, _ layout: inout CollectionLayout<Algorithm, Index>
    )
        throws(WorkloadError)
    {
        for (index, step) in file.steps.enumerated() {
            do throws(LayoutError) {
                switch step {
                case .single(let update): try layout.apply(update)
                case .batch(let batch): try layout.apply(batch)
                }
            } catch {
                throw .updateRefused(step: index, error)
            }
        }
    }

    static func frames<Algorithm, Index>(_ layout: CollectionLayout<Algorithm, Index>) -> [Rect] {
        (0..<layout.store.count).map { layout.store.frame(at: $0) }
    }

    @Test func aRunOfItemStepsIsWrittenOnceNotOnceAStep() throws {
        let steps = 20_000
        var (gathered, built) = try Self.flow()
        let application = try Self.insertsAtTheHead(steps).apply(to: &gathered)
        #expect(application.gatheredBatches == 1 && application.gatheredSteps == steps && application.appliedAlone == 0)
        // The run's 20,000 items and the few lines after them, each chunk built about once: linear in the steps.
        let elements = gathered.store.count
        #expect(elements == 100 + steps + 2)
        #expect(built.elements <= 2 * elements, "\(built.elements) elements built for \(elements)")
        // Finding each step's place costs a walk down a tree of the pieces the steps cut: O(log s) a step.
        let log2 = Double(Int.bitWidth - steps.leadingZeroBitCount)
        #expect(Double(application.visits) <= 8 * Double(steps) * log2, "\(application.visits) nodes visited")

        // One step at a time, the same steps build the run again each time: their square. 2,000 steps already build
        // more than the 20,000 gathered did.
        var (slow, slowBuilt) = try Self.flow()
        try Self.oneByOne(Self.insertsAtTheHead(2_000), &slow)
        #expect(slowBuilt.elements > 2_000 * 2_000 / 4, "\(slowBuilt.elements)")
        #expect(slowBuilt.elements > built.elements)
    }

    /// Random files of every kind of step, on layouts that resume, that write to the section's end and that follow
    /// from their count: applied as `dump` applies them and one step at a time, the same frames; a file that goes
    /// wrong is refused at the same step with the engine's same reason.
    @Test(arguments: [LayoutID.flow, .waterfall, .stickyParallax, .mosaic, .carousel])
    func gatheredStepsLeaveTheLayoutOneAtATimeDoes(_ layout: LayoutID) throws {
        var (gathered, refused, files) = (0, 0, 0)
        for seed in 1...12 as ClosedRange<UInt64> {
            var generator = SeededGenerator(seed: seed)
            let sections = try BuiltInWorkload(itemsPerSection: 40, seed: seed).sections(
                for: layout, items: layout == .mosaic || layout == .carousel ? 60 : 200)
            // Mosaic and the carousel are one section by nature, and refuse a section inserted (so would end there).
            let file = Self.randomFile(
                &generator, sections: sections, insertsSections: layout != .mosaic && layout != .carousel)
            let (application, error) = try LayoutParameters().make(layout, sections: sections, Comparison(file: file))
            gathered += application.gatheredSteps
            refused += error == nil ? 0 : 1
            files += 1
        }
        // The files exercise what they are for: long runs gathered, and most files applied to their end.
        #expect(gathered > 12 * 10, "\(gathered) steps gathered")
        #expect(refused < files / 2 + 1, "\(refused) of \(files) files refused")
    }

    struct Comparison: LayoutVisitor {
        let file: UpdatesFile

        func visit<Algorithm: UpdatableLayout>(_ algorithm: Algorithm) throws -> (
            UpdatesFile.Application, WorkloadError?
        ) {
            var gathered = CollectionLayout(algorithm, index: SoABinarySearchIndex())
            try gathered.prepare(viewport: UpdatesApplyingTests.viewport)
            var oneByOne = gathered
            var gatheredError: WorkloadError?
            var oneByOneError: WorkloadError?
            var application = UpdatesFile.Application()
            do throws(WorkloadError) { application = try file.apply(to: &gathered) } catch { gatheredError = error }
            do throws(WorkloadError) { try UpdatesApplyingTests.oneByOne(file, &oneByOne) } catch {
                oneByOneError = error
            }
            #expect(gatheredError == oneByOneError)
            #expect(gathered.contentSize == oneByOne.contentSize)
            #expect(UpdatesApplyingTests.frames(gathered) == UpdatesApplyingTests.frames(oneByOne))
            #expect(gathered.invariantViolation() == nil)
            return (application, gatheredError)
        }
    }

    /// 60 steps: item steps in runs (inserts, deletes, resizes, reloads, moves, alone or in batches; now and then one
    /// naming an item that does not exist, or one twice), and now and then a section inserted at the end, which ends
    /// a run.
    static func randomFile(_ generator: inout SeededGenerator, sections: [LayoutSection], insertsSections: Bool)
        -> UpdatesFile
    {
        var counts = sections.map(\.itemSizes.count)
        var steps: [UpdatesFile.Step] = []
        func size() -> Size {
            Size(
                width: Double(Int.random(in: 20...140, using: &generator)),
                height: Double(Int.random(in: 20...140, using: &generator)))
        }
        func path(adding: Int = 0) -> ItemPath {
            let section = Int.random(in: 0..<counts.count, using: &generator)
            // One in a hundred past the end: a step that does not fit, which ends the file.
            let past = Int.random(in: 0..<100, using: &generator) == 0 ? 3 : 0
            let places = Swift.max(1, counts[section] + adding + past)
            return ItemPath(section: section, item: Int.random(in: 0..<places, using: &generator))
        }
        for _ in 0..<60 {
            guard counts.contains(where: { $0 > 0 }) else { break }
            let draw = Int.random(in: 0..<100, using: &generator)
            let update: LayoutUpdate
            switch draw {
            case 0..<30:
                let at = path(adding: 1)
                update = .insertItem(at, size: size())
                if at.item <= counts[at.section] { counts[at.section] += 1 }
            case 30..<50:
                let at = path()
                guard at.item < counts[at.section] else { continue }
                update = .deleteItem(at)
                counts[at.section] -= 1
            case 50..<65: update = .resizeItem(path(), size: size())
            case 65..<75: update = .reloadItem(path(), size: size())
            case 75..<90:
                let from = path()
                guard from.item < counts[from.section] else { continue }
                let section = Int.random(in: 0..<counts.count, using: &generator)
                let places = counts[section] - (section == from.section ? 1 : 0)
                update = .moveItem(
                    from: from, to: ItemPath(section: section, item: Int.random(in: 0...places, using: &generator)))
                counts[from.section] -= 1
                counts[section] += 1
            case 88..<96,
                _ where !insertsSections:
                steps.append(.batch(batch(&generator, counts: &counts)))
                continue
            default:
                update = .insertSection(counts.count, LayoutSection(itemSizes: .list([size(), size(), size()])))
                counts.append(3)
            }
            steps.append(.single(update))
        }
        return UpdatesFile(steps: steps)
    }

    /// A batch of item updates in one section with UIKit's numbering: up to three items as they were deleted,
    /// resized or moved, and up to three inserted, at distinct places after the batch; one in twenty names an item
    /// twice, which the batch refuses.
    static func batch(_ generator: inout SeededGenerator, counts: inout [Int]) -> [LayoutUpdate] {
        func size() -> Size { Size(width: 60, height: Double(Int.random(in: 20...140, using: &generator))) }
        let section = Int.random(in: 0..<counts.count, using: &generator)
        func path(_ item: Int) -> ItemPath { ItemPath(section: section, item: item) }
        let before = counts[section]
        let named = Array((0..<before).shuffled(using: &generator).prefix(Int.random(in: 0...3, using: &generator)))
        var updates: [LayoutUpdate] = []
        var (deleted, sources) = (0, [Int]())
        for item in named {
            switch Int.random(in: 0..<3, using: &generator) {
            case 0:
                updates.append(.deleteItem(path(item)))
                deleted += 1
            case 1: updates.append(.resizeItem(path(item), size: size()))
            default: sources.append(item)
            }
        }
        let inserted = Int.random(in: 0...3, using: &generator)
        // Every item but the deleted is there after, so there are places for the moved and the inserted.
        let after = before - deleted + inserted
        var places = Array((0..<after).shuffled(using: &generator).prefix(inserted + sources.count))
        for item in sources { updates.append(.moveItem(from: path(item), to: path(places.removeLast()))) }
        for place in places { updates.append(.insertItem(path(place), size: size())) }
        if let first = named.first, Int.random(in: 0..<20, using: &generator) == 0 {
            updates.append(.reloadItem(path(first), size: size()))
        }
        counts[section] = after
        return updates.shuffled(using: &generator)
    }
}
