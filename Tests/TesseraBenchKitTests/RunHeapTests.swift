import Tessera
import Testing

@testable import TesseraBenchKit

/// What keeps a run's heap from growing with how many samples its time allows, so that the memory guard's estimate,
/// fitted on short runs, holds for long ones (issue 12).
@Suite struct RunHeapTests {
    /// A query reserves room for 50,000 samples; a result that kept the reserve held 400 kB to the end of the run.
    @Test func samplesAreKeptAtTheirCountNotTheirReserve() {
        let budget = SamplingBudget(minSamples: 3, maxSamples: 50_000, minSeconds: 0)
        let samples = budget.collect { Double($0) }
        #expect(samples == [0, 1, 2])
        #expect(samples.capacity < 100, "capacity \(samples.capacity)")
    }

    /// Section inserts and deletes drawn freely wandered by about √n sections over n updates (dozens over a run's
    /// 200 batches); they now keep the count within one of where it began.
    @Test func randomBatchesKeepTheSectionCount() throws {
        let start = (0..<50).map { _ in LayoutSection(itemSizes: .uniform(Size(width: 50, height: 50), count: 10)) }
        var layout = CollectionLayout<FlowLayout, BruteForceIndex>(try FlowLayout(sections: start))
        var random = RandomBatches(seed: 7)
        for _ in 0..<200 {
            let batch = random.next(count: 100, sections: layout.algorithm.sections, sectionsMayChange: true) {
                (try? layout.algorithm.check($0)) != nil
            }
            try layout.apply(batch)
            #expect(
                abs(layout.algorithm.sections.count - start.count) <= 1, "\(layout.algorithm.sections.count) sections")
        }
    }

    /// A layout of one section of every item keeps it: batches insert, delete, move and reload sections of at most
    /// 1,000 items, so a batch stays an update at every shape rather than a reload of the whole data; sections of
    /// that size still take every kind.
    @Test(arguments: [3, 1]) func randomBatchesMoveNoSectionOverTheLimit(sectionsOfTheLimit: Int) throws {
        let limit = RandomBatches.sectionUpdateLimit
        // One section three times the limit, or eight sections of the limit.
        let (count, items) = sectionsOfTheLimit == 3 ? (1, 3 * limit) : (8, limit)
        let sizes = (0..<items).map { Size(width: Double(40 + $0 % 80), height: 50) }
        var layout = CollectionLayout<FlowLayout, BruteForceIndex>(
            try FlowLayout(sections: Array(repeating: LayoutSection(itemSizes: .list(sizes)), count: count))
        )
        var random = RandomBatches(seed: 11)
        var kinds: Set<String> = []
        for _ in 0..<20 {
            let sections = layout.algorithm.sections
            let batch = random.next(count: 100, sections: sections, sectionsMayChange: true) {
                (try? layout.algorithm.check($0)) != nil
            }
            for update in batch {
                switch update {
                case .insertSection(_, let data):
                    #expect(data.itemSizes.count <= limit)
                    kinds.insert("insert")
                case .reloadSection(let section, let data):
                    #expect(sections[section].itemSizes.count <= limit && data.itemSizes.count <= limit)
                    kinds.insert("reload")
                case .deleteSection(let section):
                    #expect(sections[section].itemSizes.count <= limit)
                    kinds.insert("delete")
                case .moveSection(let from, _):
                    #expect(sections[from].itemSizes.count <= limit)
                    kinds.insert("move")
                default: continue
                }
            }
            try layout.apply(batch)
        }
        if sectionsOfTheLimit == 3 {
            #expect(layout.algorithm.sections.contains { $0.itemSizes.count > 2 * limit }, "the large section stays")
        } else {
            #expect(kinds == ["insert", "reload", "delete", "move"], "sections of the limit take every kind: \(kinds)")
        }
    }

    /// The samples a run's results hold grow with it (a default run's queries keep thousands each), so every
    /// estimate adds what the results before it hold: they had made later layouts' peaks exceed their estimates.
    @Test func estimatesAddTheSamplesTheResultsBeforeThemHold() throws {
        let settings = RunSettings(
            layouts: [.mosaic, .carousel], strategies: [.soaBinarySearch, .unionRects], itemCounts: [300],
            viewportWidth: 390,
            viewportHeight: 844, seed: 1, workload: "test", traceFrames: 0, verifiedFrames: 4
        )
        var runner = BenchmarkRunner(settings: settings, workload: .builtIn(BuiltInWorkload()))
        runner.prepareBudget = .quick
        runner.queryBudget = .quick
        let report = try runner.run()
        let uses = try #require(report.memory)
        #expect(uses.count == 4)
        for (index, use) in uses.enumerated() {
            let before = report.results.filter { result in
                uses[..<index].contains { $0.layout == result.layout && $0.strategy == result.strategy }
            }
            let shape = MemoryEstimate.Shape(elements: 300, sections: 1, listedSizes: 0)
            let expected =
                MemoryEstimate.measuringBytes(use.strategy, on: use.layout, shape)
                + MemoryEstimate.heldBytes(of: before)
            #expect(
                abs(use.estimatedBytes - expected) < 1,
                "\(use.layout) \(use.strategy): \(use.estimatedBytes) against \(expected)")
        }
        #expect(MemoryEstimate.heldBytes(of: report.results) > 0)
    }

    /// A fit's negative base crosses 0 below the counts it was fitted at; no estimate follows it there (one item on
    /// naive-dictionary was an estimate of -0.7 MB).
    @Test func noEstimateIsBelowZero() {
        for layout in LayoutID.builtIn {
            for strategy in StrategyID.allCases {
                for shape in [
                    MemoryEstimate.Shape(elements: 1, sections: 1, listedSizes: 1),
                    MemoryEstimate.Shape(elements: 0, sections: 0, listedSizes: 0),
                ] {
                    #expect(MemoryEstimate.measuringBytes(strategy, on: layout, shape) >= 0, "\(layout) \(strategy)")
                }
            }
        }
    }

    /// The data changes update the first item of the first section that has items: a workload whose first section
    /// is empty lost every one of them, silently. The floors follow the same item.
    @Test func aFirstSectionOfNoItemsStillHasItsDataChangesMeasured() throws {
        let settings = RunSettings(
            layouts: [.flow], strategies: [.soaBinarySearch, .naiveDictionary], itemCounts: [20], viewportWidth: 390,
            viewportHeight: 844, seed: 1, workload: "test", traceFrames: 0, verifiedFrames: 4)
        let sections = [
            LayoutSection(itemSizes: .list([])),
            LayoutSection(itemSizes: .list(Array(repeating: Size(width: 50, height: 50), count: 20))),
        ]
        var runner = BenchmarkRunner(settings: settings, workload: .file(sections, path: "w.json"))
        runner.prepareBudget = .quick
        runner.queryBudget = .quick
        let results = try runner.run().results
        for strategy in [StrategyID.soaBinarySearch, .naiveDictionary] {
            for operation in [BenchmarkOperation.updateResize, .updateInsert, .updateDelete] {
                let result = results.first { $0.strategy == strategy && $0.operation == operation }
                #expect(result?.floorElements != nil, "\(strategy) \(operation)")
            }
        }
        #expect(results.contains { $0.operation == .updateBatch && $0.floorElements != nil })
    }
}
