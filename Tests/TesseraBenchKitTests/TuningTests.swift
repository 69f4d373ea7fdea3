import Testing
@testable import TesseraBenchKit

@Suite struct TuningTests {
    func candidate(_ choice: IndexChoice, median: UInt64, exact: Bool = true, bytes: Double?, warm: UInt64 = 1_000) -> TuneCandidate {
        TuneCandidate(choice: choice, exact: exact, query: Percentiles(median: median, p90: median, p99: median), warmPrepareNanoseconds: warm, bytesPerElement: bytes)
    }

    @Test func theFastestExactQueryWins() {
        let winner = TuneResult.recommend([
            candidate(.intervalTree(leafLevel: 3), median: 100, bytes: 60),
            candidate(.soaBinarySearch(blockSize: 16), median: 50, bytes: 36),
            candidate(.pageTable(pagesPerViewport: 1), median: 40, exact: false, bytes: 44),
        ])
        #expect(winner?.choice == .soaBinarySearch(blockSize: 16))
    }

    @Test func withinFivePercentFewerBytesThenAFasterPrepareWin() {
        let fewerBytes = TuneResult.recommend([
            candidate(.soaBinarySearch(blockSize: 4), median: 100, bytes: 39),
            candidate(.soaBinarySearch(blockSize: 16), median: 104, bytes: 36),
            candidate(.soaBinarySearch(blockSize: 64), median: 106, bytes: 35),
        ])
        #expect(fewerBytes?.choice == .soaBinarySearch(blockSize: 16))
        let fasterPrepare = TuneResult.recommend([
            candidate(.unionRects(blockSize: 20), median: 100, bytes: 36, warm: 2_000),
            candidate(.soaBinarySearch(blockSize: 16), median: 100, bytes: 36, warm: 1_000),
        ])
        #expect(fasterPrepare?.choice == .soaBinarySearch(blockSize: 16))
    }

    @Test func noExactCandidateMeansNoRecommendation() {
        #expect(TuneResult.recommend([candidate(.soaBinarySearch(blockSize: 16), median: 50, exact: false, bytes: 36)]) == nil)
        #expect(TuneResult.recommend([]) == nil)
    }

    @Test func theGridCoversEveryEngineStrategyAndItsStandardChoice() {
        for strategy in StrategyID.engine {
            let standard = IndexChoice.standard(strategy)
            #expect(standard != nil)
            #expect(IndexChoice.tuningGrid.contains(standard!))
        }
        #expect(StrategyID.allCases.filter(\.isBaseline).allSatisfy { IndexChoice.standard($0) == nil })
    }
}
