import Foundation
import Tessera

/// Runs the matrix of layouts × strategies × item counts and collects a report.
package struct BenchmarkRunner {
    package var settings: RunSettings
    package var workload: WorkloadSource
    package var parameters: LayoutParameters
    /// A recorded scroll to replay instead of the built-in trace; its first frame's viewport is the run's.
    package var traceFile: TraceFile?
    package var prepareBudget = SamplingBudget.prepare
    package var queryBudget = SamplingBudget.query
    package var probe: (any AllocatorProbe)?
    /// Set in a counted run's process (`run --measure instructions`): each operation is counted under callgrind
    /// instead of timed, and the report holds `counted` in place of `results`.
    package var counter: CallgrindCounter?
    package var memory = MemoryEstimate()
    /// The resident memory when the runner was made, which the report records beside the peak.
    private let residentAtStart = ResidentMemory.current()
    /// The clock's cost, which sets how many operations a batch times; measured when the runner is made.
    package var clock = ClockCalibration.measure()
    /// Receives a line as each measurement starts.
    package var progress: (String) -> Void = { _ in }
    /// Receives what was skipped and why, whether progress is shown or not.
    package var notice: (String) -> Void = { _ in }

    package init(settings: RunSettings, workload: WorkloadSource, parameters: LayoutParameters = LayoutParameters()) {
        self.settings = settings
        self.workload = workload
        self.parameters = parameters
    }

    package var viewport: Size { Size(width: settings.viewportWidth, height: settings.viewportHeight) }

    package func run() throws -> BenchmarkReport {
        var results: [BenchmarkResult] = []
        var counted: [CountedResult] = []
        var shifts: [ShiftResult] = []
        var verifications: [Verification] = []
        var skipped: [SkippedRun] = []
        var memoryUse: [MemoryUse] = []
        var settings = settings
        let shapes = settings.layouts.map {
            (layout: $0, shapes: workload.shapes(for: $0, itemsPerSection: settings.itemsPerSection))
        }
        // Refused before anything is allocated when even the leanest engine strategy would not fit.
        if let largest = settings.itemCounts.max() {
            for (layout, shapes) in shapes {
                for (source, _) in shapes {
                    let shape = source.shape(for: layout, items: largest)
                    try memory.check(
                        adding: MemoryEstimate.measuringBytes(.soaBinarySearch, on: layout, shape), items: largest)
                }
            }
        }
        let progress = RunProgress(
            shapes.flatMap { layout, shapes in
                shapes.flatMap { source, _ in
                    settings.itemCounts.flatMap { items in
                        settings.strategies(for: layout).map {
                            RunProgress.Measurement($0, items: items, on: layout, from: source)
                        }
                    }
                }
            }, showsTime: counter == nil)
        let heap = HeapPeak(probe: probe)
        for (layout, shapes) in shapes {
            for (source, itemsPerSection) in shapes {
                for items in settings.itemCounts {
                    // The last layout's workload, oracle and trace are freed by now.
                    heap.startWindow()
                    let sections = try source.sections(for: layout, items: items)
                    let run = LayoutBenchRun(
                        runner: self, progress: progress, heap: heap,
                        shapedLayout: ShapedLayout(layout, itemsPerSection: itemsPerSection),
                        items: items, sections: sections, heldByResults: MemoryEstimate.heldBytes(of: results)
                    )
                    let outcome = try parameters.make(layout, sections: sections, run)
                    results += outcome.results
                    counted += outcome.counted
                    shifts += outcome.shifts
                    verifications += outcome.verifications
                    skipped += outcome.skipped
                    memoryUse += outcome.memoryUse
                    settings.traceFrames = Swift.max(settings.traceFrames, outcome.traceFrames)
                }
            }
        }
        guard !results.isEmpty || !counted.isEmpty else { throw RunError.nothingMeasured(skipped: skipped.count) }
        // The frames checked, not the frames asked for: a trace shorter than the request is checked whole.
        settings.verifiedFrames = verifications.map(\.framesChecked).max() ?? settings.verifiedFrames
        var report = BenchmarkReport(
            environment: .current(allocator: probe?.name ?? "system", clock: clock), settings: settings,
            results: results, verifications: verifications,
            targets: TargetCheck.evaluate(
                results, shifts: shifts, strategy: settings.targetStrategy ?? .soaBinarySearch),
            skipped: skipped,
            memory: memoryUse
        )
        if !counted.isEmpty { report.counted = counted }
        if !shifts.isEmpty { report.shifts = shifts }
        report.residentBytes = .init(atStart: residentAtStart, peak: ResidentMemory.peak())
        return report
    }
}

