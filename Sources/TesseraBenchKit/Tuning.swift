import Tessera

/// One index and parameter `tune` measured.
public struct TuneCandidate: Sendable {
    public var choice: IndexChoice
    public var exact: Bool
    public var query: Percentiles
    public var warmPrepareNanoseconds: Double
    public var bytesPerElement: Double?
}

/// What `tune` found, and what it recommends.
public struct TuneResult: Sendable {
    public var layout: LayoutID
    public var elements: Int
    /// Fastest query first.
    public var candidates: [TuneCandidate]
    public var recommended: TuneCandidate?

    /// Queries run every frame, so the fastest exact median query wins; candidates within 5% of it are as fast as
    /// this machine can tell, and among those the one holding fewer bytes, then the faster warm prepare, wins.
    static func recommend(_ candidates: [TuneCandidate]) -> TuneCandidate? {
        let exact = candidates.filter(\.exact)
        guard let fastest = exact.map(\.query.median).min() else { return nil }
        let asFast = exact.filter { Double($0.query.median) <= Double(fastest) * 1.05 }
        return asFast.min { lhs, rhs in
            let (left, right) = (lhs.bytesPerElement ?? .infinity, rhs.bytesPerElement ?? .infinity)
            return left != right ? left < right : lhs.warmPrepareNanoseconds < rhs.warmPrepareNanoseconds
        }
    }

    public func render() -> String {
        var rows = [["index", "parameter", "exact", "query median", "query p99", "warm prepare", "bytes/element"]]
        for candidate in candidates {
            rows.append([
                candidate.choice.strategy.rawValue, candidate.choice.parameter, candidate.exact ? "yes" : "NO",
                TerminalTable.duration(candidate.query.median), TerminalTable.duration(candidate.query.p99),
                TerminalTable.duration(candidate.warmPrepareNanoseconds), candidate.bytesPerElement.map { TerminalTable.decimal($0) } ?? "",
            ])
        }
        var text = "\(layout.rawValue), \(elements.formatted()) elements:\n" + TerminalTable.align(rows)
        if let recommended {
            text += "\nRecommended: \(recommended.choice) — median query \(TerminalTable.duration(recommended.query.median))"
            text += " (p99 \(TerminalTable.duration(recommended.query.p99))), warm prepare \(TerminalTable.duration(recommended.warmPrepareNanoseconds))"
            text += recommended.bytesPerElement.map { ", \(TerminalTable.decimal($0)) bytes an element." } ?? "."
            text += "\nThe fastest exact median query wins; within 5% of it (as fast as this machine can tell), fewer bytes, then a faster warm prepare.\n"
        } else {
            text += "\nNo exact candidate: nothing to recommend.\n"
        }
        return text
    }
}

extension BenchmarkRunner {
    /// Measures each index of `grid` on `layout` at `items` items and recommends one.
    public func tune(_ layout: LayoutID, items: Int, grid: [IndexChoice] = IndexChoice.tuningGrid) throws -> TuneResult {
        guard memory.fits(.intervalTree, elements: items) else {
            throw RunError.workloadTooLarge(items: items, estimatedBytes: MemoryEstimate.peakBytes(.intervalTree, elements: items), budgetBytes: memory.budget)
        }
        let sections = try workload.sections(for: layout, items: items)
        return try parameters.make(layout, sections: sections, TuneRun(runner: self, layout: layout, items: items, grid: grid))
    }
}

private struct TuneRun: LayoutVisitor {
    let runner: BenchmarkRunner
    let layout: LayoutID
    let items: Int
    let grid: [IndexChoice]

    func visit<Algorithm: LayoutAlgorithm>(_ algorithm: Algorithm) throws -> TuneResult {
        let oracle = BruteForceOracle(algorithm)
        let trace = try ScrollTrace(over: &oracle.layout, viewport: runner.viewport, seed: runner.settings.seed)
        let cell = Cell(layout: layout, elements: algorithm.elementCount, trace: trace, viewport: runner.viewport)
        var candidates: [TuneCandidate] = []
        for choice in grid {
            runner.progress("\(layout.rawValue) · \(choice) · \(items.formatted()) items")
            let measured = try cell.measure(choice, algorithm, runner: runner, oracle: oracle)
            let result = { (operation: BenchmarkOperation) in measured.results.first { $0.operation == operation } }
            guard let query = result(.query), let warm = result(.prepareWarm) else { continue }
            candidates.append(TuneCandidate(
                choice: choice, exact: measured.verification.isExact,
                query: Percentiles(median: query.medianNanoseconds, p90: query.p90Nanoseconds, p99: query.p99Nanoseconds),
                warmPrepareNanoseconds: warm.medianNanoseconds, bytesPerElement: result(.prepareCold)?.bytesPerItem
            ))
        }
        candidates.sort { $0.query.median < $1.query.median }
        return TuneResult(layout: layout, elements: cell.elements, candidates: candidates, recommended: TuneResult.recommend(candidates))
    }
}
