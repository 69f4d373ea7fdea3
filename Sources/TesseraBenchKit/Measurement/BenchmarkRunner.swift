import Foundation
import Tessera

/// Runs the matrix of layouts × strategies × item counts and collects a report.
public struct BenchmarkRunner {
    public var settings: RunSettings
    public var workload: WorkloadSource
    public var parameters: LayoutParameters
    /// A recorded scroll to replay instead of the built-in trace; its first frame's viewport is the run's.
    public var traceFile: TraceFile?
    public var prepareBudget = SamplingBudget.prepare
    public var queryBudget = SamplingBudget.query
    public var probe: (any AllocatorProbe)?
    public var memory = MemoryEstimate()
    /// The clock's cost, which sets how many operations a batch times; measured when the runner is made.
    public var clock = ClockCalibration.measure()
    /// Receives a line as each measurement starts.
    public var progress: (String) -> Void = { _ in }
    /// Receives what was skipped and why, whether progress is shown or not.
    public var notice: (String) -> Void = { _ in }

    public init(settings: RunSettings, workload: WorkloadSource, parameters: LayoutParameters = LayoutParameters()) {
        self.settings = settings
        self.workload = workload
        self.parameters = parameters
    }

    public var viewport: Size { Size(width: settings.viewportWidth, height: settings.viewportHeight) }

    public func run() throws -> BenchmarkReport {
        var results: [BenchmarkResult] = []
        var verifications: [Verification] = []
        var skipped: [SkippedRun] = []
        var settings = settings
        // Refused before anything is allocated when even the leanest engine strategy would not fit.
        if let largest = settings.itemCounts.max() { try memory.check(items: largest) }
        let progress = RunProgress(items: settings.layouts.flatMap { layout in
            settings.itemCounts.flatMap { items in settings.strategies(for: layout).map { _ in items } }
        })
        for layout in settings.layouts {
            for items in settings.itemCounts {
                let sections = try workload.sections(for: layout, items: items)
                let outcome = try parameters.make(layout, sections: sections, LayoutBenchRun(runner: self, progress: progress, layout: layout, items: items))
                results += outcome.results
                verifications += outcome.verifications
                skipped += outcome.skipped
                settings.traceFrames = Swift.max(settings.traceFrames, outcome.traceFrames)
            }
        }
        guard !results.isEmpty else { throw RunError.nothingMeasured(skipped: skipped.count) }
        // The frames checked, not the frames asked for: a trace shorter than the request is checked whole.
        settings.verifiedFrames = verifications.map(\.framesChecked).max() ?? settings.verifiedFrames
        return BenchmarkReport(
            environment: .current(allocator: probe?.name ?? "system", clock: clock), settings: settings,
            results: results, verifications: verifications, targets: TargetCheck.evaluate(results, strategy: settings.targetStrategy ?? .soaBinarySearch), skipped: skipped
        )
    }
}

/// One layout at one item count: the trace, the oracle, and every strategy measured over them.
private struct LayoutBenchRun: LayoutVisitor {
    let runner: BenchmarkRunner
    let progress: RunProgress
    let layout: LayoutID
    let items: Int

    struct Outcome {
        var results: [BenchmarkResult] = []
        var verifications: [Verification] = []
        var skipped: [SkippedRun] = []
        var traceFrames = 0
    }

    func visit<Algorithm: UpdatableLayout>(_ algorithm: Algorithm) throws -> Outcome {
        let oracle = BruteForceOracle(algorithm)
        let trace = try runner.traceFile.map { ScrollTrace(frames: $0.frames) }
            ?? ScrollTrace(over: &oracle.layout, viewport: runner.viewport, seed: runner.settings.seed)
        var outcome = Outcome(traceFrames: trace.frames.count)
        let bench = LayoutBench(layout: layout, elements: algorithm.elementCount, trace: trace, viewport: runner.viewport)
        for strategy in runner.settings.strategies(for: layout) {
            guard runner.memory.fits(strategy, elements: bench.elements) else {
                let skip = SkippedRun(
                    layout: layout, strategy: strategy, items: items,
                    estimatedBytes: MemoryEstimate.peakBytes(strategy, elements: bench.elements), budgetBytes: runner.memory.budget
                )
                runner.notice(skip.description)
                progress.skip()
                outcome.skipped.append(skip)
                continue
            }
            runner.progress(progress.next("\(layout.rawValue) · \(strategy.rawValue) · \(items.formatted()) items"))
            let measured = try bench.measure(strategy, algorithm, runner: runner, oracle: oracle)
            outcome.results += measured.results
            outcome.verifications.append(measured.verification)
        }
        return outcome
    }
}
