import Foundation

/// A confidence interval for the median of independent samples, exact and distribution-free: the order-statistic
/// (sign-test) interval.
///
/// Whatever the distribution, each sample falls below the true median with probability ½, so the number below it is
/// Binomial(n, ½); the interval from the k-th smallest to the k-th largest sample misses the median with probability
/// 2·P(B ≤ k − 1). k is the largest rank that keeps that at most 1 − confidence. No normality is assumed, and a round
/// disturbed by another process moves the interval by one rank at most, however far off it is. The price is width:
/// with fewer than 6 samples no interval reaches 95%.
package struct MedianInterval: Codable, Hashable, Sendable {
    /// The samples' median (the mean of the middle two for an even count).
    package var median: Double
    package var lower: Double
    package var upper: Double
    /// The probability that an interval made this way holds the true median: at least the confidence asked for.
    package var coverage: Double
    /// The rank, from either end, of the samples that bound the interval (1 is the smallest and the largest).
    package var rank: Int

    /// `nil` when there are too few samples for the confidence asked (a 95% interval needs 6). Samples must be
    /// finite.
    package init?(_ samples: [Double], confidence: Double = 0.95) {
        let sorted = samples.sorted()
        let n = sorted.count
        guard n > 0, confidence > 0, confidence < 1 else { return nil }
        let cdf = Self.binomialHalfCDF(n)
        // The largest k with P(B ≤ k − 1) ≤ (1 − confidence) / 2.
        var k = 0
        while k < n, cdf[k] <= (1 - confidence) / 2 { k += 1 }
        guard k >= 1 else { return nil }
        median = Self.median(ofSorted: sorted)
        lower = sorted[k - 1]
        upper = sorted[n - k]
        coverage = 1 - 2 * cdf[k - 1]
        rank = k
    }

    /// The median of `values` (the mean of the middle two for an even count); 0 for none.
    package static func median(of values: [Double]) -> Double {
        median(ofSorted: values.sorted())
    }

    private static func median(ofSorted sorted: [Double]) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let n = sorted.count
        return n.isMultiple(of: 2) ? (sorted[n / 2 - 1] + sorted[n / 2]) / 2 : sorted[n / 2]
    }

    /// The fewest samples that give an interval at `confidence` (6 at 95%, 8 at 99%): with fewer, even the
    /// smallest and the largest sample miss the median too often.
    package static func fewestSamples(confidence: Double) -> Int {
        precondition(confidence > 0 && confidence < 1)
        var count = 1
        // P(B ≤ 0) = ½ⁿ must be within one side's share of the error.
        while pow(0.5, Double(count)) > (1 - confidence) / 2 { count += 1 }
        return count
    }

    /// The interval bounded by the `rank`-th smallest and `rank`-th largest sample, as a look of a sequential
    /// design chooses it (`SequentialDesign`); `nil` for a rank below 1 or past the middle.
    package init?(_ samples: [Double], rank: Int) {
        let sorted = samples.sorted()
        let n = sorted.count
        guard rank >= 1, 2 * rank <= n + 1 else { return nil }
        median = Self.median(ofSorted: sorted)
        lower = sorted[rank - 1]
        upper = sorted[n - rank]
        coverage = 1 - 2 * Self.binomialHalfCDF(n)[rank - 1]
        self.rank = rank
    }

    /// P(B ≤ j) for j in 0..<n, B ~ Binomial(n, ½), by the ratio of successive terms. The terms are carried as
    /// logarithms: ½ⁿ itself underflows past n = 1074, and a term too small for a `Double` adds nothing to the sum.
    static func binomialHalfCDF(_ n: Int) -> [Double] {
        var logTerm = -Double(n) * log(2.0)
        var cumulative: [Double] = []
        cumulative.reserveCapacity(n)
        var sum = 0.0
        for j in 0..<n {
            sum += exp(logTerm)
            cumulative.append(Swift.min(sum, 1))
            logTerm += log(Double(n - j) / Double(j + 1))
        }
        return cumulative
    }
}
