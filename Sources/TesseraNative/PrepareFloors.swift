import Tessera
import TesseraBenchAnalysis
import TesseraBenchKit

/// A warm prepare against the floors below it, in one process: how much of its time is the machine's and how much
/// the layout's.
///
/// Five candidates run on the same layout and workload, each after a bounds-size change as a warm prepare is
/// (portrait, then landscape, and back), with the engine's soa-binary-search, the strategy the run's targets judge:
/// - *fill floor*: the run's reference (`FillFloor`), writing as many bytes as the layout holds;
/// - *store floor*: the engine's prepare of a layout with the same sections and element counts and no arithmetic,
///   each frame from its position (`FloorLayout`): the store's writes and the index's build;
/// - *copy floor*: the same, each cell's frame its listed size, so that it reads the input the layout reads (equal to
///   the store floor for a layout that takes counts alone, or sizes that are not listed);
/// - *arithmetic alone*: the layout writing its frames into a ring that stays in cache (`RingWriter`), with no store;
/// - *warm prepare*: the engine's prepare of the layout itself;
/// - *run's warm prepare*: the warm prepare exactly as `run` samples it (`RunWarmPrepare`: the strategy registry's
///   subject, over the layout made where `run` makes it), so that this command is seen to time what `run` times;
/// - *C port* (a vertical flow and the waterfall): the same prepare in plain C (`NativePrepare`), its frames checked
///   equal to the engine's bit for bit first: how much of the warm prepare's time is the Swift's.
///
/// Each round runs one batch of each, in a random order; the rounds' ratios to the fill floor (and the warm
/// prepare's to the copy floor, to run's and to the C port) are the evidence, as in `ab` and `native`. The target
/// is the warm prepare over the C port where there is one (at most 1.15), and over the fill floor where there is
/// none (at most 1.5), as `run` judges it.
package struct PrepareFloors: Sendable {
    package enum Candidate: String, CaseIterable, Codable, Sendable {
        case fillFloor = "fill floor"
        case storeFloor = "store floor"
        case copyFloor = "copy floor"
        case arithmetic = "arithmetic alone"
        case warmPrepare = "warm prepare"
        case runWarmPrepare = "run's warm prepare"
        case cPort = "C port"
    }

    package enum Failure: Error, CustomStringConvertible {
        case outOfMemory
        case framesDiffer(layout: LayoutID, difference: String)

        package var description: String {
            switch self {
            case .outOfMemory: "the C port of the prepare could not allocate its columns"
            case .framesDiffer(let layout, let difference):
                "\(layout.rawValue): the C port's frames differ from the engine's at \(difference); nothing was timed"
            }
        }
    }

    /// One candidate on one layout: its median time an element over the rounds.
    package struct Timing: Codable, Sendable {
        package var layout: LayoutID
        package var candidate: Candidate
        package var nanosecondsPerElement: Double
    }

    /// `candidate` over `yardstick`, per round; `limit` for a target (the warm prepare over the C port, or over the
    /// fill floor for a layout with no port).
    package struct Ratio: Codable, Sendable {
        package var layout: LayoutID
        package var candidate: Candidate
        package var yardstick: Candidate
        /// The rounds' median ratio and its 95% interval.
        package var interval: MedianInterval?
        package var limit: Double?
        package var median: Double { interval?.median ?? .nan }
    }

    /// The timings and ratios of one process, or pooled over several (`ProcessPool`).
    package typealias Measurement = ProcessMeasurement<Timing, Ratio>

    package var rounds: Int
    package var seed: UInt64
    /// The shortest time a batch of each candidate runs, so that the clock is a sliver of it at small counts.
    package static let batchNanoseconds = 2_000_000.0
    /// The most a warm prepare may take over the C port of the same prepare.
    package static let cPortLimit = 1.15
    /// The most a warm prepare may take over the fill floor, on a layout with no C port.
    package static let fillFloorLimit = 1.5

    /// `rounds` of at least 6, which a 95% interval of the median ratio needs.
    package init(rounds: Int = 21, seed: UInt64 = 1) {
        precondition(rounds >= 6, "at least 6 rounds")
        self.rounds = rounds
        self.seed = seed
    }

    /// Makes `layout` over `sections` and measures it, specialised for its type as in `run`, beside `run`'s own warm
    /// prepare of it.
    package func measure(_ layout: LayoutID, sections: [LayoutSection], parameters: LayoutParameters, viewport: Size)
        throws -> Measurement
    {
        let runs = try RunWarmPrepare(layout, sections: sections, parameters: parameters, viewport: viewport)
        return try parameters.make(
            layout, sections: sections,
            Visitor(floors: self, layout: layout, sections: sections, viewport: viewport, runs: runs))
    }

    private struct Visitor: LayoutVisitor {
        let floors: PrepareFloors
        let layout: LayoutID
        let sections: [LayoutSection]
        let viewport: Size
        let runs: RunWarmPrepare

        func visit<Algorithm: UpdatableLayout>(_ algorithm: Algorithm) throws -> Measurement {
            try floors.measure(
                algorithm, layout: layout, sizes: layout.readsItemSizes ? sections.map(\.itemSizes) : nil,
                viewport: viewport, runs: runs)
        }
    }

    func measure<Algorithm: LayoutAlgorithm>(
        _ algorithm: Algorithm, layout: LayoutID, sizes: [ItemSizes]?, viewport: Size, runs: RunWarmPrepare
    ) throws -> Measurement {
        let viewports = [viewport, Size(width: viewport.height, height: viewport.width)]
        let counts = (0..<algorithm.sectionCount).map(algorithm.elementCount(inSection:))
        let axis = algorithm.scrollAxis
        var engine = CollectionLayout(algorithm, index: SoABinarySearchIndex())
        var store = CollectionLayout(
            FloorLayout(scrollAxis: axis, counts: counts, sizes: nil), index: SoABinarySearchIndex())
        var copy = CollectionLayout(
            FloorLayout(scrollAxis: axis, counts: counts, sizes: sizes), index: SoABinarySearchIndex())
        let native = try NativePrepare.port(of: algorithm)
        // Prepared for both viewports first, so that every buffer is faulted in and at its size before timing, and
        // the C port's frames checked against the engine's for each.
        for size in viewports {
            try engine.prepare(viewport: size)
            try store.prepare(viewport: size)
            try copy.prepare(viewport: size)
            if let native {
                let length = native.prepare(viewport: size)
                if let difference = native.difference(from: engine, length: length) {
                    throw Failure.framesDiffer(layout: layout, difference: difference)
                }
            }
        }
        let candidates = Candidate.allCases.filter { $0 != .cPort || native != nil }
        let elements = Swift.max(algorithm.elementCount, 1)
        let fillFloor = FillFloor(bytes: engine.byteCount)
        let ring = UnsafeMutablePointer<Rect>.allocate(capacity: RingWriter.slots)
        defer { ring.deallocate() }
        ring.initialize(repeating: .zero, count: RingWriter.slots)

        // Each candidate's own count of runs: every prepare of a layout is after a change of its bounds' size.
        var turns: [Candidate: Int] = [:]
        func run(_ candidate: Candidate) throws {
            let turn = turns[candidate, default: 0] + 1
            turns[candidate] = turn
            func next() -> Size { viewports[turn % 2] }
            switch candidate {
            case .fillFloor: fillFloor.fill()
            case .storeFloor: try store.prepare(viewport: next())
            case .copyFloor: try copy.prepare(viewport: next())
            case .arithmetic:
                var writer = RingWriter(ring: ring)
                blackHole(algorithm.write(into: &writer, viewport: next()))
                blackHole(ring[writer.written & (RingWriter.slots - 1)])
            case .warmPrepare: try engine.prepare(viewport: next())
            case .runWarmPrepare: try runs()
            case .cPort: native?.prepare(viewport: next())
            }
        }
        // One batch size for every candidate, from the warm prepare: the longest of them but the arithmetic's.
        let once = Double(try timed { try run(.warmPrepare) })
        let batch = Swift.max(1, Int((Self.batchNanoseconds / Swift.max(once, 1)).rounded(.up)))

        var generator = SeededGenerator(seed: seed)
        var samples: [Candidate: [Double]] = [:]
        for _ in 0..<rounds {
            for candidate in candidates.shuffled(using: &generator) {
                let nanoseconds = try timed { for _ in 0..<batch { try run(candidate) } }
                samples[candidate, default: []].append(Double(nanoseconds) / Double(batch * elements))
            }
        }

        let timings = candidates.map { candidate in
            Timing(
                layout: layout, candidate: candidate,
                nanosecondsPerElement: MedianInterval.median(of: samples[candidate] ?? []))
        }
        func ratio(_ candidate: Candidate, over yardstick: Candidate, limit: Double? = nil) -> Ratio {
            let perRound = zip(samples[candidate] ?? [], samples[yardstick] ?? []).map { $0 / $1 }
            return Ratio(
                layout: layout, candidate: candidate, yardstick: yardstick, interval: MedianInterval(perRound),
                limit: limit)
        }
        let ratios =
            [
                ratio(.warmPrepare, over: .fillFloor, limit: native == nil ? Self.fillFloorLimit : nil),
                ratio(.storeFloor, over: .fillFloor),
                ratio(.copyFloor, over: .fillFloor),
                ratio(.arithmetic, over: .fillFloor),
                ratio(.warmPrepare, over: .copyFloor),
                ratio(.runWarmPrepare, over: .warmPrepare),
            ]
            + (native == nil
                ? [] : [ratio(.cPort, over: .fillFloor), ratio(.warmPrepare, over: .cPort, limit: Self.cPortLimit)])
        return Measurement(timings: timings, ratios: ratios)
    }
}

