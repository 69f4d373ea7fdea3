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

    public init(
        choice: IndexChoice, exact: Bool, roundMedians: [Double], warmPrepareNanoseconds: Double,
        bytesPerElement: Double?
    ) {
        self.choice = choice
        self.exact = exact
        self.roundMedians = roundMedians
        self.warmPrepareNanoseconds = warmPrepareNanoseconds
        self.bytesPerElement = bytesPerElement
    }

    /// The median over the rounds of the round's median query.
    public var queryMedian: Double { ABComparison.median(roundMedians) }
}
