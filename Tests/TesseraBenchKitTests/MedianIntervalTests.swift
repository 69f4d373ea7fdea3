import Testing

@testable import TesseraBenchKit

@Suite struct MedianIntervalTests {
    /// Ranks and coverages from SciPy 1.17.1, for a 95% interval:
    ///
    ///     from scipy.stats import binom
    ///     k = min(k for k in range(n + 1) if binom.cdf(k, n, .5) > .025)   # the rank from either end
    ///     coverage = 1 - 2 * binom.cdf(k - 1, n, .5)
    static let references: [(n: Int, rank: Int, coverage: Double)] = [
        (6, 1, 0.96875), (10, 2, 0.978515625), (12, 3, 0.96142578125), (20, 6, 0.9586105346679688),
        (30, 10, 0.9572260547429323), (50, 18, 0.9671608624357315), (2_000, 956, 0.9534471795082164),
    ]

    @Test(arguments: references)
    func ranksAndCoveragesMatchSciPy(reference: (n: Int, rank: Int, coverage: Double)) throws {
        // Shuffled 1...n: the k-th smallest is k, the k-th largest n + 1 - k.
        var generator = SeededGenerator(seed: UInt64(reference.n))
        let samples = (1...reference.n).map(Double.init).shuffled(using: &generator)
        let interval = try #require(MedianInterval(samples))
        #expect(interval.rank == reference.rank)
        #expect(Swift.abs(interval.coverage - reference.coverage) < 1e-12)
        #expect(interval.lower == Double(reference.rank))
        #expect(interval.upper == Double(reference.n + 1 - reference.rank))
        #expect(interval.median == Double(reference.n + 1) / 2)
    }

    /// ½ⁿ underflows a `Double` past 1,074 samples; a long run still gets its interval, at the normal
    /// approximation's rank (n/2 − 1.96·√n/2 ≈ 4,902 of 10,000).
    @Test func manySamplesStillGiveAnInterval() throws {
        let interval = try #require(MedianInterval((1...10_000).map(Double.init)))
        #expect((4_895...4_910).contains(interval.rank), "\(interval.rank)")
        #expect(interval.coverage >= 0.95 && interval.coverage < 0.96)
    }

    @Test func tooFewSamplesGiveNoInterval() {
        #expect(MedianInterval([1, 2, 3, 4, 5]) == nil, "5 samples miss the median with 1/16 > 5%")
        #expect(MedianInterval([]) == nil)
        #expect(MedianInterval([1, 2, 3, 4, 5], confidence: 0.9) != nil, "at 90%, 5 samples suffice: 1/16 ≤ 10%")
    }

    @Test func anOutlierMovesTheIntervalByOneRankAtMost() throws {
        let clean = (1...20).map { 1.0 + Double($0) / 1_000 }
        var spoilt = clean
        spoilt[0] = 50
        let before = try #require(MedianInterval(clean))
        let after = try #require(MedianInterval(spoilt))
        #expect(after.upper < 1.1, "the outlier does not drag the interval: \(after)")
        #expect(after.lower >= before.lower)
    }
}
