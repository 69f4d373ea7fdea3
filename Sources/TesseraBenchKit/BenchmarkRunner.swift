import Foundation
import Tessera

/// Runs the matrix of layouts × strategies × item counts and collects a report.
public struct BenchmarkRunner {
    public var settings: RunSettings
    public var workload: WorkloadSource
    public var flow: FlowLayout.Configuration
    public var prepareBudget = SamplingBudget.prepare
    public var queryBudget = SamplingBudget.query
    public var probe: (any AllocatorProbe)?
    /// Receives a line as each measurement starts.
    public var progress: (String) -> Void = { _ in }

    /// Where a run's sections come from.
    public enum WorkloadSource: Sendable {
        case builtIn(BuiltInWorkload)
        case file([LayoutSection], path: String)
    }

    public init(settings: RunSettings, workload: WorkloadSource, flow: FlowLayout.Configuration = .init()) {
        self.settings = settings
        self.workload = workload
        self.flow = flow
    }

    public var viewport: Size { Size(width: settings.viewportWidth, height: settings.viewportHeight) }

    public func run() throws -> BenchmarkReport {
        var results: [BenchmarkResult] = []
        var verifications: [Verification] = []
        var settings = settings
        for layout in settings.layouts {
            for items in settings.itemCounts {
                let sections = try sections(items: items)
                let algorithm = try FlowLayout(sections: sections, configuration: flow)
                var oracle = CollectionLayout<FlowLayout, BruteForceIndex>(algorithm)
                let trace = try ScrollTrace(over: &oracle, viewport: viewport, seed: settings.seed)
                settings.traceFrames = trace.frames.count
                let cell = Cell(layout: layout, items: algorithm.elementCount, algorithm: algorithm, trace: trace, viewport: viewport)
                for strategy in settings.strategies {
                    progress("\(layout.rawValue) · \(strategy.rawValue) · \(items.formatted()) items")
                    let outcome: (results: [BenchmarkResult], verification: Verification) = switch strategy {
                    case .naiveDictionary:
                        try benchmark(cell, oracle: &oracle, strategy: strategy) { NaiveDictionarySubject(algorithm) }
                    case .soaBinarySearch:
                        try benchmark(cell, oracle: &oracle, strategy: strategy) {
                            EngineSubject(algorithm, index: SoABinarySearchIndex(), strategy: strategy)
                        }
                    }
                    results += outcome.results
                    verifications.append(outcome.verification)
                }
            }
        }
        return BenchmarkReport(
            environment: .current(allocator: probe?.name ?? "system"), settings: settings,
            results: results, verifications: verifications, targets: TargetCheck.evaluate(results)
        )
    }

    private func sections(items: Int) throws -> [LayoutSection] {
        switch workload {
        case var .builtIn(builtIn):
            builtIn.items = items
            return try builtIn.sections()
        case let .file(sections, _):
            return sections
        }
    }

    /// What every strategy of one layout and item count shares.
    struct Cell {
        let layout: LayoutID
        let items: Int
        let algorithm: FlowLayout
        let trace: ScrollTrace
        let viewport: Size

        var rotated: Size { Size(width: viewport.height, height: viewport.width) }
    }

    /// Measures one strategy: memory on a cold prepare, answers against brute force, then each operation.
    private func benchmark<Subject: BenchmarkSubject>(
        _ cell: Cell, oracle: inout CollectionLayout<FlowLayout, BruteForceIndex>, strategy: StrategyID, make: () -> Subject
    ) throws -> (results: [BenchmarkResult], verification: Verification) {
        let allocatedBefore = probe?.allocatedBytes()
        var subject = make()
        try subject.prepare(viewport: cell.viewport)
        let heldBytes = allocatedBefore.flatMap { before in probe.map { $0.allocatedBytes() - before } } ?? subject.knownByteCount

        let verification = try verify(&subject, against: &oracle, cell: cell, strategy: strategy)
        func result(_ operation: Operation, _ samples: [UInt64], perElement: Bool = false) -> BenchmarkResult {
            BenchmarkResult(layout: cell.layout, strategy: strategy, items: cell.items, operation: operation, samples: samples, elements: perElement ? cell.items : nil)
        }

        let (coldSamples, coldAllocations) = try counting {
            try prepareBudget.collect { _ in
                var fresh = make()
                return try timed { try fresh.prepare(viewport: cell.viewport) }
            }
        }
        var cold = result(.prepareCold, coldSamples, perElement: true)
        cold.bytesPerItem = heldBytes.map { Double($0) / Double(Swift.max(cell.items, 1)) }
        cold.allocationsPerOperation = coldAllocations.map { $0 / Double(coldSamples.count) }

        let (warmSamples, warmAllocations) = try counting {
            try prepareBudget.collect { index in
                let size = index.isMultiple(of: 2) ? cell.rotated : cell.viewport
                return try timed { try subject.prepare(viewport: size) }
            }
        }
        var warm = result(.prepareWarm, warmSamples, perElement: true)
        warm.allocationsPerOperation = warmAllocations.map { $0 / Double(warmSamples.count) }

        var results = [cold, warm]
        if verification.isExact {
            var query = result(.query, try replay(cell.trace, on: &subject))
            query.allocationsPerOperation = try steadyStateAllocations(cell.trace, on: &subject)
            query.missedElements = verification.missedElements
            results.append(query)
        }
        if let heldBytes, heldBytes > 0 {
            results.append(result(.fillFloor, fillFloor(bytes: heldBytes), perElement: true))
        }
        return (results, verification)
    }

