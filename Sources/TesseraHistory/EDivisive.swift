import Foundation

/// Otava's default change-point detector (`otava analyze` without `--orig-edivisive`): the windowed
/// E-divisive means "split" step with a Student t-test, followed by Hunter's "merge" step.
///
/// Fully deterministic: Otava's default path uses no permutation test and no random numbers.
package struct EDivisive: Sendable {
    /// Points analysed at once by the split step (`--window`, default 50); windows advance by half of it.
    package let windowLength: Int
    /// Largest p-value a reported change point may have (`-P`, default 0.001).
    package let maxPValue: Double
    /// Smallest `magnitude` a change point with an acceptable p-value must exceed (`-M`, default 0).
    package let minMagnitude: Double

    /// Creates a detector; the defaults are those of `otava analyze`.
    package init(windowLength: Int = 50, maxPValue: Double = 0.001, minMagnitude: Double = 0) {
        precondition(windowLength >= 2, "window length must be at least 2")
        self.windowLength = windowLength
        self.maxPValue = maxPValue
        self.minMagnitude = minMagnitude
    }

    /// Finds change points in `series` (raw values, no normalisation; fill gaps before calling).
    /// - Returns: Change points sorted by index.
    /// - Complexity: O(n/w · (k + 1) · w²) for the split step plus O(n · k) for the merge step,
    ///   where n is `series.count`, w is `windowLength` and k the number of weak change points.
    package func changePoints(in series: [Double]) -> [ChangePoint] {
        merge(split(series), in: series)
    }

    /// The relaxed threshold used to collect weak change points (10× below 0.05, 2× below 0.5).
    var firstPassPValue: Double {
        maxPValue < 0.05 ? maxPValue * 10 : (maxPValue < 0.5 ? maxPValue * 2 : maxPValue)
    }

    /// Split step: bisects overlapping windows and re-tests the union of their cuts on the whole series.
    /// - Complexity: O(n/w · (k + 1) · w²).
    func split(_ series: [Double]) -> [ChangePoint] {
        var cuts: [Int] = []
        var start = 0
        while start < series.count {
            let end = min(start + windowLength, series.count)
            let found = Self.bisect(Array(series[start..<end]), threshold: firstPassPValue).map { $0 + start }
            for cut in found where !cuts.contains(cut) { cuts.append(cut) }
            start = max(found.last ?? 0, start + windowLength / 2)
        }
        cuts.sort()
        return cuts.indices.map { k in
            Self.compare(
                series, lo: k == 0 ? 0 : cuts[k - 1], cut: cuts[k],
                hi: k + 1 < cuts.count ? cuts[k + 1] : series.count)
        }
    }

    /// Merge step: repeatedly drops the weakest point (highest p-value, or if all pass, the smallest
    /// magnitude when it does not exceed `minMagnitude`) and re-tests the points after it.
    /// - Complexity: O(n · k).
    func merge(_ weak: [ChangePoint], in series: [Double]) -> [ChangePoint] {
        var points = weak
        while !points.isEmpty {
            var weakest = Self.firstExtreme(points.map(\.pValue), by: >)
            if points[weakest].pValue < maxPValue {
                weakest = Self.firstExtreme(points.map(\.magnitude), by: <)
                if points[weakest].magnitude > minMagnitude { return points }
            }
            points.remove(at: weakest)
            // Like Otava, re-test the point that followed the removed one and the one after that;
            // the point *before* the removed one keeps its now stale statistics.
            for k in [weakest, weakest + 1] where k < points.count {
                points[k] = Self.compare(
                    series, lo: k == 0 ? 0 : points[k - 1].index, cut: points[k].index,
                    hi: k + 1 < points.count ? points[k + 1].index : series.count)
            }
        }
        return points
    }

    /// Position of the first element that wins under `better` (Python's `max`/`min` tie-breaking).
    static func firstExtreme(_ values: [Double], by better: (Double, Double) -> Bool) -> Int {
        var best = 0
        for i in values.indices.dropFirst() where better(values[i], values[best]) { best = i }
        return best
    }

    /// E-divisive means on one window: keeps cutting the segment with the largest Q̂ while the
    /// t-test p-value of that cut is at most `threshold`. Returns window-local cuts, sorted.
    /// - Complexity: O((k + 1) · w²) for a window of w points yielding k cuts.
    static func bisect(_ window: [Double], threshold: Double) -> [Int] {
        let distances = PairwiseDistances(window)
        var cuts: [Int] = []
        while true {
            let bounds = [0] + cuts + [window.count]
            var best: (cut: Int, q: Double, lo: Int, hi: Int)?
            for (lo, hi) in zip(bounds, bounds.dropFirst()) where hi - lo > 1 {
                let candidate = distances.bestSplit(lo, hi)
                if best == nil || candidate.q > best!.q { best = (candidate.cut, candidate.q, lo, hi) }
            }
            guard let best, compare(window, lo: best.lo, cut: best.cut, hi: best.hi).pValue <= threshold
            else { return cuts }
            cuts.append(best.cut)
            cuts.sort()
        }
    }

    /// Student t-test (pooled variance, as `scipy.stats.ttest_ind_from_stats` with Otava's ddof = 0
    /// standard deviations) of `x[lo..<cut]` against `x[cut..<hi]`.
    /// - Complexity: O(hi - lo).
    static func compare(_ x: [Double], lo: Int, cut: Int, hi: Int) -> ChangePoint {
        let (m1, s1) = meanAndStdDev(x[lo..<cut])
        let (m2, s2) = meanAndStdDev(x[cut..<hi])
        var p = 1.0
        if hi - lo > 2 {
            let n1 = Double(cut - lo)
            let n2 = Double(hi - cut)
            let df = n1 + n2 - 2
            let pooled = ((n1 - 1) * (s1 * s1) + (n2 - 1) * (s2 * s2)) / df
            let t = (m1 - m2) / (pooled * (1 / n1 + 1 / n2)).squareRoot()
            p = regularizedIncompleteBeta(df / 2, 0.5, df / (df + t * t))  // = 2·P(T_df > |t|)
        }
        return ChangePoint(index: cut, pValue: p, meanBefore: m1, meanAfter: m2, stdDevBefore: s1, stdDevAfter: s2)
    }

    /// Mean and population standard deviation computed like `np.mean` / `np.std`.
    static func meanAndStdDev(_ x: ArraySlice<Double>) -> (Double, Double) {
        let mean = numpySum(x) / Double(x.count)
        guard x.count >= 2 else { return (mean, 0) }
        let squares = x.map { ($0 - mean) * ($0 - mean) }
        return (mean, (numpySum(squares[...]) / Double(x.count)).squareRoot())
    }

    /// Sums in NumPy's order (8-way unrolled pairwise summation) so means match NumPy bit for bit.
    /// - Complexity: O(n).
    static func numpySum(_ a: ArraySlice<Double>) -> Double {
        let n = a.count
        let s = a.startIndex
        if n < 8 { return a.reduce(0, +) }
        if n > 128 {
            let half = n / 2 - (n / 2) % 8
            return numpySum(a[s..<s + half]) + numpySum(a[(s + half)...])
        }
        var r = Array(a[s..<s + 8])
        var i = 8
        while i < n - n % 8 {
            for j in 0..<8 { r[j] += a[s + i + j] }
            i += 8
        }
        var total = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]))
        while i < n {
            total += a[s + i]
            i += 1
        }
        return total
    }

    /// Regularized incomplete beta function I_x(a, b) via Lentz's continued fraction
    /// (Numerical Recipes `betai`/`betacf`). NaN propagates; I_0 = 0 and I_1 = 1.
    /// - Complexity: O(√max(a, b)) iterations, at most 300.
    static func regularizedIncompleteBeta(_ a: Double, _ b: Double, _ x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let logBeta: Double = lgamma(a) + lgamma(b) - lgamma(a + b)
        let front: Double = exp(a * log(x) + b * log(1 - x) - logBeta)
        if x < (a + 1) / (a + b + 2) { return front * betaContinuedFraction(a, b, x) / a }
        return 1 - front * betaContinuedFraction(b, a, 1 - x) / b
    }

    private static func betaContinuedFraction(_ a: Double, _ b: Double, _ x: Double) -> Double {
        let tiny = 1e-300
        func clamp(_ v: Double) -> Double { abs(v) < tiny ? tiny : v }
        var c = 1.0
        var d = 1 / clamp(1 - (a + b) * x / (a + 1))
        var h = d
        for step in 1...300 {
            let m = Double(step)
            let m2 = 2 * m
            let even = m * (b - m) * x / ((a + m2 - 1) * (a + m2))
            d = 1 / clamp(1 + even * d)
            c = clamp(1 + even / c)
            h *= d * c
            let odd = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1))
            d = 1 / clamp(1 + odd * d)
            c = clamp(1 + odd / c)
            let delta = d * c
            h *= delta
            if abs(delta - 1) < 1e-16 { break }
        }
        return h
    }
}
