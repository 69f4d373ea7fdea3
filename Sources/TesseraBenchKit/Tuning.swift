import Tessera

/// One index and parameter `tune` measured.
public struct TuneCandidate: Sendable {
    public var choice: IndexChoice
    public var exact: Bool
    /// The median query of each round, in round order; empty for an inexact candidate, which is not timed.
    public var roundMedians: [Double]
    public var warmPrepareNanoseconds: Double
    public var bytesPerElement: Double?
    /// The median over the rounds of this candidate's query time over the leader's, with its confidence interval;
    /// absent for the leader itself and with too few rounds.
    public var ratioToLeader: MedianInterval?

    public init(choice: IndexChoice, exact: Bool, roundMedians: [Double], warmPrepareNanoseconds: Double, bytesPerElement: Double?) {
        self.choice = choice
        self.exact = exact
        self.roundMedians = roundMedians
        self.warmPrepareNanoseconds = warmPrepareNanoseconds
        self.bytesPerElement = bytesPerElement
    }

    /// The median over the rounds of the round's median query.
    public var queryMedian: Double { ABComparison.median(roundMedians) }
}

/// What `tune` found, and what it recommends.
public struct TuneResult: Sendable {
    /// A candidate is as fast as the leader unless its interval lies wholly above 1 + this.
    public static let tieThreshold = 0.05

    public var layout: LayoutID
    public var elements: Int
    public var rounds: Int
    /// The leader first, then by median query.
    public var candidates: [TuneCandidate]
    public var recommended: TuneCandidate?

    /// Ranks exact candidates by their median query over the rounds and compares each with the leader round by
    /// round (the rounds are the independent samples). Queries run every frame, so speed comes first; candidates
    /// tied with the leader (their ratio's interval not wholly above 1 + `tieThreshold`) are as fast as this
    /// machine can tell, and among those the one holding fewer bytes, then the faster warm prepare, wins.
    init(layout: LayoutID, elements: Int, rounds: Int, candidates: [TuneCandidate]) {
        self.layout = layout
        self.elements = elements
        self.rounds = rounds
        var candidates = candidates.sorted { ($0.exact ? 0 : 1, $0.queryMedian) < ($1.exact ? 0 : 1, $1.queryMedian) }
        if let leader = candidates.first(where: \.exact) {
            for index in candidates.indices where candidates[index].exact && candidates[index].choice != leader.choice {
                let ratios = zip(candidates[index].roundMedians, leader.roundMedians).map { $0 / Swift.max($1, 1e-3) }
                candidates[index].ratioToLeader = MedianInterval(ratios)
            }
        }
        self.candidates = candidates
        recommended = Self.recommend(candidates)
    }

    /// Whether a candidate cannot be told apart from the leader (the leader included).
    public static func isTied(_ candidate: TuneCandidate, leader: TuneCandidate) -> Bool {
        guard candidate.exact else { return false }
        if candidate.choice == leader.choice { return true }
        guard let interval = candidate.ratioToLeader else { return true }
        return interval.lower <= 1 + tieThreshold
    }

    static func recommend(_ candidates: [TuneCandidate]) -> TuneCandidate? {
        guard let leader = candidates.first(where: \.exact) else { return nil }
        return candidates.filter { isTied($0, leader: leader) }.min { lhs, rhs in
            let (left, right) = (lhs.bytesPerElement ?? .infinity, rhs.bytesPerElement ?? .infinity)
            return left != right ? left < right : lhs.warmPrepareNanoseconds < rhs.warmPrepareNanoseconds
        }
    }