/// One layout at one shape and item count: the trace, the oracle, and every strategy measured over them.
private struct LayoutBenchRun: LayoutVisitor {
    let runner: BenchmarkRunner
    let progress: RunProgress
    let heap: HeapPeak
    let shapedLayout: ShapedLayout
    let items: Int
    let sections: [LayoutSection]
    /// What the run's results so far hold (their samples), which every estimate of this layout adds.
    let heldByResults: Double

    struct Outcome {
        var results: [BenchmarkResult] = []
        var counted: [CountedResult] = []
        var shifts: [ShiftResult] = []
        var verifications: [Verification] = []
        var skipped: [SkippedRun] = []
        var memoryUse: [MemoryUse] = []
        var traceFrames = 0
    }

    var layout: LayoutID { shapedLayout.layout }

    func visit<Algorithm: UpdatableLayout>(_ algorithm: Algorithm) throws -> Outcome {
        let shape = MemoryEstimate.Shape(sections, elements: algorithm.elementCount)
        var outcome = Outcome()
        var fitting: [(strategy: StrategyID, estimate: Double)] = []
        for strategy in runner.settings.strategies(for: layout) {
            let estimate = MemoryEstimate.measuringBytes(strategy, on: layout, shape) + heldByResults
            guard runner.memory.fits(adding: estimate) else {
                let skip = SkippedRun(
                    layout: layout, itemsPerSection: shapedLayout.itemsPerSection, strategy: strategy, items: items,
                    estimatedBytes: runner.memory.total(adding: estimate),
                    budgetBytes: runner.memory.budget
                )
                runner.notice(skip.description)
                progress.skip()
                outcome.skipped.append(skip)
                continue
            }
            fitting.append((strategy, estimate))
        }
        // Nothing shared is made for strategies that would not fit.
        guard !fitting.isEmpty else { return outcome }
        let oracle = BruteForceOracle(algorithm)
        let trace =
            try runner.traceFile.map { ScrollTrace(frames: $0.frames) }
            ?? ScrollTrace(over: &oracle.layout, viewport: runner.viewport, seed: runner.settings.seed)
        outcome.traceFrames = trace.frames.count
        let bench = LayoutBench(
            layout: layout, elements: algorithm.elementCount, trace: trace, viewport: runner.viewport)
        // Computed as the first strategy's updates ask for them, and shared by every strategy after it.
        let floors = UpdateFloors(algorithm, viewport: runner.viewport)
        for (strategy, estimateBefore) in fitting {
            // The results of the layout's strategies before this one are held too.
            let estimate = estimateBefore + MemoryEstimate.heldBytes(of: outcome.results)
            let index = runner.settings.index(for: strategy)
            runner.progress(
                progress.next(
                    "\(shapedLayout.name) · \(index?.description ?? strategy.rawValue) · \(items.formatted()) items"))
            var verification: Verification
            if let counter = runner.counter {
                var counted = try bench.count(
                    strategy, index: index, algorithm, counter: counter, oracle: oracle, settings: runner.settings)
                for position in counted.counted.indices {
                    counted.counted[position].itemsPerSection = shapedLayout.itemsPerSection
                }
                outcome.counted += counted.counted
                verification = counted.verification
            } else {
                var measured =
                    try index.map { try bench.measure($0, algorithm, runner: runner, oracle: oracle, floors: floors) }
                    ?? bench.measure(strategy, algorithm, runner: runner, oracle: oracle, floors: floors)
                for index in measured.results.indices {
                    measured.results[index].itemsPerSection = shapedLayout.itemsPerSection
                }
                outcome.results += measured.results
                verification = measured.verification
            }
            verification.itemsPerSection = shapedLayout.itemsPerSection
            outcome.verifications.append(verification)
            outcome.memoryUse.append(
                MemoryUse(
                    layout: layout, itemsPerSection: shapedLayout.itemsPerSection, strategy: strategy,
                    elements: bench.elements,
                    estimatedBytes: estimate, measuredBytes: heap.endWindow().map(Double.init)
                ))
        }
        // After every strategy's window, so the oracle's layouts weigh on no strategy's heap peak.
        if runner.counter == nil {
            outcome.shifts = try measureShift(algorithm, strategies: fitting.map(\.strategy), held: outcome.results)
        }
        return outcome
    }

