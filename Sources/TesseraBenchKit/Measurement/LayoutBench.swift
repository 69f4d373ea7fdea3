import Tessera

/// One layout at one item count, set up for measuring strategies on: the trace and viewport every strategy of it
/// shares, and how each is measured.
package struct LayoutBench {
    static let steadyStateFrames = 16
    /// The time the steady-state allocation count spends on a pass over its frames, when they are slow.
    static let steadyStateNanoseconds = 100_000_000.0

    let layout: LayoutID
    package let elements: Int
    let trace: ScrollTrace
    let viewport: Size

    package init(layout: LayoutID, elements: Int, trace: ScrollTrace, viewport: Size) {
        self.layout = layout
        self.elements = elements
        self.trace = trace
        self.viewport = viewport
    }

    package typealias Measured = (results: [BenchmarkResult], verification: Verification)

    /// Measures a strategy: a tutorial's design, or the engine with the strategy's standard index. With `floors`,
    /// each update result carries its work floor and its time over it.
    func measure<Algorithm: UpdatableLayout>(
        _ strategy: StrategyID, _ algorithm: Algorithm, runner: BenchmarkRunner, oracle: BruteForceOracle<Algorithm>,
        floors: UpdateFloors<Algorithm>? = nil
    ) throws -> Measured {
        try strategy.visit(
            algorithm,
            SubjectMeasurement(bench: self, runner: runner, oracle: oracle, floors: floors, strategy: strategy))
    }

    /// Measures the engine with `choice`, its results named by the choice's parameter when it is not the standard.
    package func measure<Algorithm: UpdatableLayout>(
        _ choice: IndexChoice, _ algorithm: Algorithm, runner: BenchmarkRunner, oracle: BruteForceOracle<Algorithm>,
        floors: UpdateFloors<Algorithm>? = nil
    ) throws -> Measured {
        var measured = try choice.visit(
            algorithm,
            SubjectMeasurement(
                bench: self, runner: runner, oracle: oracle, floors: floors, strategy: choice.strategy))
        if choice != IndexChoice.standard(choice.strategy) {
            for index in measured.results.indices { measured.results[index].parameters = choice.parameter }
        }
        return measured
    }

    /// Measures one strategy, and with `floors`, prices each update result at its work floor once the subject is
    /// gone, at the strategy's warm prepare (`FloorPrice`).
    func benchmark<Algorithm: UpdatableLayout, Subject: BenchmarkSubject>(
        _ runner: BenchmarkRunner, oracle: BruteForceOracle<Algorithm>, floors: UpdateFloors<Algorithm>?,
        strategy: StrategyID, make: () throws(LayoutError) -> Subject
    ) throws -> Measured {
        var (results, verification, record) = try measureSubject(
            runner, oracle: oracle, strategy: strategy, make: make)
        if let floors, let warm = results.first(where: { $0.operation == .prepareWarm }),
            let price = FloorPrice(warmPrepare: warm.medianNanoseconds, elements: elements)
        {
            try record.price(&results, floors: floors, at: price)
        }
        return (results, verification)
    }

    /// Measures one strategy: memory on a cold prepare, answers against brute force, then each operation, and
    /// records what its updates did. Every operation is timed in batches between two clock reads when it is
    /// shorter than a batch (`ClockCalibration`).
    private func measureSubject<Algorithm: UpdatableLayout, Subject: BenchmarkSubject>(
        _ runner: BenchmarkRunner, oracle: BruteForceOracle<Algorithm>, strategy: StrategyID,
        make: () throws(LayoutError) -> Subject
    ) throws -> (results: [BenchmarkResult], verification: Verification, record: UpdateRecord<Algorithm>) {
        let probe = runner.probe
        let clock = runner.clock
        let allocatedBefore = probe?.allocatedBytes()
        var subject = try make()
        try subject.prepare(viewport: viewport)
        let heldBytes =
            allocatedBefore.flatMap { before in probe.map { $0.allocatedBytes() - before } } ?? subject.knownByteCount

        let verification = try verify(
            &subject, against: oracle, strategy: strategy, frames: runner.settings.verifiedFrames)
        func result(_ operation: BenchmarkOperation, _ samples: [Double], batch: Int, perElement: Bool = false)
            -> BenchmarkResult
        {
            BenchmarkResult(
                layout: layout, strategy: strategy, elements: elements, operation: operation, samples: samples,
                operationsPerSample: batch, perElement: perElement
            )
        }

        // Cold: the batch's fresh layouts are made before the clock starts and freed after it stops.
        var coldAllocations = AllocationTally(probe: probe)
        let coldBatch = try clock.batchSize(limit: Self.batchLimit) { _ in
            var fresh = try make()
            try fresh.prepare(viewport: viewport)
        }
        let coldSamples = try runner.prepareBudget.collect { _ in
            var fresh = try (0..<coldBatch).map { _ throws(LayoutError) in try make() }
            let nanoseconds = try coldAllocations.count(coldBatch) {
                try timed { for index in fresh.indices { try fresh[index].prepare(viewport: viewport) } }
            }
            return Double(nanoseconds) / Double(coldBatch)
        }
        var cold = result(.prepareCold, coldSamples, batch: coldBatch, perElement: true)
        cold.bytesPerElement = heldBytes.map { Double($0) / Double(Swift.max(elements, 1)) }
        cold.allocationsPerOperation = coldAllocations.perOperation

        // Warm: each prepare after a bounds-size change, alternating portrait and landscape.
        var warmAllocations = AllocationTally(probe: probe)
        var prepareAfterRotation = RotatingPrepare(viewport: viewport)
        let warmBatch = try clock.batchSize(limit: Self.batchLimit) { _ in try prepareAfterRotation(&subject) }
        let warmSamples = try runner.prepareBudget.collect { _ in
            let nanoseconds = try warmAllocations.count(warmBatch) {
                try timed { for _ in 0..<warmBatch { try prepareAfterRotation(&subject) } }
            }
            return Double(nanoseconds) / Double(warmBatch)
        }
        var warm = result(.prepareWarm, warmSamples, batch: warmBatch, perElement: true)
        warm.allocationsPerOperation = warmAllocations.perOperation

        var results = [cold, warm]
        var record = UpdateRecord<Algorithm>()
        if verification.isExact || strategy.isKnownInexact {
            let (samples, batch) = try replay(on: &subject, budget: runner.queryBudget, clock: clock)
            var query = result(.query, samples, batch: batch)
            query.allocationsPerOperation = try steadyStateAllocations(
                on: &subject, probe: probe, queryNanoseconds: query.medianNanoseconds)
            query.missedElements = verification.missedElements
            results.append(query)
            if subject.updatesIncrementally || strategy == .naiveDictionary {
                results += try benchmarkUpdates(
                    &subject, of: oracle.layout.algorithm, record: &record, fresh: make, runner: runner
                ) {
                    result($0, $1, batch: $2)
                }
            }
        }
        if let heldBytes, heldBytes > 0 {
            let (samples, batch) = fillFloor(bytes: heldBytes, budget: runner.prepareBudget, clock: clock)
            results.append(result(.fillFloor, samples, batch: batch, perElement: true))
        }
        return (results, verification, record)
    }

    /// Compares the subject's answers with brute force on frames spread evenly over the trace.
    func verify<Algorithm, Subject: BenchmarkSubject>(
        _ subject: inout Subject, against oracle: BruteForceOracle<Algorithm>, strategy: StrategyID, frames count: Int
    ) throws -> Verification {
        let frames = trace.frames
        let checked = Swift.min(count, frames.count)
        var verification = Verification(
            layout: layout, strategy: strategy, elements: elements, framesChecked: checked, mismatchedFrames: 0,
            missedElements: 0, extraElements: 0)
        var current: Size?
        for step in 0..<checked {
            let frame = frames[step * frames.count / checked]
            if frame.viewport != current {
                try subject.prepare(viewport: frame.viewport)
                try oracle.prepare(viewport: frame.viewport)
                current = frame.viewport
            }
            let expected = Set(oracle.answer(frame.visibleRect, offset: frame.offset))
            let actual = Set(try subject.answer(frame.visibleRect, offset: frame.offset))
            if expected != actual {
                verification.mismatchedFrames += 1
                verification.missedElements += expected.subtracting(actual).count
                verification.extraElements += actual.subtracting(expected).count
            }
        }
        return verification
    }

    /// Times the trace's queries, replaying it from its start (again, as the budget allows). A query shorter than a
    /// batch (`ClockCalibration.batchNanoseconds`) is timed in passes: each sample is one pass over the whole trace,
    /// its time per query, with one pair of clock reads per stretch of one viewport; the rotation re-prepares
    /// outside the timing (odd passes go backwards, so each pass re-prepares once). The figure is then the trace's
    /// mean query, as a measurement reading the clock once per thousand queries finds it, and the clock is a
    /// thousandth of it. A longer query is timed alone, one sample a frame.
    ///
    /// `frames` replays part of the trace instead; `prepared` says the subject is prepared for their first viewport
    /// already, and must not be prepared again (a layout updated in place, timed as the updates left it).
    package func replay<Subject: BenchmarkSubject>(
        on subject: inout Subject, budget: SamplingBudget, clock: ClockCalibration, frames chosen: [TraceFrame]? = nil,
        prepared: Bool = false
    ) throws -> (samples: [Double], batch: Int) {
        let frames = chosen ?? trace.frames
        guard let first = frames.first else { return ([], 1) }
        var current = first.viewport
        func query(_ frames: ArraySlice<TraceFrame>) throws -> UInt64 {
            if let viewport = frames.first?.viewport, viewport != current {
                current = viewport
                try subject.prepare(viewport: current)
            }
            var found = 0
            let nanoseconds = try timed { found = try subject.query(frames) }
            blackHole(found)
            return nanoseconds
        }
        if !prepared { try subject.prepare(viewport: current) }
        // Sized on the frames of the first viewport, so no prepare lands in the probe.
        let firstStretch = frames.prefix { $0.viewport == current }.count
        let batch = try clock.batchSize(limit: Swift.min(firstStretch, Self.batchLimit)) { index in
            _ = try query(frames[index...index])
        }
        if batch == 1 {
            let samples = try budget.collect { index in
                Double(try query(frames[index % frames.count...index % frames.count]))
            }
            return (samples, 1)
        }
        let stretches = Self.batches(of: frames, size: frames.count)
        let samples = try budget.collect { pass in
            var nanoseconds: UInt64 = 0
            for range in pass.isMultiple(of: 2) ? stretches : stretches.reversed() {
                nanoseconds += try query(frames[range])
            }
            return Double(nanoseconds) / Double(frames.count)
        }
        return (samples, frames.count)
    }

    /// The most operations a batch takes: enough for the shortest operation to dwarf the clock.
    static let batchLimit = 4_096

    /// Cuts the frames into runs of one viewport, and each run into equal batches of at least `size` frames (a
    /// run shorter than that is one batch).
    static func batches(of frames: [TraceFrame], size: Int) -> [Range<Int>] {
        var batches: [Range<Int>] = []
        var start = 0
        while start < frames.count {
            var end = start + 1
            while end < frames.count, frames[end].viewport == frames[start].viewport { end += 1 }
            let count = Swift.max(1, (end - start) / Swift.max(size, 1))
            for part in 0..<count {
                batches.append(start + (end - start) * part / count..<start + (end - start) * (part + 1) / count)
            }
            start = end
        }
        return batches
    }

    /// Allocations per query over the trace's first frames, after one warm-up pass over them (a few frames
    /// suffice to see an allocation a query; all of them would take minutes for the naive designs at 1M). A query
    /// of `queryNanoseconds` counts over as many frames as take a tenth of a second, from one to
    /// `steadyStateFrames`: a naive query at 1M takes 0.2 s, and 32 of them would take seven seconds to count what
    /// two show.
    private func steadyStateAllocations<Subject: BenchmarkSubject>(
        on subject: inout Subject, probe: (any AllocatorProbe)?, queryNanoseconds: Double
    ) throws -> Double? {
        guard let probe, probe.allocationCount() != nil, let first = trace.frames.first else { return nil }
        let affordable = Int((Self.steadyStateNanoseconds / Swift.max(queryNanoseconds, 1)).rounded(.down))
        let frames = trace.frames.prefix { $0.viewport == first.viewport }.prefix(
            Swift.min(Swift.max(affordable, 1), Self.steadyStateFrames))
        try subject.prepare(viewport: first.viewport)
        var found = 0
        for frame in frames { found &+= try subject.query(frame) }
        let before = probe.allocationCount() ?? 0
        for frame in frames { found &+= try subject.query(frame) }
        let allocations = (probe.allocationCount() ?? 0) - before
        blackHole(found)
        return Double(allocations) / Double(frames.count)
    }

    /// The bandwidth floor of a prepare (`FillFloor`) for `bytes`, sampled as the prepares are.
    private func fillFloor(bytes: Int, budget: SamplingBudget, clock: ClockCalibration) -> (
        samples: [Double], batch: Int
    ) {
        let floor = FillFloor(bytes: bytes)
        let batch = clock.batchSize(limit: Self.batchLimit) { _ in floor.fill() }
        let samples = budget.collect { _ in Double(timed { for _ in 0..<batch { floor.fill() } }) / Double(batch) }
        return (samples, batch)
    }
}

/// Measures the subjects of a `SubjectVisitor` maker, with their concrete type.
private struct SubjectMeasurement<Algorithm: UpdatableLayout>: SubjectVisitor {
    let bench: LayoutBench
    let runner: BenchmarkRunner
    let oracle: BruteForceOracle<Algorithm>
    let floors: UpdateFloors<Algorithm>?
    let strategy: StrategyID

    func visit<Subject: BenchmarkSubject>(_ make: @escaping @Sendable () throws(LayoutError) -> Subject) throws
        -> LayoutBench.Measured
    {
        try bench.benchmark(runner, oracle: oracle, floors: floors, strategy: strategy, make: make)
    }
}
