import CNativeSearch
import Tessera
import TesseraBenchAnalysis
import TesseraBenchKit

/// The engine's queries against plain C implementations, in one process: how far the Swift is from the hardware.
///
/// Four candidates answer the same viewport-sized rects over one prepared layout: the engine's soa-binary-search
/// and interval-tree, and two plain C searches over the whole layout's frames in flat columns (`native_search.c`):
/// the simplest design a C programmer would write (per-block running summaries, galloping binary searches) and a
/// cgranges-style implicit interval tree. Neither shares the engine's chunks, so what the chunks cost shows. Every answer is checked equal first. Then, each round, every
/// candidate runs one batch of queries (a clock read per batch, not per query), in a random order; the rounds'
/// ratios to a yardstick are the evidence, as in `ab`, so a disturbance of the machine lands on one round.
package struct NativeComparison: Sendable {
    /// How the rects move from query to query.
    package enum Trace: String, CaseIterable, Codable, Sendable {
        /// A smooth scroll, `scrollStep` points a query, from the top down (and around).
        case scroll
        /// Seeded random positions over the whole content.
        case jumps
    }

    package enum Candidate: String, CaseIterable, Codable, Sendable {
        case swiftSoA = "soa-binary-search (Swift)"
        case cFlat = "flat binary search (C)"
        case swiftIntervalTree = "interval-tree (Swift)"
        case cIntervals = "cgranges-style tree (C)"
    }

    /// One candidate on one trace: its median time a query over the rounds.
    package struct Timing: Codable, Sendable {
        package var layout: LayoutID
        package var trace: Trace
        package var candidate: Candidate
        package var nanosecondsPerQuery: Double
    }

    /// A target of the hardware-floor issue: `candidate` over `yardstick`, per round, at most `limit`.
    package struct Ratio: Codable, Sendable {
        package var layout: LayoutID
        package var trace: Trace
        package var candidate: Candidate
        package var yardstick: Candidate
        /// The rounds' median ratio and its 95% interval.
        package var interval: MedianInterval?
        package var limit: Double
        package var median: Double { interval?.median ?? .nan }
        package var met: Bool { median <= limit }
    }

    package var rounds: Int
    package var queriesPerBatch: Int
    package var seed: UInt64
    /// The traces measured: both by default; one alone to profile it.
    package var traces: [Trace]
    package static let scrollStep = 8.0

    /// `rounds` of at least 6, which a 95% interval of the median ratio needs, on at least one trace.
    package init(rounds: Int = 31, queriesPerBatch: Int = 1_000, seed: UInt64 = 1, traces: [Trace] = Trace.allCases) {
        precondition(
            rounds >= 6 && queriesPerBatch >= 1 && !traces.isEmpty, "at least 6 rounds of at least 1 query on a trace")
        self.rounds = rounds
        self.queriesPerBatch = queriesPerBatch
        self.seed = seed
        self.traces = traces
    }

    package enum Failure: Error, CustomStringConvertible {
        case outOfMemory
        case answersDiffer(layout: LayoutID, candidate: Candidate, rect: Rect, expected: Int, got: Int)

        package var description: String {
            switch self {
            case .outOfMemory: "the C searches could not allocate their copies of the frames"
            case .answersDiffer(let layout, let candidate, let rect, let expected, let got):
                "\(layout.rawValue): \(candidate.rawValue) answered \(got) elements for \(rect) where soa-binary-search (Swift) answered \(expected); nothing was timed"
            }
        }
    }

    /// The timings and ratios of one process, or pooled over several (`ProcessPool`).
    package typealias Measurement = ProcessMeasurement<Timing, Ratio>

    /// Makes `layout` over `sections`, prepares it for `viewport`, builds the four candidates, checks them and
    /// times them. The layout is made here, so the engine's queries are specialised for its type as in `run`.
    package func measure(_ layout: LayoutID, sections: [LayoutSection], parameters: LayoutParameters, viewport: Size)
        throws -> Measurement
    {
        try parameters.make(layout, sections: sections, Visitor(comparison: self, layout: layout, viewport: viewport))
    }

    private struct Visitor: LayoutVisitor {
        let comparison: NativeComparison
        let layout: LayoutID
        let viewport: Size

        func visit<Algorithm: UpdatableLayout>(_ algorithm: Algorithm) throws -> Measurement {
            try comparison.measure(algorithm, layout: layout, viewport: viewport)
        }
    }

    func measure<Algorithm: LayoutAlgorithm>(_ algorithm: Algorithm, layout: LayoutID, viewport: Size) throws
        -> Measurement
    {
        var soa = CollectionLayout(algorithm, index: SoABinarySearchIndex())
        try soa.prepare(viewport: viewport)
        var tree = CollectionLayout(algorithm, index: IntervalTreeIndex())
        try tree.prepare(viewport: viewport)
        let native = try NativeSearches(
            soa.store, axis: algorithm.scrollAxis, blockSize: SoABinarySearchIndex.defaultBlockSize)
        defer { native.free() }
        let axis = algorithm.scrollAxis
        let contentLength = axis == .vertical ? soa.contentSize.height : soa.contentSize.width
        let viewportLength = axis == .vertical ? viewport.height : viewport.width
        let range = Swift.max(contentLength - viewportLength, 1)
        func rect(at position: Double) -> Rect { Rect(origin: axis.point(position), size: viewport) }
        var generator = SeededGenerator(seed: seed)
        var scrolled = 0.0
        func rects(_ trace: Trace) -> [Rect] {
            (0..<queriesPerBatch).map { _ in
                switch trace {
                case .scroll:
                    scrolled += Self.scrollStep
                    return rect(at: scrolled.truncatingRemainder(dividingBy: range))
                case .jumps:
                    return rect(at: Double.random(in: 0..<range, using: &generator).rounded())
                }
            }
        }

        var swiftSoA = VisibleElements()
        var swiftTree = VisibleElements()
        var hint = 0
        let output = UnsafeMutablePointer<Int>.allocate(capacity: Swift.max(soa.store.count, 1))
        defer { output.deallocate() }

        // Exactness first: every candidate answers every rect of a batch of each trace as the engine does.
        for trace in traces {
            for rect in rects(trace) {
                try soa.attributes(in: rect, into: &swiftSoA)
                let expected = Array(swiftSoA.indices)
                try tree.attributes(in: rect, into: &swiftTree)
                let answers: [(Candidate, [Int])] = [
                    (.swiftIntervalTree, Array(swiftTree.indices)),
                    (.cFlat, native.flat(rect, hint: &hint, into: output)),
                    (.cIntervals, native.intervals(rect, into: output).sorted()),
                ]
                for (candidate, answer) in answers where answer != expected {
                    throw Failure.answersDiffer(
                        layout: layout, candidate: candidate, rect: rect, expected: expected.count, got: answer.count)
                }
            }
        }

        var samples: [Trace: [Candidate: [Double]]] = [:]
        for _ in 0..<rounds {
            for trace in traces {
                let batch = rects(trace)
                for candidate in Candidate.allCases.shuffled(using: &generator) {
                    var found = 0
                    let nanoseconds: UInt64
                    switch candidate {
                    case .swiftSoA:
                        nanoseconds = try timed {
                            for rect in batch {
                                try soa.attributes(in: rect, into: &swiftSoA)
                                found &+= swiftSoA.count
                            }
                        }
                    case .swiftIntervalTree:
                        nanoseconds = try timed {
                            for rect in batch {
                                try tree.attributes(in: rect, into: &swiftTree)
                                found &+= swiftTree.count
                            }
                        }
                    case .cFlat:
                        nanoseconds = timed {
                            for rect in batch { found &+= native.flatCount(rect, hint: &hint, into: output) }
                        }
                    case .cIntervals:
                        nanoseconds = timed {
                            for rect in batch { found &+= native.intervalsCount(rect, into: output) }
                        }
                    }
                    blackHole(found)
                    samples[trace, default: [:]][candidate, default: []].append(
                        Double(nanoseconds) / Double(batch.count))
                }
            }
        }

        var timings: [Timing] = []
        var ratios: [Ratio] = []
        for trace in traces {
            let perCandidate = samples[trace] ?? [:]
            for candidate in Candidate.allCases {
                let times = perCandidate[candidate] ?? []
                timings.append(
                    Timing(
                        layout: layout, trace: trace, candidate: candidate,
                        nanosecondsPerQuery: MedianInterval.median(of: times)))
            }
            // The targets: the Swift search within 1.3x of the flat C search on a scroll and 1.1x on jumps, never
            // slower than the cgranges-style tree; the Swift interval tree within 1.3x of that tree.
            let targets: [(Candidate, Candidate, Double)] = [
                (.swiftSoA, .cFlat, trace == .scroll ? 1.3 : 1.1),
                (.swiftSoA, .cIntervals, 1.0),
                (.swiftIntervalTree, .cIntervals, 1.3),
            ]
            for (candidate, yardstick, limit) in targets {
                let perRound = zip(perCandidate[candidate] ?? [], perCandidate[yardstick] ?? []).map { $0 / $1 }
                ratios.append(
                    Ratio(
                        layout: layout, trace: trace, candidate: candidate, yardstick: yardstick,
                        interval: MedianInterval(perRound), limit: limit
                    ))
            }
        }
        return Measurement(timings: timings, ratios: ratios)
    }
}

