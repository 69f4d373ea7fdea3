import Tessera
import TesseraBenchKit

/// One index and parameter `tune` measured.
package struct TuneCandidate: Sendable {
    package var choice: IndexChoice
    package var exact: Bool
    /// The median query of each round, in round order; empty for an inexact candidate, which is not timed.
    package var roundMedians: [Double]
    package var warmPrepareNanoseconds: Double
    package var bytesPerElement: Double?
    /// The median over the rounds of this candidate's query time over the leader's, with its confidence interval;
    /// absent for the leader itself and with too few rounds.
    package var ratioToLeader: MedianInterval?

    /// The median over the rounds of the round's median query.
    package var queryMedian: Double { MedianInterval.median(of: roundMedians) }
}
