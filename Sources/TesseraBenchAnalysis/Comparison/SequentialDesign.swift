import Foundation

/// When `ab --until-decided` looks at its rounds, and how wide each look's intervals are, so that looking more than
/// once keeps the chance of a false verdict at 1 − confidence.
///
/// Each look decides from the sign-test interval of the median ratio: the k-th smallest to the k-th largest of the
/// rounds' ratios (`MedianInterval`). Under the hypothesis that the true median ratio is r, each round's ratio falls
/// below r with probability ½, independently of the others, so the count below r is a binomial random walk over the
/// rounds, and an interval excludes r when the walk has strayed too far. Looking after every 10 rounds, a walk has
/// several chances to stray: the rank of each look is chosen so that the chance of straying at any look so far
/// stays within the error spent by then. The spending follows Lan and DeMets' O'Brien–Fleming-type function,
/// α(t) = 2 − 2Φ(z₁₋α/₂ / √t) at the fraction t of the budget run: almost nothing at the first looks (a change must
/// be plain to stop there), nearly all of α by the last, whose interval is then as wide as a single test's of that
/// many rounds, or one rank wider. The crossing chances are computed exactly, by dynamic programming over the walk:
/// no normal approximation, and no assumption about the ratios' distribution.
package struct SequentialDesign: Codable, Hashable, Sendable {
    /// The round counts at which the rounds are looked at, the last the budget.
    package var looks: [Int]
    /// The rank, from either end, of the ratios that bound each look's interval; 0 where a look is too early for
    /// any interval.
    package var ranks: [Int]
    /// The confidence the whole design keeps, over all its looks.
    package var confidence: Double

    /// A look every `every` rounds up to `budget` (and at `budget`), the first where it can decide: at `every`
    /// rounds, or later if no interval exists there yet, at the first round count that holds one (within
    /// `every / 2` rounds of it, the next look at a multiple of `every` is dropped).
    ///
    /// - Complexity: O(budget²), the walk's states at each round.
    package init(budget: Int, every: Int = 10, confidence: Double = 0.95) {
        precondition(budget >= 1 && every >= 1 && confidence > 0 && confidence < 1)
        let alpha = 1 - confidence
        // An interval exists at the first look when the chance of all its rounds falling on one side, 2⁻ⁿ, is within
        // one side's error spent by then: at 10 rounds of 30, 1/1,024 is over the 0.00035 spent, and a look there
        // could stop nothing (the first look, where nothing has been spent before, is the only one this can hold).
        var first = Swift.min(every, budget)
        while first < budget,
            pow(0.5, Double(first)) > Self.spent(fraction: Double(first) / Double(budget), alpha: alpha) / 2
                * (1 + 1e-12)
        {
            first += 1
        }
        let later = stride(from: every, to: budget, by: every).filter { $0 - first >= Swift.max(1, every / 2) }
        looks = [first] + later + (first < budget ? [budget] : [])
        self.confidence = confidence
        // The probabilities of each count of rounds below r among walks not yet stopped.
        var walk = [1.0]
        var crossed = 0.0
        var ranks: [Int] = []
        var rounds = 0
        for look in looks {
            while rounds < look {
                var next = [Double](repeating: 0, count: walk.count + 1)
                for (count, probability) in walk.enumerated() {
                    next[count] += probability / 2
                    next[count + 1] += probability / 2
                }
                walk = next
                rounds += 1
            }
            // One side's share of the error spent by this look; the design is symmetric.
            let allowed = Self.spent(fraction: Double(look) / Double(budget), alpha: alpha) / 2
            var rank = 0
            var stopped = 0.0
            while rank < walk.count, crossed + stopped + walk[rank] <= allowed * (1 + 1e-12) {
                stopped += walk[rank]
                rank += 1
            }
            crossed += stopped
            for count in 0..<rank { walk[count] = 0 }
            ranks.append(rank)
        }
        self.ranks = ranks
    }

    /// The rank of the look after `rounds` rounds; `nil` when no look falls there.
    package func rank(afterRounds rounds: Int) -> Int? {
        looks.firstIndex(of: rounds).map { ranks[$0] }
    }

    package var budget: Int { looks.last ?? 0 }

    /// Lan–DeMets O'Brien–Fleming-type spending: the error spent by the fraction `fraction` of the budget.
    static func spent(fraction: Double, alpha: Double) -> Double {
        guard fraction > 0 else { return 0 }
        return Swift.min(alpha, 2 - 2 * normalCDF(normalQuantile(1 - alpha / 2) / fraction.squareRoot()))
    }

    static func normalCDF(_ x: Double) -> Double { erfc(-x / 2.0.squareRoot()) / 2 }

    /// The standard normal quantile, by bisection on its distribution function (to 1e-12).
    static func normalQuantile(_ p: Double) -> Double {
        var (low, high) = (-40.0, 40.0)
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if normalCDF(middle) < p { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }
}