    /// Compares the subject's answers with brute force on frames spread evenly over the trace.
    private func verify<Subject: BenchmarkSubject>(
        _ subject: inout Subject, against oracle: inout CollectionLayout<FlowLayout, BruteForceIndex>, cell: Cell, strategy: StrategyID
    ) throws -> Verification {
        let frames = cell.trace.frames
        let checked = Swift.min(settings.verifiedFrames, frames.count)
        var verification = Verification(layout: cell.layout, strategy: strategy, items: cell.items, framesChecked: checked, mismatchedFrames: 0, missedElements: 0, extraElements: 0)
        var current: Size?
        for step in 0..<checked {
            let frame = frames[step * frames.count / checked]
            if frame.viewport != current {
                try subject.prepare(viewport: frame.viewport)
                try oracle.prepare(viewport: frame.viewport)
                current = frame.viewport
            }
            let expected = Set(try oracle.answer(frame.visibleRect))
            let actual = Set(try subject.answer(frame.visibleRect))
            if expected != actual {
                verification.mismatchedFrames += 1
                verification.missedElements += expected.subtracting(actual).count
                verification.extraElements += actual.subtracting(expected).count
            }
        }
        return verification
    }

    /// Times one query a frame, replaying the trace from its start (again, if the budget allows). A viewport
    /// change (the rotation) re-prepares outside the timing.
    private func replay<Subject: BenchmarkSubject>(_ trace: ScrollTrace, on subject: inout Subject) throws -> [UInt64] {
        var current: Size?
        var found = 0
        let samples = try queryBudget.collect { index in
            let frame = trace.frames[index % trace.frames.count]
            if frame.viewport != current {
                try subject.prepare(viewport: frame.viewport)
                current = frame.viewport
            }
            return try timed { found &+= try subject.query(frame.visibleRect) }
        }
        blackHole(found)
        return samples
    }

    /// Allocations per query over the frames before the rotation, after one warm-up pass over them.
    private func steadyStateAllocations<Subject: BenchmarkSubject>(_ trace: ScrollTrace, on subject: inout Subject) throws -> Double? {
        guard let probe, let first = trace.frames.first else { return nil }
        let frames = trace.frames.prefix { $0.viewport == first.viewport }
        try subject.prepare(viewport: first.viewport)
        var found = 0
        for frame in frames { found &+= try subject.query(frame.visibleRect) }
        let before = probe.allocationCount()
        for frame in frames { found &+= try subject.query(frame.visibleRect) }
        let allocations = probe.allocationCount() - before
        blackHole(found)
        return Double(allocations) / Double(frames.count)
    }

    /// Runs `body` and counts the allocations it made, when a probe can.
    private func counting(_ body: () throws -> [UInt64]) rethrows -> ([UInt64], Double?) {
        let before = probe?.allocationCount()
        let samples = try body()
        return (samples, before.flatMap { before in probe.map { Double($0.allocationCount() - before) } })
    }

    /// The bandwidth floor of a prepare: writing as many bytes as the layout holds into buffers already faulted
    /// in, element by element, each value derived from its index as a layout's would be, with no arithmetic
    /// beyond that and no allocation. The buffer is cut into 8-byte words, the width of a frame column.
    private func fillFloor(bytes: Int) -> [UInt64] {
        let words = UnsafeMutableBufferPointer<Double>.allocate(capacity: Swift.max(bytes / 8, 1))
        defer { words.deallocate() }
        words.initialize(repeating: 0)
        return prepareBudget.collect { pass in
            let base = Double(pass)
            return timed {
                for index in words.indices { words[index] = base + Double(index) }
                blackHole(words[words.count / 2])
            }
        }
    }
}

/// Keeps a value alive as far as the optimiser can tell, so a timed loop is not optimised away.
@inline(never) func blackHole<T>(_ value: T) {}
