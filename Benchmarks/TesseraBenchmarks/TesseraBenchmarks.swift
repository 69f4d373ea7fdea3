// Tessera's regression gate on package-benchmark, for every layout, the engine's main strategies and the naive
// dictionary the tutorials teach, at 10k and 100k items:
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
// measured and printed, never checked: the machines that run this are shared and noisy. `tessera-bench compare`
// is the tool for time, with a significance test.

import Benchmark
import Tessera
import TesseraBaselines

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
        for layout in BenchmarkSuite.Layout.allCases {
            layout.register(items: items)
        }
    }
}

enum BenchmarkSuite {
    static let itemCounts = [10_000, 100_000]
    static let portrait = Size(width: 390, height: 844)
    static let landscape = Size(width: 844, height: 390)
    /// Frames of the scripted scroll replayed by one query iteration.
    static let scrollFrames = 32

    enum Layout: String, CaseIterable {
        case flow, waterfall, mosaic, carousel
        case stickyParallax = "sticky-parallax"

        func register(items: Int) {
            switch self {
            case .flow: registerAll(rawValue, items: items) { try FlowLayout(sections: Workload.flowSections(items: items)) }
            case .waterfall: registerAll(rawValue, items: items) { try WaterfallLayout(sections: Workload.waterfallSections(items: items)) }
            case .mosaic: registerAll(rawValue, items: items) { try MosaicLayout(itemCount: items) }
            case .carousel: registerAll(rawValue, items: items) { try CarouselLayout(itemCount: items) }
            case .stickyParallax: registerAll(rawValue, items: items) { try StickyParallaxLayout(itemCounts: Workload.sectionCounts(items: items)) }
            }
        }
    }

    /// The strategies of one layout: the engine's main indexes and the naive dictionary as the reference.
    static func registerAll<Algorithm: LayoutAlgorithm>(
        _ layout: String, items: Int, make: @escaping @Sendable () throws -> Algorithm
    ) {
        registerEngine(layout, "soa-binary-search", items: items, make: make, index: SoABinarySearchIndex())
        registerEngine(layout, "interval-tree", items: items, make: make, index: IntervalTreeIndex())
        registerEngine(layout, "page-table", items: items, make: make, index: PageTableIndex())
        registerNaive(layout, items: items, make: make)
    }

    static func name(_ operation: String, _ layout: String, _ strategy: String, _ items: Int) -> String {
        // No spaces or slashes: package-benchmark names threshold files after the benchmark.
        "\(operation).\(layout).\(strategy).\(items / 1_000)k"
    }

    static func registerEngine<Algorithm: LayoutAlgorithm, Index: SpatialIndex>(
        _ layout: String, _ strategy: String, items: Int, make: @escaping @Sendable () throws -> Algorithm, index: Index
    ) {
        Benchmark(name("prepare-warm", layout, strategy, items)) { benchmark, state in
            state.rotateAndBack()
        } setup: {
            try EngineState(CollectionLayout(try make(), index: index))
        }

        Benchmark(name("query", layout, strategy, items)) { benchmark, state in
            state.scroll()
        } setup: {
            try EngineState(CollectionLayout(try make(), index: index))
        }
    }

    static func registerNaive<Algorithm: LayoutAlgorithm>(
        _ layout: String, items: Int, make: @escaping @Sendable () throws -> Algorithm
    ) {
        Benchmark(name("prepare-warm", layout, "naive-dictionary", items)) { benchmark, state in
            state.rotateAndBack()
        } setup: {
            try NaiveState(NaiveDictionaryLayout(try make()))
        }

        Benchmark(name("query", layout, "naive-dictionary", items)) { benchmark, state in
            state.scroll()
        } setup: {
            try NaiveState(NaiveDictionaryLayout(try make()))
        }
    }
}

/// Prepares for landscape, then for portrait again, keeping each content size alive. Two calls, not a loop over an
/// array literal, which could allocate in the measured region; the closure does not escape, so it allocates nothing.
func prepareRotatedAndBack(_ prepare: (Size) throws -> Size) {
    do {
        blackHole(try prepare(BenchmarkSuite.landscape))
        blackHole(try prepare(BenchmarkSuite.portrait))
    } catch {
        fatalError("\(error)")
    }
}

/// An engine layout, prepared in portrait, with the rects of its scripted scroll and the one answer buffer every
/// query reuses: steady-state queries must allocate nothing.
final class EngineState<Algorithm: LayoutAlgorithm, Index: SpatialIndex> {
    var layout: CollectionLayout<Algorithm, Index>
    var visible = VisibleElements()
    let rects: [Rect]

    init(_ layout: CollectionLayout<Algorithm, Index>) throws {
        self.layout = layout
        try self.layout.prepare(viewport: BenchmarkSuite.portrait)
        rects = ScrollScript.rects(contentSize: self.layout.contentSize, viewport: BenchmarkSuite.portrait, axis: layout.algorithm.scrollAxis)
    }

    /// Two warm prepares, as for a rotation and back: the store keeps its capacity, so each writes into mapped pages.
    func rotateAndBack() {
        prepareRotatedAndBack { viewport in
            try layout.prepare(viewport: viewport)
            return layout.contentSize
        }
    }

    /// One `layoutAttributesForElements(in:)` a frame of the scroll, into the reused buffer.
    func scroll() {
        var found = 0
        for rect in rects {
            do { try layout.attributes(in: rect, into: &visible) } catch { fatalError("\(error)") }
            found &+= visible.count
        }
        blackHole(found)
    }
}

/// The tutorials' design: a dictionary of class-based attributes, scanned in full on every query.
final class NaiveState<Algorithm: LayoutAlgorithm> {
    let layout: NaiveDictionaryLayout<Algorithm>
    let rects: [Rect]

    init(_ layout: NaiveDictionaryLayout<Algorithm>) throws {
        self.layout = layout
        try layout.prepare(viewport: BenchmarkSuite.portrait)
        rects = ScrollScript.rects(contentSize: layout.contentSize, viewport: BenchmarkSuite.portrait, axis: layout.algorithm.scrollAxis)
    }

    func rotateAndBack() {
        prepareRotatedAndBack { viewport in
            try layout.prepare(viewport: viewport)
            return layout.contentSize
        }
    }

    func scroll() {
        var found = 0
        for rect in rects {
            found &+= layout.layoutAttributesForElements(in: rect, contentOffset: rect.origin).count
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