extension PrepareFloors {
    /// The timings as a table, a row a layout and candidate, then each ratio a line; the target's marked pass or MISS.
    /// `samples` names what the ratios' medians and intervals are over.
    package static func render(timings: [Timing], ratios: [Ratio], samples: String = "Per-round ratios") -> String {
        ComparisonPrintout.render(
            timings: timings.map {
                [
                    $0.layout.rawValue, $0.candidate.rawValue,
                    String(format: "%.2f ns an element", $0.nanosecondsPerElement),
                ]
            },
            rightAligned: [2],
            ratios: ratios.map { ratio in
                ComparisonPrintout.RatioLine(
                    cells: [ratio.limit.map { ratio.median <= $0 ? "pass" : "MISS" } ?? "", ratio.layout.rawValue],
                    candidate: ratio.candidate.rawValue, yardstick: ratio.yardstick.rawValue,
                    interval: ratio.interval, limit: ratio.limit)
            },
            samples: samples)
    }
}

extension PrepareFloors.Timing: PoolableTiming {
    package var poolKey: String { "\(layout.rawValue) \(candidate.rawValue)" }
    package static var medianField: WritableKeyPath<Self, Double> { \.nanosecondsPerElement }
}

extension PrepareFloors.Ratio: PoolableRatio {
    package var poolKey: String { "\(layout.rawValue) \(candidate.rawValue) / \(yardstick.rawValue)" }
}
