import Foundation
import Tessera
import Testing

@testable import TesseraBenchAnalysis
@testable import TesseraBenchKit

/// A run at several shapes of the built-in workload: every result, check and table keeps its shape apart.
@Suite struct SectionShapeTests {
    static func run(_ itemsPerSection: [Int]?) throws -> BenchmarkReport {
        let settings = RunSettings(
            layouts: [.flow, .mosaic], strategies: [.soaBinarySearch], itemCounts: [400], viewportWidth: 390,
            viewportHeight: 844,
            seed: 1, workload: "test", traceFrames: 0, verifiedFrames: 8, itemsPerSection: itemsPerSection
        )
        var runner = BenchmarkRunner(
            settings: settings,
            workload: .builtIn(BuiltInWorkload(itemsPerSection: 1_000, headerHeight: 0, footerHeight: 0)))
        runner.prepareBudget = .quick
        runner.queryBudget = .quick
        return try runner.run()
    }

    @Test func eachSectionedLayoutRunsAtEachShapeAndOneSectionLayoutsOnce() throws {
        let report = try Self.run([1, 1_000])
        #expect(
            report.results.shapedLayouts == [
                ShapedLayout(.flow, itemsPerSection: 1), ShapedLayout(.flow, itemsPerSection: 1_000),
                ShapedLayout(.mosaic, itemsPerSection: nil),
            ])
        #expect(report.verifications.map(\.itemsPerSection) == [1, 1_000, nil])
        #expect(report.memory?.map(\.itemsPerSection) == [1, 1_000, nil])
        // The flow at one item a section has 400 sections of one item: its elements are its items (no headers).
        #expect(report.results.filter { $0.itemsPerSection == 1 }.allSatisfy { $0.elements == 400 })
        let shapeChecks = report.targets.filter { $0.name.contains("1,000-a-section shape's") }
        #expect(Set(shapeChecks.map(\.shapedLayout)) == [ShapedLayout(.flow, itemsPerSection: 1)])
        #expect(Set(shapeChecks.map { $0.name.components(separatedBy: " over").first! }) == ["prepare-warm", "query"])
        // Updates are judged at every shape, on every layout, against their own floors.
        let floorChecks = report.targets.filter { $0.name.contains(" over its floor") }
        for layout in report.results.shapedLayouts {
            let judged = Set(
                floorChecks.filter { $0.shapedLayout == layout }.map { $0.name.components(separatedBy: " over").first! }
            )
            let sized = layout.layout == .flow
            #expect(
                judged
                    == Set(
                        ["update-resize", "update-insert", "update-delete", "update-batch"]
                            + (sized ? ["self-sizing-scroll", "self-sizing-scroll-up"] : [])), "\(layout.name)")
        }
        // Every other check is judged on one shape at a time.
        let bytes = report.targets.filter { $0.name.hasPrefix("bytes per element") }
        #expect(bytes.map(\.shapedLayout.itemsPerSection) == [1, 1_000, nil])
        #expect(bytes.map(\.target) == [45, 40, 40])
    }

    @Test func tablesAndFilesNameTheShape() throws {
        let report = try Self.run([1, 1_000])
        let document = ReportDocument(report)
        #expect(document.layouts.map(\.name) == ["flow · 1 a section", "flow · 1,000 a section", "mosaic"])
        for layout in document.layouts {
            #expect(
                document.results(of: layout).rows.count == report.results.filter { $0.shapedLayout == layout }.count)
        }
        let csv = CSVReport.render(report).components(separatedBy: "\r\n")
        #expect(
            csv[0].hasSuffix(
                ",items_per_section,floor_elements,over_floor"
                    + (CSVReport.shiftColumns + CSVReport.countedColumns).map { ",\($0)" }.joined()))
        #expect(csv[1].hasPrefix("flow,") && csv[1].hasSuffix(",1,,,,,,,,,,,,"))
        #expect(csv.contains { $0.hasPrefix("mosaic,") && $0.hasSuffix(",,,") })
        let html = HTMLReport.render(report)
        #expect(
            html.contains("chart-flow-1-query") && html.contains("chart-flow-1000-query")
                && html.contains("chart-mosaic-query"))
        // The standings rank strategies within one shape, never across two.
        #expect(Standings(report).places.allSatisfy { $0 == nil })
        let decoded = try JSONDecoder().decode(BenchmarkReport.self, from: report.jsonData())
        #expect(decoded.results.map(\.itemsPerSection) == report.results.map(\.itemsPerSection))
        #expect(decoded.settings.itemsPerSection == [1, 1_000])
    }

    @Test func aReportWrittenBeforeShapesIsComparedOnTheLayoutAlone() throws {
        let shaped = try Self.run(nil)
        #expect(shaped.results.first?.itemsPerSection == 1_000)
        var unshaped = shaped
        unshaped.settings.itemsPerSection = nil
        for index in unshaped.results.indices { unshaped.results[index].itemsPerSection = nil }
        let comparison = ReportComparison(base: unshaped, head: shaped)
        #expect(comparison.onlyInBase.isEmpty && comparison.onlyInHead.isEmpty)
        #expect(comparison.matches.count == shaped.results.count)
        // Two shaped reports never match one shape with another.
        let twoShapes = try Self.run([1, 1_000])
        let across = ReportComparison(base: shaped, head: twoShapes)
        #expect(across.matches.allSatisfy { $0.key.layout.itemsPerSection != 1 })
        #expect(across.onlyInHead.allSatisfy { $0.itemsPerSection == 1 } && !across.onlyInHead.isEmpty)
    }
}