extension NativeComparison.Timing: PoolableTiming {
    package var poolKey: String { "\(layout.rawValue) \(trace.rawValue) \(candidate.rawValue)" }
    package static var medianField: WritableKeyPath<Self, Double> { \.nanosecondsPerQuery }
}

extension NativeComparison.Ratio: PoolableRatio {
    package var poolKey: String { "\(layout.rawValue) \(trace.rawValue) \(candidate.rawValue) / \(yardstick.rawValue)" }
}

extension NativeComparison {
    /// The timings as a table, a row a layout, trace and candidate, then each target's verdict a line; `samples`
    /// names what the ratios' medians and intervals are over.
    package static func render(timings: [Timing], ratios: [Ratio], samples: String = "Per-round ratios") -> String {
        ComparisonPrintout.render(
            timings: timings.map {
                [
                    $0.layout.rawValue, $0.trace.rawValue, $0.candidate.rawValue,
                    String(format: "%.1f ns", $0.nanosecondsPerQuery),
                ]
            },
            rightAligned: [3],
            ratios: ratios.map {
                ComparisonPrintout.RatioLine(
                    cells: [$0.met ? "pass" : "MISS", $0.layout.rawValue, $0.trace.rawValue],
                    candidate: $0.candidate.rawValue, yardstick: $0.yardstick.rawValue, interval: $0.interval,
                    limit: $0.limit)
            },
            samples: samples)
    }
}

