import Foundation
import TesseraOracle
import Testing

@testable import TesseraBenchAnalysis
@testable import TesseraBenchKit

@Suite struct SequentialDesignTests {
    @Test func theLastLookIsAsSharpAsASingleTestOfItsRounds() throws {
        let design = SequentialDesign(budget: 30, every: 10)
        // O'Brien–Fleming-type spending: the widest interval at 11 rounds, a wide one at 20, a single test's at 30.
        #expect(design.looks == [11, 20, 30])
        #expect(design.ranks == [1, 5, 10])
        let single = try #require(MedianInterval((0..<30).map(Double.init), confidence: 0.95))
        #expect(design.ranks.last == single.rank)
        #expect(design.rank(afterRounds: 20) == 5 && design.rank(afterRounds: 25) == nil)
        #expect(SequentialDesign(budget: 25, every: 10).looks == [11, 20, 25])
    }

    /// Every look can decide: a look with no interval (10 rounds of 30 had rank 0) could stop nothing, so a plain
    /// regression ran on to the second look. The first look moves to the first round count that holds an interval,
    /// and a look at a multiple of `every` close after it is dropped.
    @Test(arguments: [(30, 10), (25, 10), (30, 5), (6, 6), (20, 10), (12, 10), (100, 10), (1_000, 10), (7, 1)])
    func everyLookCanDecide(budget: Int, every: Int) {
        for confidence in [0.95, 0.99] {
            let design = SequentialDesign(budget: budget, every: every, confidence: confidence)
            #expect(design.looks.last == budget && design.looks == design.looks.sorted(), "\(design.looks)")
            #expect(Set(design.looks).count == design.looks.count, "\(design.looks)")
            if MedianInterval.fewestSamples(confidence: confidence) <= budget {
                #expect(design.ranks.allSatisfy { $0 >= 1 }, "\(budget)/\(every) at \(confidence): \(design)")
            }
        }
        #expect(SequentialDesign(budget: 100, every: 10).looks == [19, 30, 40, 50, 60, 70, 80, 90, 100])
        #expect(SequentialDesign(budget: 30, every: 5).looks == [11, 15, 20, 25, 30])
    }

    @Test func spendingFollowsLanAndDeMets() {
        // α(t) = 2 − 2Φ(z₀.₉₇₅/√t): 0.0000 at t = ⅓ is below 1e-3, 0.0417-ish at t = ⅔ is below α, α at t = 1.
        #expect(SequentialDesign.spent(fraction: 1, alpha: 0.05) == 0.05)
        #expect(abs(SequentialDesign.spent(fraction: 0.5, alpha: 0.05) - 0.005574596) < 1e-6)
        #expect(abs(SequentialDesign.normalQuantile(0.975) - 1.959963985) < 1e-8)
    }

    /// Rounds whose ratios are independent draws around a true median of 1: a look "flags" when its interval lies
    /// wholly above 1 (or wholly below). Over every look together, the design keeps that at 5%; looking as often at a
    /// single test's 95% interval does not.
    @Test func lookingAtEveryLookKeepsTheFalseAlarmRateAtItsLevel() {
        let design = SequentialDesign(budget: 30, every: 5)
        var generator = SeededGenerator(seed: 11)
        var sequentialAlarms = 0
        var naiveAlarms = 0
        let trials = 20_000
        for _ in 0..<trials {
            let ratios = (0..<30).map { _ in Double.random(in: 0.9...1.1, using: &generator) }
            var sequential = false
            var naive = false
            for look in design.looks {
                let rounds = Array(ratios.prefix(look))
                if let interval = design.rank(afterRounds: look).flatMap({ MedianInterval(rounds, rank: $0) }),
                    interval.lower > 1 || interval.upper < 1
                {
                    sequential = true
                }
                if let interval = MedianInterval(rounds, confidence: 0.95), interval.lower > 1 || interval.upper < 1 {
                    naive = true
                }
            }
            if sequential { sequentialAlarms += 1 }
            if naive { naiveAlarms += 1 }
        }
        let sequentialRate = Double(sequentialAlarms) / Double(trials)
        let naiveRate = Double(naiveAlarms) / Double(trials)
        #expect(sequentialRate <= 0.05 + 0.005, "the design: \(sequentialRate)")
        #expect(naiveRate > 0.08, "a 95% interval at each of six looks: \(naiveRate)")
    }
}
