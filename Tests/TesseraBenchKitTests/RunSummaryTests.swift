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

    @Test func aRunThatCheckedNothingSaysSo() {
        let text = RunSummary([ReportRenderingTests.emptyReport()]).text()
        #expect(text.contains("No answers were checked against brute force."), "\(text)")
    }
}