/// The two C searches, built over a prepared store's frames as handed out, in flat columns.
struct NativeSearches {
    let flat: OpaquePointer
    let tree: OpaquePointer
    let axis: ScrollAxis
    let capacity: Int

    init(_ store: LayoutStore, axis: ScrollAxis, blockSize: Int) throws {
        self.axis = axis
        capacity = Swift.max(store.count, 1)
        var columns = Columns()
        var reader = store.reader
        for element in 0..<store.count { columns.append(reader.element(element).frame, along: axis) }
        guard
            let flat = ns_flat_build(
                store.count, columns.scrollOrigin, columns.scrollLength, columns.crossOrigin, columns.crossLength,
                blockSize
            )
        else { throw NativeComparison.Failure.outOfMemory }
        guard
            let tree = ns_intervals_build(
                store.count, columns.scrollOrigin, columns.scrollLength, columns.crossOrigin, columns.crossLength
            )
        else {
            ns_flat_free(flat)
            throw NativeComparison.Failure.outOfMemory
        }
        self.flat = flat
        self.tree = tree
    }

    func free() {
        ns_flat_free(flat)
        ns_intervals_free(tree)
    }

    /// A frame's four columns, seen along the scroll axis.
    struct Columns {
        var scrollOrigin: [Double] = []
        var scrollLength: [Double] = []
        var crossOrigin: [Double] = []
        var crossLength: [Double] = []

        /// The frame as handed out, so the C tests the very edges the engine tests.
        mutating func append(_ frame: Rect, along axis: ScrollAxis) {
            let vertical = axis == .vertical
            scrollOrigin.append(vertical ? frame.origin.y : frame.origin.x)
            scrollLength.append(vertical ? frame.size.height : frame.size.width)
            crossOrigin.append(vertical ? frame.origin.x : frame.origin.y)
            crossLength.append(vertical ? frame.size.width : frame.size.height)
        }
    }

    @inline(__always) func flatCount(_ rect: Rect, hint: inout Int, into output: UnsafeMutablePointer<Int>) -> Int {
        let query = AxisRect(rect, along: axis)
        return ns_flat_query(
            flat, query.scrollMin, query.scrollMax, query.crossMin, query.crossMax, &hint, output, capacity)
    }

    @inline(__always) func intervalsCount(_ rect: Rect, into output: UnsafeMutablePointer<Int>) -> Int {
        let query = AxisRect(rect, along: axis)
        return ns_intervals_query(
            tree, query.scrollMin, query.scrollMax, query.crossMin, query.crossMax, output, capacity)
    }

    func flat(_ rect: Rect, hint: inout Int, into output: UnsafeMutablePointer<Int>) -> [Int] {
        Array(UnsafeBufferPointer(start: output, count: flatCount(rect, hint: &hint, into: output)))
    }

    func intervals(_ rect: Rect, into output: UnsafeMutablePointer<Int>) -> [Int] {
        Array(UnsafeBufferPointer(start: output, count: intervalsCount(rect, into: output)))
    }
}
