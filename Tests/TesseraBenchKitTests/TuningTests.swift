import Testing

@testable import TesseraBenchAnalysis
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

    func result(_ candidates: [TuneCandidate], threshold: Double = TuneResult.defaultThreshold) -> TuneResult {
        TuneResult(
            layout: .flow, elements: 1_000, rounds: candidates.first?.roundMedians.count ?? 10, threshold: threshold,
            candidates: candidates)
    }

    /// Command lines a test can recognise.
    let followUp = TuneResult.FollowUp(
        apply: { "RUN --index \($0.argument)" },
        retune: { rounds, threshold in
            "TUNE" + (rounds.map { " --rounds \($0)" } ?? "") + (threshold.map { " --threshold \($0)" } ?? "")
        })

    @Test func aClearWinnerIsRecommendedWhateverTheOthersHold() {
        let tuned = result([
            candidate(.intervalTree(leafLevel: 3), median: 100, bytes: 30),
            candidate(.soaBinarySearch(blockSize: 16), median: 50, bytes: 36),
            candidate(.pageTable(pagesPerViewport: 1), median: 40, exact: false, bytes: 20),
        ])
        #expect(
            tuned.candidates.map(\.choice) == [
                .soaBinarySearch(blockSize: 16), .intervalTree(leafLevel: 3), .pageTable(pagesPerViewport: 1),
            ])
        #expect(tuned.recommended?.choice == .soaBinarySearch(blockSize: 16), "speed first, bytes among the fast")
        let slower = tuned.candidates[1]
        #expect(
            slower.ratioToLeader.map { $0.lower > 1.9 && $0.upper < 2.1 } == true,
            "\(String(describing: slower.ratioToLeader))")
        #expect(tuned.standing(of: slower) == .slower)
        #expect(tuned.standing(of: tuned.candidates[2]) == .notTimed)
        let text = tuned.render(followUp: followUp)
        #expect(text.contains("slower"))
        #expect(text.contains("Recommended: soa-binary-search (block size 16)"))
        #expect(text.contains("Apply it: RUN --index soa-binary-search:16"), "\(text)")
    }

    @Test func aTieWithinTheThresholdGoesToFewerBytesThenAFasterPrepare() {
        // 2% slower in every round: within the 3% a tie allows.
        let fewerBytes = result([
            candidate(.soaBinarySearch(blockSize: 4), median: 100, bytes: 39),
            candidate(.soaBinarySearch(blockSize: 16), median: 102, bytes: 36),
            candidate(.soaBinarySearch(blockSize: 64), median: 130, bytes: 35),
        ])
        #expect(fewerBytes.standing(of: fewerBytes.candidates[1]) == .tied)
        #expect(fewerBytes.standing(of: fewerBytes.candidates[2]) == .slower, "fewer bytes, but 30% slower")
        #expect(fewerBytes.recommended?.choice == .soaBinarySearch(blockSize: 16))
        #expect(fewerBytes.render().contains("tie"))
        let fasterPrepare = result([
            candidate(.unionRects(blockSize: 20), median: 100, bytes: 36, warm: 2_000),
            candidate(.soaBinarySearch(blockSize: 16), median: 100, bytes: 36, warm: 1_000),
        ])
        #expect(fasterPrepare.recommended?.choice == .soaBinarySearch(blockSize: 16))
        // The same 2% is no tie at a threshold of 1%: the leader stands.
        let strict = result(
            [
                candidate(
                    .soaBinarySearch(blockSize: 4), median: 100, bytes: 39, spread: Array(repeating: 1, count: 10)),
                candidate(
                    .soaBinarySearch(blockSize: 16), median: 102, bytes: 36, spread: Array(repeating: 1, count: 10)),
            ], threshold: 0.01)
        #expect(strict.recommended?.choice == .soaBinarySearch(blockSize: 4))
    }

    /// What a busy host gave: block size 32 at 70.2 ns against the leader's 47.6 ns, its ratio scattered so widely
    /// that its interval reached below the threshold. Fewer bytes must not carry a candidate the rounds cannot place.
    @Test func aCandidateTheRoundsCannotSeparateBlocksTheDecisionItWouldWin() throws {
        let ratios = [0.95, 1.0, 1.2, 1.4, 1.45, 1.5, 1.6, 1.7, 2.0, 2.2]
        let tuned = result([
            candidate(.soaBinarySearch(blockSize: 16), median: 47.6, bytes: 36, spread: Array(repeating: 1, count: 10)),
            candidate(.soaBinarySearch(blockSize: 32), median: 47.6, bytes: 35, spread: ratios),
        ])
        let wide = tuned.candidates[1]
        #expect(wide.choice == .soaBinarySearch(blockSize: 32))
        let interval = try #require(wide.ratioToLeader)
        #expect(interval.lower < 1.03 && interval.upper > 1.03, "\(interval)")
        #expect(tuned.standing(of: wide) == .unseparated)
        #expect(tuned.recommended == nil)
        guard case .undecided(let preferred, let unseparated) = tuned.decision else {
            Issue.record("\(tuned.decision)")
            return
        }
        #expect(preferred.choice == .soaBinarySearch(blockSize: 16))
        #expect(unseparated.map(\.choice) == [.soaBinarySearch(blockSize: 32)])
        // Its median ratio, 1.475, is 0.445 above the threshold and 0.475 above the interval's lower end: about
        // 10 × (0.475 / 0.445)² = 12 rounds, and never fewer than twice those run.
        #expect(tuned.roundsToSeparate == 20)
        let text = tuned.render(followUp: followUp)
        #expect(text.contains("No decision"), "\(text)")
        #expect(text.contains("soa-binary-search (block size 32)"))
        #expect(text.contains("TUNE --rounds 20"), "\(text)")
        #expect(text.contains("TUNE --threshold 6"), "\(text)")
        #expect(!text.contains("Recommended"))
    }

    @Test func anUnseparatedCandidateThatWouldLoseAnywayChangesNothing() {
        let noisy: [Double] = [1, 1.2, 0.8, 1.15, 0.85, 1.1, 0.9, 1.2, 0.8, 1]
        let tuned = result([
            candidate(.soaBinarySearch(blockSize: 16), median: 100, bytes: 36, spread: noisy.reversed()),
            candidate(.intervalTree(leafLevel: 3), median: 108, bytes: 60, spread: noisy),
        ])
        #expect(tuned.standing(of: tuned.candidates[1]) == .unseparated)
        #expect(
            tuned.recommended?.choice == .soaBinarySearch(blockSize: 16), "it holds more bytes: tied or not, it loses")
    }

    @Test func tooFewRoundsForAnIntervalDecideNothingBytesCouldOverturn() {
        let five = [1.0, 1.01, 0.99, 1.02, 0.98]
        let tuned = result([
            candidate(.soaBinarySearch(blockSize: 16), median: 50, bytes: 36, spread: five),
            candidate(.soaBinarySearch(blockSize: 64), median: 90, bytes: 35, spread: five),
        ])
        #expect(tuned.candidates[1].ratioToLeader == nil)
        #expect(tuned.standing(of: tuned.candidates[1]) == .unseparated)
        #expect(tuned.recommended == nil, "five rounds give no interval: 1.8× could be chance")
        #expect(TuneResult.minimumRounds == 6)
    }

    @Test func noExactCandidateMeansNoRecommendation() {
        let inexact = result([candidate(.soaBinarySearch(blockSize: 16), median: 50, exact: false, bytes: 36)])
        #expect(inexact.recommended == nil)
        guard case .nothingExact = inexact.decision else {
            Issue.record("\(inexact.decision)")
            return
        }
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

    /// What `tune` prints is what `run --index` reads back, for every choice it can recommend.
    @Test func everyChoiceReadsBackFromItsArgument() throws {
        for choice in IndexChoice.tuningGrid {
            #expect(IndexChoice(argument: choice.argument) == choice, "\(choice.argument)")
            try choice.validate()
        }
        #expect(IndexChoice.soaBinarySearch(blockSize: 32).argument == "soa-binary-search:32")
        #expect(IndexChoice.pageTable(pagesPerViewport: 0.5).argument == "page-table:0.5")
        #expect(IndexChoice.pageTable(pagesPerViewport: 2).argument == "page-table:2")
        #expect(IndexChoice.pageTable(pagesPerViewport: 1e300).argument == "page-table:1e+300")
        for refused in [
            "naive-dictionary:3", "soa-binary-search", "soa-binary-search:1.5", "soa-binary-search:", "page-table:inf",
            "interval:3", ":3", "soa-binary-search:16:2",
        ] {
            #expect(IndexChoice(argument: refused) == nil, "\(refused)")
        }
        #expect(throws: (any Error).self) { try IndexChoice.soaBinarySearch(blockSize: 0).validate() }
        #expect(throws: (any Error).self) { try IndexChoice.intervalTree(leafLevel: 31).validate() }
    }

    @Test func aRunsSettingsNameTheIndexEachStrategyRunsWith() {
        let settings = RunSettings(
            layouts: [.flow], strategies: nil, itemCounts: [1_000], viewportWidth: 390, viewportHeight: 844, seed: 1,
            workload: "built-in", traceFrames: 0, verifiedFrames: 1,
            indexes: [.soaBinarySearch(blockSize: 32), .pageTable(pagesPerViewport: 0.5)])
        #expect(settings.indexes == ["soa-binary-search:32", "page-table:0.5"])
        #expect(settings.index(for: .soaBinarySearch) == .soaBinarySearch(blockSize: 32))
        #expect(settings.index(for: .pageTable) == .pageTable(pagesPerViewport: 0.5))
        #expect(settings.index(for: .intervalTree) == nil)
    }
}
