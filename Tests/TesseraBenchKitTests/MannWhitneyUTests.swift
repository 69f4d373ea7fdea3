import Testing

@testable import TesseraBenchAnalysis
@testable import TesseraBenchKit

/// A sample pair and what SciPy 1.17.1 (NumPy 2.4.6) answered for it, printed by the command above each pair.
struct ScipyReference: Sendable, CustomTestStringConvertible {
    let name: String
    let x: [UInt64]
    let y: [UInt64]
    let u: Double
    let p: Double

    var testDescription: String { name }

    static let all = [
        // python3 -c "from scipy.stats import mannwhitneyu as m; r = m([1, 2, 3, 4, 5], [6, 7, 8, 9, 10], alternative='two-sided', method='asymptotic', use_continuity=True); print(repr(float(r.statistic)), repr(float(r.pvalue)))"
        ScipyReference(
            name: "small, apart",
            x: [1, 2, 3, 4, 5], y: [6, 7, 8, 9, 10], u: 0.0, p: 0.012185780355344813
        ),
        // python3 -c "from scipy.stats import mannwhitneyu as m; r = m([6, 7, 8, 9, 10], [1, 2, 3, 4, 5], alternative='two-sided', method='asymptotic', use_continuity=True); print(repr(float(r.statistic)), repr(float(r.pvalue)))"
        ScipyReference(
            name: "small, apart, swapped",
            x: [6, 7, 8, 9, 10], y: [1, 2, 3, 4, 5], u: 25.0, p: 0.012185780355344813
        ),
        // python3 -c "from scipy.stats import mannwhitneyu as m; r = m([12, 15, 11, 19, 14, 13], [16, 18, 17, 14, 20, 21, 15], alternative='two-sided', method='asymptotic', use_continuity=True); print(repr(float(r.statistic)), repr(float(r.pvalue)))"
        ScipyReference(
            name: "small, overlapping, one tie",
            x: [12, 15, 11, 19, 14, 13], y: [16, 18, 17, 14, 20, 21, 15], u: 7.0, p: 0.053126452741142687
        ),
        // python3 -c "from scipy.stats import mannwhitneyu as m; r = m([1, 2, 2, 3, 3, 3, 4], [2, 3, 3, 4, 4, 5, 6, 6], alternative='two-sided', method='asymptotic', use_continuity=True); print(repr(float(r.statistic)), repr(float(r.pvalue)))"
        ScipyReference(
            name: "small, many ties",
            x: [1, 2, 2, 3, 3, 3, 4], y: [2, 3, 3, 4, 4, 5, 6, 6], u: 11.0, p: 0.04988443697992588
        ),
        // python3 -c "from scipy.stats import mannwhitneyu as m; r = m([7], [3, 9, 12], alternative='two-sided', method='asymptotic', use_continuity=True); print(repr(float(r.statistic)), repr(float(r.pvalue)))"
        ScipyReference(
            name: "one value against three",
            x: [7], y: [3, 9, 12], u: 1.0, p: 1.0
        ),
        // python3 -c "from scipy.stats import mannwhitneyu as m; r = m([5, 5, 5, 5], [5, 5, 5], alternative='two-sided', method='asymptotic', use_continuity=True); print(repr(float(r.statistic)), repr(float(r.pvalue)))"
        ScipyReference(
            name: "every value equal",
            x: [5, 5, 5, 5], y: [5, 5, 5], u: 6.0, p: 1.0
        ),
        // python3 -c "from scipy.stats import mannwhitneyu as m; r = m([1, 2, 3, 4, 5], [1, 2, 3, 4, 5], alternative='two-sided', method='asymptotic', use_continuity=True); print(repr(float(r.statistic)), repr(float(r.pvalue)))"
        ScipyReference(
            name: "identical samples",
            x: [1, 2, 3, 4, 5], y: [1, 2, 3, 4, 5], u: 12.5, p: 1.0
        ),
        // python3 -c "from scipy.stats import mannwhitneyu as m; r = m([i * 7919 % 1000 for i in range(500)], [i * 7919 % 1000 + 30 for i in range(400)], alternative='two-sided', method='asymptotic', use_continuity=True); print(repr(float(r.statistic)), repr(float(r.pvalue)))"
        ScipyReference(
            name: "large, slightly shifted",
            x: (0..<500).map { UInt64($0 * 7919 % 1000) }, y: (0..<400).map { UInt64($0 * 7919 % 1000 + 30) },
            u: 94158.5, p: 0.13173292060298525
        ),
        // python3 -c "from scipy.stats import mannwhitneyu as m; r = m([i % 17 for i in range(300)], [i * 3 % 19 for i in range(350)], alternative='two-sided', method='asymptotic', use_continuity=True); print(repr(float(r.statistic)), repr(float(r.pvalue)))"
        ScipyReference(
            name: "large, heavily tied",
            x: (0..<300).map { UInt64($0 % 17) }, y: (0..<350).map { UInt64($0 * 3 % 19) }, u: 46503.0,
            p: 0.011862858420435007
        ),
        // python3 -c "from scipy.stats import mannwhitneyu as m; r = m([1000 + i * 37 % 101 for i in range(200)], [1040 + i * 53 % 97 for i in range(250)], alternative='two-sided', method='asymptotic', use_continuity=True); print(repr(float(r.statistic)), repr(float(r.pvalue)))"
        ScipyReference(
            name: "timings, shifted by 4%",
            x: (0..<200).map { UInt64(1000 + $0 * 37 % 101) }, y: (0..<250).map { UInt64(1040 + $0 * 53 % 97) },
            u: 9703.0, p: 6.471806636414581e-29
        ),
        // python3 -c "from scipy.stats import mannwhitneyu as m; r = m([i for i in range(1000)], [i + 500 for i in range(1000)], alternative='two-sided', method='asymptotic', use_continuity=True); print(repr(float(r.statistic)), repr(float(r.pvalue)))"
        ScipyReference(
            name: "large, half overlapping",
            x: (0..<1000).map { UInt64($0) }, y: (0..<1000).map { UInt64($0 + 500) }, u: 125000.0,
            p: 2.0531802346843474e-185
        ),
    ]
}