    /// Layout shift for each strategy in every scenario the layout takes (`LayoutShift`): the engine's strategies
    /// run the scenarios, each on fresh subjects; the tutorials' designs adjust nothing. Skipped, saying so, when the
    /// oracle's layouts would not fit the memory budget.
    private func measureShift<Algorithm: UpdatableLayout>(
        _ algorithm: Algorithm, strategies: [StrategyID], held: [BenchmarkResult]
    ) throws -> [ShiftResult] {
        let estimate =
            MemoryEstimate.shiftReferenceBytes(elements: algorithm.elementCount, sections: algorithm.sectionCount)
            + heldByResults + MemoryEstimate.heldBytes(of: held)
        guard runner.memory.fits(adding: estimate) else {
            runner.notice(
                "\(shapedLayout.name) at \(items.formatted()) items: layout shift not measured; the oracle's layouts "
                    + "would need about \(Int(estimate / 1e6)) MB more than the memory budget allows")
            return []
        }
        runner.progress("\(shapedLayout.name) · layout shift · \(items.formatted()) items")
        let plans = try ShiftPlan.all(for: algorithm, viewport: runner.viewport, seed: runner.settings.seed)
        var designs: [(strategy: StrategyID, parameters: String?, runs: [LayoutShift.Trajectory]?)] = []
        for strategy in strategies {
            let recording = ShiftRecording(plans: plans, viewport: runner.viewport)
            let choice = runner.settings.index(for: strategy)
            let runs = try choice.map { try $0.visit(algorithm, recording) } ?? strategy.visit(algorithm, recording)
            let parameters = choice.flatMap { $0 == IndexChoice.standard($0.strategy) ? nil : $0.parameter }
            designs.append((strategy, parameters, runs))
        }
        var results: [ShiftResult] = []
        for (number, plan) in plans.enumerated() {
            // Designs that left the view at the same offsets are measured once.
            var distinct: [LayoutShift.Trajectory?] = []
            let slots = designs.map { design in
                let run = design.runs?[number]
                if let slot = distinct.firstIndex(where: { $0 == run }) { return slot }
                distinct.append(run)
                return distinct.count - 1
            }
            let measured = try LayoutShift.evaluate(
                plan, layout: algorithm, viewport: runner.viewport, designs: distinct)
            for (design, slot) in zip(designs, slots) {
                results.append(
                    LayoutShift.result(
                        measured[slot], plan: plan, layout: shapedLayout, strategy: design.strategy,
                        parameters: design.parameters, elements: algorithm.elementCount,
                        keepsAnchor: design.runs != nil,
                        stableColumns: (algorithm as? WaterfallLayout).map {
                            $0.configuration.columnPlacement == .stable
                        }))
            }
        }
        return results
    }
}
