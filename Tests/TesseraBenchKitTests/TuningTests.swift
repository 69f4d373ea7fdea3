import Testing

@testable import TesseraBenchKit

@Suite struct TuningTests {
    /// A candidate whose round medians are `median` scaled by `spread` in turn (round-to-round noise).
    func candidate(
        _ choice: IndexChoice, median: Double, exact: Bool = true, bytes: Double?, warm: Double = 1_000,
        spread: [Double] = [1, 1.01, 0.99, 1.02, 0.98, 1, 1.01, 0.99, 1, 1]
    ) -> TuneCandidate {
        TuneCandidate(
            choice: choice, exact: exact, roundMedians: exact ? spread.map { median * $0 } : [],
            warmPrepareNanoseconds: warm, bytesPerElement: bytes
        )
    }

    func result(_ candidates: [TuneCandidate]) -> TuneResult {
        TuneResult(layout: .flow, elements: 1_000, rounds: 10, candidates: candidates)
    }

    @Test func theFastestExactQueryLeadsAndClearlySlowerCandidatesLose() {
        let tuned = result([
            candidate(.intervalTree(leafLevel: 3), median: 100, bytes: 60),
            candidate(.soaBinarySearch(blockSize: 16), median: 50, bytes: 36),
            candidate(.pageTable(pagesPerViewport: 1), median: 40, exact: false, bytes: 44),
        ])
        #expect(
            tuned.candidates.map(\.choice) == [
                .soaBinarySearch(blockSize: 16), .intervalTree(leafLevel: 3), .pageTable(pagesPerViewport: 1),
            ])
        #expect(tuned.recommended?.choice == .soaBinarySearch(blockSize: 16))
        let slower = tuned.candidates[1]
        #expect(
            slower.ratioToLeader.map { $0.lower > 1.9 && $0.upper < 2.1 } == true,
            "\(String(describing: slower.ratioToLeader))")
        #expect(!TuneResult.isTied(slower, leader: tuned.candidates[0]))
        #expect(tuned.render().contains("slower"))
    }

    @Test func aTieIsCalledATieAndFewerBytesThenAFasterPrepareWin() {
        // 4% slower in every round: within the 5% a tie allows.
        let fewerBytes = result([
            candidate(.soaBinarySearch(blockSize: 4), median: 100, bytes: 39),
            candidate(.soaBinarySearch(blockSize: 16), median: 104, bytes: 36),
            candidate(.soaBinarySearch(blockSize: 64), median: 130, bytes: 35),
        ])
        #expect(fewerBytes.recommended?.choice == .soaBinarySearch(blockSize: 16))
        #expect(fewerBytes.render().contains("tie"))
        let fasterPrepare = result([
            candidate(.unionRects(blockSize: 20), median: 100, bytes: 36, warm: 2_000),
            candidate(.soaBinarySearch(blockSize: 16), median: 100, bytes: 36, warm: 1_000),
        ])
        #expect(fasterPrepare.recommended?.choice == .soaBinarySearch(blockSize: 16))
    }

    @Test func noisyRoundsMakeATieNotAWinner() {
        // The medians differ by 8%, but the rounds scatter ±20%: nothing says the second is slower.
        let noisy: [Double] = [1, 1.2, 0.8, 1.15, 0.85, 1.1, 0.9, 1.2, 0.8, 1]
        let tuned = result([
            candidate(.soaBinarySearch(blockSize: 16), median: 100, bytes: 36, spread: noisy.reversed()),
            candidate(.soaBinarySearch(blockSize: 64), median: 108, bytes: 35, spread: noisy),
        ])
        #expect(tuned.candidates.count == 2)
        let second = tuned.candidates[1]
        #expect(TuneResult.isTied(second, leader: tuned.candidates[0]), "\(String(describing: second.ratioToLeader))")
        #expect(tuned.recommended?.choice == .soaBinarySearch(blockSize: 64), "tied, and fewer bytes")
    }

    @Test func noExactCandidateMeansNoRecommendation() {
        #expect(
            result([candidate(.soaBinarySearch(blockSize: 16), median: 50, exact: false, bytes: 36)]).recommended == nil
        )
        #expect(result([]).recommended == nil)
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