    public func render() -> String {
        let leader = candidates.first(where: \.exact)
        var rows = [["index", "parameter", "exact", "query median", "over the leader [95%]", "", "warm prepare", "bytes/element"]]
        for candidate in candidates {
            let ratio: String, standing: String
            if !candidate.exact {
                (ratio, standing) = ("", "not timed")
            } else if candidate.choice == leader?.choice {
                (ratio, standing) = ("1", "leader")
            } else if let interval = candidate.ratioToLeader {
                ratio = String(format: "%.3f [%.3f, %.3f]", interval.median, interval.lower, interval.upper)
                standing = leader.map { Self.isTied(candidate, leader: $0) } == true ? "tie" : "slower"
            } else {
                (ratio, standing) = ("too few rounds", "tie")
            }
            rows.append([
                candidate.choice.strategy.rawValue, candidate.choice.parameter, candidate.exact ? "yes" : "NO",
                candidate.exact ? TerminalTable.duration(candidate.queryMedian) : "", ratio, standing,
                TerminalTable.duration(candidate.warmPrepareNanoseconds), candidate.bytesPerElement.map { TerminalTable.decimal($0) } ?? "",
            ])
        }
        var text = "\(layout.rawValue), \(elements.formatted()) elements, \(rounds) interleaved rounds:\n" + TerminalTable.align(rows)
        if let recommended {
            text += "\nRecommended: \(recommended.choice) — median query \(TerminalTable.duration(recommended.queryMedian))"
            text += ", warm prepare \(TerminalTable.duration(recommended.warmPrepareNanoseconds))"
            text += recommended.bytesPerElement.map { ", \(TerminalTable.decimal($0)) bytes an element." } ?? "."
            text += "\nCandidates are measured in \(rounds) rounds, each in a random order; each is compared with the leader round by"
            text += " round. A tie (the ratio's interval not wholly above \(1 + Self.tieThreshold)) is as fast as this machine can"
            text += " tell: among the tied, fewer bytes, then a faster warm prepare, win.\n"
        } else {
            text += "\nNo exact candidate: nothing to recommend.\n"
        }
        return text
    }
}

extension BenchmarkRunner {
    /// Measures each index of `grid` on `layout` at `items` items in `rounds` interleaved rounds and recommends one.
    public func tune(_ layout: LayoutID, items: Int, rounds: Int = 10, grid: [IndexChoice] = IndexChoice.tuningGrid) throws -> TuneResult {
        guard memory.fits(.intervalTree, elements: items) else {
            throw RunError.workloadTooLarge(items: items, estimatedBytes: MemoryEstimate.peakBytes(.intervalTree, elements: items), budgetBytes: memory.budget)
        }
        let sections = try workload.sections(for: layout, items: items)
        return try parameters.make(layout, sections: sections, TuneRun(runner: self, layout: layout, items: items, rounds: rounds, grid: grid))
    }
}

private struct TuneRun: LayoutVisitor {
    let runner: BenchmarkRunner
    let layout: LayoutID
    let items: Int
    let rounds: Int
    let grid: [IndexChoice]

    /// First every candidate once in full (answers against brute force, memory, prepares); then the rounds, each
    /// timing every exact candidate's queries in a fresh random order, so that what the machine does meanwhile
    /// falls on all of them alike.
    func visit<Algorithm: LayoutAlgorithm>(_ algorithm: Algorithm) throws -> TuneResult {
        let oracle = BruteForceOracle(algorithm)
        let trace = try ScrollTrace(over: &oracle.layout, viewport: runner.viewport, seed: runner.settings.seed)
        let cell = Cell(layout: layout, elements: algorithm.elementCount, trace: trace, viewport: runner.viewport)
        var candidates: [TuneCandidate] = []
        for choice in grid {
            runner.progress("\(layout.rawValue) · \(choice) · \(items.formatted()) items: checked against brute force")
            let measured = try cell.measure(choice, algorithm, runner: runner, oracle: oracle)
            let result = { (operation: BenchmarkOperation) in measured.results.first { $0.operation == operation } }
            guard let warm = result(.prepareWarm) else { continue }
            candidates.append(TuneCandidate(
                choice: choice, exact: measured.verification.isExact, roundMedians: [],
                warmPrepareNanoseconds: warm.medianNanoseconds, bytesPerElement: result(.prepareCold)?.bytesPerItem
            ))
        }
        var generator = SeededGenerator(seed: runner.settings.seed ^ 0x7E_57ED)
        for round in 1...Swift.max(rounds, 1) {
            runner.progress("\(layout.rawValue) · round \(round) of \(rounds)")
            for index in candidates.indices.shuffled(using: &generator) where candidates[index].exact {
                let median = try candidates[index].choice.visit(algorithm, QueryMedian(cell: cell, runner: runner))
                candidates[index].roundMedians.append(median)
            }
        }
        return TuneResult(layout: layout, elements: cell.elements, rounds: rounds, candidates: candidates)
    }
}

/// One round of a candidate: a fresh engine, prepared, then its median query over the trace.
private struct QueryMedian: SubjectVisitor {
    let cell: Cell
    let runner: BenchmarkRunner

    func visit<Subject: BenchmarkSubject>(_ make: () -> Subject) throws -> Double {
        var subject = make()
        let (samples, _) = try cell.replay(on: &subject, budget: runner.queryBudget, clock: runner.clock)
        return Percentiles(of: samples).median
    }
}
