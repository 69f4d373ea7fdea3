import Foundation

/// Within-segment sums of absolute differences for every segment of a window (α = 1).
struct PairwiseDistances: Sendable {
    private let count: Int
    /// `sums[a * (count + 1) + b]` = Σ |z_i − z_k| over a ≤ i < k < b.
    private var sums: [Double]

    /// - Complexity: O(w²) time and memory for a window of w points.
    init(_ z: [Double]) {
        count = z.count
        sums = Array(repeating: 0, count: (count + 1) * (count + 1))
        for j in 0..<count {
            var toJ = 0.0  // Σ |z_i − z_j| over a ≤ i < j, growing as a moves left
            for a in stride(from: j, through: 0, by: -1) {
                if a < j { toJ += abs(z[a] - z[j]) }
                sums[a * (count + 1) + j + 1] = sums[a * (count + 1) + j] + toJ
            }
        }
    }

    private func within(_ a: Int, _ b: Int) -> Double { sums[a * (count + 1) + b] }

    /// Matteson & James' Q̂ for X = z[lo..<tau], Y = z[tau..<kappa] (n = |X|, m = |Y|):
    /// 2/(n+m)·Σ|X−Y| − 2m/((n+m)(n−1))·Σ_{i<k}|X_i−X_k| − 2n/((n+m)(m−1))·Σ_{j<k}|Y_j−Y_k|,
    /// a within-term being 0 when its segment has a single point.
    func q(_ lo: Int, _ tau: Int, _ kappa: Int) -> Double {
        let n = tau - lo
        let m = kappa - tau
        let inX = within(lo, tau)
        let inY = within(tau, kappa)
        let across = within(lo, kappa) - inX - inY
        let xWeight = n > 1 ? Double(2 * m) / Double((n + m) * (n - 1)) : 0
        let yWeight = m > 1 ? Double(2 * n) / Double((n + m) * (m - 1)) : 0
        return 2 / Double(n + m) * across - xWeight * inX - yWeight * inY
    }

    /// The τ maximising Q̂(τ, κ) over lo < τ < κ ≤ hi; ties go to the smallest τ, then κ (NumPy argmax).
    /// - Complexity: O((hi − lo)²).
    func bestSplit(_ lo: Int, _ hi: Int) -> (cut: Int, q: Double) {
        var best = (cut: lo + 1, q: q(lo, lo + 1, lo + 2))
        for tau in (lo + 1)..<hi {
            for kappa in (tau + 1)...hi {
                let value = q(lo, tau, kappa)
                if value > best.q { best = (tau, value) }
            }
        }
        return best
    }
}
