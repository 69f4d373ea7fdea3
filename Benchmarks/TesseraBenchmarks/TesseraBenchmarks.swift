// Tessera's regression gate on package-benchmark, for every layout, the engine's main strategies and the naive
// dictionary the tutorials teach (subjects from TesseraBenchKit's strategy registry), at 10k and 100k items:
//
//   prepare-warm.LAYOUT.STRATEGY.ITEMS  one iteration is a rotation and back: two warm prepares (to landscape, then
//                                       to portrait), into buffers that keep their capacity
//   query.LAYOUT.STRATEGY.ITEMS         one iteration is a scripted scroll of 32 viewport rects, each answered
//                                       into the one reused `VisibleElements`
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
        for layout in LayoutID.allCases {
            do {
                let sections = Workload.sections(for: layout, items: items)
                try LayoutParameters().make(layout, sections: sections, LayoutRegistration(layout: layout, items: items))
            } catch {
                fatalError("\(layout.rawValue) at \(items) items: \(error)")
            }
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

    static func name(_ operation: String, _ layout: LayoutID, _ strategy: StrategyID, _ items: Int) -> String {
        // No spaces or slashes: package-benchmark names threshold files after the benchmark.
        "\(operation).\(layout.rawValue).\(strategy.rawValue).\(items / 1_000)k"
    }
}

/// Registers the suite's strategies on one layout.
struct LayoutRegistration: LayoutVisitor {
    let layout: LayoutID
    let items: Int

    func visit<Algorithm: LayoutAlgorithm>(_ algorithm: Algorithm) {
        for strategy in BenchmarkSuite.strategies {
            strategy.visit(algorithm, StrategyRegistration(layout: layout, strategy: strategy, items: items, axis: algorithm.scrollAxis))
        }
    }
}

/// Registers one strategy's two benchmarks, each setting up a fresh subject.
struct StrategyRegistration: SubjectVisitor {
    typealias Failure = Never

    let layout: LayoutID
    let strategy: StrategyID
    let items: Int
    let axis: ScrollAxis

    func visit<Subject: BenchmarkSubject>(_ make: @escaping @Sendable () -> Subject) {
        let axis = axis
        Benchmark(BenchmarkSuite.name("prepare-warm", layout, strategy, items)) { benchmark, state in
            state.rotateAndBack()
        } setup: {
            try SubjectState(make(), axis: axis)
        }

        Benchmark(BenchmarkSuite.name("query", layout, strategy, items)) { benchmark, state in
            state.scroll()
        } setup: {
            try SubjectState(make(), axis: axis)
        }
    }
}

/// A subject prepared in portrait, with the rects of its scripted scroll. The engine's subject answers every query
/// into the one `VisibleElements` it keeps, so its steady-state queries must allocate nothing.
final class SubjectState<Subject: BenchmarkSubject> {
    var subject: Subject
    let rects: [Rect]

    init(_ subject: Subject, axis: ScrollAxis) throws {
        self.subject = subject
        try self.subject.prepare(viewport: BenchmarkSuite.portrait)
        rects = ScrollScript.rects(contentSize: self.subject.contentSize, viewport: BenchmarkSuite.portrait, axis: axis)
    }

    /// Two warm prepares, as for a rotation and back (to landscape, then to portrait), keeping each content size
    /// alive. Two calls, not a loop over an array literal, which could allocate in the measured region. The engine's
    /// store keeps its capacity, so each prepare writes into mapped pages.
    func rotateAndBack() {
        do {
            try subject.prepare(viewport: BenchmarkSuite.landscape)
            blackHole(subject.contentSize)
            try subject.prepare(viewport: BenchmarkSuite.portrait)
            blackHole(subject.contentSize)
        } catch {
            fatalError("\(error)")
        }
    }

    /// One `layoutAttributesForElements(in:)` a frame of the scroll, with the rect's origin as the content offset.
    func scroll() {
        var found = 0
        for rect in rects {
            do { found &+= try subject.query(rect, offset: rect.origin) } catch { fatalError("\(error)") }
        }
        blackHole(found)
    }
}

/// A short, fixed scroll along the layout's axis at 120 Hz: a fling down from a quarter of the content that
/// decelerates as `UIScrollView` does, a jump to 70 %, and a fling back up. The same rects on every run.
enum ScrollScript {
    static func rects(contentSize: Size, viewport: Size, axis: ScrollAxis, frames: Int = BenchmarkSuite.scrollFrames) -> [Rect] {
        let vertical = axis == .vertical
        let length = vertical ? contentSize.height : contentSize.width
        let extent = vertical ? viewport.height : viewport.width
        let maxOffset = max(0, length - extent)
        let decayPerFrame = 0.98346 // UIScrollView's normal rate, 0.998 a millisecond, over a 120 Hz frame
        var rects: [Rect] = []
        rects.reserveCapacity(frames)

        func fling(from start: Double, velocity: Double, count: Int) {
            var offset = start
            var speed = velocity
            for _ in 0..<count {
                let clamped = min(max(offset, 0), maxOffset)
                rects.append(vertical
                    ? Rect(x: 0, y: clamped, width: viewport.width, height: viewport.height)
                    : Rect(x: clamped, y: 0, width: viewport.width, height: viewport.height))
                offset += speed / 120
                speed *= decayPerFrame
            }
        }
        let half = frames / 2
        fling(from: maxOffset * 0.25, velocity: 6_000, count: half)
        fling(from: maxOffset * 0.7, velocity: -6_000, count: frames - half)
        return rects
    }
}

/// The built-in workload of `tessera-bench`, rebuilt here from the public API: sections of 1,000 items, flow
/// items of seeded sizes in 40…120 points with a 44-point header and a 24-point footer, waterfall photos of
/// seeded heights in 100…300.
enum Workload {
    static let itemsPerSection = 1_000

    static func sectionCounts(items: Int) -> [Int] {
        stride(from: 0, to: items, by: itemsPerSection).map { min(itemsPerSection, items - $0) }
    }

    /// The sections of `layout`: sized items for the flow and the waterfall, counts alone for the others.
    static func sections(for layout: LayoutID, items: Int) -> [LayoutSection] {
        switch layout {
        case .flow: flowSections(items: items)
        case .waterfall: waterfallSections(items: items)
        case .mosaic, .carousel, .stickyParallax: sectionCounts(items: items).map { LayoutSection(itemSizes: .uniform(.zero, count: $0)) }
        }
    }

    static func flowSections(items: Int) -> [LayoutSection] {
        var generator = SplitMix64(seed: 1)
        return sectionCounts(items: items).map { count in
            let sizes = (0..<count).map { _ in
                Size(width: generator.next(in: 40...120), height: generator.next(in: 40...120))
            }
            return LayoutSection(itemSizes: .list(sizes), headerHeight: 44, footerHeight: 24)
        }
    }

    static func waterfallSections(items: Int) -> [LayoutSection] {
        var generator = SplitMix64(seed: 2)
        return sectionCounts(items: items).map { count in
            LayoutSection(itemSizes: .list((0..<count).map { _ in Size(width: 0, height: generator.next(in: 100...300)) }))
        }
    }
}

/// A tiny seeded generator, so every run lays out the same frames.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A whole number of points in `range`.
    mutating func next(in range: ClosedRange<Double>) -> Double {
        (range.lowerBound + Double(next() >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)).rounded()
    }
}
