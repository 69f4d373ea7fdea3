// Tessera's regression gate on package-benchmark, for every layout, the engine's main strategies and the naive
// dictionary the tutorials teach (subjects from TesseraBenchKit's strategy registry), at 10k and 100k items:
//
//   prepare-warm.LAYOUT.STRATEGY.ITEMS  one iteration is a rotation and back: two warm prepares (to landscape, then
//                                       to portrait), into buffers that keep their capacity
//   query.LAYOUT.STRATEGY.ITEMS         one iteration is a scripted scroll of 32 viewport rects, each answered
//                                       into the one reused `VisibleElements`
//   update.LAYOUT.STRATEGY.ITEMS        one iteration is four one-item updates that leave the data as it was: the
//                                       first item resized and back, an item inserted before it and deleted
//
// The same three on flow and the waterfall in sections of ten items (LAYOUT is flow-10-a-section), on
// soa-binary-search at 10k: a chunk there holds a hundred sections' records, which an update rewrites in place.
//
// Every iteration does the same work, so its malloc count is the same however many iterations a busy machine
// leaves time for.
//
// Thresholds (Thresholds/*.p90.json, written by `./update-thresholds`) are strict on malloc counts, which are
// deterministic: the engine's steady-state query must allocate nothing, and any change in a count, up or down,
// fails `swift package benchmark thresholds check` until the thresholds are updated with the change. Time is
// measured and printed, never checked: the machines that run this are shared and noisy. `tessera-bench ab`
// is the tool for time, in randomized interleaved rounds.

import Benchmark
import Tessera
import TesseraBenchKit

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .mallocBytesCount],
        timeUnits: .microseconds,
        // One warm-up iteration grows every buffer (both orientations, the whole scroll) before anything counts.
        warmupIterations: 1,
        scalingFactor: .one,
        maxDuration: .milliseconds(150),
        maxIterations: 25,
        thresholds: [
            // Deterministic: any change is a finding, better or worse (then run ./update-thresholds).
            .mallocCountTotal: .strict,
            // Shown, never checked, even should a p90 be recorded: time is noisy on shared machines, and the
            // bytes requested by a page-table prepare were seen to differ by a few between two runs of the same
            // code (1,416 and 1,432), where the counts never did.
            .mallocBytesCount: .none,
            .wallClock: .none,
        ]
    )

    for items in BenchmarkSuite.itemCounts {
        for layout in LayoutID.builtIn {
            do {
                let sections = Workload.sections(for: layout, items: items)
                try LayoutParameters().make(
                    layout, sections: sections,
                    LayoutRegistration(
                        label: layout.rawValue, items: items, strategies: BenchmarkSuite.strategies))
            } catch {
                fatalError("\(layout.rawValue) at \(items) items: \(error)")
            }
        }
    }
    for layout in [LayoutID.flow, .waterfall] {
        do {
            let sections = Workload.sections(for: layout, items: 10_000, itemsPerSection: 10)
            try LayoutParameters().make(
                layout, sections: sections,
                LayoutRegistration(
                    label: "\(layout.rawValue)-10-a-section", items: 10_000, strategies: [.soaBinarySearch]))
        } catch {
            fatalError("\(layout.rawValue) in sections of ten: \(error)")
        }
    }
}

enum BenchmarkSuite {
    static let itemCounts = [10_000, 100_000]
    /// The engine's main indexes, and the naive dictionary as the reference, all from TesseraBenchKit's registry.
    static let strategies: [StrategyID] = [.soaBinarySearch, .intervalTree, .pageTable, .naiveDictionary]
    static let portrait = Size(width: 390, height: 844)
    static let landscape = Size(width: 844, height: 390)
    /// Frames of the scripted scroll replayed by one query iteration.
    static let scrollFrames = 32

    static func name(_ operation: String, _ layout: String, _ strategy: StrategyID, _ items: Int) -> String {
        // No spaces or slashes: package-benchmark names threshold files after the benchmark.
        "\(operation).\(layout).\(strategy.rawValue).\(items / 1_000)k"
    }
}

/// Registers `strategies` on one layout, its benchmarks named with `label`.
struct LayoutRegistration: LayoutVisitor {
    let label: String
    let items: Int
    let strategies: [StrategyID]

    func visit<Algorithm: UpdatableLayout>(_ algorithm: Algorithm) {
        for strategy in strategies {
            strategy.visit(
                algorithm,
                StrategyRegistration(layout: label, strategy: strategy, items: items, axis: algorithm.scrollAxis))
        }
    }
}

/// Registers one strategy's three benchmarks, each setting up a fresh subject.
struct StrategyRegistration: SubjectVisitor {
    typealias Failure = Never

    let layout: String
    let strategy: StrategyID
    let items: Int
    let axis: ScrollAxis

    func visit<Subject: BenchmarkSubject>(_ make: @escaping @Sendable () throws(LayoutError) -> Subject) {
        let axis = axis
        Benchmark(BenchmarkSuite.name("prepare-warm", layout, strategy, items)) { benchmark, state in
            state.rotateAndBack()
        } setup: {
            try SubjectState(try make(), axis: axis)
        }

        Benchmark(BenchmarkSuite.name("query", layout, strategy, items)) { benchmark, state in
            state.scroll()
        } setup: {
            try SubjectState(try make(), axis: axis)
        }

        Benchmark(BenchmarkSuite.name("update", layout, strategy, items)) { benchmark, state in
            state.updateAndBack()
        } setup: {
            try SubjectState(try make(), axis: axis)
        }
    }
}