private func isClose(_ value: Double, _ reference: Double, relative tolerance: Double) -> Bool {
    Swift.abs(value - reference) <= tolerance * Swift.abs(reference)
}

@Suite struct MannWhitneyUTests {
    @Test(arguments: ScipyReference.all)
    func agreesWithSciPy(_ reference: ScipyReference) {
        let test = MannWhitneyU(reference.x, reference.y)
        #expect(test.isTested)
        #expect(isClose(test.u, reference.u, relative: 1e-9))
        #expect(isClose(test.p, reference.p, relative: 1e-6))
    }

    @Test(arguments: ScipyReference.all)
    func doublesRankLikeIntegers(_ reference: ScipyReference) {
        let integers = MannWhitneyU(reference.x, reference.y)
        let doubles = MannWhitneyU(reference.x.map(Double.init), reference.y.map(Double.init))
        #expect(doubles == integers)
    }

    @Test func onlyTheOrderOfValuesMatters() {
        // Values at the top of UInt64 rank like small ones: no arithmetic on the values themselves.
        let huge = MannWhitneyU([UInt64.max - 1, UInt64.max, UInt64.max - 3], [0, UInt64.max - 2])
        #expect(huge == MannWhitneyU([3, 4, 1] as [UInt64], [0, 2]))
    }

    @Test func anEmptySampleIsNotTested() {
        for (x, y) in [([], [1, 2, 3]), ([1, 2, 3], []), ([], [])] as [([UInt64], [UInt64])] {
            let test = MannWhitneyU(x, y)
            #expect(!test.isTested)
            #expect(test.p == 1)
            #expect(test.u == 0)
        }
    }
}
