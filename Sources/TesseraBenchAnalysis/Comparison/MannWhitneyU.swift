import Foundation

/// The two-sided Mann–Whitney U test: whether one sample's values tend to be larger than the other's.
///
/// It compares ranks, not values, so it assumes no distribution and a few outliers, common in timings on a busy
/// machine, cannot swing it. The p-value is the normal approximation with tie and continuity corrections, as
/// SciPy's `mannwhitneyu(x, y, alternative='two-sided', method='asymptotic', use_continuity=True)`.
package struct MannWhitneyU: Hashable, Sendable {
    /// U of the first sample: the pairs (x, y) with x > y, a tie counting half, as SciPy reports it.
    package let u: Double
    /// The chance of a difference at least this large between samples of one distribution; 1 when untested.
    package let p: Double
    /// Whether there was a test: false when either sample is empty, and then `u` is 0 and `p` is 1.
    package let isTested: Bool

    /// Values must be totally ordered: no NaN.
    package init<Value: Comparable>(_ x: [Value], _ y: [Value]) {
        guard !x.isEmpty, !y.isEmpty else {
            (u, p, isTested) = (0, 1, false)
            return
        }
        let n1 = Double(x.count)
        let n2 = Double(y.count)
        let n = n1 + n2
        let pooled = (x.map { ($0, true) } + y.map { ($0, false) }).sorted { $0.0 < $1.0 }
        // Ranks start at 1; tied values share the mean of their ranks.
        var rankSumX = 0.0
        var tieTerm = 0.0
        var start = 0
        while start < pooled.count {
            var end = start + 1
            while end < pooled.count, pooled[end].0 == pooled[start].0 { end += 1 }
            let meanRank = Double(start + 1 + end) / 2
            rankSumX += meanRank * Double(pooled[start..<end].count(where: \.1))
            let tied = Double(end - start)
            tieTerm += tied * tied * tied - tied
            start = end
        }
        let u1 = rankSumX - n1 * (n1 + 1) / 2
        u = u1
        isTested = true
        let variance = n1 * n2 / 12 * ((n + 1) - tieTerm / (n * (n - 1)))
        // Every value equal: nothing tells the samples apart.
        guard variance > 0 else {
            p = 1
            return
        }
        let z = (Swift.max(u1, n1 * n2 - u1) - n1 * n2 / 2 - 0.5) / variance.squareRoot()
        // Twice the upper tail of the standard normal; erfc keeps the precision of tiny tails.
        p = Swift.min(1, erfc(z / 2.0.squareRoot()))
    }
}
