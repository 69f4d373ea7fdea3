import Testing

@testable import TesseraBenchAnalysis
@testable import TesseraBenchKit

/// The page after a run: what it says about the answers' checks, the targets and the headline.
@Suite struct RunSummaryTests {
    @Test func saysHowManyAnswersWereCheckedAndListsEachThatDiffered() throws {
        let summary = RunSummary([ReportRenderingTests.sampleReport()])
        #expect(summary.checks == 2)
        #expect(summary.inexact.count == 1)
        let line = try #require(summary.inexact.first)
        #expect(line.hasPrefix("mosaic · mosaic-binary-search at 10,200 elements: 5 of 64 frames differ"), "\(line)")
        #expect(line.contains("as written; timed"), "\(line)")
        for page in [summary.text(), summary.markdown(command: "scripts/bench")] {
            #expect(page.contains("Answers checked against brute force: 1 of 2 checks exact"), "\(page)")
            #expect(page.contains("5 of 64 frames differ"), "\(page)")
        }
    }

    @Test func anExactRunSaysSoInOneLine() {
        var report = ReportRenderingTests.sampleReport()
        report.verifications.removeAll { !$0.isExact }
        let text = RunSummary([report]).text()
        #expect(text.contains("Answers checked against brute force: 1 of 1 checks exact"), "\(text)")
        #expect(!text.contains("differs:"))
    }

    @Test func showsEachUpdateOverItsFloorWithTheFloor() throws {
        let summary = RunSummary([ReportRenderingTests.sampleReport()])
        #expect(summary.floors.rows.count == 2, "flow and mosaic")
        #expect(
            summary.floors.columns.map(\.title).suffix(TargetCheck.flooredOperations.count)
                == TargetCheck.flooredOperations.map(\.rawValue))
        let flow = try #require(summary.floors.rows.first)
        #expect(
            flow.map(\.shown) == [
                "flow", "1,020,000", "1.25 (2.50)", "1.25 (40)", "1.25 (40)", "1.25 (40)", "1.25 (40)", "1.25 (40)",
            ])
        for page in [summary.text(), summary.markdown(command: "scripts/bench")] {
            #expect(page.contains("over its work floor"), "\(page)")
            #expect(page.contains("1.25 (40)"), "\(page)")
        }
        // Reports from before floors were measured have no such table.
        var older = ReportRenderingTests.sampleReport()
        for index in older.results.indices {
            older.results[index].floorElements = nil
            older.results[index].overFloor = nil
        }
        let without = RunSummary([older])
        #expect(without.floors.rows.isEmpty)
        #expect(!without.text().contains("over its work floor"))
    }

    /// The engine the headline names is the one the reports judge (`--target-strategy`): the caption said
    /// "soa-binary-search" over interval-tree's medians.
    @Test func theCaptionNamesTheStrategyJudged() {
        var report = ReportRenderingTests.sampleReport()
        report.settings.targetStrategy = .lineSectors
        let summary = RunSummary([report])
        #expect(summary.caption.contains("the engine (line-sectors)"), "\(summary.caption)")
        #expect(summary.headline.rows.first?.map(\.shown).contains { $0.hasSuffix(")") } == true)
        #expect(RunSummary([ReportRenderingTests.sampleReport()]).caption.contains("the engine (soa-binary-search)"))
    }

    /// Two reports of one layout make one row, each figure from the first report that has it: the second's naive
    /// dictionary was dropped when the first ran the engine alone.
    @Test func aLayoutTwoReportsMeasuredTakesEachFigureFromTheFirstThatHasIt() throws {
        let whole = ReportRenderingTests.sampleReport()
        var engineOnly = whole
        engineOnly.results.removeAll { $0.strategy == .naiveDictionary }
        var naiveOnly = whole
        naiveOnly.results.removeAll { $0.strategy != .naiveDictionary }
        naiveOnly.targets = []
        naiveOnly.verifications = []
        let merged = RunSummary([engineOnly, naiveOnly])
        #expect(
            merged.headline.rows.map { $0.map(\.shown) } == RunSummary([whole]).headline.rows.map { $0.map(\.shown) })
        #expect(merged.fastest.rows.count == RunSummary([whole]).fastest.rows.count)
        let alone = RunSummary([engineOnly])
        #expect(alone.headline.rows.first?.allSatisfy { !$0.shown.contains("(") } == true, "no brackets without it")
    }

    @Test func aRunThatCheckedNothingSaysSo() {
        let text = RunSummary([ReportRenderingTests.emptyReport()]).text()
        #expect(text.contains("No answers were checked against brute force."), "\(text)")
    }
}
