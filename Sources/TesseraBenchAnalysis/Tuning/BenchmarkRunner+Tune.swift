import Tessera
import TesseraBenchKit

extension BenchmarkRunner {
    /// Measures each index of `grid` on `layout` at `items` items in `rounds` interleaved rounds and recommends one,
    /// if the rounds can tell within `threshold` (0.03 for 3%). Under `TuneResult.minimumRounds` rounds no ratio has
    /// an interval, and only a leader that also holds the fewest bytes is recommended.
    package func tune(
        _ layout: LayoutID, items: Int, rounds: Int = 10, threshold: Double = TuneResult.defaultThreshold,
        grid: [IndexChoice] = IndexChoice.tuningGrid
    ) throws -> TuneResult {
        // The interval tree holds the most of the grid's indexes.
        try memory.check(
            adding: MemoryEstimate.measuringBytes(.intervalTree, on: layout, workload.shape(for: layout, items: items)),
            items: items)
        let sections = try workload.sections(for: layout, items: items)
        return try parameters.make(
            layout, sections: sections,
            TuneRun(runner: self, layout: layout, items: items, rounds: rounds, threshold: threshold, grid: grid))
    }
}

private struct TuneRun: LayoutVisitor {
    let runner: BenchmarkRunner
    let layout: LayoutID
    let items: Int
    let rounds: Int
    let threshold: Double
    let grid: [IndexChoice]

    /// First every candidate once in full (answers against brute force, memory, prepares); then the rounds, each
    /// timing every exact candidate's queries in a fresh random order, so that what the machine does meanwhile
    /// falls on all of them alike.
    func visit<Algorithm: UpdatableLayout>(_ algorithm: Algorithm) throws -> TuneResult {
        let oracle = BruteForceOracle(algorithm)
        let trace = try ScrollTrace(over: &oracle.layout, viewport: runner.viewport, seed: runner.settings.seed)
        let bench = LayoutBench(
            layout: layout, elements: algorithm.elementCount, trace: trace, viewport: runner.viewport)
        var candidates: [TuneCandidate] = []
        for choice in grid {
            runner.progress("\(layout.rawValue) · \(choice) · \(items.formatted()) items: checked against brute force")
            let measured = try bench.measure(choice, algorithm, runner: runner, oracle: oracle)
            let result = { (operation: BenchmarkOperation) in measured.results.first { $0.operation == operation } }
            guard let warm = result(.prepareWarm) else { continue }
            candidates.append(
                TuneCandidate(
                    choice: choice, exact: measured.verification.isExact, roundMedians: [],
                    warmPrepareNanoseconds: warm.medianNanoseconds,
                    bytesPerElement: result(.prepareCold)?.bytesPerElement
                ))
        }
        var generator = SeededGenerator(seed: runner.settings.seed ^ 0x7E_57ED)
        for round in 1...Swift.max(rounds, 1) {
            runner.progress("\(layout.rawValue) · round \(round) of \(rounds)")
            for index in candidates.indices.shuffled(using: &generator) where candidates[index].exact {
                let median = try candidates[index].choice.visit(algorithm, QueryMedian(bench: bench, runner: runner))
                candidates[index].roundMedians.append(median)
            }
        }
        return TuneResult(
            layout: layout, elements: bench.elements, rounds: rounds, threshold: threshold, candidates: candidates)
    }
}

/// One round of a candidate: a fresh engine, prepared, then its median query over the trace.
private struct QueryMedian: SubjectVisitor {
    let bench: LayoutBench
    let runner: BenchmarkRunner

    func visit<Subject: BenchmarkSubject>(_ make: @escaping @Sendable () throws(LayoutError) -> Subject) throws
        -> Double
    {
        var subject = try make()
        let (samples, _) = try bench.replay(on: &subject, budget: runner.queryBudget, clock: runner.clock)
        return Percentiles(of: samples).median
    }
}
